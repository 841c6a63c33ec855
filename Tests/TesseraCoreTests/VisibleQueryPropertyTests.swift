import Testing
@_spi(Testing) @testable import TesseraCore

/// The boundary rule, written from its definition and sharing nothing with the code under test:
/// a frame is visible in `q` when the two rectangles' edges (x and x + width, y and y + height,
/// as computed in doubles) leave an intersection of positive width and height. So touching
/// edges, zero-size frames and zero-size queries see nothing.
private func visibleByDefinition(_ a: Rect, in q: Rect) -> Bool {
    let left = Swift.max(a.x, q.x), right = Swift.min(a.x + a.width, q.x + q.width)
    let top = Swift.max(a.y, q.y), bottom = Swift.min(a.y + a.height, q.y + q.height)
    return left < right && top < bottom
}

private func bruteForce(_ frames: [Rect], _ q: Rect) -> [Int] {
    frames.indices.filter { visibleByDefinition(frames[$0], in: q) }
}

@Suite("Visible queries: the boundary rule")
struct VisibleBoundaryRuleTests {
    /// A size far below its coordinate's last digit leaves no area: 1e7 + 1e-10 == 1e7. The
    /// index never held such a frame; `overlapsWithPositiveArea` (which filters a script's
    /// `visible` answer, pinned headers and spliced results) tested `width > 0` and kept it.
    @Test func aSizeLostInItsCoordinateHasNoArea() throws {
        let sliver = r(1e7, 0, 1e-10, 10), viewport = r(0, 0, 2e7, 20)
        #expect(!sliver.overlapsWithPositiveArea(viewport))
        #expect(!viewport.overlapsWithPositiveArea(sliver))
        #expect(!r(0, 1e7, 10, 1e-10).overlapsWithPositiveArea(r(0, 0, 20, 2e7)))
        #expect(try FramesResult(frames: [sliver]).visible(in: viewport) == [])
        // One ulp of 1e7 (about 1.9e-9) is an area, however thin.
        #expect(r(1e7, 0, 2e-9, 10).overlapsWithPositiveArea(viewport))
        #expect(try FramesResult(frames: [r(1e7, 0, 2e-9, 10)]).visible(in: viewport) == [0])
        // Touching edges still do not count, and a zero size still has no area.
        #expect(!r(0, 0, 10, 10).overlapsWithPositiveArea(r(10, 0, 10, 10)))
        #expect(!r(5, 5, 0, 10).overlapsWithPositiveArea(r(0, 0, 20, 20)))
    }
}

/// Every visible query (the index's `query` and `withHits` under each packing, a listed index,
/// `FramesResult.visible(in:)` and `elements(in:)`, and `Rect.overlapsWithPositiveArea`) against
/// a brute-force scan, on seeded random frame sets of every awkward kind. A failure names the
/// seed, so `check(seed:kind:)` replays it alone.
@Suite("Visible queries: every query against a brute-force scan")
struct VisibleQueryPropertyTests {
    /// The kinds of frame set, each laid at an origin that may be negative or far away.
    enum Kind: CaseIterable {
        case none, single, column, row, grid, overlapping, equal, zeroSizes, slivers
    }

    /// A frame set of `kind` and the sections it is cut into (some empty).
    static func frameSet(_ kind: Kind, _ random: inout SplitMix64) -> (frames: [Rect], sections: [Range<Int>]) {
        let origins: [Double] = [0, -5000.25, 1e7, -1e7, 1e7 + 0.1]
        let ox = origins.randomElement(using: &random)!, oy = origins.randomElement(using: &random)!
        func size(_ big: Double) -> Double {
            // Zero (never visible), a sliver that vanishes next to a coordinate of 1e7, or real.
            switch Int.random(in: 0..<8, using: &random) {
            case 0: 0
            case 1: 1e-10
            default: Double(Int.random(in: 1...Int(big), using: &random)) / 4
            }
        }
        let n = Int.random(in: 2...120, using: &random)
        var frames: [Rect]
        switch kind {
        case .none:
            frames = []
        case .single:
            frames = [r(ox, oy, size(400), size(400))]
        case .column:
            // One under another; a gap of 0 makes neighbours touch.
            var y = oy
            let gap = [0, 0.5, 4][Int.random(in: 0..<3, using: &random)]
            frames = (0..<n).map { _ in
                let h = size(300)
                defer { y += h + gap }
                return r(ox, y, 375, h)
            }
        case .row:
            var x = ox
            frames = (0..<n).map { _ in
                let w = size(300)
                defer { x += w }
                return r(x, oy, w, 120)
            }
        case .grid:
            let columns = Int.random(in: 1...6, using: &random)
            let cell = Double(Int.random(in: 1...80, using: &random))
            frames = (0..<n).map { i in r(ox + Double(i % columns) * cell, oy + Double(i / columns) * cell, cell, cell) }
        case .overlapping:
            frames = (0..<n).map { _ in
                r(ox + Double(Int.random(in: 0..<400, using: &random)), oy + Double(Int.random(in: 0..<400, using: &random)),
                  size(400), size(400))
            }
        case .equal:
            let f = r(ox, oy, size(100), size(100))
            frames = (0..<n).map { _ in f }
        case .zeroSizes:
            frames = (0..<n).map { i -> Rect in
                let w: Double = i % 3 == 0 ? 0 : 10, h: Double = i % 2 == 0 ? 10 : 0
                return r(ox + Double(i % 7) * 10, oy + Double(i / 7) * 10, w, h)
            }
        case .slivers:
            // Sizes far below a coordinate's last digit: x + width == x.
            let widths: [Double] = [1e-10, 1e-9, 1], heights: [Double] = [1e-10, 5, 1e-9]
            frames = (0..<n).map { i -> Rect in r(ox + Double(i), oy, widths[i % 3], heights[i % 3]) }
        }
        // Cut into sections, an empty one now and then.
        var sections: [Range<Int>] = [], start = 0
        while start < frames.count {
            let end = Swift.min(frames.count, start + Int.random(in: 0...40, using: &random))
            sections.append(start..<end)
            start = end
        }
        if sections.isEmpty || Bool.random(using: &random) { sections.append(frames.count..<frames.count) }
        return (frames, sections)
    }

