import Testing
@testable import TesseraCore

@Suite struct WaterfallLayoutTests {
    @Test func tiesGoToTheLowestColumnAndSpacingSeparatesBothWays() throws {
        let sizes = [s(10, 100), s(10, 50), s(10, 100), s(10, 30)]
        let result = try WaterfallLayout(columns: 2, spacing: 10).layout(fixedContext(sizes, in: s(210, 500)))
        #expect(result.allFrames == [r(0, 0, 100, 100), r(110, 0, 100, 50), r(110, 60, 100, 100), r(0, 110, 100, 30)])
        // Content height is the tallest column without its trailing spacing.
        #expect(result.contentSize == s(210, 160))
    }

    @Test func equalHeightsFillColumnsLeftToRight() throws {
        let result = try WaterfallLayout(columns: 3).layout(fixedContext(Array(repeating: s(1, 10), count: 4), in: s(300, 100)))
        #expect(result.allFrames == [r(0, 0, 100, 10), r(100, 0, 100, 10), r(200, 0, 100, 10), r(0, 10, 100, 10)])
    }

    @Test func itemsAreAskedWithTheColumnWidth() throws {
        let proposals = Recorder<Size>()
        let ctx = LayoutContext(collectionSize: s(300, 700), count: 2, item: { _ in nil },
                                size: { _, p in proposals.append(p); return s(50, 20) })
        _ = try WaterfallLayout(columns: 2, spacing: 20).layout(ctx)
        #expect(proposals.values == [s(140, 700), s(140, 700)])
    }

    @Test func zeroColumnsIsAnErrorNotACrash() {
        #expect(throws: LayoutError("waterfall layout needs columns from 1 to 1,000, got 0")) {
            try WaterfallLayout(columns: 0).layout(fillContext(count: 1, in: s(10, 10)))
        }
    }

    @Test func gapsWiderThanTheContainerAreAnErrorNamingTheSpacing() throws {
        #expect(throws: LayoutError("waterfall layout needs a spacing of at most 375 for 2 columns in a width of 375, got 400")) {
            try WaterfallLayout(columns: 2, spacing: 400).layout(fillContext(count: 1, in: s(375, 10)))
        }
        // Gaps that fill the width exactly leave columns of width 0, which is a layout.
        let result = try WaterfallLayout(columns: 3, spacing: 150).layout(fillContext(count: 1, in: s(300, 10)))
        #expect(try result.frame(at: 0).width == 0)
    }

    @Test func visibilityUsesOpenIntervals() throws {
        let result = try WaterfallLayout(columns: 1).layout(fixedContext([s(1, 50), s(1, 50), s(1, 50)], in: s(100, 100)))
        #expect(result.visible(in: r(0, 0, 100, 49)) == [0])
        #expect(result.visible(in: r(0, 0, 100, 50)) == [0])
        #expect(result.visible(in: r(0, 51, 100, 49)) == [1])
        #expect(result.visible(in: r(0, 50, 100, 50.5)) == [1, 2])
    }
}

@Suite struct OverlayAndClosureLayoutTests {
    @Test func overlayPutsEveryItemAtTheOrigin() throws {
        let result = try OverlayLayout().layout(fixedContext([s(100, 20), s(40, 80)], in: s(300, 300)))
        #expect(result.allFrames == [r(0, 0, 100, 20), r(0, 0, 40, 80)])
        #expect(result.contentSize == s(100, 80))
        #expect(result.visible(in: r(50, 30, 10, 10)) == [])
        #expect(result.visible(in: r(10, 10, 5, 5)) == [0, 1])
    }

    @Test func closureLayoutGivesArbitraryFramesWithIndexedVisibility() throws {
        let grid = ClosureLayout { i, ctx in r(Double(i % 3) * 50, Double(i / 3) * 50, 50, 50) }
        let result = try grid.layout(fillContext(count: 7, in: s(150, 100)))
        #expect(try result.frame(at: 4) == r(50, 50, 50, 50))
        #expect(result.contentSize == s(150, 150))
        #expect(result.visible(in: r(60, 60, 10, 50)) == [4])
        #expect(result.visible(in: r(0, 90, 150, 20)) == [3, 4, 5, 6])
    }

    @Test func invalidFramesAreRejectedWithTheItem() {
        let bad = ClosureLayout { i, _ in i == 1 ? r(0, 0, -1, 5) : r(0, 0, 1, 1) }
        #expect(throws: LayoutError("closure layout produced an invalid frame (0, 0, -1, 5) for item 1; expected finite numbers and a non-negative size")) {
            try bad.layout(fillContext(count: 2, in: s(10, 10)))
        }
    }
}

