import Testing
@testable import TesseraCore

/// `tessera check`'s element warnings: a header covering cards at rest, and pinned elements
/// drawn over each other at some scroll offset (exactly where).
@Suite struct LayoutCheckElementsTests {
    func header(_ y: Double, until: Double? = nil) -> LayoutElement {
        var e = LayoutElement.supplementary("header", section: 0, frame: r(0, y, 100, 20), pinned: true)
        e.pinUntil = until
        return e
    }

    @Test func pinnedHeadersOfOneSectionStackWithoutPinUntil() throws {
        // Two groups of one 100-high card, each under a 20-high header, in one section.
        let frames = [r(0, 20, 100, 100), r(0, 140, 100, 100)]
        let stacked = try FramesResult(frames: frames, elements: [header(0), header(120)])
        let check = try LayoutCheck(result: stacked)
        #expect(check.pinnedOverlaps.map { [$0.0, $0.1] } == [[0, 1]])
        #expect(check.pinnedOverlaps.first?.at == 120)
        #expect(check.count(of: .pinned) == 1 && check.warningCount == 1)
        #expect(check.summary == "1 pair of pinned elements overlapping")
        #expect(check.warnings(limit: 5) == ["pinned header of section 0 at (0, 0, 100, 20) and header of section 0 at (0, 120, 100, 20) overlap when the visible top is at y = 120"])
        // With the pin ending at the next group's top, the first is pushed away in time.
        let grouped = try FramesResult(frames: frames, elements: [header(0, until: 120), header(120)])
        #expect(try LayoutCheck(result: grouped).warningCount == 0)
        #expect(grouped.elements(in: r(0, 110, 100, 100), scroll: ScrollState(contentOffset: Point(x: 0, y: 110))).map(\.frame).contains(r(0, 100, 100, 20)))
    }

    @Test func transposedPinnedHeadersAreCheckedSideways() throws {
        // The stack above turned on its side: the headers pin to the left and meet at x = 120.
        let frames = [r(0, 20, 100, 100), r(0, 140, 100, 100)]
        let stacked = try FramesResult(frames: frames, elements: [header(0), header(120)])
        let context = fillContext(count: 2, in: s(300, 100))
        let sideways = try TransposeLayout(FixedLayout(result: stacked)).layout(context)
        let check = try LayoutCheck(result: sideways)
        #expect(check.pinnedOverlaps.map { [Double($0.0), Double($0.1), $0.at] } == [[0, 1, 120]])
        #expect(check.warnings(limit: 5) == ["pinned header of section 0 at (0, 0, 20, 100) and header of section 0 at (120, 0, 20, 100) overlap when the visible left is at x = 120"])
    }

    @Test func aHeaderCoveringCardsAtRestIsReported() throws {
        let result = try FramesResult(frames: [r(0, 0, 100, 50), r(0, 50, 100, 50)],
                                      elements: [.supplementary("header", section: 0, frame: r(0, 40, 100, 20)),
                                                 .supplementary("badge", section: 0, index: 0, frame: r(90, 0, 10, 10))])
        let check = try LayoutCheck(result: result)
        #expect(check.covered.map(\.element) == [0])
        #expect(check.covered.map(\.items) == [[0, 1]])
        #expect(check.warnings(limit: 5) == ["header of section 0 at (0, 40, 100, 20) covers 2 items at rest: 0, 1"])
        #expect(check.summary == "1 header covering items")
    }

    @Test func theOverlapOffsetIsExactForPinsThatSlidePastEachOther() {
        // a pins from 0 until 100 (drawn at clamp(s, 0, 80)); b rests at 200 and pins to 300.
        #expect(LayoutCheck.overlapOffset(0, 0, 80, 20, 0, 200, 280, 20) == nil)
        // b rests at 50, inside a's pinning range: at 50 both are drawn at the top.
        #expect(LayoutCheck.overlapOffset(0, 0, 80, 20, 0, 50, 280, 20) == 50)
    }
}
