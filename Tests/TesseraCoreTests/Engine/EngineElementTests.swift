import Testing
@_spi(Testing) @testable import TesseraCore

/// The engine on the element model: headers, backgrounds and cells of a compositional layout are
/// views (category, kind, own pools, zIndex, pinned frames), shelves scroll sideways from the
/// first pass and rest on pages, taps reach headers, and failures leave the pass.
@Suite struct EngineElementTests {
    /// Section "shelf": a 30-point pinned header over a sideways shelf of 100 × 100 cards that
    /// pages group by group. Section "list": a 30-point pinned header over 50-point rows on a
    /// background.
    static func layout() -> CompositionalLayout {
        let fill = C.Subitem.item(C.Item(size: C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1))))
        let header = C.BoundaryItem(kind: "header", size: C.LayoutSize(width: .fractionalWidth(1), height: .absolute(30)),
                                alignment: .top, pinned: true)
        let shelf = C.Section(group: .horizontal(abs_(100, 100), [fill]), boundaryItems: [header], orthogonalScrolling: .groupPaging)
        let list = C.Section(group: .horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(50)), [fill]),
                             boundaryItems: [header], decorations: [C.Decoration(kind: "background")])
        return CompositionalLayout { index, _, _ in index == 0 ? shelf : list }
    }

    /// Sections by id, each with items "<id><k>".
    static func data(_ sections: [(String, Int)]) -> Dataset {
        var items: [Item] = [], ranges: [Dataset.Section] = []
        for (id, n) in sections {
            ranges.append(Dataset.Section(id: .string(id), range: items.count..<(items.count + n)))
            items += (0..<n).map { Item(id: .string("\(id)\($0)")) }
        }
        return Dataset(items: items, sections: ranges)
    }

    static func engine(_ sections: [(String, Int)] = [("s", 5), ("l", 10)]) -> (CollectionEngine, BasicProvider) {
        let provider = BasicProvider(data: ItemSource(dataset: data(sections)), layout: layout(), size: .rule(ItemSizing(rule: .fill)))
        return (CollectionEngine(provider: provider, viewport: Size(width: 200, height: 300)), provider)
    }

    /// A view as `category kind id s<section> #<index> frame z<zIndex>`.
    static func line(_ v: EngineView) -> String {
        "\(v.category.rawValue) \(v.kind) \(v.id) s\(v.section)\(v.index.map { " #\($0)" } ?? "") \(v.frame) z\(v.zIndex)"
    }

    @Test func everyElementIsAViewInDrawingOrderWithItsOwnPool() throws {
        let (engine, _) = Self.engine()
        let events = try engine.layout()
        #expect(engine.views.map(Self.line) == [
            "decoration background l-background s1 \(r(0, 130, 200, 530)) z0",
            "item cell s0 s0 #0 \(r(0, 30, 100, 100)) z0",
            "item cell s1 s0 #1 \(r(100, 30, 100, 100)) z0",
            "item cell l0 s1 #5 \(r(0, 160, 200, 50)) z1",
            "item cell l1 s1 #6 \(r(0, 210, 200, 50)) z1",
            "item cell l2 s1 #7 \(r(0, 260, 200, 50)) z1",
            "supplementary header s-header s0 \(r(0, 0, 200, 30)) z1",
            "supplementary header l-header s1 \(r(0, 130, 200, 30)) z1",
        ])
        #expect(events.map(\.type) == Array(repeating: .insert, count: 8))
        // The engine shows exactly what the layout result draws for the same scroll state.
        let drawn = try engine.layoutResult.elements(in: engine.visibleRect, scroll: engine.scrollState)
        #expect(engine.views.map { [$0.category.rawValue, $0.section, $0.index ?? -1, $0.frame, $0.zIndex] as [AnyHashable] }
                == drawn.map { [$0.category.rawValue, $0.section, $0.index ?? -1, $0.frame, $0.zIndex] as [AnyHashable] })
        // Scrolling down to the end reuses each kind's views: cells for cells only.
        let before = engine.stats.created
        try engine.scroll(to: Point(x: 0, y: 360))
        #expect(engine.views.filter { $0.category == .item }.compactMap(\.index) == [9, 10, 11, 12, 13, 14])
        #expect(engine.stats.created == before + 1, "six rows show where five cells did: one more cell view, the rest reused")
        #expect(engine.views.filter { $0.category != .item }.map(\.id.description) == ["l-background", "l-header"])
        #expect(Set(engine.views.map(\.number)).count == engine.views.count)
    }

    @Test func aPinnedHeaderKeepsItsViewNumberWhilePinned() throws {
        let (engine, _) = Self.engine()
        try engine.layout()
        let header = try #require(engine.views.first { $0.id == .scoped("l", "header") })
        var last = header.frame
        for y in stride(from: 140.0, through: 360, by: 20) {
            let events = try engine.scroll(to: Point(x: 0, y: y))
            let now = try #require(engine.views.first { $0.id == .scoped("l", "header") })
            #expect(now.number == header.number && now.pinned)
            #expect(now.frame == r(0, y, 200, 30), "pinned at the top at \(y)")
            #expect(events.contains { $0.type == .scroll && $0.view == header.number && $0.oldFrame == last && $0.frame == now.frame })
            #expect(engine.views.last?.number == header.number, "the pinned header draws on top")
            last = now.frame
        }
    }

    @Test func aShelfScrollsSidewaysFromTheFirstPassAndRestsOnAPageWithAVelocity() throws {
        let (engine, _) = Self.engine()
        // No pass run yet: the first pass runs, then the shelf scrolls.
        let events = try engine.scrollSection(0, to: Point(x: 130, y: 0))
        #expect(engine.scrollState.sectionOffsets == [0: Point(x: 130, y: 0)])
        #expect(engine.views.filter { $0.section == 0 && $0.category == .item }.map(Self.line) == [
            "item cell s1 s0 #1 \(r(-30, 30, 100, 100)) z0",
            "item cell s2 s0 #2 \(r(70, 30, 100, 100)) z0",
            "item cell s3 s0 #3 \(r(170, 30, 100, 100)) z0",
        ])
        #expect(events.filter { $0.type == .delete }.map(\.id) == ["s0"])
        // Let go at 130 moving forward: groupPaging rests on the next group, 200.
        try engine.scrollSection(0, to: Point(x: 130, y: 0), velocity: Point(x: 1, y: 0))
        #expect(engine.scrollState.sectionOffsets[0] == Point(x: 200, y: 0))
        #expect(engine.views.filter { $0.section == 0 && $0.category == .item }.map(\.frame) == [r(0, 30, 100, 100), r(100, 30, 100, 100)])
        // Backwards from 130: the group before, 100.
        try engine.scrollSection(0, to: Point(x: 130, y: 0), velocity: Point(x: -1, y: 0))
        #expect(engine.scrollState.sectionOffsets[0] == Point(x: 100, y: 0))
        #expect(throws: LayoutError("section 1 does not scroll sideways; sections that do: 0")) {
            try engine.scrollSection(1, to: Point(x: 10, y: 0))
        }
    }

    @Test func aTapHitsTheTopmostElementAndReachesItsProvidersTap() throws {
        let (engine, provider) = Self.engine()
        var tapped: [String] = []
        provider.tap = { tapped.append("item \($0)") }
        provider.tapElement = { e, s in tapped.append("\(e.category.rawValue) \(e.kind) \(s)") }
        try engine.scroll(to: Point(x: 0, y: 200))
        // The list's header is pinned at the top, over the rows and the background.
        #expect(try engine.tap(at: Point(x: 10, y: 210))?.id == .scoped("l", "header"))
        #expect(try engine.tap(at: Point(x: 10, y: 250))?.id == "l1")
        #expect(tapped == ["supplementary header 1", "item 6"])
        #expect(try engine.tap(at: Point(x: 10, y: 1000)) == nil)
        struct Refused: Error {}
        provider.tapElement = { _, _ in throw Refused() }
        #expect(throws: Refused.self) { try engine.tap(at: Point(x: 10, y: 210)) }
    }

    /// Says "fade" for every insert, with the view's category and kind in the curve's place.
    struct Recording: Animator {
        func animations(for events: [AnimationEvent]) throws -> [AnimationDescription?] {
            events.map { $0.kind == .insert ? AnimationDescription(duration: 0.25) : nil }
        }
    }

    @Test func aSectionInsertedByAReloadBringsItsHeaderWithTheAnimatorsInsert() throws {
        let (engine, provider) = Self.engine([("s", 5), ("l", 2)])
        provider.animator = Recording()
        try engine.layout()
        provider.data = ItemSource(dataset: Self.data([("s", 5), ("l", 2), ("m", 2)]))
        try engine.scroll(to: Point(x: 0, y: 100))
        #expect(engine.reloadCount == 2)
        let header = try #require(engine.views.first { $0.id == .scoped("m", "header") })
        #expect(header.category == .supplementary && header.section == 2)
        let reload = try engine.layout()
        #expect(reload.isEmpty)
        provider.data = ItemSource(dataset: Self.data([("s", 5), ("n", 1), ("l", 2), ("m", 2)]))
        let events = try engine.layout()
        #expect(engine.reloadCount == 3)
        let inserted = events.filter { $0.type == .insert }
        #expect(inserted.map(\.id.description).sorted() == ["n-background", "n-header", "n0"])
        #expect(inserted.allSatisfy { $0.animation == AnimationDescription(duration: 0.25) })
        #expect(events.contains { $0.type == .move && $0.id == .scoped("l", "header") && $0.section == 2 })
    }

    @Test func aFailingCallbackOrAnimatorLeavesThePassAndTheEngineKeepsItsState() throws {
        let (engine, provider) = Self.engine()
        try engine.layout()
        let shown = engine.views, stats = engine.stats
        struct Failed: Error, Equatable { var what: String }
        var source = ItemSource(dataset: Self.data([("s", 5), ("l", 10)]))
        source.identifier = { i in if i == 6 { throw Failed(what: "id") }; return .int(i) }
        provider.data = source
        #expect(throws: Failed(what: "id")) { try engine.scroll(to: Point(x: 0, y: 100)) }
        #expect(engine.views == shown && engine.stats == stats && engine.scrollState.contentOffset == Point(x: 0, y: 100))
        #expect(engine.reloadCount == 1)
        provider.data = ItemSource(dataset: Self.data([("s", 5), ("l", 10)]))
        struct Broken: Animator {
            func animations(for events: [AnimationEvent]) throws -> [AnimationDescription?] { throw Failed(what: "animator") }
        }
        engine.animator = Broken()
        #expect(throws: Failed(what: "animator")) { try engine.layout() }
        #expect(engine.views == shown && engine.reloadCount == 1)
        engine.animator = nil
        try engine.layout()
        #expect(engine.reloadCount == 2)
        #expect(engine.views.first { $0.category == .item && $0.section == 1 }?.id == "l0")
    }

    @Test func anAnimatorThatMiscountsLeavesThePassWithAnErrorAndTheEngineKeepsItsState() throws {
        let (engine, provider) = Self.engine()
        try engine.layout()
        let shown = engine.views
        /// Answers one animation fewer than it is asked for.
        struct Short: Animator {
            func animations(for events: [AnimationEvent]) -> [AnimationDescription?] { Array(repeating: nil, count: max(0, events.count - 1)) }
        }
        engine.animator = Short()
        // New ids: every view shown leaves, and the leaving views are asked about first.
        provider.data = ItemSource(dataset: Self.data([("t", 5), ("m", 10)]))
        let asked = shown.count
        #expect(throws: AnimationFormatError("the animator returned \(asked - 1) animation(s) for \(asked) event(s); "
                                             + "it must return one (or nil) per event, in the events' order")) {
            try engine.layout()
        }
        #expect(engine.views == shown && engine.reloadCount == 1)
        engine.animator = nil
        try engine.layout()
        #expect(engine.reloadCount == 2)
    }

    /// Composed of headers providers of compositional children (three deep).
    static func nested(_ first: [(String, Int)], _ second: [(String, Int)]) -> (ComposedProvider, BasicProvider) {
        let a = BasicProvider(data: ItemSource(dataset: data(first)), layout: layout(), size: .rule(ItemSizing(rule: .fill)))
        let b = BasicProvider(data: ItemSource(dataset: data(second)), layout: layout(), size: .rule(ItemSizing(rule: .fill)))
        let size = SizeSource.fixed(.fraction(1), .absolute(20))
        let root = ComposedProvider(sections: [HeadersProvider(sections: [a], headerSize: size, headerKind: "title"),
                                               HeadersProvider(sections: [b], headerSize: size, headerKind: "title")])
        return (root, a)
    }

    @Test func dataChangedInsideANestedProviderReloadsOnceAndAnimatesTheNewSectionsHeader() throws {
        let (root, inner) = Self.nested([("s", 3), ("l", 2)], [("t", 3), ("m", 2)])
        root.animator = Recording()
        let engine = CollectionEngine(provider: root, viewport: Size(width: 200, height: 600))
        try engine.layout()
        // Backgrounds, then headers in section order: each headers provider's (kind "title",
        // id "<section>-header") before its child's own.
        #expect(engine.views.filter { $0.category != .item }.map { "\($0.id) \($0.kind)" } == [
            "0-0-l-background background", "1-0-m-background background", "0-0-header title", "0-0-s-header header",
            "0-0-l-header header", "1-0-header title", "1-0-t-header header", "1-0-m-header header"])
        inner.data = ItemSource(dataset: Self.data([("s", 3), ("n", 1), ("l", 2)]))
        let events = try engine.layout()
        #expect(engine.reloadCount == 2, "one reload for the change deep inside")
        #expect(try engine.layout().isEmpty)
        let inserted = events.filter { $0.type == .insert }
        #expect(inserted.map(\.id.description).sorted() == ["0-0-n-background", "0-0-n-header", "0-0-n0"])
        let header = try #require(inserted.first { $0.id.description == "0-0-n-header" })
        #expect(header.category == .supplementary && header.kind == "header" && header.section == 1 && header.index == nil)
        #expect(header.animation == AnimationDescription(duration: 0.25), "the animator's description")
        #expect(header.frame == r(0, 150, 200, 30))
    }

    @Test(arguments: 0..<12) func nestedProvidersShowEveryElementTheFlattenedResultDraws(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 99)
        let (root, _) = Self.nested([("s", 1 + Int(random.unit() * 8)), ("l", 1 + Int(random.unit() * 8))],
                                    [("t", 1 + Int(random.unit() * 8)), ("m", Int(random.unit() * 4))])
        let engine = CollectionEngine(provider: root, viewport: Size(width: 150 + (random.unit() * 200).rounded(),
                                                                     height: 100 + (random.unit() * 400).rounded()))
        for _ in 0..<8 {
            for shelf in engine.layoutResult.orthogonalSections where random.unit() < 0.5 {
                engine.setOffset(Point(x: (random.unit() * shelf.contentSize.width).rounded(), y: 0), ofSection: shelf.section)
            }
            try engine.scroll(to: Point(x: 0, y: (random.unit() * engine.contentSize.height).rounded()))
            let drawn = try engine.layoutResult.elements(in: engine.visibleRect, scroll: engine.scrollState)
            #expect(engine.views.map { "\($0.category) \(String(describing: $0.section)) \($0.index ?? -1) \($0.frame) z\($0.zIndex)" }
                    == drawn.map { "\($0.category) \(String(describing: $0.section)) \($0.index ?? -1) \($0.frame) z\($0.zIndex)" })
            #expect(Set(engine.views.map(\.number)).count == engine.views.count)
            #expect(engine.views.contains { $0.kind == "title" } == drawn.contains { $0.kind == "title" })
        }
    }
}
