/// Why a layout could not be computed or a result could not answer a query.
///
/// Each case carries the values it names, so code can react to the parameter, index or frame
/// without reading the message; `description` is the one sentence the `tessera` command prints.
///
/// ```swift
/// do { _ = try result.frame(at: 99) }
/// catch LayoutError.indexOutOfRange(let index, let count) { print(index, count) }
/// catch { print(error) }   // every other case: its one sentence
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
    /// `suggestion` is, for a parameter that takes one of a few names, the name closest to a
    /// misspelt one ("center" for "centre"), if any.
    case invalidParameter(name: String, allowed: String, got: String, subject: String, verb: String, suggestion: String? = nil)
    /// Parameter `name` is not one the layout knows.
    ///
    /// `layout` is the layout's name, or nil when the parameters are a Lua table's fields;
    /// `known` lists the parameters it takes and `suggestion` a close one, if any.
    case unknownParameter(name: String, layout: String?, known: [String], suggestion: String?)
    /// Param `name` is not one the script (or named animator) `source` declares; `known` lists
    /// those it does.
    case unknownScriptParameter(name: String, known: [String], source: String)
    /// Insets `subject` name edge `name`, which is none of top, left, bottom, right.
    case unknownEdge(name: String, subject: String)
    /// No layout is called `name`. `builtins` are the built-in layouts' names; `scripts` the
    /// shipped scripts' names, or nil where scripts are not looked up (only built-ins then);
    /// `suggestion` a close name, if any. The message lists the names and no more: the `tessera`
    /// command adds which command lists them, a Swift program has none to name.
    case unknownLayout(name: String, suggestion: String?, builtins: [String], scripts: [String]?)
    /// Layout `layout` gave an element (the `position`-th of its elements) that its result
    /// refuses; `problem` says why ("is in section 4; expected a section in 0..<2").
    case invalidElement(layout: String, position: Int, element: LayoutElement, problem: String)
    /// Layout `layout` gave an orthogonal section `section` that its result refuses; `problem`
    /// is the rest of the sentence after the layout's name.
    case invalidOrthogonalSection(layout: String, section: Int, problem: String)
    /// Layout `layout` gave a result that does not hold together (sections that do not tile
    /// its items, a zIndex count that is not its item count, a content size that is not
    /// finite); `problem` is the rest of the sentence after the layout's name.
    case invalidResult(layout: String, problem: String)
    /// `subject` (a layout or provider) got a header or footer size for section `section` that
    /// it refuses: `what` names the value ("header height"), `got` shows it, `expected` says
    /// what it takes.
    case invalidSectionSize(subject: String, what: String, got: String, section: Int, expected: String)
    /// Item `index` (called `name`: its index, and its id when known) has a frame that is not
    /// finite or has a negative size, as found by checking a result's frames.
    case invalidItemFrame(index: Int, name: String, frame: Rect)
    /// Item `index` (id `id`) of the dataset `file`, of intrinsic size `intrinsic`, scaled by
    /// sizing rule `rule` to `size` for a `proposal` container: too large for a number, or the
    /// container itself is not finite (a context whose `collectionSize` is NaN or infinite).
    case sizeOverflow(file: String, index: Int, id: ItemID, intrinsic: Size, rule: SizingRule, size: Size, proposal: Size)
    /// A provider contains itself: `path` names the providers around the loop.
    case providerCycle(path: [String])
    /// Section `section` was scrolled sideways but does not scroll sideways; `orthogonalSections`
    /// are those that do.
    case notOrthogonal(section: Int, orthogonalSections: [Int])
    /// Layout `layout`'s content size, `width` x `height`, is not finite.
    case contentSizeNotFinite(layout: String, width: Double, height: Double)
    /// A compositional group that cannot be solved, and why.
    case unsolvableGroup(GroupProblem)
    /// Any other refusal, as one sentence (what code of a user's gives whole to `init(_:)`).
    case invalid(String)

    /// Why a compositional group cannot be solved.
    public enum GroupProblem: Hashable, Sendable {
        /// The group has no subitems.
        case noSubitems
        /// The section's group holds no items, so the section's `items` items have no place.
        case holdsNoItems(items: Int)
        /// The subitems' lengths and spacing add up past the largest number.
        case lengthOverflow
        /// One round of subitems (`roundLength` long) adds nothing to the length already `used`.
        case roundTooShort(roundLength: Double, used: Double)
        /// The subitems take no length along the group's axis, so they would repeat for ever.
        case noLength
        /// The group would hold more than `limit` items.
        case tooManyItems(limit: Int)
    }

    /// An error of the `invalid` kind, `message` being the whole sentence.
    public init(_ message: String) { self = .invalid(message) }

    /// The sentence naming what was refused, as the `tessera` command prints it.
    /// O(length of the message).
    public var description: String {
        switch self {
        case let .indexOutOfRange(index, count):
            return "item index \(index) is out of range; expected an index in 0..<\(count)"
        case let .invalidFrame(index, frame, layout):
            return "\(layout) layout produced an invalid frame \(frame.exact) for item \(index); expected \(frame.frameRequirement)"
        case let .invalidParameter(_, allowed, got, subject, verb, suggestion):
            return "\(subject) \(verb) \(allowed), got \(got)\(DidYouMean.hint(suggestion))"
        case let .unknownParameter(name, layout?, known, suggestion):
            let list = known.isEmpty ? "it takes no params" : "known params: " + known.joined(separator: ", ")
            return "unknown param '\(shortenedForMessage(name))' for the \(layout) layout\(DidYouMean.hint(suggestion)); \(list)"
        case let .unknownParameter(name, nil, known, suggestion):
            let list = known.isEmpty ? "it takes no fields" : "known fields: " + known.sorted().joined(separator: ", ")
            return "argument #1 (params) has an unknown field '\(shortenedForMessage(name))'\(DidYouMean.hint(suggestion)); \(list)"
        case let .unknownScriptParameter(name, known, source):
            let list = known.isEmpty ? "the script declares no params" : "known params: " + known.joined(separator: ", ")
            return "\(source): unknown param '\(name)'\(DidYouMean.hint(for: name, among: known)); \(list)"
        case let .unknownEdge(name, subject):
            return "\(subject) has an unknown edge '\(name)'; expected top, left, bottom, right"
        case let .unknownLayout(name, suggestion, builtins, nil):
            return "unknown layout '\(name)'\(DidYouMean.hint(suggestion)); expected a .lua file or one of: \(builtins.joined(separator: ", "))"
        case let .unknownLayout(name, suggestion, builtins, scripts?):
            let shipped = scripts.isEmpty ? "" : ", or a script by name (\(scripts.joined(separator: ", ")))"
            return "unknown layout '\(name)'\(DidYouMean.hint(suggestion)); expected a .lua file, a built-in "
                + "(\(builtins.joined(separator: ", ")))\(shipped)"
        case let .invalidElement(layout, position, e, problem):
            return "\(layout) layout's \(e.category.rawValue) \(position) (\(e.kind.isEmpty ? "no kind" : "kind '\(e.kind)'")) \(problem)"
        case let .invalidOrthogonalSection(layout, _, problem), let .invalidResult(layout, problem):
            return "\(layout) layout \(problem)"
        case let .invalidSectionSize(subject, what, got, section, expected):
            return "\(subject) got a \(what) of \(got) for section \(section); expected \(expected)"
        case let .invalidItemFrame(_, name, frame):
            return "item \(name) has the frame \(frame.compact); a frame needs \(frame.frameRequirement)"
        case let .sizeOverflow(file, index, id, _, _, _, proposal) where proposal.width.isNaN || proposal.height.isNaN:
            // No size rule gives a number for a NaN container: the container is what is wrong.
            return "\(file): item \(index) (id \(describeIdentifier(id))) cannot be sized for a \(NumberText.exact(proposal.width)) x "
                + "\(NumberText.exact(proposal.height)) container; expected a container size of finite numbers"
        case let .sizeOverflow(file, index, id, intrinsic, rule, size, proposal):
            // NumberText.exact: a dimension the item does not give is NaN in `intrinsic`.
            let n = LayoutCheck.number, exact = NumberText.exact
            let infinite = !(proposal.width.isFinite && proposal.height.isFinite)
            return "\(file): item \(index) (id \(describeIdentifier(id))) is \(exact(intrinsic.width)) x \(exact(intrinsic.height)), which the "
                + "\(rule.rawValue) sizing rule scales to \(n(size.width)) x \(n(size.height)) for a \(n(proposal.width)) x "
                + "\(n(proposal.height)) container, too large for a number; expected an item size with a less extreme aspect ratio"
                + (infinite ? ", or a container of finite size" : "")
        case let .providerCycle(path):
            return "the provider tree has a cycle (\(path.joined(separator: " > "))); a provider cannot contain itself"
        case let .notOrthogonal(section, sideways):
            return "section \(section) does not scroll sideways; "
                + (sideways.isEmpty ? "this layout has no such section" : "sections that do: \(sideways.map(String.init).joined(separator: ", "))")
        case let .contentSizeNotFinite(layout, width, height):
            return "\(layout) layout's content size \(NumberText.exact(width))x\(NumberText.exact(height)) "
                + "is not finite; expected a finite minimum content size"
        case .unsolvableGroup(.noSubitems):
            return "a compositional group needs at least one subitem"
        case let .unsolvableGroup(.holdsNoItems(items)):
            return "a compositional section's group holds no items, so its \(NumberText.counted(items, "item")) have no place"
        case .unsolvableGroup(.lengthOverflow):
            return "a compositional group's subitem lengths and spacing add up past the largest number (inf); expected sizes and spacings that fit"
        case let .unsolvableGroup(.roundTooShort(roundLength, used)):
            return "a compositional group's subitem lengths and spacing (\(roundLength) per round) are too small to add to the length "
                + "already used (\(used)); expected sizes and spacings far below 1e308"
        case .unsolvableGroup(.noLength):
            return "a compositional group's subitems take no length along its axis, so it would repeat them forever"
        case let .unsolvableGroup(.tooManyItems(limit)):
            return "a compositional group holds more than \(NumberText.counted(limit, "item")) (its count or its subitems' sizes ask for more)"
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
        if case let .invalidParameter(name, allowed, got, subject, verb, suggestion) = self {
            return .invalidParameter(name: name, allowed: allowed, got: got, subject: prefix + subject, verb: verb, suggestion: suggestion)
        }
        return .invalid(prefix + description)
    }

    static func invalidFrame(_ index: Int, _ frame: Rect, layout: String) -> LayoutError {
        .invalidFrame(index: index, frame: frame, layout: layout)
    }
}
