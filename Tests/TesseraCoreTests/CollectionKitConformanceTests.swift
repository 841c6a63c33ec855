import Testing
@testable import TesseraCore

/// Facts of CollectionKit's behaviour (its layouts, flattening and layout pass) that no other
/// suite pins down, each with exact values; where Tessera deliberately does better than a known
/// CollectionKit bug, the test says which.
@Suite struct CollectionKitConformanceTests {
    // MARK: layouts

    @Test func aZeroWidthContainerPutsEveryItemOfPositiveWidthOnItsOwnLine() throws {
        let flow = try FlowLayout().layout(fixedContext([s(10, 5), s(0, 5), s(0, 5), s(10, 5)], in: s(0, 100)))
        // The zero-width item after a 10-wide one ends at 10, past the edge: a new line, where the
        // next zero-width item ends at 0 and stays.
        #expect(flow.allFrames == [r(0, 0, 10, 5), r(0, 5, 0, 5), r(0, 5, 0, 5), r(0, 10, 10, 5)])
        #expect(flow.contentSize == s(10, 15))
    }

    /// Flow and overlay ask every item's size with the full container (CollectionKit's size
    /// query table; row, waterfall, inset and transpose are pinned down in their own suites).
    @Test func flowAndOverlayAskSizesWithTheFullContainer() throws {
        for layout in [FlowLayout(spacing: 10) as any Layout, OverlayLayout()] {
            let proposals = Recorder<Size>()
            let ctx = LayoutContext(collectionSize: s(120, 80), count: 3, item: { _ in nil },
                                    size: { _, p in proposals.append(p); return s(50, 20) })
            _ = try layout.layout(ctx)
            #expect(proposals.values == Array(repeating: s(120, 80), count: 3))
        }
    }

    /// An engine with no provider shows nothing (CollectionKit's EmptyCollectionProvider).
    @Test func anEngineWithoutAProviderIsEmpty() throws {
        let engine = CollectionEngine(provider: nil, viewport: s(100, 100))
        #expect(try engine.layout().isEmpty)
        #expect(engine.itemCount == 0 && engine.contentSize == .zero && engine.reloadCount == 1)
        #expect(try engine.scroll(to: Point(x: 0, y: 50)).isEmpty)
    }

    @Test func contentSizeHasNoTrailingMarginOrSpacing() throws {
        // A centred 300-wide row in a 700-wide container reports the leading offset, not the trailing one.
        let row = try RowLayout(justifyContent: .center).layout(fixedContext([s(100, 10), s(200, 10)], in: s(700, 50)))
        #expect(row.allFrames == [r(200, 0, 100, 10), r(300, 0, 200, 10)])
        #expect(row.contentSize == s(500, 10))
        let flow = try FlowLayout(spacing: 10).layout(fixedContext([s(50, 50), s(50, 50), s(50, 50)], in: s(110, 500)))
        #expect(flow.contentSize == s(110, 110))
    }

    @Test func aWaterfallInAZeroWidthContainerHasZeroWidthColumns() throws {
        let waterfall = try WaterfallLayout(columns: 2).layout(fillContext(count: 3, in: s(0, 10)))
        #expect(waterfall.allFrames == [r(0, 0, 0, 10), r(0, 0, 0, 10), r(0, 10, 0, 10)])
    }

    @Test func overlayContentIsTheLargestWidthByTheLargestHeight() throws {
        let overlay = try OverlayLayout().layout(fixedContext([s(30, 5), s(10, 40)], in: s(100, 100)))
        #expect(overlay.contentSize == s(30, 40))
        #expect(overlay.visible(in: r(5, 20, 5, 5)) == [1])
    }

    /// CollectionKit's vertical visibility scan stops at the first frame starting at or below
    /// the viewport's bottom, so a flow whose end-aligned short item comes before a tall one
    /// misses the tall one; the spatial index finds it.
    @Test func aFlowWithEndAlignedMixedHeightsFindsTheTallItemAfterAShortOne() throws {
        let flow = try FlowLayout(alignItems: .end).layout(fixedContext([s(10, 10), s(10, 100)], in: s(100, 500)))
        #expect(flow.allFrames == [r(0, 90, 10, 10), r(10, 0, 10, 100)])
        #expect(flow.visible(in: r(0, 0, 100, 50)) == [1])
    }

