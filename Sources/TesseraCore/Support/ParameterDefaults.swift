import OrderedCollections

/// Named parameters over declared defaults, each override typed like its default: numbers for
/// numbers, `true`/`false` for booleans, strings (numbers are spelled out) for strings, arrays
/// or objects for tables. Shared by the named animators and by layout and animator scripts.
/// A param may also have a list of allowed values (a layout script's `choices`), as a
/// Storybook control's `options`.
package enum ParameterDefaults {
    /// `defaults` with `overrides` applied; an override of a param with `choices` must equal one
    /// of them. O(params + choices of the overridden params).
    /// - Throws: `LayoutError` naming `source` for an unknown name (listing the known ones), a
    ///   value of the wrong type or one that is not among the param's choices (with the closest
    ///   choice to a misspelt string).
    package static func resolve(_ overrides: OrderedDictionary<String, JSONValue>,
                                defaults: OrderedDictionary<String, JSONValue>,
                                choices: OrderedDictionary<String, [JSONValue]> = [:],
                                source: String) throws -> OrderedDictionary<String, JSONValue> {
        var result = defaults
        for (key, value) in overrides {
            guard let fallback = defaults[key] else {
                throw LayoutError.unknownScriptParameter(name: key, known: Array(defaults.keys), source: source)
            }
            let typedValue = try typed(value, like: fallback, key: key, source: source)
            if let allowed = choices[key], !allowed.contains(where: { same($0, typedValue) }) {
                let suggestion = typedValue.string.flatMap { DidYouMean.suggestion(for: $0, among: allowed.compactMap(\.string)) }
                throw LayoutError.invalidParameter(name: key, allowed: "one of " + allowed.map(\.briefDescription).joined(separator: ", "),
                                                   got: value.briefDescription, subject: "\(source): param '\(key)'", verb: "expects",
                                                   suggestion: suggestion)
            }
            result[key] = typedValue
        }
        return result
    }

    /// Two values equal as params: numbers by value (2 is 2.0), anything else exactly.
    package static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = a.number, let y = b.number { return x == y }
        return a == b
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
