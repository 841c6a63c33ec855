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
            "items 0 and 1 overlap: (0, 0, 10, 10) and (5, 5, 10, 10)",
            "item 2 at (-5, 20, 10, 10) lies outside the content bounds from (0, 0) to (15, 30)",
        ])
        #expect(check.warnings(limit: 0) == ["... 1 more overlapping pairs", "... 1 more items outside the content bounds"])
    }

    /// Mosaic tiles on a 1024-point grid of three columns, spacing 0, as `layouts/mosaic.lua` sets
    /// them: the upper tile's bottom (2048 + 341.33...) comes out one bit past the lower tile's
    /// top (7 × 341.33...). They touch; a real overlap of a hundredth of a point still counts.
    @Test func tilesWhoseEdgesDifferOnlyByRoundingDoNotOverlap() throws {
        let cell = 1024.0 / 3, upper = r(2 * cell, 6 * cell, cell, cell), lower = r(2 * cell, 7 * cell, cell, cell)
        #expect(upper.overlapsWithPositiveArea(lower))
        let touching = try LayoutCheck(result: FramesResult(frames: [upper, lower]))
        #expect(touching.overlaps.isEmpty)
        #expect(touching.warnings(limit: 10) == [])
        let overlapping = try LayoutCheck(result: FramesResult(frames: [upper, r(2 * cell, 7 * cell - 0.01, cell, cell)]))
        #expect(overlapping.overlaps.map { [$0.0, $0.1] } == [[0, 1]])
        #expect(overlapping.warnings(limit: 10) == ["items 0 and 1 overlap: (682.67, 2048, 341.33, 341.33) and (682.67, 2389.32, 341.33, 341.33)"])
    }

    /// A sideways-scrolling shelf's items lie past the content width by design: they are checked
    /// against the shelf's own content (its scroller's content size, at the scroller's origin).
    @Test func shelfItemsAreCheckedAgainstTheirShelfsContent() throws {
        let shelf = OrthogonalSection(section: 1, frame: r(0, 20, 100, 40), contentSize: s(260, 40))
        let result = try FramesResult(frames: [r(0, 0, 100, 10), r(0, 20, 80, 40), r(90, 20, 80, 40), r(180, 20, 80, 40),
                                               r(270, 20, 80, 40), r(120, 0, 10, 10)],
                                      sections: [0..<1, 1..<5, 5..<6], orthogonal: [shelf])
        #expect(result.contentSize == s(130, 60))
        let check = try LayoutCheck(result: result)
        #expect(check.outside == [4])
        #expect(check.warnings(limit: 10) == ["item 4 at (270, 20, 80, 40) lies outside its section's scrolling content (0, 20, 260, 40)"])
    }

    @Test func aVisibleQueryThatMissesItemsIsAWarning() throws {
        let check = try LayoutCheck(result: result, visible: { _ in [0] })
        #expect(check.missedByVisible.count == 8)
        #expect(check.missedByVisible[0].1 == [1, 2])
        #expect(check.warnings(limit: 1).last == "visible(0, 0, 15, 30) missed 2 items whose frames overlap it: 1, 2")
    }

    @Test func anInvalidFrameIsAnErrorNamingTheItem() {
        #expect(throws: LayoutError("item 1 has the frame (nan, 0, 1, 1); a frame needs finite numbers and a non-negative size")) {
            try LayoutCheck(result: result, frame: { $0 == 1 ? r(.nan, 0, 1, 1) : r(0, 0, 1, 1) })
        }
        #expect(throws: LayoutError("item 1 (\"b\") has the frame (0, inf, 1, 1); a frame needs finite numbers and a non-negative size")) {
            try LayoutCheck(result: result, frame: { $0 == 1 ? r(0, .infinity, 1, 1) : r(0, 0, 1, 1) },
                            id: { .string(["a", "b", "c", "d"][$0]) })
        }
    }

    /// Items are named by 0-based index (as the JSON counts) and id; numbers carry no float noise.
    @Test func warningsNameItemsByIndexAndIDWithoutFloatNoise() throws {
        let noisy = try FramesResult(frames: [r(0, 0, 0.1 + 0.2, 10), r(0.1, 5, 374.99999999999994, 347.1428571428571), r(-1 / 3, 0, 1, 1)],
                                     contentSize: Size(width: 374.99999999999994, height: 347.1428571428571))
        let ids: [ItemID] = [.string("a"), .string("b"), .int(7)]
        let check = try LayoutCheck(result: noisy, id: { ids[$0] })
        #expect(check.warnings(limit: 10) == [
            "items 0 (\"a\") and 1 (\"b\") overlap: (0, 0, 0.3, 10) and (0.1, 5, 375, 347.14)",
            "items 0 (\"a\") and 2 (7) overlap: (0, 0, 0.3, 10) and (-0.33, 0, 1, 1)",
            "item 1 (\"b\") at (0.1, 5, 375, 347.14) lies outside the content bounds from (0, 0) to (375, 347.14)",
            "item 2 (7) at (-0.33, 0, 1, 1) lies outside the content bounds from (0, 0) to (375, 347.14)",
        ])
        #expect(LayoutCheck.size(Size(width: 374.99999999999994, height: 347.1428571428571)) == "375x347.14")
        #expect([-0.001, 0.5, 2.675, 123456.789, .nan, -.infinity].map(LayoutCheck.number) == ["0", "0.5", "2.68", "123456.79", "nan", "-inf"])
    }
}
