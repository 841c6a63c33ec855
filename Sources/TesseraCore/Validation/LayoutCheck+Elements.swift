// The checks of headers, footers and pinned elements: a header that covers cards at rest, and
// pinned headers that stack on one another while scrolling (a script's groups pinned to one
// dataset section), are what a picture at one offset does not show.

extension LayoutCheck {
    /// The kinds of warning, as `tessera check --fail-on` names them.
    public enum Kind: String, CaseIterable, Sendable {
        /// Two items share a positive area.
        case overlap
        /// An item lies outside the content bounds (or its shelf's content).
        case outside
        /// An analytic script's `visible` missed items its frames put in a rectangle.
        case visible
        /// A header or footer covers items at rest.
        case covered
        /// Two pinned elements are drawn over each other at some scroll offset.
        case pinned
        /// Dataset items have a field one edit from a size field (`wdth`), so their size falls back.
        case field

        /// How the summary counts warnings of this kind: "2 overlapping pairs".
        func counted(_ n: Int) -> String {
            let n = NumberText.grouped(n)
            switch self {
            case .overlap: return n == "1" ? "1 overlapping pair" : "\(n) overlapping pairs"
            case .outside: return n == "1" ? "1 item outside" : "\(n) items outside"
            case .visible: return n == "1" ? "1 visible miss" : "\(n) visible misses"
            case .covered: return n == "1" ? "1 header covering items" : "\(n) headers covering items"
            case .pinned: return n == "1" ? "1 pair of pinned elements overlapping" : "\(n) pairs of pinned elements overlapping"
            case .field: return n == "1" ? "1 misspelt size field" : "\(n) misspelt size fields"
            }
        }
    }

    /// How many warnings of `kind` were found (overlaps stop at `overlapLimit`).
    public func count(of kind: Kind) -> Int {
        switch kind {
        case .overlap: return overlaps.count
        case .outside: return outside.count
        case .visible: return missedByVisible.count
        case .covered: return covered.count
        case .pinned: return pinnedOverlaps.count
        case .field: return misspeltSizeFields.count
        }
    }

    /// "649 overlapping pairs, 2 items outside": the kinds found, in `Kind` order.
    public var summary: String {
        Kind.allCases.compactMap { kind in
            let n = count(of: kind)
            guard n > 0 else { return nil }
            return kind.counted(n) + (kind == .overlap && overlapsTruncated ? "+" : "")
        }.joined(separator: ", ")
    }

    /// The lines of `warnings(limit:)` about headers, footers and pinned elements.
    public func elementWarnings(limit: Int) -> [String] {
        var lines: [String] = []
        for (k, items) in covered.prefix(limit) {
            let list = items.prefix(5).map(name).joined(separator: ", ") + (items.count > 5 ? ", ..." : "")
            lines.append("\(Self.describe(elements[k])) covers \(items.count == 1 ? "item" : NumberText.counted(items.count, "item")) at rest: \(list)")
        }
        if covered.count > limit { lines.append("... \(NumberText.grouped(covered.count - limit)) more headers covering items") }
        for (a, b, at) in pinnedOverlaps.prefix(limit) {
            let edge = elements[a].pinEdge
            lines.append("pinned \(Self.describe(elements[a])) and \(Self.describe(elements[b])) overlap when the visible \(edge.rawValue) is at \(edge.isAlongX ? "x" : "y") = \(at.compact)")
        }
        if pinnedOverlaps.count > limit { lines.append("... \(NumberText.grouped(pinnedOverlaps.count - limit)) more pairs of pinned elements overlapping") }
        return lines
    }

    /// `header of section 2 at (0, 400, 375, 44)`: sections 0-based, as the JSON output and every
    /// command's messages count them (the warnings name items by their 0-based index too).
    static func describe(_ e: LayoutElement) -> String {
        let owner = e.isGlobal ? "of the layout" : "of section \(e.section)"
        let label = e.label.map { " \(messageQuoted($0))" } ?? ""
        return "\(e.kind)\(label) \(owner) at \(e.frame.compact)"
    }

