import Testing
@_spi(Testing) @testable import TesseraCore

/// A sectioned context whose items have fixed sizes (ignoring the proposal); item ids are their
/// flattened indices, section ids "s0", "s1", ...
func splitContext(_ sections: [[Size]], in collection: Size) -> LayoutContext {
    let sizes = sections.flatMap { $0 }
    var ranges: [Dataset.Section] = [], start = 0
    for (s, section) in sections.enumerated() {
        ranges.append(Dataset.Section(id: .string("s\(s)"), range: start..<start + section.count))
        start += section.count
    }
    return LayoutContext(collectionSize: collection, count: sizes.count, sections: ranges,
                         item: { Item(id: .int($0)) }, size: { i, _ in sizes[i] })
}

func square(_ n: Int, _ side: Double = 100) -> [Size] { Array(repeating: s(side, side), count: n) }

/// The supplementaries and decorations of `result` drawn when scrolled to y = `top`, in drawing order.
func drawnElements(_ result: any LayoutResult, top: Double) throws -> [LayoutElement] {
    let all = Rect(x: -1, y: -1, width: result.contentSize.width + 2, height: result.contentSize.height + 2)
    return try result.elements(in: all, scroll: ScrollState(contentOffset: Point(x: 0, y: top))).filter { $0.category != .item }
}

@Suite struct SplitColumnsTests {
    @Test func theReadmeExampleGives40LeftAnd60Right() {
        let columns = SplitColumns(width: 110, ratio: 0.4, spacing: 10)
        #expect(columns == SplitColumns(width: 110, ratio: 0.4, spacing: 10))
        #expect((columns.leftX, columns.leftWidth, columns.rightX, columns.rightWidth) == (0, 40, 50, 60))
        #expect(columns.collapsedSide == nil)
    }

    @Test func theSplitSpacingIsIgnoredWhenOneColumnTakesEverything() {
        let all = SplitColumns(width: 110, ratio: 1, spacing: 10)
        #expect((all.leftWidth, all.rightX, all.rightWidth, all.collapsedSide) == (110, 110, 0, .right))
        let none = SplitColumns(width: 110, ratio: 0, spacing: 10)
        #expect((none.leftWidth, none.rightX, none.rightWidth, none.collapsedSide) == (0, 0, 110, .left))
    }

    @Test func itemsAreSizedWithTheirColumnWidthAndTheViewportHeight() throws {
        let proposals = Recorder<Size>()
        let base = splitContext([square(1), square(1)], in: s(110, 300))
        let context = base.withSizes { _, p in proposals.append(p); return s(10, 10) }
        _ = try SplitLayout(leftSideRatio: 0.4, splitSpacing: 10).layout(context)
        #expect(proposals.values == [s(40, 300), s(60, 300)])
    }
}

@Suite struct SplitLayoutFrameTests {
    /// The anchor's own test case: 400×500, sections of 3, 6 and 3 items of 100×100, all left.
    let anchorCase = splitContext([square(3), square(6), square(3)], in: s(400, 500))
    let allLeft = SplitLayout(leftSideRatio: 1, side: { _, _ in .left })

