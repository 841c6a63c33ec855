/// A layout result seen through an offset and an optional axis swap, in O(1) per query.
///
/// Decorators (InsetLayout, TransposeLayout) return one of these instead of copying frames, so
/// wrapping a million-item or analytic result costs nothing. Out: `r ↦ swap?(r) + (dx, dy)`;
/// queries go the inverse way, so `visible(in:)` stays exact and ascending.
struct MappedResult: LayoutResult {
    let base: any LayoutResult
    let transpose: Bool
    let dx: Double
    let dy: Double
    let contentSize: Size

    var count: Int { base.count }
    var supplementaries: [Supplementary] {
        base.supplementaries.map { Supplementary(kind: $0.kind, section: $0.section, frame: toOuter($0.frame)) }
    }

    func frame(at index: Int) -> Rect { toOuter(base.frame(at: index)) }
    func frame(at index: Int, viewport: Rect) -> Rect { toOuter(base.frame(at: index, viewport: toInner(viewport))) }
    func visible(in rect: Rect) -> [Int] { base.visible(in: toInner(rect)) }

    private func toOuter(_ r: Rect) -> Rect { (transpose ? r.transposed : r).offsetBy(dx: dx, dy: dy) }
    private func toInner(_ r: Rect) -> Rect {
        let shifted = r.offsetBy(dx: -dx, dy: -dy)
        return transpose ? shifted.transposed : shifted
    }
}
