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
        /// How the section scrolls on the cross axis.
        public var scrolling: Compositional.OrthogonalScrolling
        /// Group length plus interGroupSpacing, along the axis the groups repeat on.
        public var groupPitch: Double
        /// The section's scroller when it scrolls on the cross axis and has items.
        public var scroller: OrthogonalSection?
    }

    /// The axis sections stack along.
    public let scrollDirection: Axis
    /// Right to left mirrors every frame; orthogonal offsets then run towards negative x.
    public let layoutDirection: Compositional.LayoutDirection

    /// Every frame and element, indexed.
    public let result: FramesResult
    /// Each section's geometry, by section index.
    public let sections: [SectionGeometry]
    /// Sections' `visibleItemsHandler`s by section index, applied by `elements(in:scroll:)`.
    let visibleItemsHandlers: [Int: Compositional.VisibleItemsHandler]
    /// What the handlers see as their environment.
    let environment: Compositional.Environment
    /// True when some section has a `visibleItemsHandler` (queries then call it).
    public var hasVisibleItemsHandlers: Bool { !visibleItemsHandlers.isEmpty }

    init(scrollDirection: Axis, layoutDirection: Compositional.LayoutDirection, result: FramesResult,
         sections: [SectionGeometry], visibleItemsHandlers: [Int: Compositional.VisibleItemsHandler] = [:],
         environment: Compositional.Environment) {
        self.scrollDirection = scrollDirection; self.layoutDirection = layoutDirection
        self.result = result; self.sections = sections
        self.visibleItemsHandlers = visibleItemsHandlers; self.environment = environment
    }

    public var count: Int { result.count }
    public var contentSize: Size { result.contentSize }
    public func frame(at index: Int) throws(LayoutError) -> Rect { try result.frame(at: index) }
    public func visible(in rect: Rect) -> [Int] { result.visible(in: rect) }
    public func frame(at index: Int, scroll: ScrollState) throws(LayoutError) -> Rect { try result.frame(at: index, scroll: scroll) }
    public func section(ofItem index: Int) throws(LayoutError) -> Int { try result.section(ofItem: index) }
    public var sectionRanges: [Range<Int>] { result.sectionRanges }
    public func zIndex(ofItem index: Int) throws(LayoutError) -> Int { try result.zIndex(ofItem: index) }
    public var elements: [LayoutElement] { result.elements }
    public var pinLimits: [Double?] { result.pinLimits }
    /// Item `index`'s resting frame, or nil for an index outside `0..<count` (for code that
    /// cannot throw; `frame(at:)` throws instead). O(1).
    public func frameIfPresent(at index: Int) -> Rect? { result.frameIfPresent(at: index) }
    /// Item `index`'s frame as drawn for `scroll`, or nil for an index outside `0..<count`.
    /// O(log k) with orthogonal sections, else O(1).
    public func frameIfPresent(at index: Int, scroll: ScrollState) -> Rect? { result.frameIfPresent(at: index, scroll: scroll) }
    /// Item `index`'s 0-based section, or nil for an index outside `0..<count`. O(log k).
    public func sectionIfPresent(ofItem index: Int) -> Int? { result.sectionIfPresent(ofItem: index) }
    /// Item `index`'s drawing order, or nil for an index outside `0..<count`. O(1).
    public func zIndexIfPresent(ofItem index: Int) -> Int? { result.zIndexIfPresent(ofItem: index) }
    public var orthogonalSections: [OrthogonalSection] { result.orthogonalSections }
    /// As `FramesResult.elements(in:scroll:)`, with the sections' `visibleItemsHandler`s applied;
    /// throws what a handler throws.
    public func elements(in rect: Rect, scroll: ScrollState) throws -> [LayoutElement] {
        let found = result.elements(in: rect, scroll: scroll)
        return visibleItemsHandlers.isEmpty ? found : try applyingVisibleItemsHandlers(found, scroll: scroll)
    }

    /// 1, or -1 where a shelf's offsets run negative: right to left on a horizontal shelf
    /// (offsets mirror the left-to-right ones). O(1).
    public var orthogonalOffsetSign: Double {
        layoutDirection == .rightToLeft && scrollDirection.cross == .horizontal ? -1 : 1
    }

    /// Where section `section`'s scroller comes to rest when a scroll would stop at `proposed`
    /// with `velocity` (UIKit's `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`
    /// for orthogonal sections). Only the cross-axis component moves; a section that does not
    /// scroll rests at 0, 0. Right to left, horizontal offsets are negative (the mirror of the
    /// left-to-right ones). O(1).
    public func targetContentOffset(section: Int, proposed: Point, velocity: Point) -> Point {
        guard sections.indices.contains(section), let scroller = sections[section].scroller else { return .zero }
        let axis = scrollDirection.cross
        let page = scroller.frame.length(along: axis)
        let sign = orthogonalOffsetSign
        let value = sections[section].scrolling.restingOffset(
            proposed: sign * proposed.value(along: axis), velocity: sign * velocity.value(along: axis), page: page,
            pitch: sections[section].groupPitch, maximum: scroller.contentSize.length(along: axis) - page)
        return Point(axis: axis, main: sign * value, cross: 0)
    }
}
