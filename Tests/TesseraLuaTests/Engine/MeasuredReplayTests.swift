import Testing
@_spi(Testing) import TesseraCore
@testable import TesseraLua

/// A host replayed against the engine: random measurements above, inside and below the
/// viewport, inserts and deletes above and below, deletes of the watched cell itself (the next
/// visible cell then takes its place), scrolls up and down, resizes and forgotten measurements,
/// over every kind of layout. After every pass the anchor (the first visible cell) has not moved
/// on screen, unless the offset had to be clamped to the content, and the frames
/// are exactly a fresh full layout with the same measured sizes.
@Suite struct MeasuredReplayTests {
    nonisolated(unsafe) static let folder = ScriptFolder()

    /// A scripted layout: a stack of full-width items at the heights they ask for.
    static func scripted() throws -> any Layout {
        let path = folder.write("stack.lua", """
            return {
              name = "stack",
              simpleLayout = function(ctx)
                local y = 0
                for i = 1, ctx.count do
                  local w, h = ctx:size(i, ctx.width, ctx.height)
                  ctx.set(i, 0, y, w, h)
                  y = y + h + 2
                end
              end,
            }
            """)
        return try LuaHost().loadLayoutScript(path: path).configured()
    }

    /// A compositional layout whose cells have estimated heights, every third section a
    /// sideways shelf of estimated widths.
    static func compositional(_ direction: Compositional.LayoutDirection = .leftToRight) -> any Layout {
        typealias C = Compositional
        let cell = C.Subitem.item(C.Item(size: C.LayoutSize(width: .fractionalWidth(1), height: .estimated(44))))
        let list = C.Section(group: .horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .estimated(44)), [cell]),
                             interGroupSpacing: 4)
        let tag = C.Subitem.item(C.Item(size: C.LayoutSize(width: .estimated(80), height: .fractionalHeight(1))))
        let shelf = C.Section(group: .horizontal(C.LayoutSize(width: .estimated(80), height: .absolute(60)), [tag]),
                              interGroupSpacing: 6, orthogonalScrolling: .continuous)
        return CompositionalLayout(configuration: .init(interSectionSpacing: 10, layoutDirection: direction)) { index, _, _ in
            index % 3 == 1 ? shelf : list
        }
    }

    struct Case: CustomTestStringConvertible {
        var name: String
        var layout: @Sendable () throws -> any Layout
        var sectioned: Bool
        var horizontal = false
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "flow", layout: { FlowLayout(spacing: 3) }, sectioned: false),
        Case(name: "row", layout: { RowLayout(spacing: 2) }, sectioned: false, horizontal: true),
        Case(name: "waterfall", layout: { WaterfallLayout(columns: 3, spacing: 4) }, sectioned: false),
        Case(name: "sections", layout: {
            SectionsLayout(spacing: 6, header: { _, _ in SectionBoundary(height: 24, pinned: true) }) { _, _ in FlowLayout() }
        }, sectioned: true),
        Case(name: "split", layout: { SplitLayout(leftSideRatio: 0.4, splitSpacing: 8, minimumItemLineSpacing: 2) }, sectioned: true),
        Case(name: "compositional", layout: { compositional() }, sectioned: true),
        Case(name: "scripted", layout: { try scripted() }, sectioned: false),
        Case(name: "waterfall rtl", layout: { MirroredLayout(WaterfallLayout(columns: 3, spacing: 4)) }, sectioned: false),
        Case(name: "compositional rtl", layout: { compositional(.rightToLeft) }, sectioned: true),
    ]

    /// The replay's data: ids and the host's "real" sizes are what it measures; the layout
    /// sees estimates until then.
    final class Feed {
        var ids: [String]
        var next: Int
        let sectioned: Bool
        init(count: Int, sectioned: Bool) {
            ids = (0..<count).map { "i\($0)" }
            next = count
            self.sectioned = sectioned
        }
        var source: ItemSource {
            var s = ItemSource(values: ids.map { .object(["id": .string($0)]) })
            if sectioned {
                s.sections = stride(from: 0, to: ids.count, by: 7).enumerated().map { k, start in
                    Dataset.Section(id: .int(k), range: start..<min(start + 7, ids.count))
                }
                if ids.isEmpty { s.sections = [] }
            }
            return s
        }
    }

    /// The estimate every unmeasured item gets: its proposal's width (a sideways tag: 80) by 44.
    static func estimate(_ p: Size, horizontal: Bool) -> Size {
        horizontal ? Size(width: 60, height: 40) : Size(width: p.width.isFinite ? p.width : 80, height: 44)
    }

    /// The cell a person watches: the first visible one, unless it is being measured and either
    /// the viewport's top cuts it or it only entered in the last pass (it was never drawn at its
    /// old size): then the next that was drawn before and is not so. Its id and where it is on screen.
    static func anchor(_ e: CollectionEngine, measuring: Set<ItemID> = [], entered: Set<ItemID> = []) throws -> (id: ItemID, screen: Point)? {
        let sideways = Set(e.layoutResult.orthogonalSections.map(\.section))
        let o = e.scrollState.contentOffset
        let cells = e.views.filter { $0.category == .item && !$0.pinned && !sideways.contains($0.section) }
            .sorted { $0.index! < $1.index! }
        let growsAway = { (v: EngineView) in measuring.contains(v.id) && (v.frame.minY < o.y || v.frame.minX < o.x || entered.contains(v.id)) }
        let watched = cells.first.map { head in
            growsAway(head) ? cells.dropFirst().first { !growsAway($0) && !entered.contains($0.id) } ?? head : head
        }
        guard let first = watched, let i = first.index else { return nil }
        let f = try e.layoutResult.frame(at: i)
        return (first.id, Point(x: f.minX - e.scrollState.contentOffset.x, y: f.minY - e.scrollState.contentOffset.y))
    }

    /// The visible cell after `id` in flattened order that may anchor (not pinned, not in a
    /// sideways section), and where it is on screen: what a deleted anchor leaves to keep still.
    static func next(after id: ItemID, in e: CollectionEngine) throws -> (id: ItemID, screen: Point)? {
        let sideways = Set(e.layoutResult.orthogonalSections.map(\.section))
        let cells = e.views.filter { $0.category == .item && !$0.pinned && !sideways.contains($0.section) }
            .sorted { $0.index! < $1.index! }
        guard let gone = cells.firstIndex(where: { $0.id == id }), gone + 1 < cells.count,
              let i = cells[gone + 1].index else { return nil }
        let f = try e.layoutResult.frame(at: i), o = e.scrollState.contentOffset
        return (cells[gone + 1].id, Point(x: f.minX - o.x, y: f.minY - o.y))
    }

    /// True when `offset` sits at either end of what the content allows on that axis.
    static func clamped(_ offset: Double, content: Double, viewport: Double) -> Bool {
        abs(offset) < 1e-9 || abs(offset - max(0, content - viewport)) < 1e-9
    }

    @Test(arguments: cases) func anchorStaysAndFramesEqualAFreshLayout(_ c: Case) throws {
        var rng = SplitMix64(seed: 0x5eed_0034 &+ UInt64(c.name.count))
        let feed = Feed(count: 120, sectioned: c.sectioned)
        let layout = try c.layout()
        let horizontal = c.horizontal
        let provider = BasicProvider(data: feed.source, layout: layout,
                                     size: .custom { _, p in Self.estimate(p, horizontal: horizontal) })
        let engine = CollectionEngine(provider: provider, viewport: Size(width: 360, height: 500))
        engine.anchor = .firstVisible
        // The cells that entered in the last pass that ran (a pass with nothing to do changes
        // nothing): inserted, or moved into view by a reload or relayout (the host creates those
        // views too, and measures them before it draws them).
        var entered = Set<ItemID>()
        func pass(moving offset: Point? = nil, _ body: () throws -> [EngineEvent]) throws {
            let runs = engine.hasPendingPass || (offset.map { $0 != engine.scrollState.contentOffset } ?? false)
            let events = try body()
            if runs || !events.isEmpty { entered = Set(events.filter { $0.addsView && $0.category == .item }.map(\.id)) }
        }
        try pass { try engine.layout() }
        var measured: [ItemID: Size] = [:]
        var moves = 0, checked = 0
        let events = 10_000 / Self.cases.count
        for step in 0..<events {
            var before = try Self.anchor(engine)
            let offset = engine.scrollState.contentOffset
            let visible = engine.views.filter { $0.category == .item }.compactMap(\.index)
            var keepsAnchor = true
            switch Int.random(in: 0..<12, using: &rng) {
            case 0...4:
                // Measure: above, inside or below the viewport (a real host measures what it draws).
                guard feed.ids.count > 0 else { break }
                let first = visible.min() ?? 0, last = visible.max() ?? (feed.ids.count - 1)
                let zone = Int.random(in: 0..<3, using: &rng)
                let range = zone == 0 ? 0...max(0, first - 1) : zone == 1 ? first...max(first, last) : min(last + 1, feed.ids.count - 1)...(feed.ids.count - 1)
                var measuring: Set<ItemID> = []
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let i = Int.random(in: range, using: &rng)
                    let id = ItemID.string(feed.ids[i])
                    let now = try engine.layoutResult.frame(at: i)
                    let size = horizontal ? Size(width: Double(Int.random(in: 20...140, using: &rng)), height: 40)
                        : Size(width: now.width, height: Double(Int.random(in: 8...160, using: &rng)) + 0.25)
                    // Measuring the size already measured changes nothing, as the engine sees it.
                    if measured[id] != size { measuring.insert(id) }
                    measured[id] = size
                    try engine.measure(id, size: size)
                }
                before = try Self.anchor(engine, measuring: measuring, entered: entered)
                try pass { try engine.layout() }
            case 5:
                if let id = measured.keys.sorted().randomElement(using: &rng) {
                    measured[id] = nil
                    try engine.measure(id, size: nil)
                    before = try Self.anchor(engine, measuring: [id], entered: entered)
                }
                try pass { try engine.layout() }
            case 7 where before != nil && Bool.random(using: &rng):
                // Delete the watched cell, half the time with an insert above it in the same
                // reload: the next visible cell after it takes its place.
                let id = before!.id, at = feed.ids.firstIndex(of: id.description)!
                measured[id] = nil
                try engine.measure(id, size: nil)
                before = try Self.anchor(engine, measuring: [id], entered: entered)
                if before?.id == id { before = try Self.next(after: id, in: engine) }
                feed.ids.remove(at: at)
                if Bool.random(using: &rng) {
                    feed.ids.insert("i\(feed.next)", at: Int.random(in: 0...at, using: &rng))
                    feed.next += 1
                }
                provider.data = feed.source
                try pass { try engine.layout() }
            case 6, 7:
                // Insert or delete, above or below the first visible cell.
                let pivot = visible.min() ?? 0
                let above = Bool.random(using: &rng)
                if Bool.random(using: &rng) || feed.ids.count < 20 {
                    let at = above ? Int.random(in: 0...pivot, using: &rng) : Int.random(in: min(pivot + 1, feed.ids.count)...feed.ids.count, using: &rng)
                    feed.ids.insert("i\(feed.next)", at: at)
                    feed.next += 1
                } else {
                    let at = above ? Int.random(in: 0...max(0, pivot - 1), using: &rng) : Int.random(in: min(pivot + 1, feed.ids.count - 1)...(feed.ids.count - 1), using: &rng)
                    if at == pivot { keepsAnchor = false }
                    measured[.string(feed.ids[at])] = nil
                    try engine.measure(.string(feed.ids[at]), size: nil)
                    before = try Self.anchor(engine, measuring: [.string(feed.ids[at])], entered: entered)
                    feed.ids.remove(at: at)
                }
                provider.data = feed.source
                try pass { try engine.layout() }
            case 8:
                let w = Double(Int.random(in: 280...420, using: &rng)), h = Double(Int.random(in: 300...640, using: &rng))
                try pass { try engine.resize(to: Size(width: w, height: h)) }
            default:
                keepsAnchor = false
                let content = engine.contentSize, view = engine.viewportSize
                let d = Double(Int.random(in: -700...700, using: &rng))
                let target = horizontal ? Point(x: min(max(0, offset.x + d), max(0, content.width - view.width)), y: 0)
                    : Point(x: 0, y: min(max(0, offset.y + d), max(0, content.height - view.height)))
                try pass(moving: target) { try engine.scroll(to: target) }
            }
            // The anchor, where it still exists, is where it was on screen.
            if keepsAnchor, let before, let i = try engine.index(of: before.id) {
                let f = try engine.layoutResult.frame(at: i), o = engine.scrollState.contentOffset
                let content = engine.contentSize, view = engine.viewportSize
                let dx = f.minX - o.x - before.screen.x, dy = f.minY - o.y - before.screen.y
                if abs(dy) > 0.01 && !Self.clamped(o.y, content: content.height, viewport: view.height) {
                    Issue.record("\(c.name) step \(step): anchor \(before.id) moved \(dy) on screen (y)")
                }
                if horizontal && abs(dx) > 0.01 && !Self.clamped(o.x, content: content.width, viewport: view.width) {
                    Issue.record("\(c.name) step \(step): anchor \(before.id) moved \(dx) on screen (x)")
                }
                if offset != o { moves += 1 }
                checked += 1
            }
            // The frames are a fresh full layout with the same measured sizes.
            let sizes = measured, ids = feed.ids
            let fresh = BasicProvider(data: feed.source, layout: try c.layout(), size: .custom { i, p in
                sizes[.string(ids[i])] ?? Self.estimate(p, horizontal: horizontal)
            })
            let expected = try fresh.layout(in: engine.viewportSize).result
            #expect(engine.layoutResult.count == expected.count)
            #expect(engine.contentSize == expected.contentSize, "\(c.name) step \(step): content size")
            for i in 0..<min(expected.count, engine.layoutResult.count) where try engine.layoutResult.frame(at: i) != expected.frame(at: i) {
                Issue.record("\(c.name) step \(step): item \(i) at \(try engine.layoutResult.frame(at: i)), fresh layout \(try expected.frame(at: i))")
                break
            }
        }
        // The replay exercised anchoring: most checked passes moved the offset to keep the anchor.
        #expect(checked > events / 3, "\(checked) anchored passes checked")
        #expect(moves > events / 20, "\(moves) passes adjusted the offset")
    }
}

