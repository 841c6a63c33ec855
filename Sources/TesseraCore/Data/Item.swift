import OrderedCollections

/// An item identifier: a string or an integer, as the dataset wrote it (`"id": "a"` or
/// `"id": 7`; the two never compare equal). A literal makes one: `let id: ItemID = "a"`.
public enum ItemID: Hashable, Sendable, CustomStringConvertible, Comparable,
                   ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case int(Int)
    case string(String)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }

    public var description: String {
        switch self {
        case .int(let v): return String(v)
        case .string(let s): return s
        }
    }

    /// The id as JSON would print it: integers bare, strings quoted.
    public var jsonValue: JSONValue {
        switch self {
        case .int(let v): return .int(v)
        case .string(let s): return .string(s)
        }
    }

    public static func < (a: ItemID, b: ItemID) -> Bool {
        switch (a, b) {
        case let (.int(x), .int(y)): return x < y
        case let (.string(x), .string(y)): return x < y
        case (.int, .string): return true
        case (.string, .int): return false
        }
    }
}

/// One dataset item: its id and every field of the source record, in source order.
public struct Item: Hashable, Sendable {
    public var id: ItemID
    /// All fields, including `id` (and `section` for JSON Lines and CSV), in source order.
    public var fields: OrderedDictionary<String, JSONValue>

    public init(id: ItemID, fields: OrderedDictionary<String, JSONValue> = [:]) {
        self.id = id
        self.fields = fields
        if self.fields["id"] == nil { self.fields["id"] = id.jsonValue }
    }

    /// An item built in code with its intrinsic size, as a dataset's `"w"` and `"h"` fields give
    /// it (they are written into `fields`, so the item saves and diffs like a loaded one):
    ///
    /// ```swift
    /// let card = Item(id: "a", size: Size(width: 100, height: 60), fields: ["title": "Hello"])
    /// ```
    ///
    /// The fields come in the order a dataset file would list them: `id`, `w`, `h`, then `fields`.
    public init(id: ItemID, size: Size?, fields: OrderedDictionary<String, JSONValue> = [:]) {
        var all: OrderedDictionary<String, JSONValue> = ["id": fields["id"] ?? id.jsonValue]
        if let size {
            all["w"] = Self.number(size.width)
            all["h"] = Self.number(size.height)
        }
        for (key, value) in fields where all[key] == nil && !(size != nil && (key == "width" || key == "height")) {
            all[key] = value
        }
        self.init(id: id, fields: all)
    }

    /// An item with no fields at all (generated datasets keep sizes outside the items).
    init(bareID: ItemID) {
        self.id = bareID
        self.fields = [:]
    }

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
    private static func number(_ v: Double) -> JSONValue {
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
