import Testing
@testable import TesseraCore

/// A reload that pushes a shown cell out of the viewport moves it there (an `update` with its
/// old and new frames, its view removed after), never deletes it: only removed data is deleted.
@Suite struct EngineMoveOutTests {
    @Test func aCellPushedOutOfViewByAReloadMovesThereAndOnlyRemovedDataIsDeleted() throws {
        // Two 50x50 cells per row in a 100x49 viewport: "1" and "2" show.
        let provider = numbers([1, 2, 3, 4], ids: { String($0) })
        let engine = CollectionEngine(provider: provider, viewport: s(100, 49))
        engine.animator = FadeAnimator()
        try engine.layout()
        let before = Dictionary(uniqueKeysWithValues: engine.views.map { ($0.id, $0.number) })
        // Two new items in front push "1" to the second row; "2" is removed.
        provider.data = source([8, 9, 1, 3, 4], ids: { String($0) })
        let events = try engine.layout()
        #expect(types(events) == ["update 1", "delete 2", "insert 8", "insert 9"])
        let moved = events[0]
        #expect(moved.view == before["1"])
        #expect(moved.removesView && moved.oldFrame == r(0, 0, 50, 50) && moved.frame == r(0, 50, 50, 50))
        #expect(moved.index == 2)
        #expect(moved.animation?.duration != nil, "the animator's update hook answers it")
        #expect(events[1].removesView && events[1].type == .delete)
        #expect(!events[2].removesView)
        #expect(engine.views.map(\.id) == ["8", "9"])
        // The timeline plays the move beneath the visible views, from the old frame to the new.
        let timeline = Timeline(events: events, views: engine.views)
        let track = try #require(timeline.tracks.first { $0.id == "1" })
        #expect(track.event == .update)
        #expect(track.from.frame == r(0, 0, 50, 50) && track.to.frame == r(0, 50, 50, 50))
    }

    @Test func scrollingStillDeletesViewsThatLeave() throws {
        let provider = numbers([1, 2, 3, 4], ids: { String($0) })
        let engine = CollectionEngine(provider: provider, viewport: s(100, 49))
        try engine.layout()
        let events = try engine.scroll(to: Point(x: 0, y: 51))
        #expect(types(events) == ["delete 1", "delete 2", "insert 3", "insert 4"])
        #expect(events.map(\.removesView) == [true, true, false, false])
    }
}

/// A relayout (another layout, other parameters, another viewport size) keeps every item, so a
/// view it pushes out of the viewport moves there and one it brings in moves in from where it
/// was: nothing is inserted or deleted. Headers, badges and backgrounds follow the same rule as
/// cells, on a relayout and on a reload.
@Suite struct EngineRelayoutMoveOutTests {
    /// Per section: a 30-high header, then 50-high rows each with a 10x10 badge at its right,
    /// a `gap` before the next section.
    struct Rows: Layout {
        var gap = 0.0
        func layout(_ context: LayoutContext) throws -> FramesResult {
            var frames: [Rect] = [], elements: [LayoutElement] = [], y = 0.0
            for (s, section) in context.sections.enumerated() {
                elements.append(.supplementary("header", section: s, frame: r(0, y, 100, 30)))
                y += 30
                for i in section.range {
                    frames.append(r(0, y, 100, 50))
                    elements.append(LayoutElement(category: .supplementary, kind: "badge", section: s, index: i,
                                                  frame: r(90, y, 10, 10)))
                    y += 50
                }
                y += gap
            }
            return try FramesResult(frames: frames, elements: elements, sections: context.sections.map(\.range))
        }
    }

    static func provider(_ sections: [(String, Int)], gap: Double = 0) -> BasicProvider {
        BasicProvider(data: ItemSource(dataset: EngineElementTests.data(sections)), layout: Rows(gap: gap),
                      size: .fixed(.absolute(100), .absolute(50)))
    }

    /// `type id removesView? oldFrame -> frame` for each event.
    static func lines(_ events: [EngineEvent]) -> [String] {
        events.map { "\($0.type.rawValue) \($0.id)\($0.removesView ? " gone" : "") \($0.oldFrame.map { "\($0)" } ?? "-") -> \($0.frame)" }
    }

    @Test func aCellARelayoutPushesOutOfViewMovesThere() throws {
        // Two 50x50 cells per row in a 100x49 viewport: "1" and "2" show.
        let provider = numbers([1, 2, 3, 4], ids: { String($0) })
        let engine = CollectionEngine(provider: provider, viewport: s(100, 49))
        engine.animator = FadeAnimator()
        try engine.layout()
        let two = try #require(engine.views.first { $0.id == "2" })
        // Wider spacing leaves one cell per row: "2" goes to the second row, out of view.
        provider.layout = FlowLayout(spacing: 10)
        let events = try engine.layout()
        #expect(Self.lines(events) == ["update 2 gone \(r(50, 0, 50, 50)) -> \(r(0, 60, 50, 50))"])
        #expect(events[0].view == two.number && events[0].index == 1)
        #expect(events[0].animation == AnimationDescription(duration: 0.3), "the animator's update hook moves it")
        #expect(engine.views.map(\.id) == ["1"])
    }

