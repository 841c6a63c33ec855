import Testing
@testable import TesseraCore

/// CollectionKit's pipeline cases, with exact frames, bound data and counts.
@Suite struct CollectionEnginePipelineTests {
    @Test func fourCellsInA49HighViewportShowTwoViews() throws {
        let engine = CollectionEngine(provider: numbers([1, 2, 3, 4]), viewport: s(100, 49))
        let events = try engine.layout()
        #expect(types(events) == ["insert 0", "insert 1"])
        #expect(shown(engine) == ["0 0=1 (0.0, 0.0, 50.0, 50.0)", "1 1=2 (50.0, 0.0, 50.0, 50.0)"])
        #expect(engine.contentSize == s(100, 100))
        #expect(engine.reloadCount == 1)
        #expect(engine.stats == EngineStats(created: 2, reused: 0))
    }

    @Test func scrollingTo51ShowsItems3And4WithoutAReload() throws {
        let engine = CollectionEngine(provider: numbers([1, 2, 3, 4]), viewport: s(100, 49))
        try engine.layout()
        let events = try engine.scroll(to: Point(x: 0, y: 51))
        #expect(types(events) == ["delete 0", "delete 1", "insert 2", "insert 3"])
        // Deleted views go back to the pool first, so the entering ones reuse them.
        #expect(shown(engine) == ["1 2=3 (0.0, 50.0, 50.0, 50.0)", "0 3=4 (50.0, 50.0, 50.0, 50.0)"])
        #expect(engine.reloadCount == 1)
        #expect(engine.stats == EngineStats(created: 2, reused: 2))
        #expect(try engine.layout().isEmpty)
    }

    @Test func resizingRelaysOutWithoutAReload() throws {
        let engine = CollectionEngine(provider: numbers([1, 2, 3, 4]), viewport: s(100, 49))
        try engine.layout()
        let events = try engine.resize(to: s(50, 149))
        // Item 2 was laid out before (below the viewport): it moves in from there, a view new to the host.
        #expect(types(events) == ["update 1", "update 2"])
        #expect(events[1].addsView && events[1].oldFrame == r(0, 50, 50, 50) && events[1].frame == r(0, 100, 50, 50))
        #expect(shown(engine) == ["0 0=1 (0.0, 0.0, 50.0, 50.0)", "1 1=2 (0.0, 50.0, 50.0, 50.0)",
                                  "2 2=3 (0.0, 100.0, 50.0, 50.0)"])
        #expect(engine.contentSize == s(50, 200))
        #expect(engine.reloadCount == 1)
    }

    @Test func indexIdsRebindTheSameViews() throws {
        let provider = numbers([1, 2, 3, 4])
        let engine = CollectionEngine(provider: provider, viewport: s(100, 49))
        try engine.layout()
        provider.data = source([9, 8, 7, 6])
        #expect(engine.views.map(\.data) == [.int(1), .int(2)], "nothing runs before the next pass")
        let events = try engine.layout()
        #expect(types(events) == ["update 0", "update 1"])
        #expect(shown(engine) == ["0 0=9 (0.0, 0.0, 50.0, 50.0)", "1 1=8 (50.0, 0.0, 50.0, 50.0)"])
        #expect(engine.reloadCount == 2)
    }

    @Test func duplicateVisibleIdsGetSuffixes() throws {
        let engine = CollectionEngine(provider: numbers([1, 2, 3, 4], ids: { _ in "a" }), viewport: s(100, 100))
        try engine.layout()
        #expect(engine.views.map(\.id.description) == ["a", "a(1)", "a(2)", "a(3)"])
        // Scrolling keeps the kept views' names and never reuses one in use.
        try engine.scroll(to: Point(x: 0, y: 50))
        #expect(engine.views.map(\.id.description) == ["a(2)", "a(3)"])
        try engine.scroll(to: Point(x: 0, y: 0))
        #expect(Set(engine.views.map(\.id)).count == 4)
    }

    @Test func valueIdsFollowTheItemWhenTheDataIsReversed() throws {
        let provider = numbers([0, 1, 2, 3, 4, 5], ids: { String($0) })
        let engine = CollectionEngine(provider: provider, viewport: s(100, 150))
        try engine.layout()
        let viewOfZero = engine.views[0].number
        provider.data = source([5, 4, 3, 2, 1, 0], ids: { String($0) })
        let events = try engine.layout()
        let zero = try #require(engine.views.first { $0.id == "0" })
        #expect(zero.number == viewOfZero)
        #expect(zero.index == 5)
        #expect(zero.frame == r(50, 100, 50, 50))
        #expect(events.filter { $0.id == "0" }.map(\.type) == [.move, .update])
        #expect(!events.contains { $0.type == .insert || $0.type == .delete })
    }

    @Test func settingTheLayoutOnlyRelaysOut() throws {
        let provider = numbers([1, 2, 3, 4])
        let engine = CollectionEngine(provider: provider, viewport: s(100, 100))
        try engine.layout()
        provider.layout = TransposeLayout(FlowLayout())
        let events = try engine.layout()
        #expect(engine.reloadCount == 1)
        #expect(types(events) == ["update 1", "update 2"])
        #expect(engine.views.map(\.frame) == [r(0, 0, 50, 50), r(0, 50, 50, 50), r(50, 0, 50, 50), r(50, 50, 50, 50)])
    }

    @Test func viewsComeFromOnePoolPerKind() throws {
        let registration = ViewRegistration(kinds: [.init("even", when: { $0 % 2 == 0 }), .init("odd")])
        let provider = numbers(Array(0..<40), size: s(100, 50), layout: FlowLayout())
        provider.view = registration
        let engine = CollectionEngine(provider: provider, viewport: s(100, 100))
        try engine.layout()
        #expect(engine.views.map(\.kind) == ["even", "odd"])
        for y in stride(from: 0.0, through: 1900, by: 25) { try engine.scroll(to: Point(x: 0, y: y)) }
        // At most three views of a kind are ever visible at once (two and a half rows).
        #expect(engine.stats.created <= 4)
        #expect(engine.stats.created + engine.stats.reused == 40)
    }

    @Test func aKindMayCarryItsOwnSize() throws {
        let provider = numbers([1, 2, 3], size: s(100, 10))
        provider.view = ViewRegistration(kinds: [.init("big", when: { $0 == 1 }, size: .fixed(.fraction(1), .absolute(30))),
                                                 .init("cell")])
        let engine = CollectionEngine(provider: provider, viewport: s(100, 100))
        try engine.layout()
        #expect(engine.views.map(\.frame) == [r(0, 0, 100, 10), r(0, 10, 100, 30), r(0, 40, 100, 10)])
        #expect(engine.views.map(\.kind) == ["cell", "big", "cell"])
    }
}

