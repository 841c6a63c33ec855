import Testing
@testable import TesseraCore

/// The engine carries what the resolved animator returns into its events.
@Suite struct EngineAnimationTests {
    @Test func fadeAnimatesAReloadButNotTheFirstLoadOrAScroll() throws {
        let provider = numbers([1, 2, 3, 4], ids: { String($0) })
        let engine = CollectionEngine(provider: provider, viewport: s(100, 49))
        engine.animator = FadeAnimator()
        #expect(try engine.layout().allSatisfy { $0.animation == nil }, "first load")
        provider.data = source([5, 1, 2], ids: { String($0) })
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
}
