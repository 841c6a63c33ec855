// A pinned element's limit read back from any result, so that pictures and `tessera check`
// place pinned elements at every offset with the model's own rule, whatever layout made them.

extension LayoutElement {
    /// The limit a layout stated for a pinned element (`pinUntil`), never past the element's
    /// own edge: a top pin's bottom may not pass it, a bottom pin's top may not pass it.
    var statedPinLimit: Double? {
        guard pinned, let pinUntil else { return nil }
        return pinEdge == .top ? max(pinUntil, frame.maxY) : min(pinUntil, frame.minY)
    }
}

extension LayoutResult {
    /// Finds a pinned element's limit through the result's own element query, probing with a
    /// viewport of the element's own size whose top is `p`. Moving `p` away from the rest, toward
    /// the limit (down for a top pin, up for a bottom pin), the element is drawn at y = p while it
    /// pins, at the limit's place once pushed, and not at all once the probe has passed it. A
    /// binary search on `p` either lands while it is pushed (which gives the limit exactly) or
    /// brackets it to within a millionth of a pixel. O(log(H / h)) queries.
    package func pinLimit(of e: LayoutElement) throws -> Double? {
        if let stated = e.statedPinLimit { return stated }
        let rest = e.frame
        guard rest.width > 0, rest.height > 0 else { return nil }
        let downward = e.pinEdge == .top
        func drawnY(probeTop p: Double) throws -> Double? {
            let probe = Rect(x: rest.x, y: p, width: rest.width, height: rest.height)
            return try elements(in: probe, scroll: ScrollState(showing: probe))
                .first { $0.category == e.category && $0.kind == e.kind && $0.section == e.section && $0.index == e.index
                         && $0.pinned && $0.frame.x == rest.x && $0.frame.size == rest.size }?.frame.y
        }
        // The limit as a function of the probe top where the element stops following the probe.
        func limit(stoppedAt y: Double) -> Double { downward ? y + rest.height : y }
        // Following the probe, up to the rounding of the visible bottom (top + height − height).
        func follows(_ y: Double, _ p: Double) -> Bool { abs(y - p) <= 1e-9 * (abs(p) + rest.height + 1) }
        var near = rest.minY
        var far = downward ? max(contentSize.height, rest.maxY) : min(0, rest.minY - rest.height)
        if let y = try drawnY(probeTop: far), follows(y, far) { return limit(stoppedAt: far) }   // never pushed within the content
        for _ in 0..<80 {
            let mid = (near + far) / 2
            guard let y = try drawnY(probeTop: mid) else { far = mid; continue }
            if !follows(y, mid) { return limit(stoppedAt: y) }   // pushed: held at its limit
            near = mid
            if abs(far - near) <= 1e-6 * max(1, abs(far)) { break }
        }
        return limit(stoppedAt: near)
    }
}
