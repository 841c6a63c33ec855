/// A layout result seen through an offset and an optional axis swap, in O(1) per query.
///
/// Decorators (InsetLayout, TransposeLayout) return one of these instead of copying frames, so
/// wrapping a million-item or analytic result costs nothing. Out: `r ↦ swap?(r) + (dx, dy)`;
/// queries (rectangles and scroll states) go the inverse way, so they stay exact.
struct MappedResult: LayoutResult {
    let base: any LayoutResult
    let transpose: Bool
    let dx: Double
    let dy: Double
    let contentSize: Size

    var count: Int { base.count }
    /// The base's: an inset grows the content around the shifted frames, so its corner stays
    /// where the base's is; a swap swaps its axes.
    var contentOrigin: Point {
        let o = base.contentOrigin
        return transpose ? Point(x: o.y, y: o.x) : o
    }
    var elements: [LayoutElement] { base.elements.map(toOuter) }
    /// Moved by the shift along the axis each element pins on as seen here (a swap swaps its
    /// edge: a top pin becomes a left one, its limit an x).
    var pinLimits: [Double?] {
        zip(elements, base.pinLimits).map { e, limit in limit.map { $0 + (e.pinEdge.isAlongX ? dx : dy) } }
    }
    var orthogonalSections: [OrthogonalSection] {
        base.orthogonalSections.map {
            OrthogonalSection(section: $0.section, frame: toOuter($0.frame),
                              contentSize: transpose ? $0.contentSize.transposed : $0.contentSize)
        }
    }

    func frame(at index: Int) throws -> Rect { toOuter(try base.frame(at: index)) }
    func frame(at index: Int, scroll: ScrollState) throws -> Rect { toOuter(try base.frame(at: index, scroll: toInner(scroll))) }
    func section(ofItem index: Int) throws -> Int { try base.section(ofItem: index) }
    var sectionRanges: [Range<Int>] { base.sectionRanges }
    func zIndex(ofItem index: Int) throws -> Int { try base.zIndex(ofItem: index) }
    func visible(in rect: Rect) throws -> [Int] { try base.visible(in: toInner(rect)) }
    func elements(in rect: Rect, scroll: ScrollState) throws -> [LayoutElement] {
        try base.elements(in: toInner(rect), scroll: toInner(scroll)).map(toOuter)
    }

    /// Section offsets are not moved by the shift; a swap swaps their axes.
    func targetContentOffset(section: Int, proposed: Point, velocity: Point) -> Point {
        guard transpose else { return base.targetContentOffset(section: section, proposed: proposed, velocity: velocity) }
        let p = base.targetContentOffset(section: section, proposed: Point(x: proposed.y, y: proposed.x),
                                         velocity: Point(x: velocity.y, y: velocity.x))
        return Point(x: p.y, y: p.x)
    }

    /// A stated pin limit moves with the element (a swap makes a y limit the same x limit).
    private func toOuter(_ e: LayoutElement) -> LayoutElement {
        var copy = e
        copy.frame = toOuter(e.frame)
        if transpose { copy.pinEdge = e.pinEdge.transposed }
        copy.pinUntil = e.pinUntil.map { $0 + (copy.pinEdge.isAlongX ? dx : dy) }
        return copy
    }
    private func toOuter(_ r: Rect) -> Rect { (transpose ? r.transposed : r).offsetBy(dx: dx, dy: dy) }
    private func toInner(_ r: Rect) -> Rect {
        let shifted = r.offsetBy(dx: -dx, dy: -dy)
        return transpose ? shifted.transposed : shifted
    }
    private func toInner(_ s: ScrollState) -> ScrollState { s.mappedInward(dx: dx, dy: dy, transpose: transpose) }
}