    @Test func threeSectionsOnTheLeftStackInRows() throws {
        let result = try allLeft.layout(anchorCase)
        #expect(result.allFrames.map(\.origin) == [
            (0, 0), (100, 0), (200, 0),
            (0, 100), (100, 100), (200, 100), (300, 100), (0, 200), (100, 200),
            (0, 300), (100, 300), (200, 300),
        ].map { Point(x: $0.0, y: $0.1) })
        #expect(result.allFrames.allSatisfy { $0.size == s(100, 100) })
        #expect(try result.frame(at: 3) == r(0, 100, 100, 100))
        #expect(result.contentSize == s(400, 400))
    }

    @Test func everySectionGetsABackgroundOverItsInsetArea() throws {
        let plan = try allLeft.plan(anchorCase)
        #expect(plan.sections.map(\.background) == [r(0, 0, 400, 100), r(0, 100, 400, 200), r(0, 300, 400, 100)])
        #expect(plan.sections.map(\.side) == [.left, .left, .left])
        #expect(plan.sections.map(\.items) == [0..<3, 3..<9, 9..<12])
    }

    @Test func rectQueriesAreStrictAndExcludeFramesThatOnlyTouchAnEdge() throws {
        let result = try allLeft.layout(anchorCase)
        // y 100..200: the rows at y 0 and y 200 only touch it.
        #expect(result.visible(in: r(0, 100, 400, 100)) == [3, 4, 5, 6])
        #expect(result.elements(in: r(0, 100, 400, 100), scroll: .zero).filter { $0.category != .item }
                == [.decoration("background", section: 1, frame: r(0, 100, 400, 200), zIndex: -1)])
        // A rect ending exactly where item 1 starts horizontally misses it.
        #expect(result.visible(in: r(0, 0, 100, 50)) == [0])
        #expect(result.visible(in: r(0, 0, 100.5, 50)) == [0, 1])
    }

    @Test func aRowBreaksOnlyWhenAnItemWouldPassTheRightEdge() throws {
        let inset = EdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
        let layout = SplitLayout(minimumInterItemSpacing: 10, sectionInset: inset)
        // 5 + 90 + 10 + 90 + 10 + 90 = 295 = 300 − 5: the third item ends exactly on the edge.
        let fits = try layout.layout(splitContext([[s(90, 20), s(90, 20), s(90, 20), s(90, 20)]], in: s(300, 100)))
        #expect(fits.allFrames == [r(5, 0, 90, 20), r(105, 0, 90, 20), r(205, 0, 90, 20), r(5, 20, 90, 20)])
        // Half a point more and it goes to the next row.
        let passes = try layout.layout(splitContext([[s(90, 20), s(90, 20), s(90.5, 20)]], in: s(300, 100)))
        #expect(passes.allFrames == [r(5, 0, 90, 20), r(105, 0, 90, 20), r(5, 20, 90.5, 20)])
    }

    @Test func rowsAreTopAlignedUnlessLineHeightsAreNormalised() throws {
        let sizes = [[s(100, 100), s(100, 200), s(100, 300), s(100, 50)]]
        let context = splitContext(sizes, in: s(300, 1000))
        let aligned = try SplitLayout(minimumItemLineSpacing: 10).layout(context)
        #expect(aligned.allFrames == [r(0, 0, 100, 100), r(100, 0, 100, 200), r(200, 0, 100, 300), r(0, 310, 100, 50)])
        let normalised = try SplitLayout(minimumItemLineSpacing: 10, isNormalizingLineHeight: true).layout(context)
        #expect(normalised.allFrames == [r(0, 0, 100, 300), r(100, 0, 100, 300), r(200, 0, 100, 300), r(0, 310, 100, 50)])
        #expect(normalised.contentSize == s(300, 360))
    }

    @Test func headersFootersAndBackgroundsSpanTheColumn() throws {
        let layout = SplitLayout(leftSideRatio: 0.4, splitSpacing: 10,
                                 sectionInset: EdgeInsets(top: 10, left: 5, bottom: 20, right: 5),
                                 header: { _, _ in SectionBoundary(height: 44) },
                                 footer: { s, _ in s == 0 ? SectionBoundary(height: 30) : nil })
        // 210 wide: left column 80, right column 120 starting at 90.
        let plan = try layout.plan(splitContext([[s(30, 30), s(30, 30), s(30, 40)], [s(50, 10)]], in: s(210, 400)))
        #expect(plan.frames == [r(5, 54, 30, 30), r(35, 54, 30, 30), r(5, 84, 30, 40), r(95, 54, 50, 10)])
        let left = plan.sections[0], right = plan.sections[1]
        #expect(left.header == r(0, 0, 80, 44))
        #expect(left.background == r(0, 44, 80, 100))      // 44 → 124 + 20 bottom inset
        #expect(left.footer == r(0, 144, 80, 30))
        #expect((left.contentBottom, left.end) == (144, 174))
        #expect(right.header == r(90, 0, 120, 44))
        #expect(right.background == r(90, 44, 120, 40))
        #expect(right.footer == nil)
        #expect(plan.contentSize == s(210, 174))
    }

    /// The split layout takes the sections layout's header and footer type and honours all of
    /// it: kind, drawing order, width from the column's leading edge, a pinned footer.
    @Test func headersAndFootersKeepTheirKindZindexWidthAndPinning() throws {
        let layout = SplitLayout(leftSideRatio: 0.5,
                                 header: { _, _ in SectionBoundary(height: 20, zIndex: 5, kind: "title", width: 60) },
                                 footer: { _, _ in SectionBoundary(height: 10, pinned: true, kind: "more") })
        let result = try layout.layout(splitContext([[s(30, 30)], [s(30, 30)]], in: s(200, 400)))
        let headers = result.elements.filter { $0.kind == "title" }
        #expect(headers.map(\.frame) == [r(0, 0, 60, 20), r(100, 0, 60, 20)])
        #expect(headers.map(\.zIndex) == [5, 5])
        #expect(headers.map(\.pinned) == [false, false])
        let footers = result.elements.filter { $0.kind == "more" }
        #expect(footers.map(\.frame) == [r(0, 50, 100, 10), r(100, 50, 100, 10)])
        #expect(footers.map(\.zIndex) == [1, 1])
        #expect(footers.map(\.pinned) == [true, true])
        #expect(throws: LayoutError("split layout section \"s0\" header width must be a finite number >= 0, got -1")) {
            try SplitLayout(header: { _, _ in SectionBoundary(height: 20, width: -1) })
                .layout(splitContext([[s(30, 30)]], in: s(200, 400)))
        }
        #expect(throws: LayoutError("split layout section \"s1\" footer height must be a finite number >= 0, got -3")) {
            try SplitLayout(footer: { i, _ in SectionBoundary(height: i == 1 ? -3 : 10) })
                .layout(splitContext([[s(30, 30)], [s(30, 30)]], in: s(200, 400)))
        }
    }

    @Test func perSectionOverridesReplaceTheDefaults() throws {
        let layout = SplitLayout(minimumInterItemSpacing: 1, sectionInset: EdgeInsets(all: 1),
                                 side: { _, _ in .left },
                                 sectionOverrides: { s, section in
                                     s == 1 ? SplitSectionOverrides(sectionInset: .zero, minimumInterItemSpacing: 10,
                                                                    minimumItemLineSpacing: 5) : .init()
                                 })
        let plan = try layout.plan(splitContext([[s(10, 10)], [s(50, 10), s(50, 10)]], in: s(100, 100)))
        #expect(plan.frames == [r(1, 1, 10, 10), r(0, 12, 50, 10), r(0, 27, 50, 10)])
        #expect(plan.sections[1].background == r(0, 12, 100, 25))
    }

    @Test func sidesAlternateByDefaultAndEachColumnStacksOnItsOwn() throws {
        let layout = SplitLayout(leftSideRatio: 0.5)
        let plan = try layout.plan(splitContext([square(1, 50), [s(50, 80)], square(1, 50)], in: s(200, 400)))
        #expect(plan.sections.map(\.side) == [.left, .right, .left])
        #expect(plan.frames == [r(0, 0, 50, 50), r(100, 0, 50, 80), r(0, 50, 50, 50)])
        #expect(plan.contentSize == s(200, 100))
    }

    @Test func theRatioMayFollowTheViewportWidth() throws {
        var layout = SplitLayout()
        layout.leftSideRatio = { width in width < 500 ? 1 : 0.5 }
        let narrow = try layout.plan(splitContext([square(1, 50), square(1, 50)], in: s(400, 400)))
        #expect(narrow.frames == [r(0, 0, 50, 50), r(0, 50, 50, 50)])
        let wide = try layout.plan(splitContext([square(1, 50), square(1, 50)], in: s(600, 400)))
        #expect(wide.frames == [r(0, 0, 50, 50), r(300, 0, 50, 50)])
    }

    @Test func badParametersAreClearErrors() {
        #expect(throws: LayoutError("split layout leftSideRatio must be a number from 0 to 1, got 1.5 for viewport width 100")) {
            try SplitLayout(leftSideRatio: 1.5).layout(splitContext([square(1)], in: s(100, 100)))
        }
        #expect(throws: LayoutError("split layout splitSpacing must be a finite number >= 0, got -1")) {
            try SplitLayout(splitSpacing: -1).layout(splitContext([square(1)], in: s(100, 100)))
        }
        #expect(throws: LayoutError("split layout section \"s0\" minimumItemLineSpacing must be a finite number >= 0, got -2")) {
            try SplitLayout(sectionOverrides: { _, _ in SplitSectionOverrides(minimumItemLineSpacing: -2) })
                .layout(splitContext([square(1)], in: s(100, 100)))
        }
    }

    /// A negative section inset pulled the items over the section above and out of the content
    /// (`--param sectionInset=-1` on the wallpapers: items at x -1, three overlapping pairs), so
    /// it is refused as a negative spacing is, naming the edge; the built-in's `--param` too.
    @Test func aNegativeSectionInsetIsRefused() throws {
        #expect(throws: LayoutError("split layout sectionInset.top must be a finite number >= 0, got -1")) {
            try SplitLayout(sectionInset: EdgeInsets(all: -1)).layout(splitContext([square(1)], in: s(100, 100)))
        }
        #expect(throws: LayoutError("split layout section \"s0\" sectionInset.right must be a finite number >= 0, got -0.5")) {
            try SplitLayout(sectionOverrides: { _, _ in SplitSectionOverrides(sectionInset: EdgeInsets(top: 0, left: 0, bottom: 0, right: -0.5)) })
                .layout(splitContext([square(1)], in: s(100, 100)))
        }
        let builtin = try BuiltinLayouts.make(name: "split", params: ["sectionInset": ["left": -8]])
        #expect(throws: LayoutError("split layout sectionInset.left must be a finite number >= 0, got -8")) {
            try builtin.layout(splitContext([square(1)], in: s(100, 100)))
        }
        let zero = try SplitLayout(sectionInset: EdgeInsets(all: 0)).plan(splitContext([square(1, 50)], in: s(100, 100)))
        #expect(zero.frames == [r(0, 0, 50, 50)])
    }
}

