import Testing
@testable import TesseraCore

@Suite struct AnimationCurveTests {
    @Test func timingFunctionsAtFixedTimes() {
        // Expected values solved independently by bisection to full precision.
        #expect(abs(CubicBezier.easeInOut.value(at: 0.5) - 0.5) < 1e-12)
        #expect(abs(CubicBezier.easeIn.value(at: 0.5) - 0.31535681257253945) < 1e-10)
        #expect(abs(CubicBezier.easeOut.value(at: 0.25) - 0.37813813082510966) < 1e-10)
        #expect(abs(CubicBezier.easeInOut.value(at: 0.3) - 0.18739590670531253) < 1e-10)
        #expect(AnimationCurve.linear.fraction(elapsed: 0.075, duration: 0.3) == 0.25)
        for curve in [AnimationCurve.linear, .easeIn, .easeOut, .easeInOut] {
            #expect(curve.fraction(elapsed: 0, duration: 0.3) == 0)
            #expect(curve.fraction(elapsed: 0.3, duration: 0.3) == 1)
            #expect(curve.fraction(elapsed: -1, duration: 0.3) == 0)
        }
        #expect(AnimationCurve.linear.fraction(elapsed: 0, duration: 0) == 1)
    }

    @Test func springMatchesItsClosedFormInEachRegime() {
        // (damping ratio, [value at 0.1 s, 0.25 s, 0.5 s]) for a 0.5 s response, from the closed form.
        let expected: [(Double, [Double])] = [
            (0.5, [0.4796121468845548, 1.1406996741435176, 0.9898221290147357]),
            (1.0, [0.35773955646956457, 0.821025553585931, 0.986399068534425]),
            (2.0, [0.23136150910208753, 0.5357276745793764, 0.7999263753547072]),
        ]
        for (damping, values) in expected {
            let spring = Spring(dampingRatio: damping, response: 0.5)
            for (time, value) in zip([0.1, 0.25, 0.5], values) {
                #expect(abs(spring.value(at: time) - value) < 1e-12, "ζ=\(damping) t=\(time)")
            }
            #expect(spring.value(at: 0) == 0)
        }
    }

    @Test func aHeavilyOverDampedSpringStillCreeps() {
        // ζ ≫ 1: r₁ = −ω / (ζ + √(ζ² − 1)) ≈ −ω / 2ζ, so x(t) ≈ 1 − e^(r₁t); worked to 50 digits
        // with r₁,₂ = −ω(ζ ∓ √(ζ² − 1)), ω = 2π / 0.55. (r₁ computed as −ω(ζ − √(ζ² − 1)) in
        // doubles is 0 at ζ = 1e8 and 11% off at 3e7.)
        let expected: [(damping: Double, time: Double, value: Double)] = [
            (1e8, 3600, 0.00020561037843229185),
            (3e7, 3600, 0.00068520353791202232),
            (1e5, 1, 5.7118210123250962e-5),
            (2, 0.1, 0.20782509512527254),
        ]
        for (damping, time, value) in expected {
            let got = Spring(dampingRatio: damping, response: 0.55).value(at: time)
            #expect(abs(got - value) <= 1e-9 * value, "ζ=\(damping) t=\(time): \(got)")
        }
        // Its settle time is finite (an hour at most once resolved), not the doubling's infinity.
        #expect(Spring(dampingRatio: 1e8, response: 0.55).settleTime.isFinite)
    }

    @Test func springSolvesTheDampedOscillatorEquation() {
        // x'' + 2ζω x' + ω²(x − 1) = 0, checked by central differences.
        for damping in [0.3, 1.0, 1.7] {
            let spring = Spring(dampingRatio: damping, response: 0.4)
            let w = 2 * Double.pi / 0.4, h = 1e-4
            for time in stride(from: 0.05, through: 1.0, by: 0.05) {
                let x0 = spring.value(at: time - h), x1 = spring.value(at: time), x2 = spring.value(at: time + h)
                let residual = (x2 - 2 * x1 + x0) / (h * h) + 2 * damping * w * (x2 - x0) / (2 * h) + w * w * (x1 - 1)
                #expect(abs(residual) < 1e-2 * w * w, "ζ=\(damping) t=\(time)")
            }
        }
    }

