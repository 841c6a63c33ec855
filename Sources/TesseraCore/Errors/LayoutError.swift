/// Why a layout could not be computed or a result could not answer a query.
///
/// Each case carries the values it names, so code can react to the parameter, index or frame
/// without reading the message; `description` is the one sentence the `tessera` command prints.
///
/// ```swift
/// do { _ = try result.frame(at: 99) }
/// catch LayoutError.indexOutOfRange(let index, let count) { print(index, count) }
/// ```
public enum LayoutError: Error, CustomStringConvertible, Equatable, Sendable {
    /// A query named item `index`, outside `0..<count`.
    case indexOutOfRange(index: Int, count: Int)
    /// Layout `layout` placed item `index` at `frame`, which is not finite or has a negative size.
    case invalidFrame(index: Int, frame: Rect, layout: String)
    /// Parameter `name` holds a value it does not allow.
    ///
    /// `allowed` says what it takes ("a whole number from 1 to 64"), `got` shows the value
    /// given; `subject` is how the message names the parameter ("waterfall parameter
    /// 'columns'", "field 'columns'") and `verb` joins them ("must be", "expects").
    case invalidParameter(name: String, allowed: String, got: String, subject: String, verb: String)
    /// Parameter `name` is not one the layout knows.
    ///
    /// `layout` is the layout's name, or nil when the parameters are a Lua table's fields;
    /// `known` lists the parameters it takes and `suggestion` a close one, if any.
    case unknownParameter(name: String, layout: String?, known: [String], suggestion: String?)
    /// Any other refusal, as one sentence (sections that do not tile, an element out of its
    /// section, a compositional group that cannot be solved, ...).
    case invalid(String)

    /// An error of the `invalid` kind, `message` being the whole sentence.
    public init(_ message: String) { self = .invalid(message) }

    /// The sentence naming what was refused, as the `tessera` command prints it.
    /// O(length of the message).
    public var description: String {
        switch self {
        case let .indexOutOfRange(index, count):
            return "item index \(index) is out of range; expected an index in 0..<\(count)"
        case let .invalidFrame(index, frame, layout):
            return "\(layout) layout produced an invalid frame \(frame) for item \(index); expected \(frame.frameRequirement)"
        case let .invalidParameter(_, allowed, got, subject, verb):
            return "\(subject) \(verb) \(allowed), got \(got)"
        case let .unknownParameter(name, layout?, known, _):
            let list = known.isEmpty ? "it takes no parameters" : "known parameters: " + known.joined(separator: ", ")
            return "unknown parameter '\(name)' for the \(layout) layout; \(list)"
        case let .unknownParameter(name, nil, known, suggestion):
            let hint = suggestion.map { " (did you mean \($0)?)" } ?? ""
            let list = known.isEmpty ? "it takes no fields" : "known fields: " + known.sorted().joined(separator: ", ")
            return "argument #1 (parameters) has an unknown field '\(name)'\(hint); \(list)"
        case let .invalid(message):
            return message
        }
    }

    /// The same as `description`. O(length of the message).
    public var message: String { description }

    /// Two errors are equal when they say the same: a case built from values equals the same
    /// sentence given whole to `init(_:)`, and a frame holding NaN equals itself.
    /// O(length of the messages).
    public static func == (a: LayoutError, b: LayoutError) -> Bool { a.description == b.description }

    /// This error with `prefix` put before its message (the place that built the layout, a
    /// parameter's enclosing table). An invalid parameter stays one, named with the prefix.
    /// O(length of the message).
    public func prefixed(_ prefix: String) -> LayoutError {
        if case let .invalidParameter(name, allowed, got, subject, verb) = self {
            return .invalidParameter(name: name, allowed: allowed, got: got, subject: prefix + subject, verb: verb)
        }
        return .invalid(prefix + description)
    }

    static func invalidFrame(_ index: Int, _ frame: Rect, layout: String) -> LayoutError {
        .invalidFrame(index: index, frame: frame, layout: layout)
    }
}
