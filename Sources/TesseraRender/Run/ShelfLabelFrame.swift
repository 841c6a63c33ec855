import TesseraCore

/// Where a picture writes the label of a shelf's card, so that the label reads in one tone: a
/// shelf's cards are drawn twice, opaque clipped to the scroller and faded beyond it, and a card
/// across the scroller's edge labelled in both layers showed the start of its label dark and the
/// rest faded. The label goes in the layer holding the card's top-left corner, cut to the part
/// of the card in that layer; the other layer writes none.
enum ShelfLabelFrame {
    /// The frame to label card `f` within in the layer clipped to `scroller`; nil for no label.
    static func inside(_ f: Rect, scroller: Rect) -> Rect? {
        if scroller.encloses(f) { return f }
        guard f.overlapsWithPositiveArea(scroller), startsInside(f, scroller) else { return nil }
        return f.intersection(scroller)
    }

    /// The frame to label card `f` within in the faded layer beyond `scroller`; nil for no label.
    static func beyond(_ f: Rect, scroller: Rect) -> Rect? {
        guard f.overlapsWithPositiveArea(scroller) else { return f }
        guard !startsInside(f, scroller) else { return nil }
        var part = f
        if f.minX < scroller.minX { part.width = scroller.minX - f.minX }
        if f.minY < scroller.minY { part.height = scroller.minY - f.minY }
        return part
    }

    /// Whether the card's top-left corner, where its label starts, lies inside the scroller.
    private static func startsInside(_ f: Rect, _ scroller: Rect) -> Bool {
        f.minX >= scroller.minX && f.minY >= scroller.minY && f.minX < scroller.maxX && f.minY < scroller.maxY
    }
}
