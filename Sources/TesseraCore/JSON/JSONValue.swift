import OrderedCollections

/// A JSON value as a dataset holds it: key order kept, integers kept apart from doubles,
/// so every field reaches a layout (and a Lua script) exactly as the file wrote it.
/// `init(parsing:)` reads one from JSON text and `jsonText(pretty:)` writes it back.
public enum JSONValue: Hashable, Sendable {
    /// JSON's `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without a fraction or exponent that fits in an `Int`.
    case int(Int)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its keys in source order.
    case object(OrderedDictionary<String, JSONValue>)

    /// The value as a number, when it is one.
    public var number: Double? {
        switch self {
        case .int(let v): return Double(v)
        case .double(let v): return v
        default: return nil
        }
    }

    /// The value as a string, when it is one.
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The member `key` of an object; nil for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// A short name of the value's type, for error messages ("a string", "an array").
    package var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension JSONValue {
    /// Reads a CLI `--param K=V` value: JSON when `text` parses as JSON (`3`, `true`,
    /// `[1,2]`, `{"top":8}`), otherwise a list of strings when it contains commas (`a,b`; each
    /// element trimmed of surrounding spaces), otherwise the string itself (`spaceBetween`).
    /// O(length of `text`).
    package static func parseParameter(_ text: String) -> JSONValue {
        if let value = try? JSONParser.parse(text) { return value }
        if text.contains(",") {
            return .array(text.split(separator: ",", omittingEmptySubsequences: false).map {
                .string(String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()))
            })
        }
        return .string(text)
    }

    /// The value for a message: scalars as JSON text (strings as `describeIdentifier` shows a
    /// user's text: quoted, and cut with their length when long), containers as "an array" /
    /// "an object".
    package var briefDescription: String {
        switch self {
        case .array: return "an array"
        case .object: return "an object"
        case .string(let s): return describeIdentifier(s)
        case .double(let d) where !d.isFinite: return String(d)
        // A double shows as one (1.0, not 1): it is not the integer it equals.
        case .double(let d): return JSONWriter.format(d, integralAsInteger: false)
        default: return JSONWriter.write(self)
        }
    }
}

// Literals, so tests and callers can write `["w": 10, "tags": ["a"]]`.
extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(OrderedDictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
