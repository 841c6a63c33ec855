import Testing
@testable import TesseraCore

/// A view that leaves with an animation is still drawn until it ends, so no view entering in the
/// same pass takes its number; one that leaves at once goes back to its pool at once.
@Suite struct EngineAnimatedReuseTests {
    /// "kind id #view" for each event.
    func numbered(_ events: [EngineEvent]) -> [String] { events.map { "\($0.type.rawValue) \($0.id) #\($0.view)" } }

    /// Cells 1 to 4 by their own ids, 50 x 50, in a 100 x 49 viewport that shows 1 and 2,
    /// animated by `animator`, after its first pass (which must insert 1 and 2 as views 0 and 1).
    func shownOnce(animator: (any Animator)?) throws -> (BasicProvider, CollectionEngine) {
        let provider = numbers([1, 2, 3, 4], ids: { String($0) })
        let engine = CollectionEngine(provider: provider, viewport: s(100, 49))
        engine.animator = animator
        #expect(numbered(try engine.layout()) == ["insert 1 #0", "insert 2 #1"])
        return (provider, engine)
    }

    @Test func aViewFadingOutKeepsItsNumberFromTheViewsEnteringWithIt() throws {
        let (provider, engine) = try shownOnce(animator: FadeAnimator())
        provider.data = source([5, 1, 3], ids: { String($0) })
        // 2 fades out as view 1: 5 enters as a new view 2, not as view 1.
        #expect(numbered(try engine.layout()) == ["delete 2 #1", "insert 5 #2", "move 1 #0", "update 1 #0"])
        #expect(engine.stats == EngineStats(created: 3, reused: 0))
        // The next pass finds view 1 back in its pool.
        provider.data = source([6, 5], ids: { String($0) })
        #expect(numbered(try engine.layout()) == ["delete 1 #0", "insert 6 #1", "move 5 #2", "update 5 #2"])
        #expect(engine.stats == EngineStats(created: 3, reused: 1))
    }

    @Test func withoutAnAnimationALeavingViewIsReusedInTheSamePass() throws {
        let (provider, engine) = try shownOnce(animator: nil)
        provider.data = source([5, 1, 3], ids: { String($0) })
        #expect(numbered(try engine.layout()) == ["delete 2 #1", "insert 5 #1", "move 1 #0", "update 1 #0"])
        #expect(engine.stats == EngineStats(created: 2, reused: 1))
        // A scroll's deletes are not animated by fade: the row scrolled in takes the views of the
        // row scrolled out, in the same pass.
        engine.animator = FadeAnimator()
        provider.data = source([1, 2, 3, 4], ids: { String($0) })
        // (5 fades out as view 1, so 2 enters as a new view 2.)
        #expect(numbered(try engine.layout()) == ["delete 5 #1", "move 1 #0", "update 1 #0", "insert 2 #2"])
        #expect(engine.stats == EngineStats(created: 3, reused: 1))
        #expect(numbered(try engine.scroll(to: Point(x: 0, y: 50))) == ["delete 1 #0", "delete 2 #2", "insert 3 #2", "insert 4 #0"])
        #expect(engine.stats == EngineStats(created: 3, reused: 3))
    }

    @Test func anAnimationOfNoTimeLetsTheViewGoAtOnce() throws {
        // A delete "animated" with no duration and no delay jumps: its view is free.
        struct Jump: Animator {
            func animations(for events: [AnimationEvent]) -> [AnimationDescription?] {
                events.map { $0.kind == .delete ? AnimationDescription(to: PartialViewState(alpha: 0), duration: 0) : nil }
            }
        }
        let provider = numbers([1, 2], ids: { String($0) })
        let engine = CollectionEngine(provider: provider, viewport: s(100, 49))
        engine.animator = Jump()
        try engine.layout()
        provider.data = source([5, 1], ids: { String($0) })
        #expect(numbered(try engine.layout()) == ["delete 2 #1", "insert 5 #1", "move 1 #0", "update 1 #0"])
    }

    @Test func theLeavingViewsAreAskedFirstThenTheRest() throws {
        // CollectionKit runs its deletes before its inserts: the animator is asked about the
        // views that leave before any view enters, then about the others.
        let recording = Recording()
        let provider = numbers([1, 2], ids: { String($0) })
        let engine = CollectionEngine(provider: provider, viewport: s(100, 49))
        engine.animator = recording
        try engine.layout()
        provider.data = source([5, 1], ids: { String($0) })
        try engine.layout()
        #expect(recording.calls == [["insert 1", "insert 2"], ["delete 2"], ["insert 5", "move 1", "update 1"]])
    }

    @Test func aTimelineOfTheReloadDrawsEachViewNumberOnce() throws {
        let (provider, engine) = try shownOnce(animator: FadeAnimator())
        provider.data = source([5, 6, 1], ids: { String($0) })
        // 1 moves out of view and 2 fades out, both still drawn: 5 and 6 are new views.
        let timeline = Timeline(events: try engine.layout(), views: engine.views)
        #expect(timeline.tracks.map { "\($0.event.rawValue) \($0.id) #\($0.view)" } == ["update 1 #0", "delete 2 #1", "insert 5 #2", "insert 6 #3"])
        #expect(timeline.sample(at: 0.1).map { "\($0.id) #\($0.view)" } == ["2 #1", "1 #0", "5 #2", "6 #3"])
        // Both leave when their tracks end, 1 as 2 does.
        #expect(timeline.tracks.map(\.removesView) == [true, true, false, false])
        #expect(timeline.sample(at: 0.3).map { "\($0.id) #\($0.view)" } == ["2 #1", "1 #0", "5 #2", "6 #3"])
        #expect(timeline.sample(at: 0.31).map { "\($0.id) #\($0.view)" } == ["5 #2", "6 #3"])
    }

    /// Animates inserts only, as a script with only an `insert` hook does.
    struct InsertsOnly: Animator {
        func animations(for events: [AnimationEvent]) -> [AnimationDescription?] {
            events.map { $0.kind == .insert ? AnimationDescription(from: PartialViewState(alpha: 0), duration: 0.3) : nil }
        }
    }

    @Test func aViewMovedOutOfViewWithNoAnimationIsNeverDrawnAndItsNumberGoesToAnEnteringView() throws {
        let (provider, engine) = try shownOnce(animator: InsertsOnly())
        provider.data = source([5, 6, 1], ids: { String($0) })
        // 1 moves out of view and 2 is deleted, neither animated: 5 and 6 take their views.
        let events = try engine.layout()
        #expect(numbered(events) == ["update 1 #0", "delete 2 #1", "insert 5 #1", "insert 6 #0"])
        #expect(events.map(\.removesView) == [true, true, false, false])
        #expect(engine.stats == EngineStats(created: 2, reused: 2))
        let timeline = Timeline(events: events, views: engine.views)
        #expect(timeline.tracks.map { "\($0.event.rawValue) \($0.id) #\($0.view) \($0.duration)" }
                == ["update 1 #0 0.0", "delete 2 #1 0.0", "insert 5 #1 0.3", "insert 6 #0 0.3"])
        #expect(timeline.tracks.map(\.removesView) == [true, true, false, false])
        #expect(timeline.tracks[0].from.frame == r(0, 50, 50, 50) && timeline.tracks[0].oldFrame == r(0, 0, 50, 50))
        // Each number is drawn once, by the view that holds it after the pass.
        for time in [0, 0.15, 0.3] {
            #expect(timeline.sample(at: time).map { "\($0.id) #\($0.view)" } == ["5 #1", "6 #0"], "at \(time)")
        }
    }
}
