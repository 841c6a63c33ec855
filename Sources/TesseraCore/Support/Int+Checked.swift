// The one way a Double becomes an Int in Tessera. `Int(_: Double)` traps on NaN, ±inf and
// values past ±2^63; numbers here come from scripts, datasets and the command line, so every
// conversion either checks (nil when the value is not a whole number in range) or clamps
// (saturates into a range the caller states, NaN to its lower bound). Allocation sizes derived
// from such numbers are clamped to a range the caller can afford, never to Int's.

extension Int {
    /// `value` when it is a whole number within `range`, else nil (NaN, ±inf, fractions and
    /// values outside `range` alike). O(1).
    package init?(whole value: Double, in range: ClosedRange<Int> = Int.min...Int.max) {
        // Doubles in [-2^63, 2^63) convert exactly; 2^63 itself is past Int.max.
        guard value.isFinite, value == value.rounded(), value >= -0x1p63, value < 0x1p63 else { return nil }
        let n = Int(value)
        guard range.contains(n) else { return nil }
        self = n
    }

    /// `value` rounded by `rule`, then clamped into `range`; NaN gives `range.lowerBound`,
    /// -inf the lower bound and +inf the upper one. O(1).
    package init(clamping value: Double, rounding rule: FloatingPointRoundingRule = .towardZero,
                into range: ClosedRange<Int>) {
        let v = value.rounded(rule)
        if !(v >= Double(range.lowerBound)) { self = range.lowerBound; return }   // also NaN
        // Double(range.upperBound) may round up past it (Int.max becomes 2^63): compare, then convert.
        if v >= Double(range.upperBound) { self = range.upperBound; return }
        self = Swift.min(range.upperBound, Swift.max(range.lowerBound, Int(v)))
    }
}
