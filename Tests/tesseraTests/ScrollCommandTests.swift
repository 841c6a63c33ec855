import Foundation
import Testing
import TesseraCore

/// `tessera scroll`: the JSON shape, and replaying its entering and leaving ids step by step gives
/// the visible set the layout has at every step's offset.
@Suite struct ScrollCommandTests {
    @Test func replaying_inserted_and_deleted_ids_gives_the_visible_set_at_every_step() throws {
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
            let expected = Set(try result.visible(in: Rect(origin: Point(x: 0, y: y), size: .defaultViewport))
                .map { dataset.items[$0].id.description })
            #expect(shown == expected, "step \(k)")
            #expect(step["visible"]?.number == Double(expected.count))
            largest = max(largest, expected.count)
        }
        #expect(summary["maxVisible"]?.number == Double(largest))
        #expect(summary["created"]?.number == Double(largest), "one screenful of views, reused afterwards")
    }

    @Test func text_output_and_bad_options() throws {
        let text = try runTessera(["scroll", "waterfall", "--data", "datasets/tuxpaint-stamps.json", "--steps", "3", "--to", "1000"])
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix("step 2 offset 0,500: "))
        #expect(lines[3].hasPrefix("3 steps: "))
        let bad = try runTessera(["scroll", "waterfall", "--data", "datasets/tuxpaint-stamps.json", "--steps", "0"])
        #expect(bad.status != 0 && bad.stdout.isEmpty)
        #expect(bad.stderr.contains("--steps expects a whole number from 1 to 10000000, got 0"))
    }
}

private extension JSONValue {
    var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
}