    @Test func springSettlesWithinTheToleranceFromItsSettleTimeOn() {
        for damping in [0.2, 0.8, 1.0, 3.0] {
            let spring = Spring(dampingRatio: damping, response: 0.5)
            let settle = spring.settleTime
            for step in 0...400 {
                let time = settle + Double(step) * 0.01
                #expect(abs(1 - spring.value(at: time)) <= Spring.settleTolerance + 1e-12, "ζ=\(damping)")
            }
            if damping >= 1 {  // no oscillation: the settle time is the first time within tolerance
                #expect(abs(1 - spring.value(at: settle * 0.99)) > Spring.settleTolerance)
            }
        }
        #expect(AnimationCurve.spring(Spring()).naturalDuration == Spring().settleTime)
        #expect(AnimationCurve.easeOut.naturalDuration == 0.3)
    }
}

@Suite struct TimelineTests {
    let base = ViewState(frame: Rect(x: 0, y: 0, width: 100, height: 50))

    @Test func missingPropertiesStartAtTheCurrentStateAndEndAtTheLayouts() {
        let current = ViewState(frame: Rect(x: 0, y: 0, width: 100, height: 50), alpha: 0.5)
        let target = ViewState(frame: Rect(x: 0, y: 200, width: 100, height: 50))
        let description = AnimationDescription(from: PartialViewState(scale: 0.8), to: PartialViewState(alpha: 0.9),
                                               duration: 0.5, delay: 0.125, curve: .linear)
        let track = AnimationTrack(id: "a", view: 3, event: .update, description: description, current: current, target: target)
        #expect(track.from == ViewState(frame: current.frame, alpha: 0.5, scale: 0.8))
        #expect(track.to == ViewState(frame: target.frame, alpha: 0.9))
        #expect(track.state(at: 0.05) == track.from)
        #expect(track.state(at: 0.375) == ViewState(frame: Rect(x: 0, y: 100, width: 100, height: 50),
                                                   alpha: 0.7, scale: 0.9))
        #expect(track.state(at: 0.625) == track.to)
        #expect(track.end == 0.625)
    }

    @Test func deletedViewsLeaveWhenTheirTrackEnds() {
        let fading = AnimationTrack(id: "d", view: 1, event: .delete, duration: 0.3, curve: .linear,
                                    from: base, to: ViewState(frame: base.frame, alpha: 0))
        let instant = AnimationTrack(id: "e", view: 2, event: .delete, duration: 0, from: base, to: base)
        let staying = AnimationTrack(id: "s", view: 4, event: .insert, duration: 0, from: base, to: base)
        let timeline = Timeline(tracks: [fading, instant, staying])
        #expect(timeline.duration == 0.3)
        #expect(timeline.sample(at: 0).map(\.id) == ["d", "s"])
        #expect(timeline.sample(at: 0.15).first?.state.alpha == 0.5)
        #expect(timeline.sample(at: 0.3).map(\.id) == ["d", "s"])
        #expect(timeline.sample(at: 0.31).map(\.id) == ["s"])
    }

    @Test func theDurationIsSampledOnceWhenDurationTimesRateRoundsUp() throws {
        // 1.1 × 50 = 55.00000000000001 and 0.56 × 25 = 14.000000000000002 in doubles, yet
        // 55 / 50 is 1.1 and 14 / 25 is 0.56: the last frame time is the duration itself.
        for (duration, fps, frames) in [(1.1, 50.0, 56), (0.56, 25.0, 15), (2.24, 50.0, 113)] {
            let track = AnimationTrack(id: "a", view: 1, event: .insert, duration: duration, from: base, to: base)
            let timeline = Timeline(tracks: [track])
            let times = try timeline.sampleTimes(fps: fps)
            #expect(times.count == frames, "\(duration) s at \(fps)")
            #expect(try timeline.sampleCount(validatingFPS: fps) == frames)
            #expect(times.suffix(2) == [Double(frames - 2) / fps, duration])
        }
    }

    @Test func sampleTimesCoverZeroToTheDurationInclusive() throws {
        let track = AnimationTrack(id: "a", view: 1, event: .insert, duration: 0.25, from: base, to: base)
        #expect(try Timeline(tracks: [track]).sampleTimes(fps: 10) == [0, 0.1, 0.2, 0.25])
        #expect(try Timeline(tracks: [track]).sampleTimes(fps: 4) == [0, 0.25])
        #expect(try Timeline(tracks: []).sampleTimes(fps: 60) == [0])
        // A frame rate that is not a positive number is refused, not trapped on.
        for fps in [0, -1, Double.nan, .infinity] {
            #expect(throws: AnimationFormatError("the frame rate must be a positive number of frames per second, got \(NumberText.exact(fps))")) {
                try Timeline(tracks: [track]).sampleTimes(fps: fps)
            }
        }
    }

    @Test func zIndexSwitchesWhenTheAnimationStarts() {
        let a = ViewState(frame: base.frame, zIndex: 0), b = ViewState(frame: base.frame, zIndex: 5)
        #expect(a.interpolated(to: b, fraction: 0).zIndex == 0)
        #expect(a.interpolated(to: b, fraction: 0.01).zIndex == 5)
    }
}