    /// Queries around `frames`: viewports, each frame exactly, rectangles touching a frame on
    /// each side, zero-size and sliver queries, and one over everything.
    static func queries(_ frames: [Rect], _ random: inout SplitMix64) -> [Rect] {
        let bounds = frames.reduce(frames.first ?? .zero) { $0.union($1) }
        var qs = [r(bounds.x - 1, bounds.y - 1, bounds.width + 2, bounds.height + 2), bounds]
        for _ in 0..<6 {
            let w = [375, 40, 1e-10, 0][Int.random(in: 0..<4, using: &random)]
            let h = [812, 40, 1e-10, 0][Int.random(in: 0..<4, using: &random)]
            qs.append(r(bounds.x + random.uniform(-50..<(bounds.width + 50)), bounds.y + random.uniform(-50..<(bounds.height + 50)), w, h))
        }
        for _ in 0..<4 {
            guard let f = frames.randomElement(using: &random) else { break }
            qs += [f, r(f.maxX, f.y, 30, f.height), r(f.x - 30, f.y, 30, f.height),
                   r(f.x, f.maxY, f.width, 30), r(f.x, f.y - 30, f.width, 30), r(f.x, f.y, 1e-10, 1e-10)]
        }
        return qs
    }

    /// One frame set and its queries, checked through every query.
    static func check(seed: UInt64, kind: Kind) {
        var random = SplitMix64(seed: seed)
        let (frames, sections) = frameSet(kind, &random)
        let fanout = [2, 3, 4, 32][Int(seed % 4)]
        let listed = frames.indices.filter { _ in Bool.random(using: &random) }.shuffled(using: &random)
        let indexes = [SpatialIndex(frames: frames), SpatialIndex(frames: frames, fanout: fanout, packing: .frameOrder),
                       SpatialIndex(frames: frames, fanout: fanout, packing: .tiled)]
        let listedIndex = SpatialIndex(frames: frames, listing: listed.map { $0..<$0 + 1 }, fanout: fanout)
        let inListed = Set(listed)
        // A background per non-empty section and a header per section, then the items'
        // queries through a layout result.
        let elements = sections.enumerated().flatMap { s, range -> [LayoutElement] in
            let box = range.isEmpty ? r(0, 0, 0, 0) : range.map { frames[$0] }.reduce(frames[range.lowerBound]) { $0.union($1) }
            return [.decoration("background", section: s, frame: box), .supplementary("header", section: s, frame: r(box.x, box.y - 10, box.width, 10))]
        }
        let result: FramesResult
        do {
            result = try FramesResult(frames: frames, elements: elements, sections: sections)
        } catch {
            Issue.record("seed \(seed) \(kind): \(error)")
            return
        }
        for q in queries(frames, &random) {
            let context = "seed \(seed) \(kind) n \(frames.count) fanout \(fanout) query \(q)"
            let want = bruteForce(frames, q)
            for index in indexes {
                #expect(index.query(q) == want, "query, ordered \(index.isOrdered): \(context)")
                #expect(index.withHits(in: q) { $0.map { Int($0) }.sorted() } == want, "withHits: \(context)")
            }
            #expect(listedIndex.query(q) == want.filter { inListed.contains($0) }, "listed: \(context)")
            #expect(result.visible(in: q) == want, "FramesResult.visible: \(context)")
            let drawn = result.elements(in: q, scroll: ScrollState(showing: q))
            #expect(LayoutElement.itemIndices(of: drawn) == want, "FramesResult.elements, items: \(context)")
            let wantElements = elements.filter { visibleByDefinition($0.frame, in: q) }
            #expect(Set(drawn.filter { $0.category != .item }) == Set(wantElements), "FramesResult.elements: \(context)")
            #expect(frames.indices.filter { frames[$0].overlapsWithPositiveArea(q) } == want, "overlapsWithPositiveArea: \(context)")
        }
    }

    @Test(arguments: Kind.allCases)
    func everyQueryEqualsBruteForce(kind: Kind) {
        let base = UInt64(Kind.allCases.firstIndex(of: kind)!) << 32
        for seed in 0..<UInt64(kind == .none || kind == .single ? 100 : 250) { Self.check(seed: base | seed, kind: kind) }
    }
}
