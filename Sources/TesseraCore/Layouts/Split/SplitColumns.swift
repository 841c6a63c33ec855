/// The two columns of a split layout for one content width.
///
/// The width left after the gap is divided ratio : (1 − ratio); the gap (`splitSpacing`) only
/// exists while both columns do, so a ratio of exactly 0 or 1 gives one full-width column.
/// Widths are the plain products, not rounded (UICollectionViewSplitLayout's geometry).
package struct SplitColumns: Equatable, Sendable {
    public let leftX: Double
    public let leftWidth: Double
    public let rightX: Double
    public let rightWidth: Double
    /// The side with no width when the ratio is exactly 0 (left) or 1 (right), else nil.
    public let collapsedSide: SplitSide?

    /// - Precondition: `ratio` in 0...1, `spacing` >= 0 (SplitLayout checks both).
    public init(width: Double, ratio: Double, spacing: Double) {
        let gap = ratio > 0 && ratio < 1 ? spacing : 0
        let total = max(0, width - gap)
        leftX = 0
        leftWidth = total * ratio
        rightX = leftWidth + gap
        rightWidth = total - leftWidth
        collapsedSide = ratio == 0 ? .left : ratio == 1 ? .right : nil
    }

    public func x(_ side: SplitSide) -> Double { side == .left ? leftX : rightX }
    public func width(_ side: SplitSide) -> Double { side == .left ? leftWidth : rightWidth }
}