@Suite struct ComposedEngineTests {
    @Test func composedProvidersNestWithHierarchicalIds() throws {
        let a = numbers([1], ids: { _ in "a" }), b = numbers([2, 3], size: s(100, 20))
        let inner = ComposedProvider(sections: [b, a])
        let root = ComposedProvider(sections: [numbers([7]), inner])
        let engine = CollectionEngine(provider: root, viewport: s(100, 200))
        try engine.layout()
        #expect(engine.views.map(\.id.description) == ["0-0", "1-0-0", "1-0-1", "1-1-a"])
        #expect(engine.views.map(\.frame) == [r(0, 0, 50, 50), r(0, 50, 100, 20), r(0, 70, 100, 20), r(0, 90, 50, 50)])
        #expect(engine.contentSize == s(100, 140))
        let flat = try root.layout(in: s(100, 200)).flattening
        #expect(flat.locate(3).local == 0 && flat.locate(3).leaf.owner === a)
        #expect(flat.locate(2).local == 1 && flat.locate(2).leaf.owner === b)
        b.identifier = "feed"
        try engine.layout()
        #expect(engine.views.map(\.id.description) == ["0-0", "1-feed-0", "1-feed-1", "1-1-a"])
    }

    @Test func aDataChangeInsideAComposedProviderTriggersOneReload() throws {
        let inner = numbers([1, 2])
        let engine = CollectionEngine(provider: ComposedProvider(sections: [numbers([0]), inner]), viewport: s(100, 200))
        try engine.layout()
        inner.data = source([5, 6, 7])
        inner.data = source([5, 6, 7, 8])
        try engine.layout()
        #expect(engine.reloadCount == 2)
        #expect(engine.views.count == 5)
        try engine.layout()
        #expect(engine.reloadCount == 2)
        // A provider that left the tree no longer reloads the engine.
        let detached = numbers([1])
        let composed = ComposedProvider(sections: [detached])
        composed.sections = []
        detached.data = source([3])
        let other = CollectionEngine(provider: composed, viewport: s(100, 100))
        try other.layout()
        detached.data = source([4])
        try other.layout()
        #expect(other.reloadCount == 1)
    }