/// A sideways shelf keeps its own anchor, on its own axis.
@Suite struct ShelfAnchorTests {
    @Test(arguments: [Compositional.LayoutDirection.leftToRight, .rightToLeft])
    func aCardMeasuredWiderBeforeTheFirstVisibleOneMovesTheShelfOffsetAndNothingOnScreen(
        _ direction: Compositional.LayoutDirection) throws {
        let rtl = direction == .rightToLeft
        var source = ItemSource(values: (0..<30).map { .object(["id": .string("c\($0)")]) })
        source.sections = [Dataset.Section(id: .int(0), range: 0..<3), Dataset.Section(id: .int(1), range: 3..<30)]
        let provider = BasicProvider(data: source, layout: MeasuredReplayTests.compositional(direction),
                                     size: .custom { _, p in Size(width: p.width.isFinite ? p.width : 80, height: 44) })
        let engine = CollectionEngine(provider: provider, viewport: Size(width: 360, height: 500))
        try engine.layout()
        let shelf = try #require(engine.layoutResult.orthogonalSections.first)
        // A right-to-left shelf starts at the right and scrolls towards negative x.
        try engine.scrollSection(shelf.section, to: Point(x: rtl ? -300 : 300, y: 0))
        let shown = engine.views.filter { $0.category == .item && $0.section == shelf.section
            && $0.frame.minX >= shelf.frame.minX && $0.frame.maxX <= shelf.frame.maxX }.sorted { $0.index! < $1.index! }
        let watched = try #require(shown.first)
        // c4 has scrolled out at the shelf's leading edge; measured 50 wider, every card after
        // it moves 50 further along: the shelf's offset follows.
        try engine.measure("c4", size: Size(width: 130, height: 60))
        let events = try engine.layout()
        #expect(engine.scrollState.offset(ofSection: shelf.section) == Point(x: rtl ? -350 : 350, y: 0))
        let after = try #require(engine.views.first { $0.id == watched.id })
        #expect(after.frame == watched.frame, "the first visible card stays where it was drawn")
        // The pass says so first, as it does for the content offset, which did not move.
        #expect(events.first == .adjust(by: .zero, to: engine.scrollState.contentOffset,
                                        sectionOffsets: [shelf.section: Point(x: rtl ? -350 : 350, y: 0)]))
        #expect(events.dropFirst().allSatisfy { $0.type != .adjust })
    }
}
