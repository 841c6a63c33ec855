import Testing
import TesseraCore

@Suite struct LayoutCheckTests {
    let result = try! FramesResult(frames: [r(0, 0, 10, 10), r(5, 5, 10, 10), r(-5, 20, 10, 10), r(5, 0, 0, 10)])

    @Test func overlapsAndOutsideItems() throws {
        let check = try LayoutCheck(result: result)
        #expect(check.overlaps.map { [$0.0, $0.1] } == [[0, 1]])
        #expect(check.outside == [2])
        #expect(!check.overlapsTruncated)
        #expect(check.missedByVisible.isEmpty)
        #expect(check.warningCount == 2)
        #expect(check.warnings(limit: 10) == [
            "items 1 and 2 overlap: (0, 0, 10, 10) and (5, 5, 10, 10)",
            "item 3 at (-5, 20, 10, 10) lies outside the content bounds 15x30",
        ])
        #expect(check.warnings(limit: 0) == ["... 1 more overlapping pairs", "... 1 more items outside the content bounds"])
    }

    @Test func aVisibleQueryThatMissesItemsIsAWarning() throws {
        let check = try LayoutCheck(result: result, visible: { _ in [0] })
        #expect(check.missedByVisible.count == 8)
        #expect(check.missedByVisible[0].1 == [1, 2])
        #expect(check.warnings(limit: 1).last == "visible(0, 0, 15, 30) missed 2 items whose frames overlap it: 2, 3")
    }

    @Test func anInvalidFrameIsAnErrorNamingTheItem() {
        #expect(throws: LayoutError("frame 2 is (nan, 0, 1, 1); a frame needs finite numbers and a non-negative size")) {
            try LayoutCheck(result: result, frame: { $0 == 1 ? r(.nan, 0, 1, 1) : r(0, 0, 1, 1) })
        }
    }
}
