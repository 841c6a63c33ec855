import Testing
@testable import TesseraCore

/// A spring's track lasts until the spring settles: its settle time, or a given duration that it
/// is fitted to; and its track says which spring it plays.
@Suite struct SpringDurationTests {
    func read(_ json: String) throws -> AnimationDescription {
        try AnimationDescription(json: try JSONParser.parse(json), what: "s.lua")
    }

    func track(_ description: AnimationDescription) -> AnimationTrack {
        AnimationTrack(id: "a", view: 1, event: .update, description: description,
                       current: ViewState(frame: Rect(x: 0, y: 0, width: 10, height: 10)),
                       target: ViewState(frame: Rect(x: 80, y: 0, width: 10, height: 10)))
    }

    @Test func aSpringGivenADurationSettlesInIt() throws {
        let made = track(try read(#"{"curve": "spring", "damping": 0.2, "duration": 0.3}"#))
        #expect(made.duration == 0.3)
        guard case .spring(let spring) = made.curve else { Issue.record("not a spring"); return }
        #expect(spring.dampingRatio == 0.2)
        // Response 0.55 settles in 2.6878... s at this damping: scaled by 0.3 / that.
        #expect(abs(spring.settleTime - 0.3) < 1e-12)
        #expect(abs(spring.response - 0.55 * 0.3 / Spring(dampingRatio: 0.2).settleTime) < 1e-15)
        // Just before its end the spring is within the settle tolerance of 80; at the end, on it.
        let before = made.state(at: 0.3 - 1e-9).frame.x
        #expect(abs(before - 80) <= 80 * Spring.settleTolerance)
        #expect(made.state(at: 0.3).frame.x == 80)
    }

    @Test func aSpringGivenAResponseRunsUntilItSettles() throws {
        let made = track(try read(#"{"curve": "spring", "damping": 0.2, "response": 0.4}"#))
        let spring = Spring(dampingRatio: 0.2, response: 0.4)
        #expect(made.curve == .spring(spring))
        #expect(made.duration == spring.settleTime)
        // At 0.3 s the underdamped spring is still far from rest: at 89.3 on its way to 80.
        #expect(made.state(at: 0.3).frame.x == 80 * spring.value(at: 0.3))
        #expect(abs(made.state(at: 0.3).frame.x - 89.298) < 0.001)
    }

    /// A response wins over a duration, as UIKit's physically set spring overrides its
    /// animator's duration: the track is the response's spring, until it settles.
    @Test func aSpringGivenAResponseAndADurationKeepsItsResponse() throws {
        let both = try read(#"{"curve": "spring", "response": 0.4, "duration": 0.3}"#)
        #expect(both == (try read(#"{"curve": "spring", "response": 0.4}"#)))
        #expect(track(both).duration == Spring(response: 0.4).settleTime)
        #expect(throws: AnimationFormatError("s.lua: duration must be a non-negative number of seconds of at most 3,600, got -1")) {
            try read(#"{"curve": "spring", "response": 0.4, "duration": -1}"#)
        }
    }

    @Test func aSpringTrackCarriesItsDampingAndResponse() throws {
        let given = track(try read(#"{"curve": "spring", "damping": 0.2, "response": 0.4}"#))
        let json = JSONWriter.write(given.json)
        #expect(json.contains(#""duration":\#(JSONWriter.format(given.duration)),"curve":"spring","damping":0.2,"response":0.4,"from":"#), "\(json)")
        let eased = track(try read(#"{"duration": 0.3}"#))
        #expect(!JSONWriter.write(eased.json).contains("damping"))
    }

    @Test func aSpringDescriptionWithADurationIsWrittenWithoutAResponse() throws {
        let description = try read(#"{"curve": "spring", "duration": 0.3}"#)
        #expect(JSONWriter.write(description.json) == #"{"duration":0.3,"curve":"spring","damping":0.8}"#)
        #expect(try read(JSONWriter.write(description.json)) == description)
    }
}
