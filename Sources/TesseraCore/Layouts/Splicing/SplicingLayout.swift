/// A layout that can lay out again from an item on, after only some items' sizes changed (a
/// host measured them), reusing the earlier result before them and, once it falls back into
/// step, after them moved by one offset (see `SplicedResult`).
///
/// Laying out again this way gives the same frames, sections and content size as laying out in
/// full with the new sizes (up to a few units in the last place per splice, from rounding the
/// shift and the moved positions); a layout that cannot tell returns nil and the caller lays out
/// in full.
protocol SplicingLayout: Layout {
    /// `context`'s items laid out again, given `previous`, a result of this layout over the same
    /// items and container in which only the sizes of items in `changed` differ.
    /// - Returns: nil when this configuration or `previous` cannot be spliced.
    func relayout(_ context: LayoutContext, previous: SplicedResult, changed: Range<Int>) throws -> SplicedResult?
}

extension SplicingLayout {
    /// Laid out again from `changed` on when `previous` can be spliced and has not been too
    /// often (each splice adds a piece and rounds a shift), else nil. O(re-placed items).
    func relayout(_ context: LayoutContext, previous: any LayoutResult, changed: Range<Int>) throws -> (any LayoutResult)? {
        guard let spliced = SplicedResult(previous), spliced.count == context.count, changed.upperBound <= spliced.count,
              spliced.pieces.count <= 16, spliced.generation < 64 else { return nil }
        return try relayout(context, previous: spliced, changed: changed)
    }
}
