import TesseraCore

/// The supplementaries and decorations of a result as the HTML page needs them: each element at
/// rest and, for a pinned one, its limit (`pinLimit`), so that the page's script can place it
/// for any offset with the model's rule. A top-pinned element's limit is the y its bottom may not
/// pass: drawn minY = `max(rest.minY, min(top, limit − height))`. A bottom-pinned one's is the y
/// its top may not pass: drawn minY = `min(rest.minY, max(bottom − height, limit))`. x unchanged.
struct PictureElements {
    struct Element {
        var element: LayoutElement
        /// For a pinned element, its limit (see above); nil otherwise.
        var pinLimit: Double?
    }

    var elements: [Element]
    /// Items that pin along with a top-pinned element anchored to them (a sticky item and its
    /// header), with that element's limit.
    var pinnedItems: [(index: Int, end: Double)] = []

    /// Pinned elements beyond this many draw at rest on the page (the SVG is always exact).
    static let pinnedLimit = 10_000

    /// - Complexity: O(e) plus O(log(H / h) · (log n + k)) per pinned element of height h.
    init(result: any LayoutResult) throws {
        var pinnedSeen = 0
        elements = try result.elements.map { e in
            guard e.pinned, pinnedSeen < Self.pinnedLimit else { return Element(element: e, pinLimit: nil) }
            pinnedSeen += 1
            return Element(element: e, pinLimit: try Self.pinLimit(of: e, in: result))
        }
        for entry in elements where entry.element.pinEdge == .top {
            guard let end = entry.pinLimit, let i = entry.element.index, i >= 0, i < result.count else { continue }
            let rest = try result.frame(at: i)
            // The item pins too when it moves with the element scrolled just past its rest.
            let top = rest.minY + min(1, rest.height / 2)
            guard rest == entry.element.frame,
                  try result.frame(at: i, scroll: ScrollState(contentOffset: Point(x: 0, y: top))).minY == top else { continue }
            pinnedItems.append((i, end))
        }
    }

    /// Finds a pinned element's limit through the result's own element query, probing with a
    /// viewport of the element's own size whose top is `p`. Moving `p` away from the rest, toward
    /// the limit (down for a top pin, up for a bottom pin), the element is drawn at y = p while it
    /// pins, at the limit's place once pushed, and not at all once the probe has passed it. A
    /// binary search on `p` either lands while it is pushed (which gives the limit exactly) or
    /// brackets it to within a millionth of a pixel. O(log(H / h)) queries.
    static func pinLimit(of e: LayoutElement, in result: any LayoutResult) throws -> Double? {
        let rest = e.frame
        guard rest.width > 0, rest.height > 0 else { return nil }
        let downward = e.pinEdge == .top
        func drawnY(probeTop p: Double) throws -> Double? {
            let probe = Rect(x: rest.x, y: p, width: rest.width, height: rest.height)
            return try result.elements(in: probe, scroll: ScrollState(showing: probe))
                .first { $0.category == e.category && $0.kind == e.kind && $0.section == e.section && $0.index == e.index
                         && $0.pinned && $0.frame.x == rest.x && $0.frame.size == rest.size }?.frame.y
        }
        // The limit as a function of the probe top where the element stops following the probe.
        func limit(stoppedAt y: Double) -> Double { downward ? y + rest.height : y }
        // Following the probe, up to the rounding of the visible bottom (top + height − height).
        func follows(_ y: Double, _ p: Double) -> Bool { abs(y - p) <= 1e-9 * (abs(p) + rest.height + 1) }
        var near = rest.minY
        var far = downward ? max(result.contentSize.height, rest.maxY) : min(0, rest.minY - rest.height)
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
