import OrderedCollections

/// Reads a built-in layout's parameters from JSON values (`--param K=V` or a Lua table), with
/// typed accessors and an error for every parameter name nobody asked for.
///
/// Usage: read each known parameter once, then call `finish()`.
package struct LayoutParameters {
    public let layoutName: String
    private let values: OrderedDictionary<String, JSONValue>
    private var known: [String] = []
    public var style: Style
    /// The parameters read so far that have a default, in reading order: what a layout takes
    /// when nothing is given (the preview's controls for a built-in layout).
    public private(set) var declared: [Declared] = []

    /// A parameter with a default: its name, the default, the values it allows (an enum's) and
    /// the range of a number.
    public struct Declared: Equatable, Sendable {
        public var name: String
        public var defaultValue: JSONValue
        public var choices: [JSONValue] = []
        public var minimum: Double?
        public var maximum: Double?
    }

    /// Notes `key`'s default, replacing an earlier note of it.
    private mutating func declare(_ entry: Declared) {
        if let k = declared.firstIndex(where: { $0.name == entry.name }) { declared[k] = entry } else { declared.append(entry) }
    }

    /// How messages name parameters and values.
    public struct Style: Sendable {
        /// `parameter`: `waterfall parameter 'columns' expects a whole number from 1 to 1000,
        /// got "two"` (the command line's `--param`). `field`: `field 'columns' must be a whole
        /// number from 1 to 1000, got string`, values described as Lua does, for a Lua table argument whose caller prefixes
        /// `t.waterfall: ` (the one shape of argument errors).
        public enum Naming: Sendable { case parameter, field }
        public var naming: Naming
        /// The number messages give the first section: 0 on the command line, 1 in Lua.
        public var indexBase: Int

        public init(naming: Naming = .parameter, indexBase: Int = 0) {
            self.naming = naming
            self.indexBase = indexBase
        }
        public static let parameter = Style()
    }

    public init(layoutName: String, values: OrderedDictionary<String, JSONValue>, style: Style = .parameter) {
        self.layoutName = layoutName
        self.values = values
        self.style = style
    }

    /// `waterfall parameter 'columns'` or `field 'columns'`.
    private func subject(_ key: String) -> String {
        style.naming == .field ? "field '\(key)'" : "\(layoutName) param '\(key)'"
    }

    /// A value as messages show it: JSON's brief form, or as Lua names it (`string`, `-1`).
    private func shown(_ value: JSONValue) -> String {
        guard style.naming == .field else { return value.briefDescription }
        switch value {
        case .int(let v): return String(v)
        case .double(let v): return v.isNaN ? "nan" : v.isInfinite ? (v < 0 ? "-inf" : "inf") : JSONWriter.format(v)
        case .string: return "string"
        case .bool: return "boolean"
        case .null: return "nil"
        case .array, .object: return "table"
        }
    }

    /// A parameter's raw value, for parameters with several accepted shapes.
    public mutating func value(_ key: String) -> JSONValue? {
        known.append(key)
        return values[key]
    }

    /// A non-negative number parameter (spacings).
    public mutating func spacing(_ key: String, default fallback: Double) throws -> Double {
        let expected = style.naming == .field ? "a finite, non-negative number" : "a finite number >= 0"
        return try ranged(key, default: fallback, declaring: Declared(name: key, defaultValue: .double(fallback), minimum: 0),
                          expected: expected) { $0 >= 0 ? $0 : nil }
    }

    /// A whole-number parameter from `minimum` to `maximum` (an upper bound keeps a typo such as
    /// `columns=1000000000` from allocating gigabytes).
    public mutating func integer(_ key: String, default fallback: Int, minimum: Int, maximum: Int) throws -> Int {
        try ranged(key, default: fallback,
                   declaring: Declared(name: key, defaultValue: .int(fallback), minimum: Double(minimum), maximum: Double(maximum)),
                   expected: "a whole number from \(NumberText.grouped(minimum)) to \(NumberText.grouped(maximum))") { Int(whole: $0, in: minimum...maximum) }
    }

    /// A number parameter with a range: `accepted` gives the value for a finite number in it,
    /// nil outside it. A value that is not a number and one outside the range get the same
    /// message, naming the whole `expected` range, so `columns=three` learns what `columns=0`
    /// does.
    private mutating func ranged<T>(_ key: String, default fallback: T, declaring entry: Declared, expected: @autoclosure () -> String,
                                    _ accepted: (Double) -> T?) throws -> T {
        known.append(key)
        declare(entry)
        guard let value = values[key] else { return fallback }
        guard let n = value.number, n.isFinite, let v = accepted(n) else { throw mismatch(key, expected(), value) }
        return v
    }

    public mutating func bool(_ key: String, default fallback: Bool) throws -> Bool {
        known.append(key)
        declare(Declared(name: key, defaultValue: .bool(fallback)))
        guard let value = values[key] else { return fallback }
        guard case .bool(let b) = value else { throw mismatch(key, "true or false", value) }
        return b
    }

    /// A parameter whose value is one of an enum's raw values; a misspelt one gets the closest.
    public mutating func choice<E: RawRepresentable & CaseIterable>(_ key: String, default fallback: E) throws -> E
    where E.RawValue == String {
        known.append(key)
        declare(Declared(name: key, defaultValue: .string(fallback.rawValue), choices: E.allCases.map { .string($0.rawValue) }))
        guard let value = values[key] else { return fallback }
        let names = E.allCases.map(\.rawValue)
        guard let s = value.string, let e = E(rawValue: s) else {
            throw mismatch(key, "one of " + names.joined(separator: ", "), value, among: names)
        }
        return e
    }

    /// A list of item ids: a JSON array of strings and integers, or one string or integer. Ids
    /// keep their type: 5 names the item whose id is the integer 5, "5" the one whose id is "5".
    public mutating func identifierList(_ key: String) throws -> [ItemID] {
        known.append(key)
        func identifier(_ value: JSONValue) -> ItemID? {
            switch value {
            case .string(let s): return .string(s)
            case .int(let i): return .int(i)
            default: return nil
            }
        }
        switch values[key] {
        case nil: return []
        case .array(let a)?:
            return try a.map { try identifier($0) ?? { throw mismatch(key, "a list of ids", .array(a)) }() }
        case let value?:
            guard let id = identifier(value) else { throw mismatch(key, "a list of ids", value) }
            return [id]
        }
    }

    /// Insets: a number for every edge, or an object with `top`, `left`, `bottom`, `right`.
    public mutating func insets(_ key: String) throws -> EdgeInsets? {
        known.append(key)
        guard let value = values[key] else { return nil }
        if let n = value.number, n.isFinite { return EdgeInsets(all: n) }
        guard case .object(let o) = value else {
            throw mismatch(key, "a finite number or {top=, left=, bottom=, right=}", value, typeOnly: value.number == nil)
        }
        for edge in o.keys where !["top", "left", "bottom", "right"].contains(edge) {
            throw LayoutError.unknownEdge(name: edge, subject: subject(key))
        }
        func edge(_ k: String) throws -> Double {
            guard let v = o[k] else { return 0 }
            guard let n = v.number, n.isFinite else { throw mismatch("\(key).\(k)", "a finite number", v, typeOnly: v.number == nil) }
            return n
        }
        return EdgeInsets(top: try edge("top"), left: try edge("left"), bottom: try edge("bottom"), right: try edge("right"))
    }

    /// Throws for any parameter that no accessor read, listing the known ones.
    public func finish() throws {
        for key in values.keys where !known.contains(key) {
            throw LayoutError.unknownParameter(name: key, layout: style.naming == .field ? nil : layoutName, known: known,
                                               suggestion: DidYouMean.suggestion(for: key, among: known))
        }
    }

    /// `typeOnly` names a value by its type on the command line ("an array"), as Lua's naming
    /// always does; a number that is not finite is named as itself (nan, inf). A string given
    /// for one of the names `among` is shown as itself (Lua's naming quotes it, as the bridge's
    /// own choices do) with the closest name.
    private func mismatch(_ key: String, _ expected: String, _ got: JSONValue, typeOnly: Bool = false,
                          among names: [String] = []) -> LayoutError {
        let name = names.isEmpty ? nil : got.string
        let value = name.map { style.naming == .field ? "'\($0)'" : got.briefDescription }
            ?? (typeOnly && style.naming == .parameter ? got.typeDescription : shown(got))
        return .invalidParameter(name: key, allowed: expected, got: value, subject: subject(key),
                                 verb: style.naming == .field ? "must be" : "expects",
                                 suggestion: name.flatMap { DidYouMean.suggestion(for: $0, among: names) })
    }
}
