import Testing
@testable import TesseraCore

/// A spring's overshoot carries positions past their ends, but a sample's alpha stays in 0...1
/// and its scale at or above 0, as a view can show them.
@Suite struct SpringOvershootTests {
    let spring = Spring(dampingRatio: 0.3, response: 0.5)
    let rest = Rect(x: 0, y: 0, width: 60, height: 60)

    func track(_ event: AnimationEventKind, from: ViewState, to: ViewState) -> AnimationTrack {
        AnimationTrack(id: "a", view: 0, event: event, duration: 2, curve: .spring(spring), from: from, to: to)
    }

    @Test func aFadeInSpringsPastItsFrameButNotPastFullAlpha() {
        let f = spring.value(at: 0.3)
        #expect(f > 1.3 && f < 1.34, "the spring overshoots at 0.3 s: \(f)")
        let t = track(.insert, from: ViewState(frame: rest, alpha: 0, scale: 0),
                      to: ViewState(frame: Rect(x: 100, y: 0, width: 60, height: 60)))
        // x overshoots to 100 f; alpha would be f, scale f: alpha is held at 1, scale may grow.
        #expect(t.state(at: 0.3) == ViewState(frame: Rect(x: 100 * f, y: 0, width: 60, height: 60), alpha: 1, scale: f))
        #expect(Timeline(tracks: [t]).sample(at: 0.3).map(\.state.alpha) == [1])
    }

    @Test func aFadeOutSpringsNeitherBelowNoAlphaNorBelowNoScale() {
        let f = spring.value(at: 0.3)
        let t = track(.delete, from: ViewState(frame: rest), to: ViewState(frame: rest, alpha: 0, scale: 0, rotation: 1))
        // alpha and scale would be 1 - f < 0; rotation overshoots to f.
        #expect(t.state(at: 0.3) == ViewState(frame: rest, alpha: 0, scale: 0, rotation: f))
        // Before the overshoot the values are the spring's own.
        let g = spring.value(at: 0.1)
        #expect(g < 1)
        #expect(t.state(at: 0.1) == ViewState(frame: rest, alpha: 1 - g, scale: 1 - g, rotation: g))
    }
}
