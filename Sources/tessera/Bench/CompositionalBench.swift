@_spi(Testing) import TesseraCore

/// `tessera bench compositional`: the App Store screen's section kinds (layouts/appstore.lua) repeated to
/// 100k items in 2,000 sections of 50, half of them orthogonal shelves, every section titled by a
/// pinned header and the list sections on a background:
///
/// - layout plus index (`CompositionalLayout.layout`, the spatial index over items, headers and
///   backgrounds included) against the native flow layout of the same items in the same run
///   (target: at most 3× the flow layout, so `ratio` at least 0.33);
/// - the element query (`elements(in:scroll:)`: items, pinned headers at their pinned place,
///   shelves scrolled to random section offsets and clipped to their scrollers) against a linear
///   scan that draws every item and element for the same scroll state and keeps those that
///   overlap (target: at least 1000× faster), on the same kinds repeated to 1M items.
enum CompositionalBench: BenchSuite {
    static let name = "compositional"
    static let sections = 2_000
    static let itemsPerSection = 50
    static let viewport = Size(width: 375, height: 812)

    typealias C = Compositional

    static func run(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        let quick = size.quick, sections = size.count(Self.sections, smoke: 20)
        let n = sections * itemsPerSection
        let context = LayoutContext(dataset: dataset(sections: sections), collectionSize: viewport)
        let layout = appStoreLayout()
        let flow = FlowLayout(spacing: 4)
        let repeats = quick ? 5 : 15
        var laidOut: (any LayoutResult)?
        let (compositionalMs, flowMs) = VisibleBench.alternatingMedians(repeats: repeats, {
            laidOut = try? layout.layout(context)
        }, {
            blackHole(try? flow.layout(context))
        })
        guard let result = laidOut else { throw CLIError("bench compositional: the App Store layout failed") }
        report(BenchResult(suite: name, name: "App Store kinds: layout+index", n: n, median: compositionalMs,
                           baseline: "flow layout+index, same items", baselineMedian: flowMs,
                           notes: ["ns_per_item": compositionalMs * 1e6 / Double(n), "elements": Double(result.elements.count),
                                   "orthogonal_sections": Double(result.orthogonalSections.count)]))
        laidOut = nil
        // The query runs on ten times as many sections (1M items), as the visible-index query
        // does: a scan's cost grows with n, the query's with log n.
        let big = try appStoreLayout().layout(LayoutContext(dataset: dataset(sections: 10 * sections), collectionSize: viewport))
        try measureQuery(big, queries: size.count(quick ? 1_000 : 2_000, smoke: 50), quick: quick, report: report)
    }

    /// Items of assorted sizes (for the flow layout) in `sections` sections of 50.
    static func dataset(sections: Int = sections) -> Dataset {
        var random = BenchRandom(seed: 4242)
        var data = Dataset.synthetic(count: sections * itemsPerSection) { _ in
            let r = random.unit()
            return Size(width: 60 + r * 240, height: 50 + r * 250)
        }
        data.sections = (0..<sections).map {
            Dataset.Section(id: .int($0), range: ($0 * itemsPerSection)..<(($0 + 1) * itemsPerSection))
        }
        return data
    }

    /// Even sections are shelves (featured, small, medium apps: groupPagingCentered), odd ones
    /// lists (categories on a background, updated apps); each has a 50-point pinned title.
    static func appStoreLayout() -> CompositionalLayout {
        let fill = C.Subitem.item(C.Item(size: C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1))))
        let title = C.BoundaryItem(kind: "header", size: C.LayoutSize(width: .fractionalWidth(1), height: .absolute(50)),
                               alignment: .top, pinned: true)
        func shelf(height: Double, stacked: Int?) -> C.Section {
            let size = C.LayoutSize(width: .fractionalWidth(0.92), height: .fractionalHeight(height))
            let group: C.Group = stacked.map { .vertical(size, [fill], count: $0) } ?? .horizontal(size, [fill])
            return C.Section(group: group, boundaryItems: [title], orthogonalScrolling: .groupPagingCentered)
        }
        func list(rowHeight: Double, background: Bool) -> C.Section {
            C.Section(group: .horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(rowHeight)), [fill]),
                      boundaryItems: [title], decorations: background ? [C.Decoration(kind: "background")] : [])
        }
        let shelves = [shelf(height: 0.4, stacked: nil), shelf(height: 0.3, stacked: 3), shelf(height: 0.3, stacked: 2)]
        let lists = [list(rowHeight: 50, background: true), list(rowHeight: 148, background: false)]
        return CompositionalLayout { index, _, _ in
            index % 2 == 0 ? shelves[(index / 2) % shelves.count] : lists[(index / 2) % lists.count]
        }
    }

    /// The element query at random vertical offsets, every shelf scrolled to a random offset.
    /// `count` queries in a timed batch.
    static func measureQuery(_ result: any LayoutResult, queries count: Int, quick: Bool, report: (BenchResult) -> Void) throws {
        var random = SplitMix64(seed: 2024)
        // Eight sets of shelf offsets (every shelf scrolled somewhere), shared by the queries.
        let offsetSets = (0..<8).map { _ in
            Dictionary(uniqueKeysWithValues: result.orthogonalSections.map {
                ($0.section, Point(x: random.unit() * max(0, $0.contentSize.width - viewport.width), y: 0))
            })
        }
        let queries = (0..<2_000).map { k -> (Rect, ScrollState) in
            let rect = Rect(origin: Point(x: 0, y: random.unit() * (result.contentSize.height - viewport.height)), size: viewport)
            return (rect, ScrollState(showing: rect, sectionOffsets: offsetSets[k % offsetSets.count]))
        }
        let scan = try LinearElementScan(result)
        // Never report a fast wrong answer: the same elements, frames and drawing order.
        for (rect, scroll) in queries.prefix(20) where try result.elements(in: rect, scroll: scroll) != scan.elements(in: rect, scroll: scroll) {
            throw CLIError("bench compositional: the element query disagrees with the linear scan at \(rect)")
        }
        let batch = Array(queries.prefix(count))
        let scans = Array(queries.prefix(quick ? 5 : 20))
        var hits = 0
        let (perBatch, perScanBatch) = try VisibleBench.alternatingMedians(repeats: quick ? 7 : 21, {
            hits = 0
            for (rect, scroll) in batch { hits += try result.elements(in: rect, scroll: scroll).count }
        }, {
            for (rect, scroll) in scans { blackHole(scan.elements(in: rect, scroll: scroll)) }
        })
        let perQuery = perBatch / Double(batch.count)
        let hitsPerQuery = Double(hits) / Double(batch.count)
        report(BenchResult(suite: name, name: "element query, pinned headers + shelf offsets", n: result.count,
                           median: perQuery, baseline: "linear scan of drawn elements", baselineMedian: perScanBatch / Double(scans.count),
                           notes: ["query_us": perQuery * 1000, "hits_per_query": hitsPerQuery,
                                   "ns_per_hit": hitsPerQuery > 0 ? perQuery * 1e6 / hitsPerQuery : 0]))
    }
}

