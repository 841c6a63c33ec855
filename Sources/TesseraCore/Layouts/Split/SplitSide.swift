/// The column a split layout section goes to (UICollectionViewSplitLayout's `Side`).
public enum SplitSide: String, CaseIterable, Sendable {
    /// The left column.
    case left
    /// The right column.
    case right

    /// The other column.
    public var opposite: SplitSide { self == .left ? .right : .left }

    /// The default assignment: sections alternate, the first one on the left.
    public static func alternating(_ sectionIndex: Int) -> SplitSide {
        sectionIndex % 2 == 0 ? .left : .right
    }
}
