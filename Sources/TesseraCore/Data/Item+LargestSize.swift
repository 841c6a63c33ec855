extension Item {
    /// The largest width or height an item's size may have, wherever the size enters: a
    /// dataset's `w`, `h`, `width` and `height` (every format, and items built with
    /// `Item(validating:size:)`), a measured size (`CollectionEngine.measure`, a sizes file, the
    /// preview's page). Far beyond any screen or image, and small enough that the sizing rules'
    /// products (a height times a proposed width) stay far from overflowing and that offsets and
    /// sums of sizes keep their precision; checked where a size enters, so no layout checks it
    /// per item.
    public static let largestSize = 1e7

    /// `largestSize` as messages write it: "expected a number from 0 to 1e7".
    package static let sizeRange = "from 0 to 1e7"

    /// True for a width or height from 0 to `largestSize` (NaN and the infinities are not). O(1).
    @inline(__always)
    package static func isAllowedSize(_ v: Double) -> Bool { v >= 0 && v <= largestSize }
}
