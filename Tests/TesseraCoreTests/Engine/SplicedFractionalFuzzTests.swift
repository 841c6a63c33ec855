import Testing
@_spi(Testing) @testable import TesseraCore

/// Splices of feeds 100k to 1M units tall whose items have fractional heights in steps of 0.1
/// (37.3, 0.4, 312.9), measured again near the middle and near the end, several splices in a
/// row, each checked against a full layout of the same sizes. Seeded: a failure names its round.
@Suite struct SplicedFractionalFuzzTests {
    /// Heights 0.1 to 400.0 in steps of 0.1.
    static func height(_ random: inout BenchRandom) -> Double { Double(1 + random.below(4000)) / 10 }

    /// A context over `sizes` in a 375-point-wide container (its proposals are ignored).
    static func context(_ sizes: [Size]) -> LayoutContext {
        LayoutContext(collectionSize: Size(width: 375, height: 812), count: sizes.count, item: { _ in nil },
                      size: { i, _ in sizes[i] })
    }

    /// The items of `range` given new fractional heights (and, for a flow, widths).
    static func remeasure(_ sizes: inout [Size], _ range: Range<Int>, widths: Bool, _ random: inout BenchRandom) {
        for i in range {
            sizes[i] = Size(width: widths ? Double(600 + random.below(3150)) / 10 : sizes[i].width, height: height(&random))
        }
    }

