import TesseraCore

/// The supplementaries and decorations of a result as the HTML page needs them: each element at
/// rest and, for a pinned one, its limit as the result gives it (`LayoutResult.pinLimits`), so
/// that the page's script can place it for any offset with the model's rule. A top-pinned
/// element's limit is the y its bottom may not pass: drawn minY = `max(rest.minY, min(top, limit
/// − height))`. A bottom-pinned one's is the y its top may not pass: drawn minY = `min(rest.minY,
/// max(bottom − height, limit))`. x unchanged. Left and right pins (a transposed layout's) are
/// the same in x.
struct PictureElements {
    struct Element {
        var element: LayoutElement
        /// For a pinned element, its limit (see above); nil otherwise.
        var pinLimit: Double?
    }

    var elements: [Element]
    /// Items that pin along with a top- or left-pinned element anchored to them (a sticky item
    /// and its header), with that element's limit and edge.
    var pinnedItems: [(index: Int, end: Double, edge: LayoutElement.PinEdge)] = []

    /// Pinned elements beyond this many draw at rest on the page (the SVG is always exact).
    static let pinnedLimit = 10_000

    /// - Complexity: O(e) plus, per top-pinned element anchored to an item, two queries of its frame.
    init(result: any LayoutResult) throws {
        var pinnedSeen = 0
        let limits = result.pinLimits
        elements = result.elements.enumerated().map { k, e in
            guard e.pinned, pinnedSeen < Self.pinnedLimit, k < limits.count, let limit = limits[k] else {
                return Element(element: e, pinLimit: nil)
            }
            pinnedSeen += 1
            return Element(element: e, pinLimit: limit)
        }
        for entry in elements where entry.element.pinEdge.sticksToStart {
            guard let end = entry.pinLimit, let i = entry.element.index, i >= 0, i < result.count else { continue }
            let rest = try result.frame(at: i), edge = entry.element.pinEdge
            // The item pins too when it moves with the element scrolled just past its rest.
            let past = edge == .top ? rest.minY + min(1, rest.height / 2) : rest.minX + min(1, rest.width / 2)
            guard rest == entry.element.frame else { continue }
            let moved = try result.frame(at: i, scroll: ScrollState(contentOffset: edge == .top ? Point(x: 0, y: past) : Point(x: past, y: 0)))
            guard (edge == .top ? moved.minY : moved.minX) == past else { continue }
            pinnedItems.append((i, end, edge))
        }
    }
}