@Suite struct SplitPinnedHeaderTests {
    /// Two sections on the left, each a 40-point header over two rows of 100×100 items.
    func pinnedResult(_ sizes: [[Size]] = [square(4), square(4)]) throws -> any LayoutResult {
        let layout = SplitLayout(pinHeaders: true, side: { _, _ in .left },
                                 header: { _, _ in SectionBoundary(height: 40) })
        return try layout.layout(splitContext(sizes, in: s(200, 300)))
    }

    @Test func headersStickToTheTopAndArePushedUpByTheirSectionEnd() throws {
        let result = try pinnedResult()
        func ys(_ top: Double) throws -> [Double] { try drawnElements(result, top: top).filter { $0.kind == "header" }.map(\.frame.y) }
        #expect(try ys(0) == [0, 240])        // resting
        #expect(try ys(100) == [100, 240])    // pinned at the top
        #expect(try ys(200) == [200, 240])    // its bottom reaches the section end (240)
        #expect(try ys(230) == [200, 240])    // pushed up: stays at 240 − 40
        #expect(try ys(300) == [200, 300])    // the next header pins
        #expect(try ys(500) == [200, 440])    // the last section pushes its header up too
        #expect(try drawnElements(result, top: 100).first { $0.kind == "header" }
                == .supplementary("header", section: 0, frame: r(0, 100, 200, 40), pinned: true))
    }

    @Test func theQueryReturnsPinnedHeadersWhereTheyAreDrawn() throws {
        let result = try pinnedResult()
        let top = 150.0, strip = r(0, top, 200, 10)
        let pinnedThere = try result.elements(in: strip, scroll: ScrollState(contentOffset: Point(x: 0, y: top)))
        #expect(pinnedThere.map(\.kind) == ["background", "", "", "header"])
        // At rest the first header is above this strip.
        #expect(try result.elements(in: strip, scroll: .zero).map(\.kind) == ["background", "", ""])
    }

    @Test func aFooterEndsTheSectionForItsPinnedHeader() throws {
        let layout = SplitLayout(pinHeaders: true, header: { _, _ in SectionBoundary(height: 40) },
                                 footer: { _, _ in SectionBoundary(height: 20) })
        let result = try layout.layout(splitContext([square(2)], in: s(200, 300)))
        // Content 40 → 140, footer 140 → 160: the header stops at 160 − 40.
        #expect(try drawnElements(result, top: 300).map(\.frame) == [r(0, 40, 200, 100), r(0, 140, 200, 20), r(0, 120, 200, 40)])
    }
}