    @Test func everyEngineShowingAProviderHearsItsChanges() throws {
        // A list and its minimap on one provider: a data change reloads both, and one engine
        // letting the provider go (or going away) leaves the other one listening.
        let shared = numbers([1, 2])
        let list = CollectionEngine(provider: shared, viewport: s(100, 200))
        var minimap: CollectionEngine? = CollectionEngine(provider: shared, viewport: s(100, 200))
        try list.layout(); try minimap!.layout()
        shared.data = source([1, 2, 3])
        try list.layout(); try minimap!.layout()
        #expect(list.reloadCount == 2 && minimap!.reloadCount == 2)
        #expect(list.views.count == 3 && minimap!.views.count == 3)
        minimap!.provider = numbers([7])
        try minimap!.layout()
        shared.data = source([4])
        try list.layout(); try minimap!.layout()
        #expect(list.reloadCount == 3 && list.views.map(\.data) == [.int(4)])
        #expect(minimap!.reloadCount == 3 && minimap!.views.map(\.data) == [.int(7)])
        minimap = nil
        #expect(shared.observers.count == 1)
        shared.data = source([5, 6])
        try list.layout()
        #expect(list.reloadCount == 4 && list.views.count == 2)
        // A provider shown by one engine and also a section of another engine's provider
        // tells both.
        let section = numbers([1])
        let whole = CollectionEngine(provider: ComposedProvider(sections: [section, numbers([2])]), viewport: s(100, 200))
        let part = CollectionEngine(provider: section, viewport: s(100, 200))
        try whole.layout(); try part.layout()
        section.data = source([8, 9])
        try whole.layout(); try part.layout()
        #expect(whole.reloadCount == 2 && whole.views.count == 3)
        #expect(part.reloadCount == 2 && part.views.count == 2)
    }

    @Test func aTapReachesTheOwningProviderWithItsLocalIndex() throws {
        var taps: [String] = []
        let first = numbers([1, 2]), second = numbers([3, 4, 5])
        first.tap = { taps.append("first \($0)") }
        second.tap = { taps.append("second \($0)") }
        let engine = CollectionEngine(provider: ComposedProvider(sections: [first, second]), viewport: s(100, 200))
        try engine.layout()
        let hit = try #require(try engine.tap(at: Point(x: 60, y: 60)))
        #expect(hit.index == 3 && hit.id.description == "1-1")
        #expect(try engine.tap(at: Point(x: 10, y: 10))?.index == 0)
        #expect(try engine.tap(at: Point(x: 60, y: 110)) == nil)
        #expect(taps == ["second 1", "first 0"])
    }

