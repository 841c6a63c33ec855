import Testing
import TesseraCore

/// When a track's view is on screen, and the state a view is drawn in.
@Suite struct AnimationTrackTests {
    let state = ViewState(frame: Rect(x: 0, y: 0, width: 10, height: 10))

    func track(_ event: AnimationEventKind, delay: Double = 0, duration: Double) -> AnimationTrack {
        AnimationTrack(id: "a", view: 0, event: event, delay: delay, duration: duration, from: state, to: state)
    }

    @Test func aDeletedViewStaysUntilItsTrackEndsThenLeaves() {
        let delete = track(.delete, delay: 0.25, duration: 0.5)
        #expect(delete.removesView)
        #expect(delete.isPresent(at: 0))
        #expect(delete.isPresent(at: 0.75))
        #expect(!delete.isPresent(at: 0.75.nextUp))
        // Only a delay, no duration: drawn until the delay is over.
        #expect(track(.delete, delay: 0.5, duration: 0).isPresent(at: 0.5))
        #expect(!track(.delete, delay: 0.5, duration: 0).isPresent(at: 0.51))
    }

    @Test func aDeletedViewWithNoAnimationIsGoneAtOnce() {
        #expect(!track(.delete, duration: 0).isPresent(at: 0))
    }

    @Test func everyOtherViewStaysWhateverTheTime() {
        for event in [AnimationEventKind.insert, .update, .move, .shift, .scroll] {
            let t = track(event, duration: 0.5)
            #expect(!t.removesView, "\(event)")
            #expect(t.isPresent(at: 0) && t.isPresent(at: 1e9), "\(event)")
            #expect(track(event, duration: 0).isPresent(at: 0), "\(event)")
        }
        // An update that takes its view out of view leaves as a delete does.
        var out = track(.update, duration: 0.5)
        out.removesView = true
        #expect(out.isPresent(at: 0.5) && !out.isPresent(at: 0.6))
    }

    @Test func aDrawableStateKeepsAlphaInZeroToOneAndScaleAtOrAboveZero() {
        let wild = ViewState(frame: Rect(x: -5, y: 1e6, width: 12, height: 3), alpha: 1.3, scale: -0.2, rotation: 7,
                             tx: -3, ty: 4, zIndex: 2)
        #expect(wild.drawable == ViewState(frame: Rect(x: -5, y: 1e6, width: 12, height: 3), alpha: 1, scale: 0, rotation: 7,
                                           tx: -3, ty: 4, zIndex: 2))
        var faded = wild
        faded.alpha = -0.5
        faded.scale = 2.5
        #expect(faded.drawable.alpha == 0 && faded.drawable.scale == 2.5)
        // A state already drawable is itself.
        #expect(state.drawable == state)
    }

    @Test func anAnimatedPropertyIsFiniteAndWithinOneE15() {
        for v in [0, -0.0, 1e15, -1e15, 0.5, -123.25] {
            #expect(PartialViewState.accepts(v), "\(v)")
        }
        for v in [1e15.nextUp, (-1e15).nextDown, .infinity, -.infinity, .nan, .greatestFiniteMagnitude] {
            #expect(!PartialViewState.accepts(v), "\(v)")
        }
    }
}