/// The element query done the plain way: every item and element drawn for the scroll state (a
/// shelf's items moved by its offset and clipped to its scroller, pinned headers at their pinned
/// place), kept when it overlaps the rectangle, then put in drawing order. What a result keeps
/// precomputed (section ranges, scroller frames, each pinned element's limit) is precomputed
/// here too, so the scan is a tight loop over frames, section by section.
struct LinearElementScan {
    let result: any LayoutResult
    let frames: [Rect]
    let zIndices: [Int]
    let sectionRanges: [Range<Int>]
    /// Scroller frame by section, nil for sections that do not scroll.
    let scrollers: [Rect?]
    let elements: [LayoutElement]
    /// Per element: the section's end (top pins) or start (bottom pins).
    let pinLimits: [Double]

    init(_ result: any LayoutResult) throws {
        self.result = result
        frames = try result.allFrames
        zIndices = try (0..<result.count).map { try result.zIndex(ofItem: $0) }
        var ranges: [Range<Int>] = []
        for i in 0..<result.count {
            let s = try result.section(ofItem: i)
            while ranges.count <= s { ranges.append(i..<i) }
            ranges[s] = ranges[s].lowerBound..<(i + 1)
        }
        sectionRanges = ranges
        var scrollers = [Rect?](repeating: nil, count: ranges.count)
        for o in result.orthogonalSections { scrollers[o.section] = o.frame }
        self.scrollers = scrollers
        elements = result.elements
        var ends = [Double](repeating: -.infinity, count: ranges.count), starts = [Double](repeating: .infinity, count: ranges.count)
        for (s, range) in ranges.enumerated() {
            for i in range {
                ends[s] = max(ends[s], scrollers[s]?.maxY ?? frames[i].maxY); starts[s] = min(starts[s], scrollers[s]?.minY ?? frames[i].minY)
            }
        }
        for e in elements where !e.pinned && !e.isGlobal {
            ends[e.section] = max(ends[e.section], e.frame.maxY); starts[e.section] = min(starts[e.section], e.frame.minY)
        }
        pinLimits = elements.map { e in
            e.pinEdge == .top ? max(ends[e.section], e.frame.maxY) : min(starts[e.section], e.frame.minY)
        }
    }

    /// `frame` moved by `offset` when it shows through `scroller` inside `rect`, else nil.
    @inline(__always)
    private func shown(_ frame: Rect, _ rect: Rect, scroller: Rect?, offset: Point) -> Rect? {
        guard let scroller else { return frame.overlapsWithPositiveArea(rect) ? frame : nil }
        let drawn = frame.offsetBy(dx: -offset.x, dy: -offset.y)
        let x0 = max(drawn.minX, rect.minX, scroller.minX), x1 = min(drawn.maxX, rect.maxX, scroller.maxX)
        let y0 = max(drawn.minY, rect.minY, scroller.minY), y1 = min(drawn.maxY, rect.maxY, scroller.maxY)
        return x0 < x1 && y0 < y1 ? drawn : nil
    }

    func elements(in rect: Rect, scroll: ScrollState) -> [LayoutElement] {
        var found: [LayoutElement] = []
        for (s, range) in sectionRanges.enumerated() {
            let scroller = scrollers[s], offset = scroller == nil ? .zero : scroll.offset(ofSection: s)
            for i in range {
                if let f = shown(frames[i], rect, scroller: scroller, offset: offset) {
                    found.append(.item(i, section: s, frame: f, zIndex: zIndices[i]))
                }
            }
        }
        let bottom = scroll.contentOffset.y + (scroll.viewportSize?.height ?? .infinity)
        for (k, e) in elements.enumerated() {
            var frame = e.frame
            if e.pinned {
                frame.y = e.pinEdge == .top
                    ? max(e.frame.minY, min(scroll.contentOffset.y, pinLimits[k] - e.frame.height))
                    : min(e.frame.minY, max(bottom - e.frame.height, pinLimits[k]))
            }
            let scroller = e.index == nil ? nil : scrollers[e.section]
            if let f = shown(frame, rect, scroller: scroller, offset: scroller == nil ? .zero : scroll.offset(ofSection: e.section)) {
                var drawn = e
                drawn.frame = f
                found.append(drawn)
            }
        }
        return LayoutElement.inDrawingOrder(found)
    }
}