    @Test func theHeadersProviderAddsPinnedHeaderSupplementaries() throws {
        var tapped: [Int] = []
        let headers = HeadersProvider(sections: [numbers(Array(0..<4), size: s(100, 50)), numbers([9, 9], size: s(100, 50))],
                                      headerSize: .fixed(.fraction(1), .absolute(20)), tapHeader: { tapped.append($0) })
        let engine = CollectionEngine(provider: headers, viewport: s(100, 100))
        try engine.layout()
        // Headers take their place above each section and are views, drawn above the items.
        #expect(engine.views.map(\.id.description) == ["0-0", "0-1", "0-header"])
        #expect(engine.views.map(\.category) == [.item, .item, .supplementary])
        #expect(engine.views.map(\.frame) == [r(0, 20, 100, 50), r(0, 70, 100, 50), r(0, 0, 100, 20)])
        // A tap on a header view reaches the headers provider's tap with its section.
        #expect(try engine.tap(at: Point(x: 5, y: 5))?.id == .scoped("0", "header"))
        #expect(tapped == [0])
        tapped = []
        // Scrolled: the pinned header keeps its view and is pinned at the top.
        let number = engine.views[2].number
        try engine.scroll(to: Point(x: 0, y: 100))
        #expect(engine.views.last.map { [$0.number, $0.frame] as [AnyHashable] } == [number, r(0, 100, 100, 20)])
        try engine.scroll(to: .zero)
        let laid = try headers.layout(in: s(100, 100))
        #expect(laid.result.elements == [
            .supplementary("header", section: 0, frame: r(0, 0, 100, 20), pinned: true),
            .supplementary("header", section: 1, frame: r(0, 220, 100, 20), pinned: true),
        ])
        // Pinned at the top while its section is on screen, pushed up by its end (220).
        func header(at y: Double) throws -> [Rect] {
            try engine.layoutResult.elements(in: r(0, y, 100, 100), scroll: ScrollState(contentOffset: Point(x: 0, y: y)))
                .filter { $0.kind == "header" }.map(\.frame)
        }
        #expect(try header(at: 100) == [r(0, 100, 100, 20)])
        #expect(try header(at: 210) == [r(0, 200, 100, 20), r(0, 220, 100, 20)])
        // The engine's hook for a tap on a header: its owner, section and identifier.
        let second = try #require(laid.headers.last { $0.section == laid.result.elements[1].section })
        #expect(second.owner === headers && second.local == 1 && second.identifier == .scoped("1", "header"))
        #expect(second.owner.value(at: second.local) == .object(["section": .int(1), "id": .string("1")]))
        try second.owner.didTapHeader(second.local)
        #expect(tapped == [1])
        // Not pinned: the same headers stay at rest.
        headers.isPinned = false
        try engine.layout()
        #expect(try header(at: 100) == [])
    }

    @Test func aHeaderProvidersLayoutIsApplied() throws {
        // CollectionKit's ComposedHeaderProvider lays headers and sections out as 2n items of its
        // layout: a centring flow centres each section's block under its full-width header.
        let headers = HeadersProvider(sections: [numbers([1, 2]), numbers([3])],
                                      layout: FlowLayout(justifyContent: .center),
                                      headerSize: .fixed(.fraction(1), .absolute(20)))
        let engine = CollectionEngine(provider: headers, viewport: s(300, 400))
        try engine.layout()
        #expect(engine.views.map { "\($0.id) \($0.frame)" } == [
            "0-0 (100.0, 20.0, 50.0, 50.0)", "0-1 (150.0, 20.0, 50.0, 50.0)", "1-0 (125.0, 90.0, 50.0, 50.0)",
            "0-header (0.0, 0.0, 300.0, 20.0)", "1-header (0.0, 70.0, 300.0, 20.0)",
        ])
        #expect(engine.contentSize == s(300, 140))
        // The pinned header is pushed up by its own section's end (70).
        let pinned = try engine.layoutResult.elements(in: r(0, 60, 300, 100), scroll: ScrollState(contentOffset: Point(x: 0, y: 60)))
            .filter { $0.kind == "header" }.map(\.frame)
        #expect(pinned == [r(0, 50, 300, 20), r(0, 70, 300, 20)])
    }

    @Test func theEmptyStateShowsAPlaceholderUntilThereIsData() throws {
        let content = numbers([])
        let engine = CollectionEngine(provider: EmptyStateProvider(content: content), viewport: s(100, 80))
        try engine.layout()
        #expect(shown(engine) == ["0 empty=null (0.0, 0.0, 100.0, 80.0)"])
        #expect(engine.views[0].kind == "empty")
        content.data = source([1])
        let events = try engine.layout()
        #expect(types(events) == ["delete empty", "insert 0"])
        #expect(engine.views.map(\.kind) == ["cell"])
    }

    @Test func aSpacerOnlyTakesSpace() throws {
        let root = ComposedProvider(sections: [SpacerProvider(height: .absolute(30)), numbers([1])])
        let engine = CollectionEngine(provider: root, viewport: s(100, 100))
        try engine.layout()
        #expect(engine.views.map(\.frame) == [r(0, 30, 50, 50)])
        #expect(engine.views.map(\.id.description) == ["1-0"])
    }
}

@Suite struct EngineScrollHelperTests {
    @Test func frameAndScrollToAnItem() throws {
        let engine = CollectionEngine(provider: numbers(Array(0..<20), size: s(100, 50)), viewport: s(100, 120))
        try engine.layout()
        #expect(try engine.frame(at: 7) == r(0, 350, 100, 50))
        #expect(try engine.frame(at: 20) == nil)
        try engine.scrollTo(7, align: .top)
        #expect(engine.scrollState.contentOffset == Point(x: 0, y: 350))
        try engine.scrollTo(7, align: .center)
        #expect(engine.scrollState.contentOffset == Point(x: 0, y: 315))
        try engine.scrollTo(7, align: .bottom)
        #expect(engine.scrollState.contentOffset == Point(x: 0, y: 280))
        try engine.scrollTo(19, align: .top)
        #expect(engine.scrollState.contentOffset == Point(x: 0, y: 880), "clamped to the content")
        #expect(engine.views.map(\.index) == [17, 18, 19])
    }

    @Test func prependingKeepsTheFirstVisibleItemInPlace() throws {
        let provider = numbers(Array(10..<30), size: s(100, 50), ids: { String($0) })
        let engine = CollectionEngine(provider: provider, viewport: s(100, 100))
        engine.keepsFirstVisibleOnReload = true
        try engine.scroll(to: Point(x: 0, y: 60))
        #expect(engine.views.map(\.id) == ["11", "12", "13"])
        provider.data = source(Array(0..<30), ids: { String($0) })
        let events = try engine.layout()
        #expect(engine.scrollState.contentOffset == Point(x: 0, y: 560))
        #expect(engine.views.map(\.id) == ["11", "12", "13"])
        #expect(engine.views.map(\.frame) == [r(0, 550, 100, 50), r(0, 600, 100, 50), r(0, 650, 100, 50)])
        #expect(types(events) == ["adjust ", "move 11", "update 11", "move 12", "update 12", "move 13", "update 13"])
        #expect(events[0].delta == Point(x: 0, y: 500) && events[0].contentOffset == Point(x: 0, y: 560))
    }
}

