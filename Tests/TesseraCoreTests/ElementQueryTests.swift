import Testing
@_spi(Testing) @testable import TesseraCore

/// A layout that returns a result made beforehand (to wrap it in decorators).
struct FixedLayout: Layout {
    let result: any LayoutResult
    func layout(_ context: LayoutContext) throws -> AnyLayoutResult { AnyLayoutResult(result) }
}

@Suite struct ElementQueryTests {
    /// Two sections of three 100-tall rows under a 44-point pinned header, on a background.
    func list() throws -> FramesResult {
        let frames = (0..<6).map { i in r(0, Double(i / 3) * 400 + 44 + Double(i % 3) * 100, 375, 100) }
        return try FramesResult(frames: frames, elements: [
            .supplementary("header", section: 0, frame: r(0, 0, 375, 44), pinned: true),
            .decoration("background", section: 0, frame: r(0, 0, 375, 344), zIndex: -1),
            .supplementary("header", section: 1, frame: r(0, 400, 375, 44), pinned: true),
            .supplementary("footer", section: 1, frame: r(0, 744, 375, 30)),
        ], sections: [0..<3, 3..<6])
    }

    @Test func elementsComeInDrawingOrderWithTheHeaderPinned() throws {
        let result = try list()
        let at = ScrollState(contentOffset: Point(x: 0, y: 120))
        #expect(result.elements(in: r(0, 120, 375, 200), scroll: at) == [
            .decoration("background", section: 0, frame: r(0, 0, 375, 344), zIndex: -1),
            .item(0, section: 0, frame: r(0, 44, 375, 100)),
            .item(1, section: 0, frame: r(0, 144, 375, 100)),
            .item(2, section: 0, frame: r(0, 244, 375, 100)),
            .supplementary("header", section: 0, frame: r(0, 120, 375, 44), pinned: true),
        ])
        #expect(result.contentSize == s(375, 774))
        #expect(result.supplementaries.count == 3 && result.decorations.count == 1)
        #expect(try result.section(ofItem: 2) == 0 && result.section(ofItem: 3) == 1)
    }

    @Test func theSectionEndPushesThePinnedHeaderUp() throws {
        let result = try list()
        // Section 0 ends at 344 (items and background): the header's bottom stops there.
        let headers = { (y: Double) in
            result.elements(in: r(0, y, 375, 200), scroll: ScrollState(contentOffset: Point(x: 0, y: y)))
                .filter { $0.kind == "header" }.map(\.frame)
        }
        #expect(headers(320) == [r(0, 300, 375, 44), r(0, 400, 375, 44)])
        #expect(headers(500) == [r(0, 500, 375, 44)])
        // The last section ends with its footer (774): its header leaves with it.
        #expect(headers(760) == [r(0, 730, 375, 44)])
        // Not pinned above its resting place.
        #expect(headers(-50) == [r(0, 0, 375, 44)])
        // The query rectangle and the visible area's top are independent.
        #expect(result.elements(in: r(0, 0, 375, 50), scroll: ScrollState(contentOffset: Point(x: 0, y: 200)))
            .map(\.kind) == ["background", ""])
    }

    @Test func orthogonalSectionsShiftAndClipTheirItems() throws {
        // Section 1 is a 100-tall row scrolling sideways: five 150-wide items in a 375-wide scroller.
        let frames = [r(0, 0, 375, 50)] + (0..<5).map { r(Double($0) * 160, 60, 150, 100) }
        let result = try FramesResult(frames: frames, elements: [
            .supplementary("badge", section: 1, index: 4, frame: r(620, 55, 20, 20)),
            .supplementary("header", section: 1, frame: r(0, 50, 375, 10)),
        ], sections: [0..<1, 1..<6], orthogonal: [OrthogonalSection(section: 1, frame: r(0, 60, 375, 100), contentSize: s(790, 100))])
        #expect(result.contentSize == s(375, 160))
        // At rest the scroller shows items 1..3 (3 is cut by the scroller's edge); item 4 is hidden.
        #expect(result.visible(in: r(0, 0, 1000, 1000)) == [0, 1, 2, 3])
        let scrolled = ScrollState(contentOffset: .zero, sectionOffsets: [1: Point(x: 320, y: 0)])
        let drawn = result.elements(in: r(0, 0, 375, 812), scroll: scrolled)
        #expect(drawn == [
            .item(0, section: 0, frame: r(0, 0, 375, 50)),
            .item(3, section: 1, frame: r(0, 60, 150, 100)),
            .item(4, section: 1, frame: r(160, 60, 150, 100)),
            .item(5, section: 1, frame: r(320, 60, 150, 100)),
            .supplementary("header", section: 1, frame: r(0, 50, 375, 10)),
            .supplementary("badge", section: 1, index: 4, frame: r(300, 55, 20, 20)),
        ])
        #expect(try result.frame(at: 4, scroll: scrolled) == r(160, 60, 150, 100))
        #expect(try result.visible(in: r(0, 0, 375, 812), scroll: scrolled) == [0, 3, 4, 5])
        // Only the part inside the scroller counts: item 5 shows 55 points, item 3 none past x 150.
        #expect(try result.visible(in: r(376, 0, 100, 812), scroll: scrolled) == [])
        #expect(try result.visible(in: r(150, 60, 10, 100), scroll: scrolled) == [])
    }

    @Test func invalidElementsAreErrors() {
        #expect(throws: LayoutError("the layout's supplementary 0 (kind 'header') is in section 2; expected a section in 0..<1")) {
            try FramesResult(frames: [r(0, 0, 1, 1)], elements: [.supplementary("header", section: 2, frame: r(0, 0, 1, 1))])
        }
        #expect(throws: LayoutError("the layout's decoration 0 (kind 'bg') has an invalid frame (0, 0, -1, 1); expected finite numbers and a non-negative size")) {
            try FramesResult(frames: [], elements: [.decoration("bg", section: 0, frame: r(0, 0, -1, 1))])
        }
        #expect(throws: LayoutError("the layout's supplementary 0 (kind 'badge') is anchored to item 1, which is not in its section 0 (items 0..<1)")) {
            try FramesResult(frames: [r(0, 0, 1, 1), r(0, 0, 1, 1)], elements: [.supplementary("badge", section: 0, index: 1, frame: r(0, 0, 1, 1))],
                             sections: [0..<1, 1..<2])
        }
    }

    @Test func stickyHeadersArePinnedSupplementariesToo() throws {
        let sizes = [s(1, 50), s(1, 200), s(1, 50), s(1, 200)]
        let result = try PinnedLayout(WaterfallLayout(columns: 1)).layout(fixedContext(sizes, in: s(100, 100)))
        #expect(result.supplementaries == [
            .supplementary("header", section: 0, index: 0, frame: r(0, 0, 100, 50), pinned: true),
            .supplementary("header", section: 0, index: 2, frame: r(0, 250, 100, 50), pinned: true),
        ])
        #expect(try result.elements(in: r(0, 220, 100, 100), scroll: ScrollState(contentOffset: Point(x: 0, y: 220))) == [
            .item(0, section: 0, frame: r(0, 200, 100, 50)),
            .item(1, section: 0, frame: r(0, 50, 100, 200)),
            .item(2, section: 0, frame: r(0, 250, 100, 50)),
            .item(3, section: 0, frame: r(0, 300, 100, 200)),
            .supplementary("header", section: 0, index: 0, frame: r(0, 200, 100, 50), pinned: true),
            .supplementary("header", section: 0, index: 2, frame: r(0, 250, 100, 50), pinned: true),
        ])
    }

    /// Over a simple layout (one section in its result) a pinned header takes its item's section
    /// in the context, as the items do in the output; the item pinned with it too.
    @Test func aStickyHeaderOverASimpleLayoutIsInItsItemsSection() throws {
        let sizes = [s(1, 50), s(1, 200), s(1, 50), s(1, 200)]
        let context = LayoutContext(collectionSize: s(100, 100), count: 4,
                                    sections: [.init(id: .string("a"), range: 0..<2), .init(id: .string("b"), range: 2..<4)],
                                    item: { _ in nil }, size: { i, _ in sizes[i] })
        let result = try PinnedLayout(WaterfallLayout(columns: 1)).layout(context)
        #expect(result.supplementaries == [
            .supplementary("header", section: 0, index: 0, frame: r(0, 0, 100, 50), pinned: true),
            .supplementary("header", section: 1, index: 2, frame: r(0, 250, 100, 50), pinned: true),
        ])
        let shown = try result.elements(in: r(0, 260, 100, 100), scroll: ScrollState(contentOffset: Point(x: 0, y: 260)))
        #expect(shown.filter { $0.index == 2 } == [
            .item(2, section: 1, frame: r(0, 260, 100, 50)),
            .supplementary("header", section: 1, index: 2, frame: r(0, 260, 100, 50), pinned: true),
        ])
    }

    /// Each pinned element's limit comes from the result, through every decorator: a section's
    /// end for a top pin, its start for a bottom pin, the next sticky item for a sticky header,
    /// moved by an inset, kept by a mirror; through a transpose the pins turn sideways (top to
    /// left, bottom to right) with their limits as x, which an inset then moves by its left and
    /// a mirror reflects (left to right, x to width − x).
    @Test func pinLimitsComeFromTheResultThroughDecorators() throws {
        let base = try FramesResult(frames: [r(0, 0, 100, 50), r(0, 60, 100, 50), r(0, 120, 100, 50)], elements: [
            .supplementary("header", section: 0, frame: r(0, 0, 100, 20), pinned: true),
            .decoration("bg", section: 0, frame: r(0, 0, 100, 110)),
            .supplementary("footer", section: 1, frame: r(0, 150, 100, 20), pinned: true, pinEdge: .bottom),
        ], sections: [0..<2, 2..<3])
        #expect(base.pinLimits == [110, nil, 120])
        let context = fillContext(count: base.count, in: s(100, 100))
        let inset = try InsetLayout(FixedLayout(result: base), insets: EdgeInsets(top: 7, left: 3, bottom: 0, right: 0)).layout(context)
        #expect(inset.pinLimits == [117, nil, 127])
        #expect(try MirroredLayout(FixedLayout(result: base)).layout(context).pinLimits == [110, nil, 120])
        let transposed = try TransposeLayout(FixedLayout(result: base)).layout(context)
        #expect(transposed.pinLimits == [110, nil, 120])
        #expect(transposed.elements.filter(\.pinned).map(\.pinEdge) == [.left, .right])
        let moved = try InsetLayout(TransposeLayout(FixedLayout(result: base)), insets: EdgeInsets(top: 7, left: 3, bottom: 0, right: 0))
            .layout(context)
        #expect(moved.pinLimits == [113, nil, 123])
        let mirrored = try MirroredLayout(TransposeLayout(FixedLayout(result: base))).layout(context)
        #expect(mirrored.pinLimits == [-10, nil, -20])
        #expect(mirrored.elements.filter(\.pinned).map(\.pinEdge) == [.right, .left])
        // The header sticks to the visible left until its section's end (x 110) pushes it.
        let headerX = { (x: Double) in transposed.drawnElements(scroll: ScrollState(contentOffset: Point(x: x, y: 0))).first!.frame.x }
        #expect([0, 50, 90, 100].map(headerX) == [0, 50, 90, 90])
        // Each drawn where its limit and edge put it, as the result itself draws it.
        for result in [transposed, moved, mirrored] as [any LayoutResult] {
            for x in stride(from: -40.0, through: 200, by: 10) {
                let scroll = ScrollState(contentOffset: Point(x: x, y: 0), viewportSize: s(60, 100))
                let drawn = try result.elements(in: Rect(x: -1000, y: -1000, width: 3000, height: 3000), scroll: scroll)
                    .filter { $0.category != .item }.map(\.frame).sorted(by: Self.inReadingOrder)
                #expect(drawn == result.drawnElements(scroll: scroll).map(\.frame).sorted(by: Self.inReadingOrder), "at x = \(x)")
            }
        }
        let sticky = try PinnedLayout(WaterfallLayout(columns: 1)).layout(fixedContext([s(1, 50), s(1, 200), s(1, 50), s(1, 200)], in: s(100, 100)))
        #expect(sticky.pinLimits == [250, 500])
    }

    static func inReadingOrder(_ a: Rect, _ b: Rect) -> Bool { (a.x, a.y, a.width, a.height) < (b.x, b.y, b.width, b.height) }

    // MARK: property test

    /// A random result: sections of random frames, some scrolling sideways, with random
    /// supplementaries and decorations (some pinned, some anchored to items).
    static func randomResult(_ g: inout SplitMix64) throws -> FramesResult {
        func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * g.unit() }
        func int(_ n: Int) -> Int { g.below(n) }
        func rect() -> Rect {
            Rect(x: uniform(-20, 400), y: uniform(-20, 1500), width: int(8) == 0 ? 0 : uniform(0, 120),
                 height: int(8) == 0 ? 0 : uniform(0, 120))
        }
        let sectionSizes = (0..<(1 + int(5))).map { _ in int(4) == 0 ? 0 : int(25) }
        var ranges: [Range<Int>] = [], n = 0
        for size in sectionSizes { ranges.append(n..<(n + size)); n += size }
        let orthogonal = ranges.indices.filter { _ in int(3) == 0 }.map {
            OrthogonalSection(section: $0, frame: Rect(x: uniform(0, 50), y: uniform(0, 1400), width: uniform(0, 375), height: uniform(0, 200)),
                              contentSize: s(uniform(0, 900), uniform(0, 200)))
        }
        var frames = (0..<n).map { _ in rect() }
        for o in orthogonal {   // mostly in the scroller's band, spread along its content
            for i in ranges[o.section] where int(4) != 0 {
                frames[i].x = o.frame.x + uniform(-20, 900)
                frames[i].y = o.frame.y + uniform(-10, o.frame.height)
            }
        }
        let kinds = ["header", "footer", "badge", "background"]
        let elements = (0..<int(20)).map { _ -> LayoutElement in
            let section = int(ranges.count)
            let anchor = ranges[section].isEmpty || int(3) != 0 ? nil : ranges[section].lowerBound + int(ranges[section].count)
            let orthogonalSection = orthogonal.contains { $0.section == section }
            let pinned = int(2) == 0 && !(anchor != nil && orthogonalSection)
            return int(3) == 0
                ? .decoration(kinds[int(4)], section: section, frame: rect(), zIndex: int(3) - 1)
                : .supplementary(kinds[int(4)], section: section, index: anchor, frame: rect(), zIndex: int(3), pinned: pinned)
        }
        return try FramesResult(frames: frames, elements: elements, sections: ranges,
                                itemZIndices: int(2) == 0 ? [] : (0..<n).map { _ in int(3) - 1 }, orthogonal: orthogonal)
    }

    /// Every element as drawn for `scroll` that overlaps `rect`, by a scan over all of them,
    /// from the definitions: pinned y = max(rest, min(top, sectionEnd − h)); orthogonal items and
    /// their badges move by minus the section offset and show only through their scroller.
    static func bruteForce(_ result: any LayoutResult, _ rect: Rect, _ scroll: ScrollState) throws -> [LayoutElement] {
        let scrollers = Dictionary(uniqueKeysWithValues: result.orthogonalSections.map { ($0.section, $0.frame) })
        var ends: [Int: Double] = [:]
        for i in 0..<result.count {
            let s = try result.section(ofItem: i)
            ends[s] = max(ends[s] ?? -.infinity, try result.frame(at: i).maxY)
        }
        for (s, f) in scrollers { ends[s] = f.maxY }
        for e in result.elements where !e.pinned { ends[e.section] = max(ends[e.section] ?? -.infinity, e.frame.maxY) }
        let top = scroll.contentOffset.y
        var drawn: [LayoutElement] = []
        func keep(_ e: LayoutElement, anchoredIn section: Int?) throws {
            var e = e
            if let section, let scroller = scrollers[section] {
                let o = scroll.offset(ofSection: section)
                e.frame = e.frame.offsetBy(dx: -o.x, dy: -o.y)
                if e.frame.overlapsWithPositiveArea(rect.clipped(to: scroller)) { drawn.append(e) }
            } else if e.frame.overlapsWithPositiveArea(rect) {
                drawn.append(e)
            }
        }
        for i in 0..<result.count {
            let s = try result.section(ofItem: i)
            try keep(.item(i, section: s, frame: try result.frame(at: i), zIndex: result.zIndex(ofItem: i)), anchoredIn: s)
        }
        for e in result.elements {
            var d = e
            if e.pinned {
                let end = max(ends[e.section] ?? -.infinity, e.frame.maxY)
                d.frame.y = max(e.frame.minY, min(top, end - e.frame.height))
            }
            try keep(d, anchoredIn: e.index == nil ? nil : e.section)
        }
        return LayoutElement.inDrawingOrder(drawn)
    }

    static func same(_ a: [LayoutElement], _ b: [LayoutElement]) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-9 * (1 + abs(x)) }
        return a.count == b.count && zip(a, b).allSatisfy { x, y in
            var moved = y
            moved.frame = x.frame
            return moved == x && close(x.frame.x, y.frame.x) && close(x.frame.y, y.frame.y)
                && close(x.frame.width, y.frame.width) && close(x.frame.height, y.frame.height)
        }
    }

    @Test func elementQueryEqualsABruteForceScan() throws {
        var g = SplitMix64(seed: 8)
        var pinnedAway = 0, shifted = 0, hits = 0, most = 0
        for _ in 0..<120 {
            let base = try Self.randomResult(&g)
            let inset = try InsetLayout(FixedLayout(result: base), insets: EdgeInsets(top: 7, left: 3, bottom: 0, right: 0))
                .layout(fillContext(count: base.count, in: s(375, 812)))
            for result in [base as any LayoutResult, inset] {
                for k in 0..<20 {
                    // The first rectangle takes in (nearly) everything.
                    let rect = k == 0 ? Rect(x: -60, y: -60 + 20 * g.unit(), width: 1200, height: 1800)
                        : Rect(x: -50 + 500 * g.unit(), y: -50 + 1700 * g.unit(), width: 400 * g.unit(), height: 900 * g.unit())
                    let offsets = Dictionary(uniqueKeysWithValues: result.orthogonalSections.map {
                        ($0.section, Point(x: -100 + 900 * g.unit(), y: g.next() % 4 == 0 ? -20 + 40 * g.unit() : 0))
                    })
                    let scroll = ScrollState(contentOffset: g.next() % 2 == 0 ? rect.origin : Point(x: 0, y: -50 + 1700 * g.unit()),
                                             sectionOffsets: offsets)
                    let expected = try Self.bruteForce(result, rect, scroll)
                    // Through the inset, frames go in and out by a translation: equal up to rounding.
                    #expect(try Self.same(result.elements(in: rect, scroll: scroll), expected))
                    hits += expected.count
                    most = max(most, expected.count)
                    pinnedAway += expected.filter { e in e.pinned && !result.elements.contains { $0.frame == e.frame } }.count
                    shifted += try expected.filter { e in try e.category == .item && e.frame != result.frame(at: e.index!) }.count
                    #expect(try result.visible(in: rect, scroll: scroll) == expected.compactMap { $0.category == .item ? $0.index : nil }.sorted())
                    let rest = ScrollState(showing: rect)
                    #expect(try result.visible(in: rect) == Self.bruteForce(result, rect, rest).compactMap { $0.category == .item ? $0.index : nil }.sorted())
                }
            }
        }
        // The cases exercise what they are meant to: pins away from rest, shifted sections, and
        // answers too big for the query's stack buffer and its insertion sort.
        #expect(hits > 10_000 && pinnedAway > 200 && shifted > 200, "\(hits) hits, \(pinnedAway) pinned, \(shifted) shifted")
        #expect(most > 64, "at most \(most) hits in one query")
    }
}