    /// Splices `layout` `splices` times, near the middle and near the end by turns, checking each
    /// against a full layout: every frame, the content size (which the spliced result's invariants
    /// hold to be its frames' bounding box exactly) and the visible items of a viewport at the
    /// change; `exact`, or with y and the height at most 4 units in the last place apart per
    /// splice so far. Returns the feed's height, so the caller can check it is as tall as meant.
    static func fuzz(_ layout: any SplicingLayout, sizes start: [Size], widths: Bool, splices: Int, exact: Bool,
                     random: inout BenchRandom, round: Int) throws -> Double {
        var sizes = start
        var result: any LayoutResult = try layout.layout(context(sizes))
        let n = sizes.count
        for k in 0..<splices {
            let at = k % 2 == 0 ? n / 2 - 50 + random.below(100) : n - 1 - random.below(30)
            let changed = at..<min(n, at + 1 + random.below(8))
            remeasure(&sizes, changed, widths: widths, &random)
            let spliced = try #require(try layout.relayout(context(sizes), previous: result, changed: changed),
                                       "round \(round), splice \(k): not spliced")
            let full = try layout.layout(context(sizes))
            let got = try spliced.allFrames, want = try full.allFrames
            // A flow moves the items after the re-placed lines by a shift: the shift rounds, and
            // so does each moved top otherwise than a full layout's sum (3 units in the last place
            // after one splice here). A waterfall re-places every item after the change.
            let ulps = exact ? 0 : 4 * Double(k + 1)
            let frameIssue = zip(got, want).enumerated().first { _, pair in
                let (g, w) = pair
                return g.x != w.x || g.width != w.width || g.height != w.height || abs(g.y - w.y) > ulps * w.y.ulp
            }
            try #require(got.count == want.count && frameIssue == nil,
                         "round \(round), splice \(k) at \(changed): \(frameIssue.map { "item \($0.offset): spliced \($0.element.0.exact), full \($0.element.1.exact)" } ?? "")")
            let height = full.contentSize.height
            try #require(spliced.contentSize.width == full.contentSize.width
                         && abs(spliced.contentSize.height - height) <= ulps * height.ulp,
                         "round \(round), splice \(k) at \(changed): content size \(spliced.contentSize) against \(full.contentSize)")
            let viewport = Rect(origin: Point(x: 0, y: try full.frame(at: at).minY - 400), size: Size(width: 375, height: 812))
            try #require(try spliced.visible(in: viewport) == full.visible(in: viewport), "round \(round), splice \(k): visible")
            let inner = try #require(spliced.unwrapped as? SplicedResult)
            try #require(inner.invariantsHold(), "round \(round), splice \(k): invariants")
            result = spliced
        }
        return result.contentSize.height
    }

    @Test func aWaterfallSplicedNearTheMiddleAndEndIsItsFullLayout() throws {
        var random = BenchRandom(seed: 0x5b1ce)
        for round in 0..<6 {
            // 3 columns of 200 on average: 2,000 to 9,500 items make 130k to 640k units.
            let n = 2_000 + random.below(7_500)
            let sizes = (0..<n).map { _ in Size(width: 123, height: Self.height(&random)) }
            let layout = WaterfallLayout(columns: 3, spacing: 4.5)
            let height = try Self.fuzz(layout, sizes: sizes, widths: false, splices: 8, exact: true, random: &random,
                                        round: round)
            #expect(height > 100_000, "round \(round)")
        }
    }

    @Test func aOneColumnFlowSplicedNearTheMiddleAndEndIsItsFullLayoutUpToOneRoundingPerSplice() throws {
        var random = BenchRandom(seed: 0xf10c)
        for round in 0..<6 {
            // Full-width items, one to a line, 200 on average: 600 to 5,000 items make 120k to 1M units.
            let n = 600 + random.below(4_400)
            let sizes = (0..<n).map { _ in Size(width: 375, height: Self.height(&random)) }
            let height = try Self.fuzz(FlowLayout(spacing: 4.5), sizes: sizes, widths: false, splices: 8, exact: false, random: &random,
                                       round: round)
            #expect(height > 100_000, "round \(round)")
        }
    }

    @Test func aFlowOfSeveralItemsToALineSplicedNearTheMiddleAndEndIsItsFullLayoutUpToOneRoundingPerSplice() throws {
        var random = BenchRandom(seed: 0x11e5)
        for round in 0..<6 {
            // 60 to 375 wide: two or three to a line on average, 200 tall: 1,500 to 9,000 items.
            let n = 1_500 + random.below(7_500)
            let sizes = (0..<n).map { _ in Size(width: Double(600 + random.below(3150)) / 10, height: Self.height(&random)) }
            let height = try Self.fuzz(FlowLayout(spacing: 4), sizes: sizes, widths: true, splices: 8, exact: false, random: &random,
                                       round: round)
            #expect(height > 100_000, "round \(round)")
        }
    }

    /// Found by the fuzz above: an item that opened a line, measured narrower, joins the line
    /// before it, so the splice starts a line earlier than the change.
    @Test func aFlowItemMeasuredNarrowerJoinsTheLineBeforeIt() throws {
        let before = [Size(width: 60, height: 10), Size(width: 50, height: 20), Size(width: 50, height: 10)]
        let after = [Size(width: 60, height: 10), Size(width: 40, height: 20), Size(width: 50, height: 10)]
        func context(_ sizes: [Size]) -> LayoutContext {
            LayoutContext(collectionSize: Size(width: 100, height: 300), count: 3, item: { _ in nil }, size: { i, _ in sizes[i] })
        }
        let previous = try FlowLayout().layout(context(before))
        #expect(try previous.allFrames == [Rect(x: 0, y: 0, width: 60, height: 10), Rect(x: 0, y: 10, width: 50, height: 20),
                                           Rect(x: 50, y: 10, width: 50, height: 10)])
        let spliced = try #require(try FlowLayout().relayout(context(after), previous: previous, changed: 1..<2))
        #expect(try spliced.allFrames == [Rect(x: 0, y: 0, width: 60, height: 10), Rect(x: 60, y: 0, width: 40, height: 20),
                                          Rect(x: 0, y: 20, width: 50, height: 10)])
        #expect(spliced.contentSize == Size(width: 100, height: 30))
        #expect(try spliced.allFrames == FlowLayout().layout(context(after)).allFrames)
    }
}
