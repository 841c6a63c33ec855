extension JSONValue {
    /// The first number in the value that JSON text cannot hold (NaN or an infinity) and where
    /// it is (`.items[2].frame[1]`; "" for the value itself; array positions counted from
    /// `indexBase`), or nil when every number is finite: what must be refused before the value
    /// is written. O(size of the value).
    package func firstNonFiniteNumber(indexBase: Int = 0) -> (path: String, number: Double)? {
        switch self {
        case .double(let d) where !d.isFinite: return ("", d)
        case .array(let values):
            for (i, value) in values.enumerated() {
                if let found = value.firstNonFiniteNumber(indexBase: indexBase) { return ("[\(i + indexBase)]" + found.path, found.number) }
            }
            return nil
        case .object(let fields):
            for (key, value) in fields {
                if let found = value.firstNonFiniteNumber(indexBase: indexBase) { return ("." + key + found.path, found.number) }
            }
            return nil
        default: return nil
        }
    }
}
