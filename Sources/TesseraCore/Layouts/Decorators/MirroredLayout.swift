/// Mirrors any layout left to right around its container, as a right-to-left language reads it
/// (`tessera run --rtl`): every item, element and orthogonal scroller frame becomes
/// x' = W − x − w with W the container's width (the viewport's), y unchanged. So lines that
/// don't reach the right edge start from it, as with CSS `direction: rtl` and UIKit's
/// right-to-left collection views (mirroring around the content's own width would leave them
/// against the left edge).
///
/// Content wider than its container (an item wider than the viewport, a layout scrolling
/// sideways) keeps W = the container's width: what hung off the right edge now hangs off the
/// left one, at negative x, and the scroll runs towards negative x (an offset x becomes −x, as
/// orthogonal sections already do). That is CSS's model (an overflowing `direction: rtl` box
/// scrolls to negative `scrollLeft`) and it makes the whole picture the exact mirror of the
/// left-to-right one, so one rule holds for every layout. The content box follows the same
/// mirror: its size is unchanged and its origin is x' = W − x − w, right of 0 for content
/// narrower than W, 0 for content exactly W wide, negative for wider content, so it always
/// contains every mirrored frame and element.
///
/// Nothing is copied: the result maps each answer on the way out and each question (rectangles,
/// scroll states) on the way in, and mirroring is its own inverse, so queries stay exact and
/// O(1) on top of the base result's. Orthogonal sections scroll towards negative x: a section
/// offset x is the mirror of the base's −x.
public struct MirroredLayout: Layout {
    /// The layout mirrored.
    public var root: any Layout

    /// `root` mirrored right to left.
    public init(_ root: any Layout) { self.root = root }

    /// The root sees the context's `layoutDirection` reversed (a mirror inside a mirror reads
    /// left to right again) and its guides' left and right swapped, so the physical insets of
    /// the screen (a safe area on the left) are still on their side after the mirror.
    /// - Complexity: the root's layout, plus O(1).
    public func layout(_ context: LayoutContext) throws -> AnyLayoutResult {
        var inner = context
        inner.guides = context.guides.mirrored
        inner.layoutDirection = context.layoutDirection.flipped
        return AnyLayoutResult(MirroredResult(base: try root.layout(inner), width: context.collectionSize.width))
    }
}

/// A result seen in a mirror around its container's width.
struct MirroredResult: LayoutResult {
    let base: any LayoutResult
    /// The container's width, W in x' = W − x − w.
    let width: Double

    var count: Int { base.count }
    var contentSize: Size { base.contentSize }
    /// The base's content box mirrored as the frames are: narrower than the container it starts
    /// right of 0, wider at negative x.
    var contentOrigin: Point { Rect(origin: base.contentOrigin, size: base.contentSize).mirrored(inWidth: width).origin }

    var elements: [LayoutElement] { base.elements.map(mirrored) }
    /// Mirroring moves x only: a sideways pin's limit is mirrored (x' = W − x), its edge swapped.
    var pinLimits: [Double?] {
        zip(base.elements, base.pinLimits).map { e, limit in limit.map { e.pinEdge.isAlongX ? width - $0 : $0 } }
    }
    var orthogonalSections: [OrthogonalSection] {
        base.orthogonalSections.map {
            OrthogonalSection(section: $0.section, frame: $0.frame.mirrored(inWidth: width), contentSize: $0.contentSize)
        }
    }

    func frame(at index: Int) throws -> Rect { try base.frame(at: index).mirrored(inWidth: width) }
    func frame(at index: Int, scroll: ScrollState) throws -> Rect {
        try base.frame(at: index, scroll: scroll.mirrored(inWidth: width)).mirrored(inWidth: width)
    }
    func section(ofItem index: Int) throws -> Int { try base.section(ofItem: index) }
    var sectionRanges: [Range<Int>] { base.sectionRanges }
    func zIndex(ofItem index: Int) throws -> Int { try base.zIndex(ofItem: index) }
    func visible(in rect: Rect) throws -> [Int] { try base.visible(in: rect.mirrored(inWidth: width)) }
    func elements(in rect: Rect, scroll: ScrollState) throws -> [LayoutElement] {
        try base.elements(in: rect.mirrored(inWidth: width), scroll: scroll.mirrored(inWidth: width)).map(mirrored)
    }

    /// Horizontal section offsets are mirrored (negated), as `ScrollState.mirrored` maps them.
    func targetContentOffset(section: Int, proposed: Point, velocity: Point) -> Point {
        let p = base.targetContentOffset(section: section, proposed: Point(x: -proposed.x, y: proposed.y),
                                         velocity: Point(x: -velocity.x, y: velocity.y))
        return Point(x: -p.x, y: p.y)
    }

    /// A stated sideways pin limit is mirrored with the element (x' = W − x).
    private func mirrored(_ e: LayoutElement) -> LayoutElement {
        var copy = e
        copy.frame = e.frame.mirrored(inWidth: width)
        copy.pinEdge = e.pinEdge.mirrored
        if e.pinEdge.isAlongX { copy.pinUntil = e.pinUntil.map { width - $0 } }
        return copy
    }
}
