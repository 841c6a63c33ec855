import OrderedCollections

/// An item identifier: a string or an integer, as the dataset wrote it (SPEC §4).
public enum ItemID: Hashable, Sendable, CustomStringConvertible, Comparable {
    case int(Int)
    case string(String)

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

    /// An item with no fields at all (generated datasets keep sizes outside the items).
    init(bareID: ItemID) {
        self.id = bareID
        self.fields = [:]
    }

    public subscript(field: String) -> JSONValue? { fields[field] }

    /// Intrinsic width from `w` or `width`, when given.
    public var intrinsicWidth: Double? { (fields["w"] ?? fields["width"])?.number }
    /// Intrinsic height from `h` or `height`, when given.
    public var intrinsicHeight: Double? { (fields["h"] ?? fields["height"])?.number }
    /// The text to measure when the item has no size.
    public var text: String? { fields["text"]?.string }
}