    @Test func aViewportResizeMovesCellsOutAndIn() throws {
        let provider = numbers([1, 2, 3, 4], ids: { String($0) })
        let engine = CollectionEngine(provider: provider, viewport: s(100, 49))
        engine.animator = FadeAnimator()
        try engine.layout()
        // One column: "2" goes below "1", out of view.
        #expect(Self.lines(try engine.resize(to: s(50, 49))) == ["update 2 gone \(r(50, 0, 50, 50)) -> \(r(0, 50, 50, 50))"])
        // Two columns again: "2" comes back from where it was laid out, not as a new view.
        let back = try engine.resize(to: s(100, 49))
        #expect(Self.lines(back) == ["update 2 \(r(0, 50, 50, 50)) -> \(r(50, 0, 50, 50))"])
        #expect(back[0].animation == AnimationDescription(duration: 0.3))
        #expect(engine.views.map(\.id) == ["1", "2"])
    }

    @Test func headersAndBadgesARelayoutPushesOutMoveWithTheirCells() throws {
        // s-header, s0 and its badge, t-header, t0 and its badge show in 100x130.
        let provider = Self.provider([("s", 1), ("t", 2)])
        let engine = CollectionEngine(provider: provider, viewport: s(100, 130))
        engine.animator = FadeAnimator()
        try engine.layout()
        #expect(engine.views.map(\.id.description) == ["s0", "t0", "s-header", "t-header", "s0-badge", "t0-badge"])
        // A 50-point gap after section s pushes all of section t out of view.
        provider.layout = Rows(gap: 50)
        let events = try engine.layout()
        #expect(Self.lines(events) == [
            "update t0 gone \(r(0, 110, 100, 50)) -> \(r(0, 160, 100, 50))",
            "update t-header gone \(r(0, 80, 100, 30)) -> \(r(0, 130, 100, 30))",
            "update t0-badge gone \(r(90, 110, 10, 10)) -> \(r(90, 160, 10, 10))",
        ])
        #expect(events.allSatisfy { $0.animation == AnimationDescription(duration: 0.3) })
        // And back: they move in from where they were, as the views they were.
        let back = try engine.layout(after: { provider.layout = Rows(gap: 0) })
        #expect(Self.lines(back) == [
            "update t0 \(r(0, 160, 100, 50)) -> \(r(0, 110, 100, 50))",
            "update t-header \(r(0, 130, 100, 30)) -> \(r(0, 80, 100, 30))",
            "update t0-badge \(r(90, 160, 10, 10)) -> \(r(90, 110, 10, 10))",
        ])
    }

    @Test func headersAndBadgesAReloadPushesOutMoveAndOnlyRemovedOnesAreDeleted() throws {
        let provider = Self.provider([("s", 1), ("t", 2)])
        let engine = CollectionEngine(provider: provider, viewport: s(100, 130))
        engine.animator = FadeAnimator()
        try engine.layout()
        // Two items added to section s push section t out of view.
        provider.data = ItemSource(dataset: EngineElementTests.data([("s", 3), ("t", 2)]))
        let events = try engine.layout()
        #expect(Self.lines(events) == [
            "update t0 gone \(r(0, 110, 100, 50)) -> \(r(0, 210, 100, 50))",
            "update t-header gone \(r(0, 80, 100, 30)) -> \(r(0, 180, 100, 30))",
            "update t0-badge gone \(r(90, 110, 10, 10)) -> \(r(90, 210, 10, 10))",
            "insert s1 - -> \(r(0, 80, 100, 50))",
            "insert s1-badge - -> \(r(90, 80, 10, 10))",
        ])
        // s1 removed (and section t): s1 and its badge are deleted, fading where they were.
        provider.data = ItemSource(dataset: EngineElementTests.data([("s", 1)]))
        let removed = try engine.layout()
        #expect(Self.lines(removed) == [
            "delete s1 gone - -> \(r(0, 80, 100, 50))",
            "delete s1-badge gone - -> \(r(90, 80, 10, 10))",
        ])
        #expect(!removed.contains { $0.type == .update && $0.removesView }, "\(Self.lines(removed))")
    }
}

extension CollectionEngine {
    /// Runs `change`, then a pass.
    func layout(after change: () -> Void) throws -> [EngineEvent] {
        change()
        return try layout()
    }
}
