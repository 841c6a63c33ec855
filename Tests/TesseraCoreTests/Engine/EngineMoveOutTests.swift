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
