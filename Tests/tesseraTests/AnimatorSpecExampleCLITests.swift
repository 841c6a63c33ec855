import Foundation
import Testing
@testable import TesseraCore

/// The product specification's example animator, verbatim, through `tessera scroll` and
/// `tessera animate`; and a spring's track, which says which spring it plays and lasts until
/// the spring settles.
@Suite struct AnimatorSpecExampleCLITests {
    static let example = """
    return {
      params = { duration = 0.3 },
      insert = function(e, p) return { from = { alpha = 0, scale = 0.8 }, duration = p.duration } end,
      delete = function(e, p) return { to = { alpha = 0 }, duration = p.duration } end,
      update = function(e, p) return { duration = p.duration, curve = "spring" } end,  -- frame changed
      shift  = function(e, p) return nil end,          -- content offset adjusted during a reload
      scroll = function(e, p) return { transform = { ty = 0 } } end,                   -- every scroll tick
    }
    """

    func folder(_ files: [String: String]) throws -> URL {
        let dir = try temporaryDirectory()
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return dir
    }

    static func items(_ ids: String) -> String {
        "{\"items\": [" + ids.map { "{\"id\": \"\($0)\", \"w\": 100, \"h\": 100}" }.joined(separator: ", ") + "]}"
    }

    /// A scroll's steps with their times left out.
    func untimed(_ stdout: String) throws -> JSONValue? {
        guard case .object(var document) = try JSONParser.parse(stdout), case .array(let steps)? = document["steps"] else { return nil }
        document["steps"] = .array(steps.map { step in
            guard case .object(var fields) = step else { return step }
            fields["us"] = nil
            return .object(fields)
        })
        document["summary"] = nil
        return .object(document)
    }

    @Test func theExampleScrollsAsWithNoAnimator() throws {
        let dir = try folder(["spec.lua": Self.example])
        let data = repositoryRoot.appendingPathComponent("datasets/images-wallpapers.json").path
        let arguments = ["scroll", "waterfall", "--data", data, "--steps", "50", "--format", "json"]
        let animated = try runTessera(arguments + ["--animator", "spec.lua"], in: dir)
        #expect(animated.status == 0 && animated.stderr == "", "\(animated.stderr)")
        let plain = try runTessera(arguments, in: dir)
        let steps = try untimed(animated.stdout), expected = try untimed(plain.stdout)
        #expect(steps != nil && steps == expected)
    }

    @Test func theExampleAnimatesAReload() throws {
        // b leaves, c moves up into its place (a spring fitted to 0.3 s), x comes in below.
        let dir = try folder(["spec.lua": Self.example, "old.json": Self.items("abc"), "new.json": Self.items("acx")])
        let run = try runTessera(["animate", "flow", "--data", "old.json", "--to", "new.json", "--viewport", "100x250",
                                  "--offset", "0,0", "--animator", "spec.lua"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        // The spring's response is the one that settles at 0.8 damping in the given 0.3 s.
        #expect(Spring(dampingRatio: 0.8, response: 0.20326858916703228).settleTime.distance(to: 0.3).magnitude < 1e-12)
        let expected = #"""
        {"viewport":[100,250],"offset":[0,0],"duration":0.3,"tracks":[
        {"id":"b","view":1,"event":"delete","delay":0,"duration":0.3,"curve":"easeInOut",
        "from":{"frame":[0,100,100,100],"alpha":1,"scale":1,"rotation":0,"tx":0,"ty":0,"zIndex":0},
        "to":{"frame":[0,100,100,100],"alpha":0,"scale":1,"rotation":0,"tx":0,"ty":0,"zIndex":0}},
        {"id":"c","view":2,"event":"move","delay":0,"duration":0.3,"curve":"spring","damping":0.8,"response":0.20326858916703228,
        "from":{"frame":[0,200,100,100],"alpha":1,"scale":1,"rotation":0,"tx":0,"ty":0,"zIndex":0},
        "to":{"frame":[0,100,100,100],"alpha":1,"scale":1,"rotation":0,"tx":0,"ty":0,"zIndex":0}},
        {"id":"x","view":3,"event":"insert","delay":0,"duration":0.3,"curve":"easeInOut",
        "from":{"frame":[0,200,100,100],"alpha":0,"scale":0.8,"rotation":0,"tx":0,"ty":0,"zIndex":0},
        "to":{"frame":[0,200,100,100],"alpha":1,"scale":1,"rotation":0,"tx":0,"ty":0,"zIndex":0}}]}
        """#.replacingOccurrences(of: "\n", with: "")
        #expect(run.stdout == expected + "\n", "\(run.stdout)")
    }

    @Test func aBadTransformNamesTheHookAndWhatIsExpected() throws {
        let bad = Self.example.replacingOccurrences(of: "transform = { ty = 0 }", with: "transform = { ty = \"up\" }")
        let dir = try folder(["spec.lua": bad])
        let data = repositoryRoot.appendingPathComponent("datasets/images-wallpapers.json").path
        let run = try runTessera(["scroll", "waterfall", "--data", data, "--steps", "50", "--animator", "spec.lua"], in: dir)
        #expect(run.status == 1 && run.stdout == "")
        #expect(run.stderr == "Error: spec.lua:7: the scroll hook's animation: transform: ty must be a number from -1e15 to 1e15, got \"up\".\n", "\(run.stderr)")
    }

    @Test func aSpringTrackCarriesItsSpringAndIsSampledUntilItSettles() throws {
        let animator = """
        return { update = function(e) return { curve = "spring", damping = 0.2, response = 0.4 } end }
        """
        let dir = try folder(["spring.lua": animator, "old.json": Self.items("ab"), "new.json": Self.items("b")])
        let run = try runTessera(["animate", "flow", "--data", "old.json", "--to", "new.json", "--viewport", "100x250",
                                  "--offset", "0,0", "--animator", "spring.lua", "--fps", "20"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let timeline = try JSONParser.parse(run.stdout)
        let spring = Spring(dampingRatio: 0.2, response: 0.4)
        #expect(timeline["duration"] == .double(spring.settleTime))
        guard case .array(let tracks)? = timeline["tracks"], case .array(let samples)? = timeline["samples"] else {
            Issue.record("no tracks or samples: \(run.stdout)"); return
        }
        // a leaves at once; b moves up.
        #expect(tracks.map { $0["id"] } == ["a", "b"])
        #expect(tracks.last?["duration"] == .double(spring.settleTime))
        #expect(tracks.last?["curve"] == "spring" && tracks.last?["damping"] == .double(0.2) && tracks.last?["response"] == .double(0.4))
        // b moves from y 100 to 0 along the spring, sample after sample, to its settle time.
        let ys = samples.map { sample -> Double in
            guard case .array(let views)? = sample["views"], case .array(let frame)? = views.first?["frame"] else { return .nan }
            return frame[1].number ?? .nan
        }
        #expect(samples.count == spring.settleTime.timesTwenty + 1)
        for (k, y) in ys.enumerated().dropLast() {
            #expect(abs(y - 100 * (1 - spring.value(at: Double(k) / 20))) < 1e-9, "sample \(k): \(y)")
        }
        #expect(ys.last == 0)
    }
}

private extension Double {
    /// The number of whole 1/20 s frames before this time (the last sample is the time itself).
    var timesTwenty: Int { Int((self * 20).rounded(.up)) }
}
