import OrderedCollections

/// Named parameters over declared defaults, each override typed like its default: numbers for
/// numbers, `true`/`false` for booleans, strings (numbers are spelled out) for strings, arrays
/// or objects for tables. Shared by the named animators and by layout and animator scripts.
package enum ParameterDefaults {
    /// `defaults` with `overrides` applied. O(params).
    /// - Throws: `LayoutError` naming `source` for an unknown name (listing the known ones) or
    ///   a value of the wrong type.
    package static func resolve(_ overrides: OrderedDictionary<String, JSONValue>,
                                defaults: OrderedDictionary<String, JSONValue>,
                                source: String) throws -> OrderedDictionary<String, JSONValue> {
        var result = defaults
        for (key, value) in overrides {
            guard let fallback = defaults[key] else {
                throw LayoutError.unknownScriptParameter(name: key, known: Array(defaults.keys), source: source)
            }
            result[key] = try typed(value, like: fallback, key: key, source: source)
        }
        return result
    }

    private static func typed(_ value: JSONValue, like fallback: JSONValue, key: String, source: String) throws -> JSONValue {
        func mismatch(_ expected: String) -> LayoutError {
            .invalidParameter(name: key, allowed: expected, got: value.briefDescription, subject: "\(source): param '\(key)'",
                              verb: "expects")
        }
        switch (fallback, value) {
        case (.int, .int), (.int, .double), (.double, .int), (.double, .double):
            guard let n = value.number, n.isFinite else { throw mismatch("a finite number") }
            return value
        case (.int, _), (.double, _): throw mismatch("a number")
        case (.bool, .bool): return value
        case (.bool, _): throw mismatch("true or false")
        case (.string, .string): return value
        case (.string, .int(let i)): return .string(String(i))
        case (.string, .double(let d)): return .string(d.isFinite ? JSONWriter.format(d) : d.isNaN ? "nan" : d < 0 ? "-inf" : "inf")
        case (.string, _): throw mismatch("a string")
        case (.array, .array), (.object, .object), (.array, .object), (.object, .array): return value
        case (.array, .string): return .array([value])
        case (.array, _), (.object, _): throw mismatch("a table")
        case (.null, _): return value
        }
    }
}