    /// Headers and footers (section-level supplementaries) whose resting frame shares a
    /// positive area with items, more than rounding (`sharesMoreThanRounding`, which needs a
    /// positive length shared on each axis). O(m (log n + k)).
    static func coveredItems(_ elements: [LayoutElement], index: SpatialIndex, frames: [Rect]) -> [(element: Int, items: [Int])] {
        var found: [(element: Int, items: [Int])] = []
        for (k, e) in elements.enumerated() where e.category == .supplementary && e.index == nil
            && e.frame.width > 0 && e.frame.height > 0 {
            let items = index.query(e.frame).filter { sharesMoreThanRounding(frames[$0], e.frame) }.sorted()
            if !items.isEmpty { found.append((k, items)) }
        }
        return found
    }

    /// Pinned elements (same edge, positive area) drawn over each other at some offset. Each is
    /// drawn at y = clamp(s + c, low, high) for the offset s (the visible top for top pins, the
    /// visible bottom for bottom pins), so the difference of two is linear between their four
    /// bends: checking the bends and the segments between them is exact. Candidate pairs are
    /// those whose sweeps (every place each can be drawn) meet. Left and right pins are checked
    /// the same way with their frames transposed. O(p log p) for p pinned elements.
    static func pinnedOverlaps(_ elements: [LayoutElement], in result: any LayoutResult) throws -> [(Int, Int, at: Double)] {
        struct Pin { var k: Int; var frame: Rect; var edge: LayoutElement.PinEdge; var c, low, high: Double }
        var pins: [Pin] = []
        let limits = result.pinLimits
        for (k, e) in elements.enumerated() where e.pinned && e.frame.width > 0 && e.frame.height > 0 {
            guard k < limits.count, let limit = limits[k] else { continue }
            let r = e.pinEdge.isAlongX ? e.frame.transposed : e.frame
            pins.append(e.pinEdge.sticksToStart
                ? Pin(k: k, frame: r, edge: e.pinEdge, c: 0, low: r.minY, high: max(r.minY, limit - r.height))
                : Pin(k: k, frame: r, edge: e.pinEdge, c: -r.height, low: min(limit, r.minY), high: r.minY))
        }
        guard pins.count > 1 else { return [] }
        let sweeps = pins.map { Rect(x: $0.frame.x, y: $0.low, width: $0.frame.width, height: $0.high - $0.low + $0.frame.height) }
        let index = SpatialIndex(frames: sweeps)
        var found: [(Int, Int, at: Double)] = []
        for (p, a) in pins.enumerated() {
            for q in index.query(sweeps[p]) where q > p {
                let b = pins[q]
                guard a.edge == b.edge, a.frame.minX < b.frame.maxX, b.frame.minX < a.frame.maxX else { continue }
                if let at = overlapOffset(a.c, a.low, a.high, a.frame.height, b.c, b.low, b.high, b.frame.height) {
                    found.append((min(a.k, b.k), max(a.k, b.k), at))
                }
            }
        }
        return found.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    }

    /// An offset s at which y_a(s) = clamp(s + ca, la, ha) and y_b likewise put the two spans
    /// [y, y + h) over each other, or nil when they never meet.
    static func overlapOffset(_ ca: Double, _ la: Double, _ ha: Double, _ hA: Double,
                              _ cb: Double, _ lb: Double, _ hb: Double, _ hB: Double) -> Double? {
        func d(_ s: Double) -> Double { min(max(s + ca, la), ha) - min(max(s + cb, lb), hb) }
        // Overlap while -hA < d < hB.
        func inside(_ v: Double) -> Bool { v > -hA && v < hB }
        let bends = [la - ca, ha - ca, lb - cb, hb - cb].sorted()
        for s in bends where inside(d(s)) { return s }
        for (s0, s1) in zip(bends, bends.dropFirst()) where s1 > s0 {
            let d0 = d(s0), d1 = d(s1)
            guard (d0 <= -hA && d1 >= hB) || (d0 >= hB && d1 <= -hA) else { continue }
            let middle = (hB - hA) / 2
            return s0 + (s1 - s0) * (middle - d0) / (d1 - d0)
        }
        return nil
    }
}
