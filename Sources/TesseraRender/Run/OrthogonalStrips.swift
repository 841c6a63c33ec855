import TesseraCore

/// The content of orthogonal sections (shelves that scroll on the cross axis) around their
/// scrollers, for pictures that show a shelf running on beyond what its scroller shows.
///
/// A result's element query shows such a section only through its scroller. What lies one
/// scroller length further along is what the scroller would show scrolled one length further,
/// moved back by that length: so the strip is swept page by page with the same query, each page
/// shifted into place, and elements cut by a page edge (found twice) kept once. Every page is one
/// indexed query: O(pages · (log n + k)).
struct OrthogonalStrips {
    struct Strip {
        var scroller: OrthogonalSection
        /// The section's offset in the scroll state.
        var offset: Point
        /// Scroller lengths in x and y that one page moves: one of them is zero.
        var page: Point
    }

    let result: any LayoutResult
    let scroll: ScrollState
    let strips: [Strip]

    init(result: any LayoutResult, scroll: ScrollState) {
        self.result = result
        self.scroll = scroll
        strips = result.orthogonalSections.map { o in
            // Sections scroll sideways unless their content only overflows vertically.
            let vertical = o.contentSize.height > o.frame.height && o.contentSize.width <= o.frame.width
            return Strip(scroller: o, offset: scroll.offset(ofSection: o.section),
                         page: vertical ? Point(x: 0, y: o.frame.height) : Point(x: o.frame.width, y: 0))
        }
    }

    /// The elements of `strip` (its items and their badges) drawn `pages` scroller lengths beyond
    /// the scroller (negative: before it), at their drawn frames.
    func elements(of strip: Strip, pages: Int) throws -> [LayoutElement] {
        let d = Point(x: Double(pages) * strip.page.x, y: Double(pages) * strip.page.y)
        guard d.x.isFinite, d.y.isFinite, strip.page.x + strip.page.y > 0 else { return [] }
        var shifted = scroll
        shifted.sectionOffsets[strip.scroller.section] = Point(x: strip.offset.x + d.x, y: strip.offset.y + d.y)
        return try result.elements(in: strip.scroller.frame, scroll: shifted).compactMap { e in
            guard e.section == strip.scroller.section, !e.isGlobal, e.category == .item || e.index != nil else { return nil }
            var moved = e
            moved.frame = e.frame.offsetBy(dx: d.x, dy: d.y)
            return moved
        }
    }

    /// Whether `strip` has content one scroller length beyond (`pages` = 1) or before (−1) it.
    func hasContent(_ strip: Strip, pages: Int) throws -> Bool { try !elements(of: strip, pages: pages).isEmpty }

    /// The elements of `strip` outside its scroller and inside `rect`, each once, in drawing order.
    func beyond(_ strip: Strip, in rect: Rect) throws -> [LayoutElement] {
        let f = strip.scroller.frame
        let length = strip.page.x + strip.page.y
        guard length > 0 else { return [] }
        // Pages needed to cover `rect` on either side of the scroller.
        let before = strip.page.x > 0 ? f.minX - rect.minX : f.minY - rect.minY
        let after = strip.page.x > 0 ? rect.maxX - f.maxX : rect.maxY - f.maxY
        let first = -Int(clamping: before / length, rounding: .up, into: 0...64)
        let last = Int(clamping: after / length, rounding: .up, into: 0...64)
        var seen = Set<ElementKey>()
        var found: [LayoutElement] = []
        for k in first...last {
            for e in try elements(of: strip, pages: k) where e.frame.overlapsWithPositiveArea(rect) {
                // Entirely inside the scroller: drawn there already.
                if f.encloses(e.frame) { continue }
                if seen.insert(ElementKey(e)).inserted { found.append(e) }
            }
        }
        return LayoutElement.inDrawingOrder(found)
    }

    private struct ElementKey: Hashable {
        var category: ElementCategory, kind: String, index: Int?, frame: Rect
        init(_ e: LayoutElement) { category = e.category; kind = e.kind; index = e.index; frame = e.frame }
    }
}
