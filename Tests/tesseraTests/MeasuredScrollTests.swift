import Foundation
import Testing
import TesseraCore

/// `tessera scroll --measured`: a host that measures each cell as it enters, on the Debian games
/// feed, down and back up; the measured-sizes guide's REPL sessions, line for line; and the
/// refusals of a malformed sizes file.
@Suite struct MeasuredScrollTests {
    static let feed = ["flow", "--data", "datasets/debian-bookworm-games.json", "--measured", "datasets/examples/games-measured.json"]

    /// The steps and summary of a `--format json` run.
    func scroll(_ extra: [String]) throws -> (steps: [JSONValue], summary: [String: JSONValue]) {
        let run = try runTessera(["scroll"] + Self.feed + extra + ["--format", "json"], timeout: 300)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try JSONParser.parse(run.stdout)
        guard case .array(let steps)? = json["steps"], case .object(let summary)? = json["summary"] else {
            Issue.record("no steps or summary in \(run.stdout.prefix(200))")
            return ([], [:])
        }
        return (steps, Dictionary(uniqueKeysWithValues: summary.map { ($0.key, $0.value) }))
    }

    @Test func scrollingDownAndBackUpThroughMeasuredDescriptionsNeverJumps() throws {
        // Steps of 100 points, so rows drawn at one step are still on screen at the next.
        let down = try scroll(["--from", "20000", "--to", "30000", "--steps", "101"])
        let up = try scroll(["--from", "30000", "--to", "20000", "--steps", "101"])
        for (name, run) in [("down", down), ("up", up)] {
            #expect(run.summary["maxJump"]?.number == 0, "\(name): \(run.summary)")
            #expect(run.steps.allSatisfy { $0["jump"] == nil }, "\(name)")
            // Replaying entering and leaving ids gives exactly the visible count at every step.
            var shown = Set<String>()
            for (k, step) in run.steps.enumerated() {
                for case .string(let id) in step["deleted"]?.list ?? [] { #expect(shown.remove(id) != nil, "\(name) step \(k): \(id) left unseen") }
                for case .string(let id) in step["inserted"]?.list ?? [] { #expect(shown.insert(id).inserted, "\(name) step \(k): \(id) twice") }
                #expect(step["visible"]?.number == Double(shown.count), "\(name) step \(k)")
            }
        }
        // Going up, rows that come in from above are taller or shorter than their estimate: the
        // offset moves by as much. Going down, rows come in below: nothing above them moves.
        let adjusted = up.steps.compactMap { $0["adjust"]?.list?[1].number }
        #expect(adjusted.count > 30, "\(adjusted.count) adjusted steps")
        #expect(adjusted.allSatisfy { $0 != 0 })
        #expect(down.steps.allSatisfy { $0["adjust"] == nil })
    }

    @Test func theTextReportNamesEachAdjustmentAndTheLargestJump() throws {
        let run = try runTessera(["scroll"] + Self.feed + ["--from", "30000", "--to", "26000", "--steps", "41"], timeout: 300)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 42)
        #expect(lines.last?.hasPrefix("41 steps: ") == true && lines.last?.hasSuffix("; max jump 0") == true, "\(lines.last ?? "")")
        #expect(lines.dropLast().contains { $0.range(of: #"; adjust 0,-?[0-9.]+; [0-9.]+ us$"#, options: .regularExpression) != nil })
    }

    /// A sizes file recorded over an older version of the data is a normal case: the keys that
    /// name no item are warned about with their place (the first three, then a count), and the
    /// run goes on with the rest. They used to be ignored without a word.
    @Test func keysNamingNoItemAreWarnedAboutWithTheirPlace() throws {
        let folder = try temporaryDirectory()
        let path = folder.appendingPathComponent("stale.json").path
        try """
        {"1": [100, 80],
          "gone": [100, 50], "0-header": [375, 44],
          "old-1": [1, 1], "old-2": [1, 1], "old-3": [1, 1]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let data = folder.appendingPathComponent("three.json").path
        try #"[{"id": 1, "w": 100, "h": 50}, {"id": 2, "w": 100, "h": 50}, {"id": 3, "w": 100, "h": 50}]"#
            .write(toFile: data, atomically: true, encoding: .utf8)
        let run = try runTessera(["scroll", "flow", "--data", data, "--measured", path, "--viewport", "100x100",
                                  "--to", "0", "--steps", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == """
        warning: \(path):2:11: "gone" names no item of the data; its size is not used
        warning: \(path):2:34: "0-header" names no item of the data; its size is not used
        warning: \(path):3:12: "old-1" names no item of the data; its size is not used
        warning: \(path): 2 more keys naming no item, not used

        """)
    }

    @Test func aMalformedSizesFileIsRefusedWithItsPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("measured-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(String, String)] = [
            ("{\"a\": [375, 40],\n \"b\": [375 40]}", "bad.json:2:12: expected ',' or ']' after an array element, found '4'."),
            ("{\"a\": [375, -1]}", "bad.json:1:7: \"a\": expected [width, height] with numbers from 0 to 1e7, found [375,-1]."),
            ("{\"a\": [375, 1e308]}", "bad.json:1:7: \"a\": expected [width, height] with numbers from 0 to 1e7, found [375,1e+308]."),
            ("{\"a\": \"tall\"}", "bad.json:1:7: \"a\": expected [width, height] with numbers from 0 to 1e7, found \"tall\"."),
            // The first bad member in the file's order, at its value's line and column (a key
            // written with an escape is found too).
            ("{\n  \"a\": [375, 40],\n  \"b\\u0031\": {\"w\": 375},\n  \"c\": [375, -5]\n}",
             "bad.json:3:14: \"b1\": expected [width, height] with numbers from 0 to 1e7, found an object."),
            ("{\"é\": [1, 2, 3]}", "bad.json:1:7: \"é\": expected [width, height] with numbers from 0 to 1e7, found [1,2,3]."),
            ("[[375, 40]]", "bad.json: expected an object from id to [width, height], found an array."),
        ]
        for (text, message) in cases {
            let path = folder.appendingPathComponent("bad.json")
            try text.write(to: path, atomically: true, encoding: .utf8)
            let run = try runTessera(["scroll", "flow", "--data", "datasets/examples/photos.jsonl", "--measured", path.path])
            #expect(run.status == 1)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "Error: " + path.path.replacingOccurrences(of: "bad.json", with: "") + message + "\n", "\(text)")
        }
        let missing = try runTessera(["scroll", "flow", "--data", "datasets/examples/photos.jsonl", "--measured", folder.appendingPathComponent("none.json").path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("none.json: "), "\(missing.stderr)")
    }

    /// The measured-sizes guide's REPL sessions, line for line.
    @Test func theReadmeFeedScrolledUpWhileMeasuringKeepsTheRowOnScreen() throws {
        let run = try runTessera(["repl", "--data", "datasets/debian-bookworm-games.json"], input: """
            feed = t.provider{ data = data, layout = t.flow{}, size = { "100%", 60 } }
            e = t.engine{ provider = feed, viewport = { 375, 600 } }
            seen = {}
            function measureNew() for _, v in ipairs(e:views()) do if v.category == "cell" and not seen[v.id] then seen[v.id] = true; e:measure(v.id, 375, 24 + 18 * math.ceil(#v.data.text / 48)) end end return e:layout() end
            _ = e:scrollTo(500, "top"); _ = measureNew()
            e.offset[2], e:frame(500)[2] - e.offset[2], e:frame(500)[4]
            _ = e:scroll(0, e.offset[2] - 100)
            e:views()[1].id, e:views()[2].id, e:frame(500)[2] - e.offset[2]
            ev = measureNew()
            ev[1]
            e:frame(500)[2] - e.offset[2], e:frame(499)[4]

            """, timeout: 120)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").map(String.init) == [
            "29940\t0\t258",
            "gl-117-data\tgtkpool\t100",
            "{dx = 0.0, dy = 108.0, offset = {0, 29948}, type = \"adjust\"}",
            "100\t96",
        ])
    }

    @Test func theReadmeChatOpensAtItsEndAndFollowsWhatArrives() throws {
        let run = try runTessera(["repl"], input: """
            messages = {}
            for i = 1, 30 do messages[i] = { id = "msg" .. i, text = string.rep("hello ", i % 7 + 1) } end
            chat = t.provider{ data = messages, layout = t.flow{ spacing = 8 }, size = { "100%", 44 } }
            e = t.engine{ provider = chat, viewport = { 375, 600 }, anchor = "end" }
            _ = e:layout()
            e.offset[2], e.contentSize[2]
            messages[31] = { id = "msg31", text = "a new message" }; chat.data = messages
            ev = e:layout()
            ev[1], e.offset[2] + 600 == e.contentSize[2]
            e:measure("msg31", 375, 120)
            e:layout()[1]
            _ = e:scroll(0, 200)
            messages[32] = { id = "msg32", text = "another" }; chat.data = messages
            #e:layout(), e.offset[2]

            """, timeout: 120)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").map(String.init) == [
            "952\t1552",
            "{dx = 0.0, dy = 52.0, offset = {0, 1004}, type = \"adjust\"}\ttrue",
            "{dx = 0.0, dy = 76.0, offset = {0, 1080}, type = \"adjust\"}",
            "0\t200",
        ])
    }
}

private extension JSONValue {
    /// The elements of an array value.
    var list: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }
}