/// A section that scrolls on the cross axis: its offset is part of the engine's viewport.
@Suite struct EngineSectionOffsetTests {
    /// Six 100x50 cards in one shelf that scrolls sideways, in a 250x100 viewport.
    func shelfEngine() -> CollectionEngine {
        typealias C = Compositional
        let card = C.Item(size: C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let group = C.Group.horizontal(C.LayoutSize(width: .absolute(100), height: .absolute(50)), [.item(card)])
        let shelf = CompositionalLayout(section: C.Section(group: group, orthogonalScrolling: .continuous))
        return CollectionEngine(provider: numbers([0, 1, 2, 3, 4, 5], layout: shelf), viewport: s(250, 100))
    }

    /// A tap hits a card only where it shows through its scroller: here the shelf is inset by 20
    /// on each side, so a card scrolled half past the scroller's left edge is hit on its right half only.
    @Test func aTapHitsAScrolledCardOnlyWhereItShows() throws {
        typealias C = Compositional
        let card = C.Item(size: C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let group = C.Group.horizontal(C.LayoutSize(width: .absolute(100), height: .absolute(50)), [.item(card)])
        let shelf = CompositionalLayout(section: C.Section(group: group, orthogonalScrolling: .continuous))
        let engine = CollectionEngine(provider: numbers([0, 1, 2, 3, 4, 5], layout: shelf.inset(EdgeInsets(top: 0, left: 20, bottom: 0, right: 20))),
                                      viewport: s(250, 100))
        try engine.layout()
        engine.setOffset(Point(x: 50, y: 0), ofSection: 0)
        try engine.layout()
        // Card 0 is drawn at -30..70; the scroller spans 20..230, so its part left of 20 is hidden.
        #expect(engine.views.first { $0.index == 0 }?.frame == r(-30, 0, 100, 50))
        #expect(try engine.tap(at: Point(x: 10, y: 25)) == nil)
        #expect(try engine.tap(at: Point(x: 25, y: 25))?.index == 0)
        #expect(try engine.tap(at: Point(x: 75, y: 25))?.index == 1)
        // Card 2 is drawn at 170..270: its part right of 230 is hidden as well.
        #expect(try engine.tap(at: Point(x: 229, y: 25))?.index == 2)
        #expect(try engine.tap(at: Point(x: 240, y: 25)) == nil)
    }

    @Test func aSectionOffsetMovesItsViewsAndChangesWhichAreVisible() throws {
        let engine = shelfEngine()
        #expect(types(try engine.layout()) == ["insert 0", "insert 1", "insert 2"])
        engine.setOffset(Point(x: 150, y: 0), ofSection: 0)
        // Card 1 now shows at -50..50 (its right half, through the scroller), card 4 would start
        // at the viewport's right edge (250), which only touches it.
        let events = try engine.layout()
        #expect(types(events) == ["delete 0", "scroll 1", "scroll 2", "insert 3"])
        #expect(shown(engine) == ["1 1=1 (-50.0, 0.0, 100.0, 50.0)", "2 2=2 (50.0, 0.0, 100.0, 50.0)",
                                  "0 3=3 (150.0, 0.0, 100.0, 50.0)"])
        #expect(engine.reloadCount == 1)
        // Back to the rest: the same views as the first pass, at their resting frames.
        engine.setOffset(.zero, ofSection: 0)
        #expect(types(try engine.layout()) == ["delete 3", "insert 0", "scroll 1", "scroll 2"])
        #expect(engine.views.map(\.frame.x) == [0, 100, 200])
    }

    @Test func aSectionOffsetThatIsNotFiniteFailsTheNextPassAndChangesNothing() throws {
        let engine = shelfEngine()
        try engine.layout()
        let before = engine.views
        engine.setOffset(Point(x: .nan, y: 0), ofSection: 0)
        #expect(throws: LayoutError.invalidParameter(name: "offset", allowed: "finite numbers", got: "nan,0",
                                                     subject: "section 0's offset", verb: "must be")) { try engine.layout() }
        #expect(engine.views == before)
        engine.setOffset(Point(x: 150, y: 0), ofSection: 0)
        #expect(types(try engine.layout()) == ["delete 0", "scroll 1", "scroll 2", "insert 3"])
    }
}