    /// CollectionKit's vertical layouts never check x: a horizontal query finds only what it meets.
    @Test func visibilityChecksBothAxes() throws {
        let flow = try FlowLayout().layout(fixedContext([s(50, 50), s(50, 50)], in: s(100, 100)))
        #expect(flow.visible(in: r(60, 0, 40, 100)) == [1])
    }

    @Test func insetLayoutClampsAContainerSmallerThanItsInsets() throws {
        let proposals = Recorder<Size>()
        let ctx = LayoutContext(collectionSize: s(10, 10), count: 1, item: { _ in nil },
                                size: { _, p in proposals.append(p); return p })
        let result = try InsetLayout(FlowLayout(), insets: EdgeInsets(all: 8)).layout(ctx)
        #expect(proposals.values == [s(0, 0)])
        #expect(try result.allFrames == [r(8, 8, 0, 0)])
        #expect(result.contentSize == s(16, 16))
    }

    // MARK: flattening

    @Test func emptySectionsTakeNoIndexAndNoIdentifier() throws {
        let root = ComposedProvider(sections: [numbers([1]), numbers([]), numbers([2, 3])])
        let engine = CollectionEngine(provider: root, viewport: s(100, 200))
        try engine.layout()
        #expect(engine.itemCount == 3)
        #expect(engine.views.map(\.id.description) == ["0-0", "2-0", "2-1"])
        #expect(engine.views.map(\.index) == [0, 1, 2])
        let flat = try root.layout(in: s(100, 200)).flattening
        #expect(flat.leaves.map(\.begin) == [0, 1])
    }

    /// CollectionKit joined identifiers without a separator until `1` + `10` and `11` + `0` collided.
    @Test func hierarchicalIdentifiersDoNotCollideAcrossTheSeparator() throws {
        let sections = (0..<12).map { numbers(Array(repeating: 0, count: $0 == 1 ? 11 : 1), size: s(1, 1)) }
        let engine = CollectionEngine(provider: ComposedProvider(sections: sections), viewport: s(100, 200))
        try engine.layout()
        let ids = engine.views.map(\.id.description)
        #expect(ids.contains("1-10") && ids.contains("11-0"))
        #expect(Set(ids).count == ids.count)
    }

    /// CollectionKit's vertical stack with one flexible child, `RowLayout("content").transposed()`
    /// over a composed provider: the outer layout sees each section under its identifier.
    @Test func aComposedProvidersRowFillsTheSectionNamedByItsIdentifier() throws {
        let header = numbers([1], size: s(100, 30)), content = numbers([2, 3], size: s(100, 50))
        content.identifier = "content"
        let root = ComposedProvider(sections: [header, content], layout: RowLayout("content").transposed())
        let engine = CollectionEngine(provider: root, viewport: s(100, 300))
        try engine.layout()
        #expect(engine.contentSize == s(100, 300))
        #expect(engine.views.map(\.frame) == [r(0, 0, 100, 30), r(0, 30, 100, 50), r(0, 80, 100, 50)])
        // A section without an identifier is filled under its position, as a string.
        content.identifier = nil
        root.layout = RowLayout("1").transposed()
        try engine.layout()
        #expect(engine.contentSize == s(100, 300))
    }

    /// The same for a sections layout: the arrangement sees each section under its id.
    @Test func aSectionsLayoutsRowFillsTheSectionNamedByItsId() throws {
        let layout = SectionsLayout(arrangement: RowLayout(.string("a")).transposed()) { _, _ in WaterfallLayout(columns: 1) }
        let result = try layout.layout(LayoutContext(dataset: sectionsWithAnEmptyOne(), collectionSize: s(10, 100),
                                                     sizing: ItemSizing(rule: .intrinsic)))
        // Section a (20 high) takes what b (30) leaves; the empty section takes nothing.
        #expect(try result.allFrames == [r(0, 0, 10, 10), r(0, 10, 10, 10), r(0, 70, 10, 10), r(0, 80, 10, 10), r(0, 90, 10, 10)])
        #expect(result.contentSize == s(10, 100))
    }

