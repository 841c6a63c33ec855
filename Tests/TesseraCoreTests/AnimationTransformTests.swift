import Testing
@testable import TesseraCore

/// A description's `transform`: the look a view takes at once for one pass, as CollectionKit's
/// scroll effects set a view's transform on every tick.
@Suite struct AnimationTransformTests {
    func read(_ json: String) throws -> AnimationDescription {
        try AnimationDescription(json: try JSONParser.parse(json), what: "x.lua:5: the scroll hook's animation")
    }

    @Test func aTransformIsReadAndWrittenBackAlone() throws {
        let description = try read(#"{"transform": {"ty": 0, "scale": 0.5}}"#)
        #expect(description == AnimationDescription(transform: PartialViewState(scale: 0.5, ty: 0)))
        #expect(description.resolvedDuration == 0)
        #expect(JSONWriter.write(description.json) == #"{"transform":{"scale":0.5,"ty":0}}"#)
        #expect(try read(JSONWriter.write(description.json)) == description)
    }

    @Test func theTrackHoldsTheLookAtTheLayoutsFrameAndTakesNoTime() {
        let old = Rect(x: 0, y: 100, width: 50, height: 50), new = Rect(x: 0, y: 140, width: 50, height: 50)
        let track = AnimationTrack(id: "a", view: 2, event: .scroll,
                                   description: AnimationDescription(transform: PartialViewState(scale: 0.8, ty: -4)),
                                   current: ViewState(frame: old), target: ViewState(frame: new, zIndex: 3))
        let held = ViewState(frame: new, scale: 0.8, ty: -4, zIndex: 3)
        #expect(track.from == held && track.to == held)
        #expect(track.duration == 0 && track.delay == 0 && !track.setsZIndex)
        #expect(track.state(at: 0) == held)
    }

    @Test(arguments: [
        (#"{"transform": {"scale": "big"}}"#,
         #"x.lua:5: the scroll hook's animation: transform: scale must be a number from -1e15 to 1e15, got "big""#),
        (#"{"transform": {"frame": [0, 0, 1, 1]}}"#,
         "x.lua:5: the scroll hook's animation: transform has an unknown key 'frame'; known keys: alpha, scale, rotation, tx, ty, zIndex"),
        (#"{"transform": 3}"#,
         "x.lua:5: the scroll hook's animation: transform must be a table of animated properties, got a number"),
        (#"{"transform": {"ty": 0}, "to": {"alpha": 1}}"#,
         "x.lua:5: the scroll hook's animation: transform sets the view's look at once for this pass, so it cannot be combined with 'to' (animate with from, to and a duration instead)"),
        (#"{"duration": 0.2, "transform": {"ty": 0}}"#,
         "x.lua:5: the scroll hook's animation: transform sets the view's look at once for this pass, so it cannot be combined with 'duration' (animate with from, to and a duration instead)"),
        (#"{"transfrom": {"ty": 0}}"#,
         "x.lua:5: the scroll hook's animation has an unknown key 'transfrom'; known keys: from, to, duration, delay, curve, damping, response, transform"),
    ])
    func aBadTransformIsRefusedNamingTheKey(json: String, message: String) throws {
        #expect(throws: AnimationFormatError(message)) { try read(json) }
    }

    @Test func aTransformBuiltInSwiftWithAnAnimationCannotBePlayed() {
        var description = AnimationDescription(to: PartialViewState(alpha: 0), duration: 0.3)
        description.transform = PartialViewState(ty: 0)
        #expect(description.problem == "transform sets the view's look at once for this pass, so it cannot be combined with 'to' (animate with from, to and a duration instead)")
        #expect(AnimationDescription(transform: PartialViewState(frame: .zero)).problem == "transform cannot set frame: the layout places the view")
        #expect(AnimationDescription(transform: PartialViewState(scale: .nan)).problem == "transform: every property must be a finite number")
        #expect(AnimationDescription(transform: PartialViewState(scale: 0.5)).problem == nil)
    }
}