/// Every element overlapping `rect` as drawn for `scroll`, by scanning the plan: items, then
/// per section header (pinned by its section's end), background, footer; sorted into drawing order.
func bruteForceElements(_ result: any LayoutResult, plan: SplitPlan, _ rect: Rect, _ scroll: ScrollState) throws -> [LayoutElement] {
    var all = try (0..<result.count).map { LayoutElement.item($0, section: try result.section(ofItem: $0), frame: try result.frame(at: $0)) }
    for (s, section) in plan.sections.enumerated() {
        if var header = section.header {
            if section.headerPinned {
                let end = section.footer?.maxY ?? section.contentBottom
                header.y = max(header.minY, min(scroll.contentOffset.y, end - header.height))
            }
            all.append(.supplementary("header", section: s, frame: header, pinned: section.headerPinned))
        }
        if let background = section.background { all.append(.decoration("background", section: s, frame: background, zIndex: -1)) }
        if let footer = section.footer { all.append(.supplementary("footer", section: s, frame: footer)) }
    }
    return LayoutElement.inDrawingOrder(all.filter { $0.frame.overlapsWithPositiveArea(rect) })
}

/// Each test fails on UICollectionViewSplitLayout's behaviour (noted per test).
@Suite struct SplitAnchorFixTests {
    @Test func lookupsStayRightAfterACollapsedSide() throws {
        // Ratio 1, the middle section asks for the right side. The anchor drops it and stores
        // later sections at shifted positions, so section 2's item 0 answers with the wrong frame.
        let context = splitContext([square(2), square(2), square(2)], in: s(200, 500))
        let flowing = try SplitLayout(leftSideRatio: 1).plan(context)
        #expect(flowing.sections.map(\.side) == [.left, .left, .left])
        #expect(flowing.frames == [r(0, 0, 100, 100), r(100, 0, 100, 100), r(0, 100, 100, 100), r(100, 100, 100, 100),
                                   r(0, 200, 100, 100), r(100, 200, 100, 100)])
        // Asked to hide them as the anchor does, the hidden items keep their indices.
        let hiding = try SplitLayout(leftSideRatio: 1, hidesCollapsedSections: true).layout(context)
        #expect(hiding.count == 6)
        #expect(try hiding.frame(at: 4) == r(0, 100, 100, 100))
        #expect(try hiding.frame(at: 2).size == .zero)
        #expect(hiding.visible(in: r(0, 0, 200, 500)) == [0, 1, 4, 5])
        #expect(hiding.elements.map(\.section) == [0, 2])
    }

    @Test func aCollapsedSideFlowsIntoTheRemainingColumn() throws {
        // Ratio 0: everything is on the right, at full width. The anchor returns nothing for the
        // sections asking for the left.
        let plan = try SplitLayout(leftSideRatio: 0, splitSpacing: 10).plan(splitContext([square(1), square(1)], in: s(300, 500)))
        #expect(plan.sections.map(\.side) == [.right, .right])
        #expect(plan.frames == [r(0, 0, 100, 100), r(0, 100, 100, 100)])
        #expect(plan.sections.map(\.background) == [r(0, 0, 300, 100), r(0, 100, 300, 100)])
    }

    @Test func lookupsStayRightAfterAZeroSizeItem() throws {
        // The anchor stores no attributes for the zero-size item, so item 2's lookup is out of range.
        let result = try SplitLayout().layout(splitContext([[s(100, 100), s(0, 50), s(100, 100)]], in: s(300, 300)))
        #expect(result.count == 3)
        #expect(try result.frame(at: 2) == r(100, 0, 100, 100))
        #expect(try result.frame(at: 1) == r(100, 0, 0, 0))
        #expect(result.visible(in: r(0, 0, 300, 300)) == [0, 2])
    }

    @Test func anEmptySectionReturnsItsHeaderWhereItIsVisible() throws {
        // The anchor returns a header only with one of its section's items, so never for an empty section.
        let layout = SplitLayout(leftSideRatio: 1, header: { _, _ in SectionBoundary(height: 30) })
        let result = try layout.layout(splitContext([square(1), [], square(1)], in: s(300, 500)))
        #expect(result.elements(in: r(0, 135, 300, 10), scroll: .zero) == [.supplementary("header", section: 1, frame: r(0, 130, 300, 30))])
    }

    @Test func aPinnedHeaderLeavesAtTheBottomOfTheTallestLastRowItem() throws {
        // The last row holds a 200-tall item then a 50-tall last item. The anchor pushes the header
        // up at the last item's bottom (y 70 for a 40 header), 150 points too early.
        let layout = SplitLayout(pinHeaders: true, header: { _, _ in SectionBoundary(height: 40) })
        let context = splitContext([[s(100, 200), s(100, 50)]], in: s(200, 300))
        #expect(try layout.plan(context).sections[0].contentBottom == 240)
        let result = try layout.layout(context)
        #expect(try drawnElements(result, top: 100)[1].frame == r(0, 100, 200, 40))
        #expect(try drawnElements(result, top: 250)[1].frame == r(0, 200, 200, 40))
    }

    @Test func anItemWiderThanItsColumnGetsNoExtraLineSpacingAboveIt() throws {
        // The anchor breaks the empty first row and moves the item down by the line spacing.
        let result = try SplitLayout(minimumItemLineSpacing: 10).layout(splitContext([[s(500, 50), s(50, 50)]], in: s(300, 300)))
        // Narrowed to the 300-point column.
        #expect(result.allFrames == [r(0, 0, 300, 50), r(0, 60, 50, 50)])
    }
}

