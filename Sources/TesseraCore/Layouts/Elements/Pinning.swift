/// Pinned elements: a header that sticks to the top of the visible area while its section is on
/// screen and is pushed up by the section's end.
///
/// With `top` the visible area's top (the content offset's y) and `end` the y the element may not
/// pass, the drawn minY is `max(rest.minY, min(top, end − height))`: at rest until the top reaches
/// it, then at the top, then pushed up with the section's end. Since that y never leaves
/// `[rest.minY, max(rest.minY, end − height)]`, the *sweep* rectangle covering that span holds
/// every place the element can be drawn; indexing the sweep keeps the element query exact.
enum Pinning {
    /// The frame drawn when the visible area's top is at `top`. O(1).
    @inline(__always)
    static func frame(_ rest: Rect, top: Double, end: Double) -> Rect {
        var f = rest
        f.y = max(rest.minY, min(top, end - rest.height))
        return f
    }

    /// Every place the element can be drawn for any `top`. O(1).
    static func sweep(_ rest: Rect, end: Double) -> Rect {
        let lowest = max(rest.minY, end - rest.height)
        // A hair of slack so rounding never leaves a drawn frame poking out of its sweep.
        let slack = 1e-9 * (abs(lowest) + rest.height + 1)
        return Rect(x: rest.x, y: rest.y, width: rest.width, height: lowest - rest.minY + rest.height + slack)
    }
}
