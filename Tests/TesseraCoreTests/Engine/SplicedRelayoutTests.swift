import Testing
@_spi(Testing) @testable import TesseraCore

/// Measurements lay a flow or a waterfall out again from the first measured item on (a splice),
/// and the spliced result answers every query as a fresh full layout with the same sizes does.
@Suite struct SplicedRelayoutTests {
    static let viewport = Size(width: 360, height: 640)

    /// `n` items sized by their `w` and `h` fields (integers, so sums are exact).
    static func sizes(_ n: Int, seed: UInt64, widths: ClosedRange<Int>) -> [Size] {
        var rng = SplitMix64(seed: seed)
        return (0..<n).map { _ in
            Size(width: Double(Int.random(in: widths, using: &rng)), height: Double(Int.random(in: 20...120, using: &rng)))
        }
    }

    static func dataset(_ sizes: [Size]) -> Dataset {
        Dataset(items: sizes.enumerated().map { i, s in
            Item(id: .int(i), fields: ["w": .double(s.width), "h": .double(s.height)])
        })
    }

    struct Case: CustomTestStringConvertible {
        var name: String
        var layout: any Layout
        var widths: ClosedRange<Int>
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "list", layout: FlowLayout(lineSpacing: 2), widths: 360...360),
        Case(name: "wrapping flow", layout: FlowLayout(lineSpacing: 3, interitemSpacing: 4, justifyContent: .spaceBetween),
             widths: 40...200),
        Case(name: "stretched flow", layout: FlowLayout(spacing: 1, alignItems: .stretch), widths: 60...180),
        Case(name: "waterfall", layout: WaterfallLayout(columns: 3, spacing: 4), widths: 100...100),
    ]

    /// Every query of `result` answers as `expected`'s.
    static func expectSame(_ result: any LayoutResult, _ expected: FramesResult, _ what: String) throws {
        #expect(result.count == expected.count, "\(what): count")
        #expect(result.contentSize == expected.contentSize, "\(what): content size")
        for i in 0..<expected.count where try result.frame(at: i) != expected.frame(at: i) {
            Issue.record("\(what): item \(i) at \(try result.frame(at: i)), fresh layout \(try expected.frame(at: i))")
            break
        }
        let height = expected.contentSize.height
        for y in stride(from: -100.0, to: height + 100, by: height / 7) {
            let rect = Rect(x: 0, y: y, width: viewport.width, height: viewport.height)
            #expect(try result.visible(in: rect) == expected.visible(in: rect), "\(what): visible in \(rect)")
            let scroll = ScrollState(showing: rect)
            #expect(try result.elements(in: rect, scroll: scroll) == expected.elements(in: rect, scroll: scroll),
                    "\(what): elements in \(rect)")
        }
        #expect(result.sectionRanges == expected.sectionRanges, "\(what): sections")
    }

    @Test(arguments: cases) func measurementsSpliceAndEqualAFreshLayout(_ c: Case) throws {
        var rng = SplitMix64(seed: 0x5911ce)
        var sizes = Self.sizes(3000, seed: 34, widths: c.widths)
        let original = sizes
        let provider = BasicProvider(data: ItemSource(dataset: Self.dataset(sizes)), layout: c.layout, size: .rule(ItemSizing(rule: .intrinsic)))
        let engine = CollectionEngine(provider: provider, viewport: Self.viewport)
        try engine.layout()
        try engine.scroll(to: Point(x: 0, y: engine.contentSize.height / 2))
        var spliced = 0
        for round in 0..<80 {
            let visible = engine.views.compactMap(\.index)
            let first = visible.min() ?? 0, last = visible.max() ?? 0
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let i = Int.random(in: max(0, first - 30)...min(sizes.count - 1, last + 30), using: &rng)
                if Int.random(in: 0..<5, using: &rng) == 0 {
                    sizes[i] = original[i]
                    try engine.measure(.int(i), size: nil)
                } else {
                    sizes[i] = Size(width: sizes[i].width, height: Double(Int.random(in: 10...200, using: &rng)))
                    try engine.measure(.int(i), size: sizes[i])
                }
            }
            try engine.layout()
            if let result = engine.layoutResult.unwrapped as? SplicedResult {
                spliced += 1
                #expect(result.pieces.count <= 18 && result.generation <= 64)
            }
            let fresh = try c.layout.layout(LayoutContext(dataset: Self.dataset(sizes), collectionSize: Self.viewport,
                                                          sizing: ItemSizing(rule: .intrinsic)))
            try Self.expectSame(engine.layoutResult, try #require(fresh.unwrapped as? FramesResult), "\(c.name) round \(round)")
            if round % 10 == 9 {
                try engine.scroll(to: Point(x: 0, y: Double(Int.random(in: 0...Int(engine.contentSize.height), using: &rng))))
            }
        }
        #expect(spliced > 60, "\(spliced) of 80 passes spliced")
    }

    @Test func aCentredFlowAndAChangedLayoutLayOutInFull() throws {
        let sizes = Self.sizes(200, seed: 5, widths: 50...150)
        let provider = BasicProvider(data: ItemSource(dataset: Self.dataset(sizes)), layout: FlowLayout(alignItems: .center),
                                     size: .rule(ItemSizing(rule: .intrinsic)))
        let engine = CollectionEngine(provider: provider, viewport: Self.viewport)
        try engine.layout()
        try engine.measure(.int(3), size: Size(width: 50, height: 300))
        try engine.layout()
        #expect(engine.layoutResult.unwrapped is FramesResult, "items centred in their line hide the line's top")
        #expect(try engine.layoutResult.frame(at: 3) != (try FlowLayout(alignItems: .center).layout(
            LayoutContext(dataset: Self.dataset(sizes), collectionSize: Self.viewport, sizing: ItemSizing(rule: .intrinsic)))).frame(at: 3))

        provider.layout = FlowLayout()
        try engine.layout()
        try engine.measure(.int(5), size: Size(width: 50, height: 10))
        try engine.layout()
        #expect(engine.layoutResult.unwrapped is SplicedResult, "a flow from the top splices")
        try engine.measure(.int(6), size: Size(width: 50, height: 10))
        provider.layout = FlowLayout(spacing: 2)
        try engine.layout()
        #expect(engine.layoutResult.unwrapped is FramesResult, "a new layout lays out in full")
        #expect(try engine.layoutResult.frame(at: 6).height == 10)
    }

    /// Counts the calls of a size closure (the engine calls it from one thread).
    final class Calls: @unchecked Sendable { var count = 0 }

    @Test func aWaterfallSpliceSizesOnlyTheChangedItems() throws {
        let sizes = Self.sizes(3000, seed: 8, widths: 100...100)
        let calls = Calls()
        let layout = WaterfallLayout(columns: 3, spacing: 4)
        let provider = BasicProvider(data: ItemSource(dataset: Self.dataset(sizes)), layout: layout,
                                     size: .custom { i, _ in calls.count += 1; return sizes[i] })
        let engine = CollectionEngine(provider: provider, viewport: Self.viewport)
        try engine.layout()
        #expect(calls.count == 3000)
        calls.count = 0
        var now = sizes
        now[500].height = 300
        now[510].height = 7
        try engine.measure(.int(500), size: now[500])
        try engine.measure(.int(510), size: now[510])
        try engine.layout()
        #expect(engine.layoutResult.unwrapped is SplicedResult)
        // 501 to 509: between the measured items, asked again; the 2,489 after them keep their heights.
        #expect(calls.count == 9)
        let fresh = try layout.layout(LayoutContext(dataset: Self.dataset(now), collectionSize: Self.viewport,
                                                    sizing: ItemSizing(rule: .intrinsic)))
        try Self.expectSame(engine.layoutResult, try #require(fresh.unwrapped as? FramesResult), "waterfall splice")
    }
}
