import Testing
import TesseraCore
@testable import TesseraRender

/// The preview's animation message carries the timeline's samples exactly as its JSON gives them.
@Suite struct PreviewAnimationTests {
    func timeline(duration: Double, views: Int) -> Timeline {
        let tracks = (0..<views).map { k in
            AnimationTrack(id: .string("v\(k)"), view: k, event: .move, duration: duration, curve: .easeInOut,
                           from: ViewState(frame: Rect(x: 0, y: Double(10 * k), width: 50, height: 10)),
                           to: ViewState(frame: Rect(x: 100, y: Double(20 * k), width: 50, height: 10), alpha: 0.5))
        }
        return Timeline(tracks: tracks, still: [.init(id: "s", view: 99, state: ViewState(frame: Rect(x: 5, y: 5, width: 1, height: 1)))])
    }

    func message(_ timeline: Timeline) throws -> JSONValue {
        let labels = TimelineLabels(field: ItemLabels(), before: [], after: [], old: Dataset(items: []), new: Dataset(items: []))
        return try JSONParser.parse(PreviewAnimation.message(timeline: timeline, labels: labels, generation: 4,
                                                             offset: Point(x: 0, y: 30), viewport: Size(width: 200, height: 100)))
    }

    @Test func theSamplesAreTheTimelinesAt120PerSecond() throws {
        let t = timeline(duration: 0.25, views: 3)
        let m = try message(t)
        #expect(m["type"] == .string("animation") && m["gen"] == .int(4) && m["fps"] == .int(120))
        #expect(m["offset"] == .array([.int(0), .int(30)]))
        guard case .array(let samples)? = m["timeline"]?["samples"],
              case .array(let expected)? = try JSONParser.parse(JSONWriter.write(TimelineReport(timeline: t, viewport: Size(width: 200, height: 100), fps: 120).json()))["samples"] else {
            Issue.record("no samples"); return
        }
        #expect(samples.count == 31 && samples.count == expected.count)
        for (got, want) in zip(samples, expected) {
            #expect(got["t"] == want["t"])
            guard case .array(let views)? = got["views"], case .array(let wanted)? = want["views"] else { Issue.record("no views"); return }
            #expect(views == wanted.map { v -> JSONValue in
                guard case .array(let f)? = v["frame"], case .int(let view)? = v["view"] else { return .null }
                return .array([.string("\(view):\(v["id"]!.string!)")] + f
                              + ["alpha", "scale", "rotation", "tx", "ty"].map { v[$0]! })
            })
        }
    }

    @Test func aLongAnimationIsSampledLessOften() throws {
        // 2000 s of one moving and one still view: 120 per second would pass 200000 states.
        #expect(try message(timeline(duration: 2000, views: 1))["fps"] == .int(30))
        // The preview has no --fps: the message names what the author can change.
        #expect(throws: AnimationFormatError("the animation lasts 1000000 s: at 10 frames per second its samples would hold more than 200,000 view states (2 views per frame); use an animator with shorter durations")) {
            try message(timeline(duration: 1e6, views: 1))
        }
    }
}
