/// A laid-out compositional layout: the items and elements (indexed together by `FramesResult`)
/// plus each section's geometry.
public struct CompositionalResult: LayoutResult {
    /// Where one section ended up.
    public struct SectionGeometry: Hashable, Sendable {
        /// The section's extent: boundary items that extend it, content and content insets,
        /// across the whole collection.
        public var frame: Rect
        /// The section's items, as flattened indices.
        public var items: Range<Int>
        /// The resolved size of the section's top-level group.
        public var groupSize: Size
        /// Items one group holds.
        public var itemsPerGroup: Int
    }

    public let result: FramesResult
    public let sections: [SectionGeometry]

    public var count: Int { result.count }
    public var contentSize: Size { result.contentSize }
    public func frame(at index: Int) -> Rect { result.frame(at: index) }
    public func visible(in rect: Rect) -> [Int] { result.visible(in: rect) }
    public func frame(at index: Int, scroll: ScrollState) -> Rect { result.frame(at: index, scroll: scroll) }
    public func section(ofItem index: Int) -> Int { result.section(ofItem: index) }
    public func zIndex(ofItem index: Int) -> Int { result.zIndex(ofItem: index) }
    public var elements: [LayoutElement] { result.elements }
    public var orthogonalSections: [OrthogonalSection] { result.orthogonalSections }
    public func elements(in rect: Rect, scroll: ScrollState) -> [LayoutElement] { result.elements(in: rect, scroll: scroll) }
}
