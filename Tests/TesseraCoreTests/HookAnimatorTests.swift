import Testing
import TesseraCore

/// How a hook animator is asked: one hook per event kind, `move` through `update`, `adjust`
/// never; and the wobble's sensitivity scaling its push on each axis.
@Suite struct HookAnimatorTests {
    /// Answers each hook with a delay naming it, so the answer shows which hook ran.
    struct Marking: HookAnimator {
        func insert(_ event: AnimationEvent) -> AnimationDescription? { AnimationDescription(delay: 1) }
        func delete(_ event: AnimationEvent) -> AnimationDescription? { AnimationDescription(delay: 2) }
        func update(_ event: AnimationEvent) -> AnimationDescription? { AnimationDescription(delay: 3) }
        func shift(_ event: AnimationEvent) -> AnimationDescription? { AnimationDescription(delay: 4) }
        func scroll(_ event: AnimationEvent) -> AnimationDescription? { AnimationDescription(delay: 5) }
    }
    struct Silent: HookAnimator {}

    func event(_ kind: AnimationEventKind, frame: Rect = Rect(x: 0, y: 0, width: 10, height: 10),
               velocity: Point = .zero) -> AnimationEvent {
        AnimationEvent(kind: kind, index: 0, id: "a", view: 0, frame: frame,
                       visibleFrame: Rect(x: 0, y: 0, width: 100, height: 100), velocity: velocity)
    }

    @Test func eachEventKindIsAskedOfItsHook() {
        let events = AnimationEventKind.allCases.map { event($0) }
        #expect(AnimationEventKind.allCases == [.insert, .delete, .update, .move, .shift, .scroll, .adjust])
        #expect(Marking().animations(for: events).map { $0?.delay } == [1, 2, 3, 3, 4, 5, nil])
        #expect(Silent().animations(for: events).map { $0?.delay } == [nil, nil, nil, nil, nil, nil, nil])
        #expect(Silent().shift(event(.shift)) == nil)
        #expect(Marking().animations(for: []).isEmpty)
    }

    @Test func theWobblesSensitivityScalesItsPushOnEachAxis() {
        // The view's centre is 200 right of and 300 below the visible centre (50, 50).
        let far = event(.scroll, frame: Rect(x: 245, y: 345, width: 10, height: 10), velocity: Point(x: 10, y: -20))
        #expect(WobbleAnimator().sensitivity == Point(x: 1, y: 1))
        #expect(WobbleAnimator().push(for: far) == Point(x: 2, y: -6))
        #expect(WobbleAnimator(sensitivity: Point(x: 2, y: 0)).push(for: far) == Point(x: 4, y: 0))
        // Resistance stops growing at 1: the push is at most the velocity.
        #expect(WobbleAnimator(sensitivity: Point(x: 10, y: 10)).push(for: far) == Point(x: 10, y: -20))
        // No push, no animation.
        #expect(WobbleAnimator(sensitivity: .zero).scroll(far) == nil)
    }

    @Test func theDefaultSpringIsTheDocumentedOne() {
        #expect(Spring.defaultDampingRatio == 0.8 && Spring.defaultResponse == 0.55)
        #expect(Spring() == Spring(dampingRatio: 0.8, response: 0.55))
        #expect(Spring().dampingRatio == 0.8)
        #expect(CubicBezier.easeInOut.x1 == 0.42 && CubicBezier.easeInOut.y1 == 0
                && CubicBezier.easeInOut.x2 == 0.58 && CubicBezier.easeInOut.y2 == 1)
    }
}