@Suite struct SplitQueryPropertyTests {
    /// Random split layouts and rectangles: the indexed item and element queries answer exactly
    /// what a scan of every frame (pinned headers at their drawn place) answers.
    @Test func queriesEqualABruteForceScan() throws {
        var random = SplitMix64(seed: 1224)
        func pick(_ n: Int) -> Int { random.below(n) }
        func value(_ values: [Double]) -> Double { values[pick(values.count)] }
        for _ in 0..<200 {
            let sections = (0..<1 + pick(6)).map { _ in
                (0..<pick(12)).map { _ in s(value([0, 10, 25, 50, 99.5, 120]), value([0, 10, 30, 60])) }
            }
            let width = value([120, 300, 375])
            let sides = sections.indices.map { _ in SplitSide.allCases[pick(2)] }
            let headers = sections.indices.map { i in i % 3 == 2 ? nil : SectionBoundary(height: value([0, 20, 44])) }
            let footers = sections.indices.map { _ in pick(2) == 0 ? nil : SectionBoundary(height: 15) }
            let layout = SplitLayout(leftSideRatio: value([0, 0.25, 0.4, 0.5, 1]), splitSpacing: value([0, 8]),
                                     minimumInterItemSpacing: value([0, 4]), minimumItemLineSpacing: value([0, 6]),
                                     sectionInset: EdgeInsets(top: value([0, 5]), left: value([0, 3]), bottom: value([0, 7]), right: 0),
                                     isNormalizingLineHeight: pick(2) == 0, pinHeaders: pick(2) == 0,
                                     hidesCollapsedSections: pick(3) == 0,
                                     side: { i, _ in sides[i] },
                                     header: { i, _ in headers[i] }, footer: { i, _ in footers[i] })
            let context = splitContext(sections, in: s(width, 400))
            let result = try layout.layout(context), plan = try layout.plan(context)
            for _ in 0..<20 {
                let rect = r(value([0, 10, 60, 150]), value([0, 30, 44, 100, 250]), value([0, 40, 200, 400]), value([1, 50, 300]))
                let scroll = ScrollState(contentOffset: Point(x: 0, y: value([0, 20, 100, 230, 400])))
                #expect(try result.visible(in: rect) == (0..<result.count).filter { try result.frame(at: $0).overlapsWithPositiveArea(rect) })
                #expect(try result.elements(in: rect, scroll: scroll) == bruteForceElements(result, plan: plan, rect, scroll))
            }
        }
    }
}

