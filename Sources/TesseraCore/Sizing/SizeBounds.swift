/// What a dataset's intrinsic sizes can reach, taken once when the dataset is built, so a layout
/// can tell before its loop that no item's size can come out infinite under a rule and a
/// proposal, and skip the per-item check (and the work of a dimension it never reads).
///
/// Only sizes far from the largest double fail that test (a rule scaling 1e-300 × 1e300 to a
/// column, an infinite proposal or size); their layouts check every item as before, so the
/// error for an infinite size is the same either way.
struct SizeBounds: Sendable {
    /// The largest magnitude among the finite widths (0 when none).
    private(set) var largestWidth = 0.0
    /// The largest magnitude among the finite heights (0 when none).
    private(set) var largestHeight = 0.0
    /// The smallest positive width (infinity when none): `fillWidth` divides by it.
    private(set) var smallestPositiveWidth = Double.infinity
    /// Some width or height is infinite.
    private(set) var hasInfinite = false
    /// Some item has neither width nor height (its size comes from its text or the rule's fallback).
    private(set) var hasUnsized = false

    /// Bounds over parallel `widths` and `heights` (NaN: not given). O(n), one pass without
    /// branches (it runs on every load): each bound is one max or min instruction.
    init(widths: [Double], heights: [Double]) {
        var largestWidth = 0.0, largestHeight = 0.0, smallest = Double.infinity, unsized = false
        widths.withUnsafeBufferPointer { widths in
            heights.withUnsafeBufferPointer { heights in
                for i in 0..<Swift.min(widths.count, heights.count) {
                    let w = widths[i], h = heights[i], aw = abs(w), ah = abs(h)
                    // NaN compares false: it moves no bound. An infinite size makes its bound infinite.
                    largestWidth = aw > largestWidth ? aw : largestWidth
                    largestHeight = ah > largestHeight ? ah : largestHeight
                    let positive = w > 0 ? w : .infinity
                    smallest = positive < smallest ? positive : smallest
                    unsized = unsized || (w.isNaN && h.isNaN)
                }
            }
        }
        self.largestWidth = largestWidth
        self.largestHeight = largestHeight
        self.smallestPositiveWidth = smallest
        self.hasInfinite = largestWidth == .infinity || largestHeight == .infinity
        self.hasUnsized = unsized
    }

    /// The products and quotients the rules compute stay below this, far enough under the
    /// largest double that rounding cannot carry them past it.
    private static let limit = 0x1p1000

    /// True when `sizing` gives every item a finite width and height for `proposed`, whatever
    /// the item. False tells nothing (check each size).
    ///
    /// Why each rule is safe within the bounds (w, h an item's size, pw, ph the proposal, both
    /// finite and >= 0, no infinite size, every item sized): `fill` answers the proposal and
    /// `intrinsic` the size or the proposal; `fit` and `fillWidth` answer the size or the proposal
    /// on an axis without one, clamp a non-positive size at 0, and otherwise scale: `fit` to
    /// h·pw/w < h when w > pw, then to width·ph/height < width ≤ pw when height > ph, so only
    /// h·pw and pw·ph can grow; `fillWidth` to h·pw/w, at most largestHeight·pw over the
    /// smallest positive width.
    /// - Complexity: O(1).
    func provesFinite(_ sizing: ItemSizing, proposed: Size) -> Bool {
        let pw = proposed.width, ph = proposed.height, limit = Self.limit
        guard !hasInfinite, pw >= 0, pw <= limit, ph >= 0, ph <= limit else { return false }
        switch sizing.rule {
        case .fill, .intrinsic:
            return true
        case .fit:
            return !hasUnsized && largestHeight * pw <= limit && pw * ph <= limit
        case .fillWidth:
            return !hasUnsized && largestHeight * pw <= limit && largestHeight * pw / smallestPositiveWidth <= limit
        }
    }
}