    /// The content of a provider whose sections an inset layout arranges includes the insets on
    /// every side, as the arrangement's content size does.
    @Test func anInsetArrangementCountsItsInsetsInTheContent() throws {
        let engine = CollectionEngine(provider: ComposedProvider(sections: [numbers([1])], layout: FlowLayout().inset(10)),
                                      viewport: s(100, 100))
        try engine.layout()
        #expect(engine.views.map(\.frame) == [r(10, 10, 50, 50)])
        #expect(engine.contentSize == s(70, 70))
    }

    /// An outer layout that asks a section's size twice gets the section laid out in its last
    /// proposal (CollectionKit's "the last size wins").
    @Test func theLastProposalASectionIsAskedWins() throws {
        let arrangement = ClosureLayout { i, ctx in
            _ = try ctx.size(at: i, proposed: s(300, 100))
            return Rect(origin: .zero, size: try ctx.size(at: i, proposed: s(100, 100)))
        }
        let root = ComposedProvider(sections: [numbers([1, 2, 3])], layout: arrangement)
        let engine = CollectionEngine(provider: root, viewport: s(300, 200))
        try engine.layout()
        #expect(engine.views.map(\.frame) == [r(0, 0, 50, 50), r(50, 0, 50, 50), r(0, 50, 50, 50)])
        #expect(engine.contentSize == s(100, 100))
    }

    /// A sideways row inside a vertical provider shows only the items inside the viewport's
    /// width (one of the visibility gaps CollectionKit's unmerged refactor addressed).
    @Test func aWideRowSectionShowsOnlyWhatTheViewportsWidthMeets() throws {
        let root = ComposedProvider(sections: [numbers(Array(0..<6), layout: RowLayout()), numbers([7])])
        let engine = CollectionEngine(provider: root, viewport: s(120, 100))
        try engine.layout()
        #expect(engine.views.map(\.id.description) == ["0-0", "0-1", "0-2", "1-0"])
        #expect(engine.views.map(\.frame.x) == [0, 50, 100, 0])
    }

    // MARK: visible-frame insets and sections

