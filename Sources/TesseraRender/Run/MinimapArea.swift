import TesseraCore

/// What the minimap maps: the content (and the viewport, when it lies beyond) and the main
/// panel's region, which shelves widen beyond the content.
struct MinimapArea {
    /// The content and the viewport.
    let content: Rect
    /// All the minimap shows.
    let bounds: Rect
    /// Whether the region reaches beyond the content.
    var widened: Bool { bounds != content }

    /// The minimap's width beside a panel `height` tall: 140, and for a widened area as much more
    /// (up to twice that) as lets it still fill that height, so that the content keeps its size
    /// in the map rather than shrinking to make room for the shelves.
    func width(height: Double) -> Double {
        let base = 140.0
        guard widened else { return base }
        return min(2 * base, max(base, bounds.width * height / max(bounds.height, 1)))
    }

    init(content: Rect, region: Rect) {
        self.content = content
        // The content itself when it holds the region: the union's far edges, recomputed, could
        // differ in the last bit.
        bounds = content.encloses(region) ? content : content.union(region)
    }
}

extension Rect {
    /// Whether `other` lies wholly inside.
    func encloses(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }
}
