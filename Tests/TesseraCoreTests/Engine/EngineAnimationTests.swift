import Testing
@testable import TesseraCore

/// The engine carries what the resolved animator returns into its events.
@Suite struct EngineAnimationTests {
    @Test func fadeAnimatesAReloadButNotTheFirstLoadOrAScroll() throws {
        let provider = numbers([1, 2, 3, 4], ids: { String($0) })
        let engine = CollectionEngine(provider: provider, viewport: s(100, 49))
        engine.animator = FadeAnimator()
        #expect(try engine.layout().allSatisfy { $0.animation == nil }, "first load")
        // 2 is removed (a delete fades out); 3, not shown, stays out of view.
        provider.data = source([5, 1, 3], ids: { String($0) })
        let reload = try engine.layout()
        let fadeIn = AnimationDescription(from: PartialViewState(alpha: 0), duration: 0.3)
        let moved = AnimationDescription(duration: 0.3)
        #expect(reload.map { "\($0.type.rawValue) \($0.id)" } == ["delete 2", "insert 5", "move 1", "update 1"])
        #expect(reload.map(\.animation) == [AnimationDescription(to: PartialViewState(alpha: 0), duration: 0.3), fadeIn, moved, moved])
        #expect(try engine.scroll(to: Point(x: 0, y: 60)).allSatisfy { $0.animation == nil }, "scroll")
    }

    @Test func aProvidersOwnAnimatorWinsOverTheEngines() throws {
        let provider = numbers([1, 2], ids: { String($0) })
        provider.animator = FadeAnimator.scaling()
        let engine = CollectionEngine(provider: provider, viewport: s(100, 49))
        engine.animator = FadeAnimator()
        try engine.layout()
        provider.data = source([3, 1], ids: { String($0) })
        let insert = try engine.layout().first { $0.type == .insert }
        #expect(insert?.animation?.from == PartialViewState(alpha: 0, scale: 0.5))
    }

    @Test func aDeletedViewIsAnimatedByItsOwnProvidersAnimator() throws {
        // Two sections: a fades, b scales; the engine's own animator must never be asked.
        let a = numbers([1, 2], ids: { "a\($0)" })
        let b = numbers([3, 4], ids: { "b\($0)" })
        a.animator = FadeAnimator(alpha: 0.25)
        b.animator = FadeAnimator.scaling()
        let composed = ComposedProvider(sections: [a, b])
        let engine = CollectionEngine(provider: composed, viewport: s(100, 100))
        engine.animator = Recording()
        try engine.layout()
        b.data = source([4], ids: { "b\($0)" })
        a.data = source([2], ids: { "a\($0)" })
        let reload = try engine.layout()
        let deletes = reload.filter { $0.type == .delete }
        #expect(deletes.map(\.id.description) == ["0-a1", "1-b3"])
        #expect(deletes.map { $0.animation?.to } == [PartialViewState(alpha: 0.25), PartialViewState(alpha: 0, scale: 0.5)])
    }

    /// An animator set on a provider after the first pass animates the next reload's deletes
    /// too, not only its inserts, moves and updates; one set on an ancestor reaches them as well.
    @Test func anAnimatorSetAfterTheFirstPassAnimatesTheNextReloadsDeletes() throws {
        let provider = numbers([1, 2, 3, 4], ids: { String($0) })
        let engine = CollectionEngine(provider: provider, viewport: s(100, 49))
        try engine.layout()
        provider.animator = FadeAnimator()
        provider.data = source([5, 1, 3], ids: { String($0) })
        let reload = try engine.layout()
        #expect(reload.map { "\($0.type.rawValue) \($0.id)" } == ["delete 2", "insert 5", "move 1", "update 1"])
        #expect(reload.allSatisfy { $0.animation != nil }, "\(reload.map(\.animation))")
        #expect(reload.first?.animation == AnimationDescription(to: PartialViewState(alpha: 0), duration: 0.3))

        let a = numbers([1, 2], ids: { "a\($0)" })
        let composed = ComposedProvider(sections: [a])
        let nested = CollectionEngine(provider: composed, viewport: s(100, 100))
        try nested.layout()
        composed.animator = FadeAnimator.scaling()
        a.data = source([2], ids: { "a\($0)" })
        let deletes = try nested.layout().filter { $0.type == .delete }
        #expect(deletes.map(\.id.description) == ["0-a1"])
        #expect(deletes.map { $0.animation?.to } == [PartialViewState(alpha: 0, scale: 0.5)])
    }

    @Test func eachAnimatorIsAskedOncePerPassWithAllItsEventsInOrder() throws {
        // a and c inherit the composed provider's animator, b has its own between them: one call
        // for the pair, with its events in pass order, and one for b.
        let inherited = Recording(), own = Recording(), fallback = Recording()
        let a = numbers([1], ids: { "a\($0)" }), b = numbers([2], ids: { "b\($0)" }), c = numbers([3], ids: { "c\($0)" })
        b.animator = own
        let composed = ComposedProvider(sections: [a, b, c])
        composed.animator = inherited
        let engine = CollectionEngine(provider: composed, viewport: s(50, 150))
        engine.animator = fallback
        try engine.layout()
        #expect(inherited.calls == [["insert 0-a1", "insert 2-c3"]])
        #expect(own.calls == [["insert 1-b2"]])
        #expect(fallback.calls.isEmpty)
    }
}

/// An animator that records each call's events ("kind id") and animates nothing.
final class Recording: Animator, @unchecked Sendable {
    var calls: [[String]] = []
    func animations(for events: [AnimationEvent]) throws -> [AnimationDescription?] {
        calls.append(events.map { "\($0.kind.rawValue) \($0.id)" })
        return events.map { _ in nil }
    }
}