@Suite struct SplitParameterTests {
    func plan(_ params: [String: JSONValue], _ sections: [[Size]], width: Double = 200) throws -> SplitPlan {
        let layout = try BuiltinLayouts.make(name: "split", params: .init(uniqueKeysWithValues: params.sorted { $0.key < $1.key }))
        return try #require(layout as? SplitLayout).plan(splitContext(sections, in: s(width, 400)))
    }

    @Test func theReadmeExampleFromParameters() throws {
        let p = try plan(["leftSideRatio": .double(0.4), "splitSpacing": .int(10)], [square(1, 10), square(1, 10)], width: 110)
        #expect(p.columns == SplitColumns(width: 110, ratio: 0.4, spacing: 10))
        #expect(p.frames == [r(0, 0, 10, 10), r(50, 0, 10, 10)])
    }

    @Test func sidesByPositionByIdOrOneForAll() throws {
        let three = [square(1, 10), square(1, 10), square(1, 10)]
        let half: JSONValue = .double(0.5)
        #expect(try plan(["leftSideRatio": half, "side": .array([.string("right"), .string("right")])], three).sections.map(\.side)
                == [.right, .right, .left])
        #expect(try plan(["leftSideRatio": half, "side": .object(["s2": .string("right")])], three).sections.map(\.side)
                == [.left, .right, .right])
        #expect(try plan(["leftSideRatio": half, "side": .string("right")], three).sections.map(\.side) == [.right, .right, .right])
    }

    @Test func sectionOverridesHeadersAndRatioBreakpoints() throws {
        let params: [String: JSONValue] = [
            "leftSideRatio": .object(["0": .int(1), "300": .double(0.5)]),
            "sections": .object(["s1": .object(["sectionInset": .int(5), "side": .string("left")])]),
            "header": .object(["height": .int(20), "pinned": .bool(true)]),
        ]
        let narrow = try plan(params, [square(1, 10), square(1, 10)])
        #expect(narrow.frames == [r(0, 20, 10, 10), r(5, 55, 10, 10)])
        #expect(narrow.sections.map(\.headerPinned) == [true, true])
        let wide = try plan(params, [square(1, 10), square(1, 10)], width: 400)
        #expect(wide.frames == [r(0, 20, 10, 10), r(5, 55, 10, 10)])   // s1 asks for the left side
        #expect(wide.sections.map(\.header) == [r(0, 0, 200, 20), r(0, 30, 200, 20)])
    }

    @Test func badValuesNameTheParameter() {
        #expect(throws: LayoutError("split param 'side' at position 2 expects \"left\" or \"right\", got \"middle\"")) {
            try plan(["side": .array([.string("left"), .string("middle")])], [square(1)])
        }
        #expect(throws: LayoutError("split param 'sections' for section \"s0\": unknown param 'inset' for the split layout (did you mean sectionInset?); known params: side, sectionInset, minimumInterItemSpacing, minimumItemLineSpacing, isNormalizingLineHeight")) {
            try plan(["sections": .object(["s0": .object(["inset": .int(3)])])], [square(1)])
        }
        #expect(throws: LayoutError("split param 'header' expects a height or {height = 44, pinned = true}, got \"big\"")) {
            try plan(["header": .string("big")], [square(1)])
        }
    }
}