@Suite struct DecoratorTests {
    let column = WaterfallLayout(columns: 1)
    let sizes = [s(1, 40), s(1, 60)]

    @Test func insetShrinksTheContainerAndShiftsFrames() throws {
        let proposals = Recorder<Size>()
        let ctx = LayoutContext(collectionSize: s(100, 200), count: 2, item: { _ in nil },
                                size: { i, p in proposals.append(p); return [s(1, 40), s(1, 60)][i] })
        let result = try InsetLayout(column, insets: EdgeInsets(top: 10, left: 5, bottom: 20, right: 15)).layout(ctx)
        #expect(proposals.values == [s(80, 170), s(80, 170)])
        #expect(try result.allFrames == [r(5, 10, 80, 40), r(5, 50, 80, 60)])
        #expect(result.contentSize == s(100, 130))
        // The query is translated exactly: y 105..110 touches only item 1 (50..110).
        #expect(try result.visible(in: r(0, 105, 100, 5)) == [1])
        #expect(try result.visible(in: r(0, 110, 100, 50)) == [])
    }

    @Test func insetProviderIsEvaluatedWithTheOuterSize() throws {
        let layout = InsetLayout(column) { size in EdgeInsets(top: 0, left: size.width / 10, bottom: 0, right: 0) }
        #expect(try layout.layout(fixedContext(sizes, in: s(100, 100))).allFrames == [r(10, 0, 90, 40), r(10, 40, 90, 60)])
        #expect(try layout.layout(fixedContext(sizes, in: s(200, 100))).allFrames == [r(20, 0, 180, 40), r(20, 40, 180, 60)])
        let preload = VisibleFrameInsetLayout(column) { size in EdgeInsets(all: -size.height / 10) }
        #expect(try preload.layout(fixedContext(sizes, in: s(100, 100))).visible(in: r(0, 0, 100, 35)) == [0, 1])
    }

    @Test func emptyInsetLayoutStillTakesTheInsetArea() throws {
        let result = try InsetLayout(column, insets: EdgeInsets(all: 8)).layout(fillContext(count: 0, in: s(100, 100)))
        #expect(result.contentSize == s(16, 16))
    }

    @Test func transposeSwapsAxesButAsksSizesInRealCoordinates() throws {
        let proposals = Recorder<Size>()
        let ctx = LayoutContext(collectionSize: s(300, 100), count: 3, item: { _ in nil },
                                size: { _, p in proposals.append(p); return s(30, 100) })
        // A transposed 2-column waterfall is a 2-row horizontal masonry.
        let result = try TransposeLayout(WaterfallLayout(columns: 2)).layout(ctx)
        #expect(proposals.values == Array(repeating: s(300, 50), count: 3))
        #expect(try result.allFrames == [r(0, 0, 30, 50), r(0, 50, 30, 50), r(30, 0, 30, 50)])
        #expect(result.contentSize == s(60, 100))
        #expect(try result.visible(in: r(31, 0, 10, 100)) == [2])
    }

    @Test func visibleFrameInsetChangesOnlyVisibility() throws {
        let base = try column.layout(fixedContext(sizes, in: s(100, 100)))
        let preload = try VisibleFrameInsetLayout(column, insets: EdgeInsets(all: -10)).layout(fixedContext(sizes, in: s(100, 100)))
        #expect(try preload.allFrames == base.allFrames)
        #expect(base.visible(in: r(0, 0, 100, 35)) == [0])
        #expect(try preload.visible(in: r(0, 0, 100, 35)) == [0, 1])
        let shrink = try VisibleFrameInsetLayout(column, insets: EdgeInsets(top: 10)).layout(fixedContext(sizes, in: s(100, 100)))
        #expect(try shrink.visible(in: r(0, 30, 100, 20)) == [1])
    }
}

@Suite struct PinnedLayoutTests {
    // header 0, item 1, header 2, item 3 in one column.
    let sizes = [s(1, 50), s(1, 200), s(1, 50), s(1, 200)]
    func laidOut() throws -> any LayoutResult {
        try PinnedLayout(WaterfallLayout(columns: 1)).layout(fixedContext(sizes, in: s(100, 100)))
    }

    @Test func headerPinsToTheViewportTop() throws {
        let result = try laidOut()
        #expect(try result.frame(at: 0, viewport: r(0, 100, 100, 100)) == r(0, 100, 100, 50))
        #expect(try result.frame(at: 0) == r(0, 0, 100, 50))
        // Not pinned when the viewport top is at or above the header.
        #expect(try result.frame(at: 0, viewport: r(0, 0, 100, 100)) == r(0, 0, 100, 50))
        #expect(try result.frame(at: 2, viewport: r(0, 100, 100, 100)) == r(0, 250, 100, 50))
    }

