import OrderedCollections

/// An item identifier: a string or an integer, as the dataset wrote it (`"id": "a"` or
/// `"id": 7`; the two never compare equal). A literal makes one: `let id: ItemID = "a"`.
///
/// The engine derives two more shapes, which keep the typed id they wrap: an id under a typed
/// scope, the path of provider sections that holds it (`"0-1-a"` is `a` in `1` in `0`: it prints
/// joined by `-`, yet `0-5` of an integer 5 and `0-"5"` of a string differ, and no text is split
/// or trimmed to build it), and a visible duplicate made unique with CollectionKit's suffix
/// (`"a(1)"`).
public enum ItemID: Hashable, Sendable, CustomStringConvertible, Comparable,
                   ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// An integer id (`"id": 7`).
    case int(Int)
    /// A string id (`"id": "a"`).
    case string(String)
    /// `leaf` inside `scope`, a section's id or a path of them (itself scoped): `"0-1-a"` is
    /// `.scoped(.scoped("0", "1"), "a")`, an element's id its section's id then its kind.
    indirect case scoped(ItemID, ItemID)
    /// The `n`-th duplicate of `id` in a visible set: `"a(n)"`.
    indirect case duplicate(ItemID, Int)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }

    /// `leaf` under `scope`, the path a provider tree gives its sections; no scope (the root's)
    /// leaves `leaf` as it is.
    public static func scoped(in scope: ItemID?, _ leaf: ItemID) -> ItemID {
        scope.map { .scoped($0, leaf) } ?? leaf
    }

    public var description: String {
        switch self {
        case .int(let v): return String(v)
        case .string(let s): return s
        case .scoped(let scope, let leaf): return scope.description + "-" + leaf.description
        case .duplicate(let id, let n): return "\(id.description)(\(n))"
        }
    }

    /// The id as JSON would print it: integers bare, strings (and derived ids, in their printed
    /// form) quoted.
    public var jsonValue: JSONValue {
        switch self {
        case .int(let v): return .int(v)
        case .string(let s): return .string(s)
        case .scoped, .duplicate: return .string(description)
        }
    }

    /// True when `name` names `id`: equal, the same plain id spelled the other way
    /// (`otherSpelling`), or a string that is a derived id's printed form (how a host that only
    /// has text, a Lua script or a JSON file, names a scoped id).
    package static func names(_ id: ItemID, _ name: ItemID) -> Bool {
        if namesAsWritten(id, name) { return true }
        switch (id, name) {
        case (.int(let v), .string(let text)), (.string(let text), .int(let v)): return isDecimal(text, of: v)
        default: return false
        }
    }

    /// True when `name` is `id` or, a string, a derived id's printed form: `names` without
    /// the other spelling, for a lookup where an exact id must win over it.
    package static func namesAsWritten(_ id: ItemID, _ name: ItemID) -> Bool {
        if id == name { return true }
        guard case .string(let text) = name else { return false }
        switch id {
        case .scoped, .duplicate: return id.description == text
        default: return false
        }
    }

    /// The same plain id spelled the other way: `14` for `"14"` and `"14"` for `14`, as a host
    /// that has only text (an integer id in a Lua string) or only numbers (a default id, the
    /// index as a string, named by a Lua integer) names it; a string only in an integer's own
    /// decimal form (not `"014"` or `"+14"`). Nil for other strings and derived ids. Lookups try
    /// it after the id itself, so an exact match always wins.
    package var otherSpelling: ItemID? {
        switch self {
        case .int(let v): return .string(String(v))
        case .string(let s): return Int(s).flatMap { Self.isDecimal(s, of: $0) ? .int($0) : nil }
        case .scoped, .duplicate: return nil
        }
    }

    /// Whether `text` is `v` in its own decimal form (`String(v)`), allocating nothing: no sign
    /// but a minus, no leading zero. O(digits).
    static func isDecimal(_ text: String, of v: Int) -> Bool {
        guard Int(text) == v else { return false }
        let digits = text.utf8.drop { $0 == UInt8(ascii: "-") }
        return text.utf8.first != UInt8(ascii: "+") && (digits.first != UInt8(ascii: "0") || text == "0")
    }

    /// The id with every derived part removed: the dataset's own id.
    public var leaf: ItemID {
        switch self {
        case .int, .string: return self
        case .scoped(_, let leaf): return leaf.leaf
        case .duplicate(let id, _): return id.leaf
        }
    }

    /// Integers first, then strings, then scoped ids (by scope, then leaf), then duplicates.
    public static func < (a: ItemID, b: ItemID) -> Bool {
        switch (a, b) {
        case let (.int(x), .int(y)): return x < y
        case let (.string(x), .string(y)): return x < y
        case let (.scoped(s, x), .scoped(t, y)): return s != t ? s < t : x < y
        case let (.duplicate(x, m), .duplicate(y, n)): return x != y ? x < y : m < n
        default: return a.rank < b.rank
        }
    }

    private var rank: Int {
        switch self {
        case .int: 0
        case .string: 1
        case .scoped: 2
        case .duplicate: 3
        }
    }
}