    /// The preloading window of an outer `visibleFrameInset` reaches into the sections
    /// (CollectionKit's open bug: the sections got the un-inset rectangle).
    @Test func anOuterVisibleFrameInsetPreloadsInsideSections() throws {
        let a = numbers([1, 2], size: s(100, 50)), b = numbers([3, 4], size: s(100, 50))
        let root = ComposedProvider(sections: [a, b], layout: nil)
        let engine = CollectionEngine(provider: root, viewport: s(100, 100))
        try engine.layout()
        #expect(engine.views.map(\.id.description) == ["0-0", "0-1"])
        root.layout = FlowLayout().visibleFrameInset(EdgeInsets(all: -10))
        try engine.layout()
        #expect(engine.views.map(\.id.description) == ["0-0", "0-1", "1-0"])
        // Under other decorators too: inset (the query moves, its insets stay), transposed (a
        // bottom inset becomes a right one) and mirrored (left and right swap).
        root.layout = FlowLayout().visibleFrameInset(EdgeInsets(top: 0, left: 0, bottom: -10, right: 0)).inset(0)
        try engine.layout()
        #expect(engine.views.map(\.id.description) == ["0-0", "0-1", "1-0"])
        #expect(SectionsLayout.queryInsets(FlowLayout().visibleFrameInset(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)).transposed(),
                                           in: s(10, 10)) == EdgeInsets(top: 2, left: 1, bottom: 4, right: 3))
        #expect(SectionsLayout.queryInsets(FlowLayout().visibleFrameInset(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)).mirrored(),
                                           in: s(10, 10)) == EdgeInsets(top: 1, left: 4, bottom: 3, right: 2))
        #expect(SectionsLayout.queryInsets(FlowLayout().inset(4), in: s(10, 10)) == nil)
    }

    /// A section's own `visibleFrameInset` widens which of its items are visible, as its
    /// layout does on its own.
    @Test func aSectionsVisibleFrameInsetPreloadsItsItems() throws {
        let a = numbers([1, 2], size: s(100, 50))
        let b = numbers([3, 4], size: s(100, 50), layout: FlowLayout().visibleFrameInset(EdgeInsets(top: -10, left: 0, bottom: -60, right: 0)))
        let engine = CollectionEngine(provider: ComposedProvider(sections: [a, b]), viewport: s(100, 120))
        try engine.layout()
        #expect(engine.views.map(\.id.description) == ["0-0", "0-1", "1-0", "1-1"])
    }

    /// The same in a sectioned layout's result: the insetting section answers for its items.
    @Test func aSectionsLayoutAsksAnInsettingSectionWhichOfItsItemsAreVisible() throws {
        let column = WaterfallLayout(columns: 1)
        let layout = SectionsLayout { index, _ in
            index == 2 ? column.visibleFrameInset(EdgeInsets(top: 0, left: 0, bottom: -15, right: 0)) as any Layout : column
        }
        let result = try layout.layout(LayoutContext(dataset: sectionsWithAnEmptyOne(), collectionSize: s(10, 100),
                                                     sizing: ItemSizing(rule: .intrinsic)))
        #expect(try result.allFrames == [r(0, 0, 10, 10), r(0, 10, 10, 10), r(0, 20, 10, 10), r(0, 30, 10, 10), r(0, 40, 10, 10)])
        #expect(try result.visible(in: r(0, 0, 10, 25)) == [0, 1, 2, 3])
        #expect(try result.visible(in: r(0, 0, 10, 5)) == [0])
        #expect(try result.visible(in: r(0, 0, 10, 6)) == [0, 2])
        let drawn = try result.elements(in: r(0, 0, 10, 25), scroll: ScrollState(showing: r(0, 0, 10, 25)))
        #expect(drawn.map(\.index) == [0, 1, 2, 3])
        #expect(drawn.map(\.section) == [0, 0, 2, 2])
        #expect(drawn.map(\.frame) == [r(0, 0, 10, 10), r(0, 10, 10, 10), r(0, 20, 10, 10), r(0, 30, 10, 10)])
    }

    /// A sticky layout inside a section pins its item within the section (CollectionKit's nested
    /// sticky pins in the section's part of the visible frame), as it does at the root: pushed up
    /// by the section's end, and drawn where its header supplementary is.
    @Test func aStickyLayoutInASectionPinsItsItemInTheSection() throws {
        let sticky = numbers(Array(0..<6), size: s(100, 50), layout: PinnedLayout(FlowLayout(), isPinned: { $0 == 0 }))
        let root = ComposedProvider(sections: [numbers([9], size: s(100, 50)), sticky, numbers([8, 8, 8, 8], size: s(100, 50))])
        let engine = CollectionEngine(provider: root, viewport: s(100, 100))
        try engine.layout()
        func pinned() -> [Rect] { engine.views.filter { $0.id.description.hasPrefix("1-0") }.map(\.frame) }
        #expect(pinned() == [r(0, 50, 100, 50), r(0, 50, 100, 50)])
        try engine.scroll(to: Point(x: 0, y: 60))
        #expect(pinned() == [r(0, 60, 100, 50), r(0, 60, 100, 50)])
        try engine.scroll(to: Point(x: 0, y: 320))
        #expect(pinned() == [r(0, 300, 100, 50), r(0, 300, 100, 50)])
        #expect(try engine.layoutResult.frame(at: 1, scroll: ScrollState(contentOffset: Point(x: 0, y: 200))) == r(0, 200, 100, 50))
        #expect(try engine.layoutResult.frame(at: 2, scroll: ScrollState(contentOffset: Point(x: 0, y: 200))) == r(0, 100, 100, 50))
        // With a second pinned item (3, at 200) the first is pushed up by it, its header with it.
        sticky.layout = PinnedLayout(FlowLayout(), isPinned: { $0 % 3 == 0 })
        try engine.scroll(to: Point(x: 0, y: 180))
        #expect(pinned() == [r(0, 150, 100, 50), r(0, 150, 100, 50)])
    }

    /// A layout's own pin limit (a script's `pinUntil`) moves with its section and through
    /// decorators: a header that pins until y 40 in its section pins until 140 when the section
    /// starts at 100, and until 145 when that section is also inset by 5.
    @Test func aStatedPinLimitMovesWithItsSection() throws {
        for (inset, limit) in [(0.0, 140.0), (5, 145)] {
            let layout = SectionsLayout { s, _ in
                s == 0 ? WaterfallLayout(columns: 1) as any Layout : PinnedUntil40().inset(EdgeInsets(top: inset, left: 0, bottom: 0, right: 0))
            }
            let ctx = LayoutContext(collectionSize: s(100, 100), count: 2, sections: [.init(id: "a", range: 0..<1), .init(id: "b", range: 1..<2)],
                                    item: { _ in nil }, size: { _, _ in s(100, 100) })
            let result = try layout.layout(ctx)
            #expect(result.pinLimits == [limit])
            func header(at y: Double) throws -> [Rect] {
                try result.elements(in: r(0, y, 100, 100), scroll: ScrollState(contentOffset: Point(x: 0, y: y)))
                    .filter { $0.category == .supplementary }.map(\.frame)
            }
            #expect(try header(at: 120) == [r(0, 120, 100, 10)])
            #expect(try header(at: 138) == [r(0, limit - 10, 100, 10)])
        }
        // Mirrored, a sideways limit is mirrored with its element.
        var side = LayoutElement.supplementary("header", section: 0, frame: r(0, 0, 10, 100), pinned: true)
        (side.pinEdge, side.pinUntil) = (.left, 40)
        let mirrored = try FixedResultLayout(result: FramesResult(frames: [], elements: [side], layoutName: "t")).mirrored().layout(fillContext(count: 0, in: s(100, 100)))
        #expect(mirrored.elements.map(\.pinUntil) == [60])
    }

    /// A section is laid out in the full size its parent offers, so a flow's `alignContent`
    /// centres a short section's lines in the viewport's height, and the offset counts in the
    /// section's box.
    @Test func aSectionIsMeasuredWithTheFullParentSize() throws {
        let root = ComposedProvider(sections: [numbers([1], layout: FlowLayout(alignContent: .center)), numbers([2])])
        let engine = CollectionEngine(provider: root, viewport: s(100, 200))
        try engine.layout()
        #expect(engine.views.map(\.frame) == [r(0, 75, 50, 50), r(0, 125, 50, 50)])
        #expect(engine.contentSize == s(50, 175))
    }

    /// Nested headers pin within their section of the outer provider and are pushed up by the
    /// end of their own section (CollectionKit: by the next header, which starts there).
    @Test func nestedHeadersPinWithinTheirSection() throws {
        let nested = HeadersProvider(sections: [numbers(Array(0..<3), size: s(100, 50)), numbers([1, 2], size: s(100, 50))],
                                     headerSize: .fixed(.fraction(1), .absolute(20)))
        let root = ComposedProvider(sections: [numbers([9], size: s(100, 50)), nested, numbers([8, 8, 8, 8], size: s(100, 50))])
        let engine = CollectionEngine(provider: root, viewport: s(100, 100))
        try engine.layout()
        func headers() -> [String] { engine.views.filter { $0.category == .supplementary }.map { "\($0.id) \($0.frame.y)" } }
        #expect(headers() == ["1-0-header 50.0"])
        try engine.scroll(to: Point(x: 0, y: 60))
        #expect(headers() == ["1-0-header 60.0"])
        try engine.scroll(to: Point(x: 0, y: 200))
        #expect(headers() == ["1-0-header 200.0", "1-1-header 220.0"])
        try engine.scroll(to: Point(x: 0, y: 320))
        #expect(headers() == ["1-1-header 320.0"])
        try engine.scroll(to: Point(x: 0, y: 330))
        #expect(headers() == ["1-1-header 320.0"])
    }

    /// A pinned header wrapped in a preloading `visibleFrameInset` still pins to the viewport's
    /// top (CollectionKit's sticky layout pinned to the top of the inset window it was asked about).
    @Test func aPreloadingWindowDoesNotMoveThePin() throws {
        let sizes = [s(1, 50), s(1, 200), s(1, 50), s(1, 200)]
        let result = try PinnedLayout(WaterfallLayout(columns: 1)).visibleFrameInset(EdgeInsets(all: -30))
            .layout(fixedContext(sizes, in: s(100, 100)))
        let drawn = try result.elements(in: r(0, 100, 100, 100), scroll: ScrollState(contentOffset: Point(x: 0, y: 100)))
        #expect(drawn.filter { $0.index == 0 }.map(\.frame) == [r(0, 100, 100, 50), r(0, 100, 100, 50)])
    }

    // MARK: the layout pass

    /// CollectionKit's `loadCells` calls `animator.update` on every visible cell on every scroll
    /// tick, even when the visible set is unchanged, and never rebinds data while scrolling.
    /// Without an animator there is no hook to call, and a still view gets no event.
    @Test func aScrollThatKeepsTheVisibleSetGivesEveryViewItsScrollHookAndRebindsNothing() throws {
        let engine = CollectionEngine(provider: numbers([1, 2, 3, 4]), viewport: s(100, 60))
        try engine.layout()
        let before = shown(engine)
        #expect(try engine.scroll(to: Point(x: 0, y: 5)).isEmpty)
        engine.animator = WobbleAnimator()
        try engine.layout()
        let events = try engine.scroll(to: Point(x: 0, y: 10))
        #expect(types(events) == ["scroll 0", "scroll 1", "scroll 2", "scroll 3"])
        // Pushed by the 5-point velocity times |distance from the viewport's centre (y 40)| / 1000.
        #expect(events.map { $0.animation?.from.ty } == [15.0, 15, 35, 35].map { 5 * ($0 / 1000) })
        #expect(shown(engine) == before)
        #expect(engine.reloadCount == 2)
    }

    /// A size rule change invalidates the layout; it does not reload (no identifiers recomputed,
    /// no rebinding).
    @Test func aNewSizeRuleRelaysOutWithoutAReload() throws {
        let provider = numbers([1, 2])
        let engine = CollectionEngine(provider: provider, viewport: s(100, 100))
        try engine.layout()
        provider.size = .fixed(.absolute(100), .absolute(30))
        let events = try engine.layout()
        #expect(types(events) == ["update 0", "update 1"])
        #expect(engine.views.map(\.frame) == [r(0, 0, 100, 30), r(0, 30, 100, 30)])
        #expect(engine.reloadCount == 1)
    }

    /// Taps test the views topmost first: of two overlapping items the later one, drawn above, wins.
    @Test func aTapFindsTheTopmostOfOverlappingItems() throws {
        let engine = CollectionEngine(provider: numbers([1, 2], layout: OverlayLayout()), viewport: s(100, 100))
        try engine.layout()
        #expect(try engine.tap(at: Point(x: 10, y: 10))?.index == 1)
    }

    /// An empty section keeps its header (CollectionKit's header is an item of its own), which
    /// takes its place and does not pin past the section's end.
    @Test func anEmptySectionKeepsItsHeader() throws {
        let headers = HeadersProvider(sections: [numbers([]), numbers([1, 2, 3], size: s(100, 50))],
                                      headerSize: .fixed(.fraction(1), .absolute(20)))
        let engine = CollectionEngine(provider: headers, viewport: s(100, 100))
        try engine.layout()
        #expect(engine.views.map { "\($0.id) \($0.frame.y)" } == ["1-0 40.0", "1-1 90.0", "0-header 0.0", "1-header 20.0"])
        try engine.scroll(to: Point(x: 0, y: 30))
        #expect(engine.views.map { "\($0.id) \($0.frame.y)" } == ["1-0 40.0", "1-1 90.0", "1-header 30.0"])
    }

    /// `isSticky = false` (here `isPinned`) leaves every header at its place.
    @Test func unpinnedHeadersScrollAway() throws {
        let headers = HeadersProvider(sections: [numbers(Array(0..<4), size: s(100, 50))],
                                      headerSize: .fixed(.fraction(1), .absolute(20)), isPinned: false)
        let engine = CollectionEngine(provider: headers, viewport: s(100, 100))
        try engine.layout()
        try engine.scroll(to: Point(x: 0, y: 30))
        #expect(engine.views.map(\.id.description) == ["0-0", "0-1", "0-2"])
        try engine.scroll(to: Point(x: 0, y: 10))
        #expect(engine.views.last.map { "\($0.id) \($0.frame)" } == "0-header (0.0, 0.0, 100.0, 20.0)")
    }
}

/// One item under a header pinned until y 40 (a script's `pinUntil`).
private struct PinnedUntil40: Layout {
    func layout(_ context: LayoutContext) throws -> FramesResult {
        var header = LayoutElement.supplementary("header", section: 0, frame: r(0, 0, 100, 10), pinned: true)
        header.pinUntil = 40
        return try FramesResult(frames: [r(0, 10, 100, 90)], elements: [header], layoutName: "pinned until 40")
    }
}

/// A layout that gives `result` whatever it is asked.
private struct FixedResultLayout: Layout {
    let result: FramesResult
    func layout(_ context: LayoutContext) throws -> FramesResult { result }
}
