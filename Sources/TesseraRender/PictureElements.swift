import TesseraCore

/// The supplementaries and decorations of a result as the HTML page needs them: each element at
/// rest and, for a pinned one, the y its bottom may not pass (`pinEnd`), so that the page's
/// script can place it for any offset with the model's rule: drawn minY =
/// `max(rest.minY, min(top, pinEnd − height))`, x unchanged.
struct PictureElements {
    struct Element {
        var element: LayoutElement
        /// For a pinned element, the y its pinned bottom may not pass; nil otherwise.
        var pinEnd: Double?
    }

    var elements: [Element]
    /// Items that pin along with a pinned element anchored to them (a sticky item and its
    /// header), with that element's end.
    var pinnedItems: [(index: Int, end: Double)] = []

    /// Pinned elements beyond this many draw at rest on the page (the SVG is always exact).
    static let pinnedLimit = 10_000

    /// - Complexity: O(e) plus O(log(H / h) · (log n + k)) per pinned element of height h.
    init(result: any LayoutResult) throws {
        var pinnedSeen = 0
        elements = try result.elements.map { e in
            // Only top pins move on the page; bottom-pinned footers draw at rest there.
            guard e.pinned, e.pinEdge == .top, pinnedSeen < Self.pinnedLimit else { return Element(element: e, pinEnd: nil) }
            pinnedSeen += 1
            return Element(element: e, pinEnd: try Self.pinEnd(of: e, in: result))
        }
        for entry in elements {
            guard let end = entry.pinEnd, let i = entry.element.index, i >= 0, i < result.count else { continue }
            let rest = try result.frame(at: i)
            // The item pins too when it moves with the element scrolled just past its rest.
            let top = rest.minY + min(1, rest.height / 2)
            guard rest == entry.element.frame,
                  try result.frame(at: i, scroll: ScrollState(contentOffset: Point(x: 0, y: top))).minY == top else { continue }
            pinnedItems.append((i, end))
        }
    }

    /// Finds where a pinned element stops through the result's own element query: scrolled to a
    /// top `t`, the element is drawn at y = t while it pins, at `end − height` once pushed, and
    /// not at all below `t` once `t` passes `end`. A binary search on `t` over thin queries at
    /// `t` either lands while it is pushed (which gives `end` exactly) or brackets `end` to
    /// within a millionth of a pixel. O(log(H / h)) queries.
    static func pinEnd(of e: LayoutElement, in result: any LayoutResult) throws -> Double? {
        let rest = e.frame
        guard rest.width > 0, rest.height > 0 else { return nil }
        func drawnY(top: Double) throws -> Double? {
            let probe = Rect(x: rest.x, y: top, width: rest.width, height: rest.height)
            return try result.elements(in: probe, scroll: ScrollState(contentOffset: Point(x: 0, y: top)))
                .first { $0.category == e.category && $0.kind == e.kind && $0.section == e.section && $0.index == e.index
                         && $0.pinned && $0.frame.x == rest.x && $0.frame.size == rest.size }?.frame.y
        }
        var low = rest.minY, high = max(result.contentSize.height, rest.maxY)
        if let y = try drawnY(top: high), y >= high { return high + rest.height }   // never pushed within the content
        for _ in 0..<80 {
            let mid = (low + high) / 2
            guard let y = try drawnY(top: mid) else { high = mid; continue }
            if y < mid { return y + rest.height }   // pushed: y = end − height
            low = mid
            if high - low <= 1e-6 * max(1, abs(high)) { break }
        }
        return low + rest.height
    }
}
