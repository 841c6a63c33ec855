/// Drawing order, bottom first: ascending `zIndex`, then unpinned before pinned, then
/// decorations, items, supplementaries (`ElementCategory.drawingRank`), then by the anchoring
/// item's index (none first), and last by an ordinal the caller gives (its position in
/// items-then-elements, or in a list), which makes the order total.
///
/// Queries sort these plain keys and build each element once, in order: sorting the elements
/// themselves would copy their strings at every swap.
struct DrawingKey: Comparable {
    var zIndex: Int
    /// `pinned · 4 + drawingRank`.
    var layer: Int
    /// The anchoring item's index, −1 for none.
    var anchor: Int
    var ordinal: Int

    @inline(__always)
    init(zIndex: Int, pinned: Bool, category: ElementCategory, anchor: Int?, ordinal: Int) {
        self.zIndex = zIndex
        self.layer = (pinned ? 4 : 0) + category.drawingRank
        self.anchor = anchor ?? -1
        self.ordinal = ordinal
    }

    /// The key of item `index` (its own anchor), with `index` as its ordinal.
    @inline(__always)
    init(item index: Int, zIndex: Int) {
        self.zIndex = zIndex
        self.layer = ElementCategory.item.drawingRank
        self.anchor = index
        self.ordinal = index
    }

    init(_ e: LayoutElement, ordinal: Int) {
        self.init(zIndex: e.zIndex, pinned: e.pinned, category: e.category, anchor: e.index, ordinal: ordinal)
    }

    @inline(__always)
    static func < (a: DrawingKey, b: DrawingKey) -> Bool {
        if a.zIndex != b.zIndex { return a.zIndex < b.zIndex }
        if a.layer != b.layer { return a.layer < b.layer }
        if a.anchor != b.anchor { return a.anchor < b.anchor }
        return a.ordinal < b.ordinal
    }
}

extension LayoutElement {
    /// Sorts elements into drawing order, bottom first: ascending `zIndex`, then pinned elements
    /// above unpinned ones, then decorations, items, supplementaries, then by item index and
    /// finally by the order given. O(k log k).
    public static func inDrawingOrder(_ elements: [LayoutElement]) -> [LayoutElement] {
        var keys = elements.indices.map { DrawingKey(elements[$0], ordinal: $0) }
        keys.sort()
        return keys.map { elements[$0.ordinal] }
    }
}