@Suite struct SectionHeaderTests {
    func dataset() -> Dataset { sectionsWithAnEmptyOne() }

    @Test func headersAndFootersWrapEachSection() throws {
        let layout = SectionsLayout(spacing: 5, header: { s, _ in s == 1 ? nil : .init(height: 20, pinned: true) },
                                    footer: { _, section in section?.id == .string("b") ? .init(height: 8, zIndex: 2) : nil }) { _, _ in
            WaterfallLayout(columns: 3)
        }
        let ctx = LayoutContext(dataset: dataset(), collectionSize: s(30, 100), sizing: ItemSizing(rule: .intrinsic))
        let result = try layout.layout(ctx)
        // a: header 0..20, items 20..30; empty (no header): 35..35; b: header 40..60, items 60..70, footer 70..78.
        #expect(try result.allFrames == [r(0, 20, 10, 10), r(10, 20, 10, 10), r(0, 60, 10, 10), r(10, 60, 10, 10), r(20, 60, 10, 10)])
        #expect(result.elements == [
            .supplementary("header", section: 0, frame: r(0, 0, 30, 20), pinned: true),
            .supplementary("header", section: 2, frame: r(0, 40, 30, 20), pinned: true),
            .supplementary("footer", section: 2, frame: r(0, 70, 30, 8), zIndex: 2),
        ])
        #expect(result.contentSize == s(30, 78))
        #expect(try result.section(ofItem: 1) == 0 && result.section(ofItem: 2) == 2)
        // Scrolled to 25: section a's header is pushed up by its end (30); b's waits at rest.
        let shown = try result.elements(in: r(0, 25, 30, 50), scroll: ScrollState(contentOffset: Point(x: 0, y: 25)))
        #expect(shown.filter { $0.category != .item } == [
            .supplementary("header", section: 0, frame: r(0, 10, 30, 20), pinned: true),
            .supplementary("header", section: 2, frame: r(0, 40, 30, 20), pinned: true),
            .supplementary("footer", section: 2, frame: r(0, 70, 30, 8), zIndex: 2),
        ])
        // Scrolled into b: its header pins at the top and the footer pushes it at the end.
        let pinned = { (y: Double) in
            try result.elements(in: r(0, y, 30, 10), scroll: ScrollState(contentOffset: Point(x: 0, y: y))).first { $0.kind == "header" }?.frame
        }
        #expect(try pinned(50) == r(0, 50, 30, 20))
        #expect(try pinned(65) == r(0, 58, 30, 20))   // b ends at 78 with its footer
    }

    @Test func aNegativeHeightIsAnError() {
        #expect(throws: LayoutError("sections layout got a header height of -1 for section 0; expected a finite number >= 0")) {
            try SectionsLayout(header: { _, _ in .init(height: -1) }) { _, _ in WaterfallLayout() }
                .layout(LayoutContext(dataset: dataset(), collectionSize: s(30, 100)))
        }
    }
}