/// One dataset item: its id and every field of the source record, in source order.
public struct Item: Hashable, Sendable {
    /// The item's identifier.
    public var id: ItemID
    /// All fields, including `id` (and `section` for JSON Lines and CSV), in source order.
    public var fields: OrderedDictionary<String, JSONValue>

    /// An item `id` with `fields`.
    ///
    /// Both initialisers order the fields by one rule: the given fields keep their order (an
    /// `id` among them stays where they put it, as a loaded record keeps it where its file put
    /// it), and an `id` they lack comes first, where a dataset file lists it.
    public init(id: ItemID, fields: OrderedDictionary<String, JSONValue> = [:]) {
        self.id = id
        self.fields = Self.fields(fields, withID: id)
    }

    /// An item built in code with its intrinsic size, as a dataset's `"w"` and `"h"` fields give
    /// it (they are written into `fields`, so the item saves and diffs like a loaded one):
    ///
    /// ```swift
    /// let card = Item(id: "a", size: Size(width: 100, height: 60), fields: ["title": "Hello"])
    /// ```
    ///
    /// The fields are ordered as `init(id:fields:)` orders them (`id`, `title` without a size),
    /// with a size's `w` and `h` right after the `id` (`id`, `w`, `h`, `title`); they replace
    /// any `w`, `h`, `width` and `height` of `fields`.
    /// The size is not checked: `init(validating:size:fields:)` throws a `DatasetError` for one
    /// a dataset file refuses (not a number from 0 to `Item.largestSize`).
    public init(id: ItemID, size: Size?, fields: OrderedDictionary<String, JSONValue> = [:]) {
        var all = Self.fields(fields, withID: id)
        if let size {
            for key in ["w", "h", "width", "height"] { all.removeValue(forKey: key) }
            let afterID = (all.index(forKey: "id") ?? -1) + 1   // the id is always there
            all.updateValue(Self.number(size.height), forKey: "h", insertingAt: afterID)
            all.updateValue(Self.number(size.width), forKey: "w", insertingAt: afterID)
        }
        self.id = id
        self.fields = all
    }

    /// `fields` with an `id` field first when they lack one. O(fields) then, O(1) otherwise.
    private static func fields(_ fields: OrderedDictionary<String, JSONValue>, withID id: ItemID) -> OrderedDictionary<String, JSONValue> {
        guard fields["id"] == nil else { return fields }
        var all: OrderedDictionary<String, JSONValue> = ["id": id.jsonValue]
        all.reserveCapacity(fields.count + 1)
        for (key, value) in fields { all[key] = value }
        return all
    }

    /// An item with no fields at all (generated datasets keep sizes outside the items).
    init(bareID: ItemID) {
        self.id = bareID
        self.fields = [:]
    }

    /// The field named `field`, if the item has it.
    public subscript(field: String) -> JSONValue? { fields[field] }

    /// The intrinsic size, when the item has both a width and a height (`w`/`width` and
    /// `h`/`height`); setting it writes `w` and `h` (nil removes all four).
    public var size: Size? {
        get {
            guard let w = intrinsicWidth, let h = intrinsicHeight else { return nil }
            return Size(width: w, height: h)
        }
        set {
            for key in ["w", "h", "width", "height"] { fields[key] = nil }
            if let newValue {
                fields["w"] = Self.number(newValue.width)
                fields["h"] = Self.number(newValue.height)
            }
        }
    }

    /// A whole number as the JSON parser reads it (`100`, not `100.0`), so a built item equals a
    /// loaded one.
    static func number(_ v: Double) -> JSONValue {
        if let n = Int(whole: v, in: -(1 << 53 - 1)...(1 << 53 - 1)) { return .int(n) }
        return .double(v)
    }

    /// Intrinsic width from `w` or `width`, when given.
    public var intrinsicWidth: Double? { (fields["w"] ?? fields["width"])?.number }
    /// Intrinsic height from `h` or `height`, when given.
    public var intrinsicHeight: Double? { (fields["h"] ?? fields["height"])?.number }
    /// The text to measure when the item has no size.
    public var text: String? { fields["text"]?.string }
}

extension Dictionary where Key == ItemID {
    /// The value at `id`, else at the same plain id spelled the other way
    /// (`ItemID.otherSpelling`). O(1).
    package func named(_ id: ItemID) -> Value? { self[id] ?? id.otherSpelling.flatMap { self[$0] } }
}
