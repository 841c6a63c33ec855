/// A laid-out compositional layout: item frames with their spatial index, plus each section's
/// geometry (for elements, orthogonal scrolling and tests).
public struct CompositionalResult: LayoutResult {
    /// Where one section ended up.
    public struct SectionGeometry: Hashable, Sendable {
        /// The section's extent: content plus its content insets, across the whole collection.
        public var frame: Rect
        /// The section's items, as flattened indices.
        public var items: Range<Int>
        /// The resolved size of the section's top-level group.
        public var groupSize: Size
        /// Items one group holds.
        public var itemsPerGroup: Int
    }

    public let items: FramesResult
    public let sections: [SectionGeometry]

    public var count: Int { items.count }
    public var contentSize: Size { items.contentSize }
    public func frame(at index: Int) -> Rect { items.frame(at: index) }
    public func visible(in rect: Rect) -> [Int] { items.visible(in: rect) }
}