@Suite struct BuiltinAnimatorTests {
    let viewport = Rect(x: 0, y: 100, width: 375, height: 812)

    func event(_ kind: AnimationEventKind, y: Double = 200, old: Rect? = nil, reloading: Bool, reloads: Int,
               velocity: Point = .zero) -> AnimationEvent {
        AnimationEvent(kind: kind, index: 0, id: "a", view: 1, frame: Rect(x: 0, y: y, width: 100, height: 100),
                       oldFrame: old, visibleFrame: viewport, velocity: velocity, reloadCount: reloads,
                       isReloading: reloading)
    }

    @Test func fadeAnimatesOnlyReloadsAfterTheFirstLoadAndOnlyOnScreen() {
        let fade = FadeAnimator()
        #expect(fade.insert(event(.insert, reloading: true, reloads: 1)) ==
                AnimationDescription(from: PartialViewState(alpha: 0), duration: 0.3))
        #expect(fade.delete(event(.delete, reloading: true, reloads: 1)) ==
                AnimationDescription(to: PartialViewState(alpha: 0), duration: 0.3))
        #expect(fade.insert(event(.insert, reloading: true, reloads: 0)) == nil)       // first load
        #expect(fade.insert(event(.insert, reloading: false, reloads: 3)) == nil)      // scrolled in
        #expect(fade.delete(event(.delete, reloading: false, reloads: 3)) == nil)      // scrolled out
        #expect(fade.insert(event(.insert, y: 2000, reloading: true, reloads: 1)) == nil)  // off screen
        #expect(fade.delete(event(.delete, y: 0, reloading: true, reloads: 1)) == nil)     // touches the top edge only
        #expect(fade.update(event(.update, old: Rect(x: 0, y: 0, width: 100, height: 100), reloading: true, reloads: 1)) ==
                AnimationDescription(duration: 0.3))
        #expect(fade.update(event(.update, old: Rect(x: 0, y: 200, width: 100, height: 100), reloading: true, reloads: 1)) == nil)
        // A relayout (a layout change) moves views too.
        #expect(fade.update(event(.update, old: Rect(x: 0, y: 0, width: 100, height: 100), reloading: false, reloads: 1)) ==
                AnimationDescription(duration: 0.3))
    }

    @Test func scaleFadesAndScales() {
        #expect(FadeAnimator.scaling().insert(event(.insert, reloading: true, reloads: 2)) ==
                AnimationDescription(from: PartialViewState(alpha: 0, scale: 0.5), duration: 0.3))
    }

    @Test func wobblePushesByVelocityTimesResistanceClampedToTheVelocity() {
        let wobble = WobbleAnimator()
        // Centre (50, 250) against the touch (187.5, 506): resistance 0.1375 across, 0.256 down.
        let push = wobble.push(for: event(.scroll, reloading: false, reloads: 1, velocity: Point(x: 10, y: -40)))
        #expect(abs(push.x - 10 * 0.1375) < 1e-12)
        #expect(abs(push.y - (-40 * 0.256)) < 1e-12)
        // Far away, the resistance clamps at 1: the push never exceeds the velocity or flips sign.
        let far = wobble.push(for: AnimationEvent(kind: .scroll, index: 0, id: "a", view: 1,
                                                  frame: Rect(x: 5000, y: 9000, width: 10, height: 10),
                                                  visibleFrame: viewport, velocity: Point(x: -3, y: 7)))
        #expect(far == Point(x: -3, y: 7))
        let description = wobble.scroll(event(.scroll, reloading: false, reloads: 1, velocity: Point(x: 0, y: 20)))
        #expect(description?.from == PartialViewState(tx: 0, ty: 20 * 0.256))
        #expect(description?.to == PartialViewState(tx: 0, ty: 0))
        #expect(description?.curve == .spring(WobbleAnimator.defaultSpring))
        #expect(wobble.scroll(event(.scroll, reloading: false, reloads: 1)) == nil)
        // A view scrolling in is pushed eight times as far; reloads fade views in and out.
        #expect(wobble.insert(event(.insert, reloading: false, reloads: 1, velocity: Point(x: 0, y: 20)))?.from.ty == 8 * 20 * 0.256)
        #expect(wobble.delete(event(.delete, reloading: true, reloads: 1))?.to == PartialViewState(alpha: 0))
    }

    @Test func hookAnimatorsAnswerEachEventOfABatchInOrder() {
        let events = [event(.insert, reloading: true, reloads: 1), event(.scroll, reloading: true, reloads: 1),
                      event(.delete, reloading: true, reloads: 1)]
        #expect(FadeAnimator().animations(for: events) ==
                [AnimationDescription(from: PartialViewState(alpha: 0), duration: 0.3), nil,
                 AnimationDescription(to: PartialViewState(alpha: 0), duration: 0.3)])
    }
}

@Suite struct LayoutTransitionTests {
    @Test func keptItemsMoveAndOthersFade() {
        let old: [(id: String, frame: Rect)] = [("a", Rect(x: 0, y: 0, width: 10, height: 10)),
                                                ("b", Rect(x: 0, y: 10, width: 10, height: 10))]
        let new: [(id: String, frame: Rect)] = [("c", Rect(x: 50, y: 0, width: 10, height: 10)),
                                                ("a", Rect(x: 20, y: 40, width: 30, height: 10))]
        let mid = LayoutTransition.frames(from: old, to: new, progress: 0.25)
        #expect(mid.map(\.id) == ["c", "a", "b"])
        #expect(mid[0].frame == Rect(x: 50, y: 0, width: 10, height: 10) && mid[0].alpha == 0.25)
        #expect(mid[1].frame == Rect(x: 5, y: 10, width: 15, height: 10) && mid[1].alpha == 1)
        #expect(mid[2].frame == Rect(x: 0, y: 10, width: 10, height: 10) && mid[2].alpha == 0.75)
        let end = LayoutTransition.frames(from: old, to: new, progress: 7)
        #expect(end[1].frame == new[1].frame && end[2].alpha == 0)
    }
}