    @Test func nextHeaderPushesThePinnedOneUp() throws {
        let result = try laidOut()
        #expect(try result.frame(at: 0, viewport: r(0, 220, 100, 100)) == r(0, 200, 100, 50))
        #expect(try result.frame(at: 2, viewport: r(0, 260, 100, 100)) == r(0, 260, 100, 50))
    }

    @Test func lastHeaderLeavesWithItsSection() throws {
        let result = try laidOut()
        #expect(try result.frame(at: 2, viewport: r(0, 460, 100, 100)) == r(0, 450, 100, 50))
    }

    @Test func visibleIncludesThePinnedHeaderInAscendingOrder() throws {
        let result = try laidOut()
        for y in stride(from: 0.0, through: 480, by: 7.5) {
            let viewport = r(0, y, 100, 100)
            #expect(try result.visible(in: viewport) == bruteForceVisible(result, viewport))
        }
        #expect(try result.visible(in: r(0, 120, 100, 100)) == [0, 1])
    }
}

@Suite struct SectionsLayoutTests {
    func dataset() -> Dataset { sectionsWithAnEmptyOne() }

    @Test func sectionsStackVerticallyWithTheirOwnLayouts() throws {
        let layout = SectionsLayout(spacing: 5) { index, _ in
            index == 0 ? InsetLayout(WaterfallLayout(columns: 2), insets: EdgeInsets(all: 1)) as any Layout : WaterfallLayout(columns: 3)
        }
        let ctx = LayoutContext(dataset: dataset(), collectionSize: s(30, 100), sizing: ItemSizing(rule: .intrinsic))
        let result = try layout.layout(ctx)
        #expect(try result.allFrames == [r(1, 1, 14, 10), r(15, 1, 14, 10),
                                     r(0, 22, 10, 10), r(10, 22, 10, 10), r(20, 22, 10, 10)])
        #expect(result.contentSize == s(30, 32))
        #expect(try result.visible(in: r(0, 12, 30, 11)) == [2, 3, 4])
    }

    @Test func contextSectionsAreRebasedAndFallBackToOneSection() throws {
        let ctx = LayoutContext(dataset: dataset(), collectionSize: s(30, 100), sizing: ItemSizing(rule: .intrinsic))
        #expect(ctx.sections.map(\.range) == [0..<2, 2..<2, 2..<5])
        #expect(ctx.slice(2..<5).sections.map(\.range) == [0..<0, 0..<3])
        #expect(ctx.slice(2..<5).sections.map(\.id) == [.string("empty"), .string("b")])
        // A slice cutting through a section is one section, named after the one holding its first item.
        let cut = ctx.slice(1..<4)
        #expect(cut.sections == [Dataset.Section(id: .string("a"), range: 0..<3)])
        // Every item of such a slice is still laid out.
        let layout = SectionsLayout { _, _ in WaterfallLayout(columns: 3) }
        #expect(try layout.layout(cut).allFrames == [r(0, 0, 10, 10), r(10, 0, 10, 10), r(20, 0, 10, 10)])
        #expect(dataset().sectionIndex(containing: 2) == 2)
        #expect(dataset().sectionIndex(containing: 1) == 0)
    }

    @Test func anOuterLayoutArrangesSectionsByTheirContentSize() throws {
        let layout = SectionsLayout(arrangement: TransposeLayout(WaterfallLayout(columns: 1))) { _, _ in OverlayLayout() }
        let ctx = LayoutContext(dataset: dataset(), collectionSize: s(100, 50), sizing: ItemSizing(rule: .intrinsic))
        let result = try layout.layout(ctx)
        // Sections side by side: a at x 0, the empty one (content 0x0 -> forced 50 tall, 0 wide) at 10, b at 10.
        #expect(try result.allFrames == [r(0, 0, 10, 10), r(0, 0, 10, 10), r(10, 0, 10, 10), r(10, 0, 10, 10), r(10, 0, 10, 10)])
    }
}

@Suite struct RectTests {
    @Test func positiveAreaOverlapExcludesTouchingEdgesAndEmptyRectangles() {
        let q = r(0, 0, 100, 100)
        #expect(r(10, 10, 5, 5).overlapsWithPositiveArea(q))
        #expect(!r(100, 10, 5, 5).overlapsWithPositiveArea(q))
        #expect(!r(10, -5, 5, 5).overlapsWithPositiveArea(q))
        #expect(!r(10, 10, 0, 5).overlapsWithPositiveArea(q))
        #expect(!r(10, 10, 5, 0).overlapsWithPositiveArea(q))
        #expect(!q.overlapsWithPositiveArea(r(10, 10, 0, 0)))
        #expect(r(99.5, 99.5, 1, 1).overlapsWithPositiveArea(q))
    }
}
