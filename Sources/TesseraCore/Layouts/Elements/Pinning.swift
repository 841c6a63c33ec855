/// Pinned elements: a header that sticks to the top of the visible area while its section is on
/// screen and is pushed up by the section's end, or a footer that sticks to the bottom of the
/// visible area and is pushed down by the section's start.
///
/// Top: with `top` the visible area's top (the content offset's y) and `limit` the y the
/// element's bottom may not pass, the drawn minY is `max(rest.minY, min(top, limit − height))`:
/// at rest until the top reaches it, then at the top, then pushed up with the section's end.
/// Bottom, the mirror: with `bottom` the visible area's bottom and `limit` the y the element's
/// top may not pass, the drawn minY is `min(rest.minY, max(bottom − height, limit))`.
/// Since the drawn y never leaves the span between `rest.minY` and the limit, the *sweep*
/// rectangle covering that span holds every place the element can be drawn; indexing the sweep
/// keeps the element query exact. Left and right are top and bottom with the axes swapped (what
/// a transposed layout's headers and footers do): the limit is an x, and the element moves in x.
enum Pinning {
    /// The frame drawn for `scroll` with the element's limit `limit` (the section's end for
    /// the top edge, its start for the bottom edge). O(1).
    @inline(__always)
    static func frame(_ rest: Rect, edge: LayoutElement.PinEdge, scroll: ScrollState, limit: Double) -> Rect {
        var f = rest
        switch edge {
        case .top:
            return frame(rest, top: scroll.contentOffset.y, end: limit)
        case .bottom:
            f.y = min(rest.minY, max(scroll.visibleBottom - rest.height, limit))
        case .left:
            f.x = max(rest.minX, min(scroll.contentOffset.x, limit - rest.width))
        case .right:
            f.x = min(rest.minX, max(scroll.visibleRight - rest.width, limit))
        }
        return f
    }

    /// Every place the element can be drawn for any scroll state. O(1).
    static func sweep(_ rest: Rect, edge: LayoutElement.PinEdge, limit: Double) -> Rect {
        if edge.isAlongX { return sweep(rest.transposed, edge: edge.transposed, limit: limit).transposed }
        let low: Double, high: Double
        switch edge {
        case .top: (low, high) = (rest.minY, max(rest.minY, limit - rest.height))
        default: (low, high) = (min(rest.minY, limit), rest.minY)
        }
        // A hair of slack so rounding never leaves a drawn frame poking out of its sweep.
        let slack = 1e-9 * (abs(low) + abs(high) + rest.height + 1)
        return Rect(x: rest.x, y: low - slack, width: rest.width, height: high - low + rest.height + 2 * slack)
    }

    /// A top-pinned element's frame when the visible area's top is at `top`. O(1).
    @inline(__always)
    static func frame(_ rest: Rect, top: Double, end: Double) -> Rect {
        var f = rest
        f.y = max(rest.minY, min(top, end - rest.height))
        return f
    }

    /// Every place a top-pinned element can be drawn. O(1).
    static func sweep(_ rest: Rect, end: Double) -> Rect { sweep(rest, edge: .top, limit: end) }
}
