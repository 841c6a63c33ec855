import OrderedCollections

/// Compares what a layout test expects with what it got: any two JSON values, numbers equal
/// within a relative tolerance. A `run --format json` document compared with another is
/// described element by element (`RunDifference`); any other value by its first difference.
package enum SnapshotComparison {
    /// Numbers a and b are equal when |a − b| ≤ tolerance · max(|a|, |b|, 1): relative, and
    /// absolute below 1, so float noise around 0 is not a difference.
    public static let tolerance = 1e-6

    /// Whether two numbers are equal within `tolerance`; NaN equals NaN, as Jest's `toEqual`
    /// has it (a script's value compared with itself is equal). O(1).
    public static func close(_ a: Double, _ b: Double, tolerance: Double = tolerance) -> Bool {
        a == b || abs(a - b) <= tolerance * max(abs(a), abs(b), 1) || (a.isNaN && b.isNaN)
    }

    /// Whether `a` and `b` are equal: numbers within `tolerance` (an integer equals the same
    /// double), objects by key whatever their order, arrays element by element.
    /// O(size of the values).
    public static func equal(_ a: JSONValue, _ b: JSONValue, tolerance: Double = tolerance) -> Bool {
        var path: [PathStep] = []
        return firstDifference(a, b, tolerance: tolerance, path: &path) == nil
    }

    /// Where `expected` and `actual` first differ, as `(path, expected, actual)` with a path
    /// like `items[3].frame[1]` (indices from `indexBase`: 0 as the JSON counts, 1 as Lua
    /// does); nil when they are equal.
    public static func firstDifference(_ expected: JSONValue, _ actual: JSONValue, tolerance: Double = tolerance,
                                       indexBase: Int = 0) -> (path: String, expected: JSONValue?, actual: JSONValue?)? {
        var path: [PathStep] = []
        guard let d = firstDifference(expected, actual, tolerance: tolerance, path: &path) else { return nil }
        var text = ""
        for step in path {
            switch step {
            case .index(let k): text += "[\(k + indexBase)]"
            case .key(let key): text += text.isEmpty ? key : "." + key
            }
        }
        return (text, d.expected, d.actual)
    }

    private enum PathStep { case index(Int), key(String) }

    private static func firstDifference(_ a: JSONValue, _ b: JSONValue, tolerance: Double,
                                        path: inout [PathStep]) -> (expected: JSONValue?, actual: JSONValue?)? {
        switch (a, b) {
        case (.int(let x), .int(let y)) where x == y: return nil
        case (.int, .int), (.int, .double), (.double, .int), (.double, .double):
            return close(a.number!, b.number!, tolerance: tolerance) ? nil : (a, b)
        case (.array(let x), .array(let y)):
            for k in 0..<min(x.count, y.count) {
                path.append(.index(k))
                if let d = firstDifference(x[k], y[k], tolerance: tolerance, path: &path) { return d }
                path.removeLast()
            }
            guard x.count != y.count else { return nil }
            let k = min(x.count, y.count)
            path.append(.index(k))
            // Optional's nil, spelt out: JSONValue itself takes `nil` as null.
            return (k < x.count ? x[k] : JSONValue?.none, k < y.count ? y[k] : JSONValue?.none)
        case (.object(let x), .object(let y)):
            for (key, value) in x {
                path.append(.key(key))
                guard let other = y[key] else { return (value, nil) }
                if let d = firstDifference(value, other, tolerance: tolerance, path: &path) { return d }
                path.removeLast()
            }
            for (key, value) in y where x[key] == nil {
                path.append(.key(key))
                return (nil, value)
            }
            return nil
        default:
            return a == b ? nil : (a, b)
        }
    }

    /// A sentence saying how `actual` differs from `expected`: `contentSize[1] is 108, expected
    /// 100`; the path is left out when the values themselves differ.
    public static func describe(expected: JSONValue, actual: JSONValue, tolerance: Double = tolerance,
                                indexBase: Int = 0) -> String? {
        guard let d = firstDifference(expected, actual, tolerance: tolerance, indexBase: indexBase) else { return nil }
        let place = d.path.isEmpty ? "the value" : d.path
        switch (d.expected, d.actual) {
        case (nil, let got?): return "\(place) is \(brief(got)), expected nothing there"
        case (let wanted?, nil): return "\(place) is missing, expected \(brief(wanted))"
        case (let wanted?, let got?): return "\(place) is \(brief(got)), expected \(brief(wanted))"
        case (nil, nil): return nil
        }
    }

    /// A value in a message, cut at 120 characters; a script's NaN or infinity as Lua prints it.
    public static func brief(_ value: JSONValue) -> String {
        // Shallow values pretty (`[375, 108]`), deeper ones compact.
        let pretty = JSONWriter.write(value, options: JSONWriter.Options(pretty: true, nonFiniteAsLua: true))
        let text = pretty.contains("\n") ? JSONWriter.write(value, options: JSONWriter.Options(nonFiniteAsLua: true)) : pretty
        return text.count > 120 ? String(text.prefix(117)) + "..." : text
    }
}
