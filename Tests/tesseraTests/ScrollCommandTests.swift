import Foundation
import Testing
import TesseraCore

/// `tessera scroll`: the JSON shape, and replaying its entering and leaving ids step by step gives
/// the visible set the layout has at every step's offset.
@Suite struct ScrollCommandTests {
    @Test func replayingInsertedAndDeletedIdsGivesTheVisibleSetAtEveryStep() throws {
        let run = try runTessera(["scroll", "waterfall", "--data", "datasets/tuxpaint-stamps.json", "--steps", "100", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try JSONParser.parse(run.stdout)
        guard case .array(let steps)? = json["steps"], case .object(let summary)? = json["summary"] else {
            Issue.record("no steps or summary in \(run.stdout.prefix(200))")
            return
        }
        #expect(steps.count == 100)
        #expect(Array(summary.keys) .sorted() == ["created", "maxVisible", "medianUs", "p99Us", "reused"])

        // The same layout, independently: the default waterfall in the default viewport.
        let dataset = try DatasetLoader.load(path: repositoryRoot.appendingPathComponent("datasets/tuxpaint-stamps.json").path)
        let result = try WaterfallLayout().layout(LayoutContext(dataset: dataset))
        let last = result.contentSize.height - Size.defaultViewport.height
        var shown = Set<String>()
        var largest = 0
        for (k, step) in steps.enumerated() {
            for case .string(let id) in step["deleted"]?.arrayValue ?? [] { #expect(shown.remove(id) != nil, "step \(k): \(id) left but was not shown") }
            for case .string(let id) in step["inserted"]?.arrayValue ?? [] { #expect(shown.insert(id).inserted, "step \(k): \(id) entered twice") }
            let y = last * Double(k) / 99
            #expect(abs((step["offset"]?.arrayValue?[1].number ?? -1) - y) < 1e-6)
            let expected = Set(result.visible(in: Rect(origin: Point(x: 0, y: y), size: .defaultViewport))
                .map { dataset.items[$0].id.description })
            #expect(shown == expected, "step \(k)")
            #expect(step["visible"]?.number == Double(expected.count))
            largest = max(largest, expected.count)
        }
        #expect(summary["maxVisible"]?.number == Double(largest))
        #expect(summary["created"]?.number == Double(largest), "one screenful of views, reused afterwards")
    }

    /// A row's content overflows only sideways: the run scrolls along x, from `--from` to the
    /// last screen, and its visible sets are a fresh row's. Left to right the last screen is at
    /// the row's width less the viewport's; right to left (`--rtl`) the row hangs off the
    /// viewport's left edge and the run goes from 0 towards negative x, as far.
    @Test(arguments: [false, true])
    func aRowScrollsAlongX(rightToLeft: Bool) throws {
        let flags = rightToLeft ? ["--rtl"] : ["--from", "100"]
        let run = try runTessera(["scroll", "row", "--data", "datasets/images-wallpapers.json", "--steps", "5", "--format", "json"] + flags)
        #expect(run.status == 0, "\(run.stderr)")
        guard case .array(let steps)? = try JSONParser.parse(run.stdout)["steps"] else {
            Issue.record("no steps in \(run.stdout.prefix(200))")
            return
        }
        let dataset = try DatasetLoader.load(path: repositoryRoot.appendingPathComponent("datasets/images-wallpapers.json").path)
        let row: any Layout = rightToLeft ? MirroredLayout(RowLayout()) : RowLayout()
        let result = try row.layout(LayoutContext(dataset: dataset))
        let room = result.contentSize.width - Size.defaultViewport.width
        #expect(room > 10_000)
        let first: Double = rightToLeft ? 0 : 100, last: Double = rightToLeft ? -room : room
        var shown = Set<String>()
        for (k, step) in steps.enumerated() {
            for case .string(let id) in step["deleted"]?.arrayValue ?? [] { shown.remove(id) }
            for case .string(let id) in step["inserted"]?.arrayValue ?? [] { shown.insert(id) }
            let x: Double = first + (last - first) * Double(k) / 4
            let offset: [Double]? = step["offset"]?.arrayValue?.compactMap(\.number)
            #expect(offset == [x, 0], "step \(k)")
            let expected = Set(try result.visible(in: Rect(origin: Point(x: x, y: 0), size: .defaultViewport))
                .map { dataset.items[$0].id.description })
            #expect(shown == expected && !shown.isEmpty, "step \(k)")
        }
    }

    @Test func headersAndBackgroundsEnterAndLeaveAsElements() throws {
        let args = ["layouts/appstore.lua", "--data", "datasets/appstream-bookworm.json", "--param", "screen=updates"]
        let run = try runTessera(["scroll"] + args + ["--steps", "4", "--to", "3000", "--format", "json"], timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        guard case .array(let steps)? = try JSONParser.parse(run.stdout)["steps"] else {
            Issue.record("no steps")
            return
        }
        // Replaying entering and leaving elements gives `run`'s visibleElements at every step.
        var shown = Set<String>()
        func key(_ e: JSONValue) -> String {
            "\(e["category"]?.string ?? "?") \(e["kind"]?.string ?? "?") \(e["section"]?.number ?? -1)"
        }
        for (k, step) in steps.enumerated() {
            for e in step["elements"]?["deleted"]?.arrayValue ?? [] { #expect(shown.remove(key(e)) != nil, "step \(k)") }
            for e in step["elements"]?["inserted"]?.arrayValue ?? [] { #expect(shown.insert(key(e)).inserted, "step \(k)") }
            let y = step["offset"]?.arrayValue?[1].number ?? -1
            let expected = try runTessera(["run"] + args + ["--offset", "0,\(JSONWriter.format(y))", "--format", "json"], timeout: 120)
            let elements = try JSONParser.parse(expected.stdout)["visibleElements"]?.arrayValue ?? []
            #expect(!elements.isEmpty)
            #expect(shown == Set(elements.map(key)), "step \(k) at \(y)")
        }
        #expect(steps[0]["elements"]?["inserted"]?.arrayValue?.contains { key($0) == "supplementary header 0.0" } == true)
    }

    @Test func textOutputAndBadOptions() throws {
        let text = try runTessera(["scroll", "waterfall", "--data", "datasets/tuxpaint-stamps.json", "--steps", "3", "--to", "1000"])
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix("step 2 offset 0,500: "))
        #expect(lines[3].hasPrefix("3 steps: "))
        let bad = try runTessera(["scroll", "waterfall", "--data", "datasets/tuxpaint-stamps.json", "--steps", "0"])
        #expect(bad.status != 0 && bad.stdout.isEmpty)
        #expect(bad.stderr.contains("--steps '0' is not valid; expected a whole number from 1 to 10,000,000"))
    }

    /// `--from` and `--to` beyond the content are kept within it (a 600-high content in a
    /// 250-high viewport scrolls from 0 to 350), and the steps print the offsets drawn.
    @Test func theEndsAreKeptWithinTheContent() throws {
        let dir = try temporaryDirectory()
        let items = "{\"items\": [" + "abcdef".map { "{\"id\": \"\($0)\", \"w\": 100, \"h\": 100}" }.joined(separator: ", ") + "]}"
        try items.write(to: dir.appendingPathComponent("six.json"), atomically: true, encoding: .utf8)
        let run = try runTessera(["scroll", "flow", "--data", "six.json", "--viewport", "100x250", "--from", "-50", "--to", "1e15",
                                  "--steps", "3", "--format", "json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let steps = try JSONParser.parse(run.stdout)["steps"]?.arrayValue ?? []
        #expect(steps.map { $0["offset"]?.arrayValue?.compactMap(\.number) } == [[0, 0], [0, 175], [0, 350]])
    }

    @Test func aNegativeNumberIsTheValueOfAnOptionThatTakesANumber() throws {
        // Without `=`, `--to -100` was "Missing value for '--to <to>'" (exit 64): ArgumentParser
        // took -100 for a flag.
        let args = ["scroll", "waterfall", "--data", "datasets/tuxpaint-stamps.json"]
        let spaced = try runTessera(args + ["--from", "-50", "--to", "-100", "--steps", "2"])
        #expect(spaced.status == 0 && spaced.stderr.isEmpty)
        let lines = spaced.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        // Taken, then kept within the content, as a scroll view keeps its offset.
        #expect(lines[0].hasPrefix("step 1 offset 0,0: "))
        #expect(lines[1].hasPrefix("step 2 offset 0,0: "))
        // The range check, not the parser, answers a value out of range.
        let far = try runTessera(args + ["--to", "-1e16"])
        #expect(far.status == 64 && far.stdout.isEmpty)
        #expect(far.stderr.hasPrefix("Error: --to '-1e16' is not valid; expected an offset from -1e15 to 1e15 (beyond, a viewport's edges lose their precision).\n"))
        let steps = try runTessera(args + ["--steps", "-3"])
        #expect(steps.status == 64 && steps.stdout.isEmpty)
        #expect(steps.stderr.hasPrefix("Error: --steps '-3' is not valid; expected a whole number from 1 to 10,000,000.\n"))
    }
}

private extension JSONValue {
    var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
}
