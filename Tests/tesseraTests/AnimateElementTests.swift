import Foundation
import Testing
@testable import TesseraCore

private extension JSONValue {
    var list: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    var integer: Int? { if case .int(let v) = self { return v }; return nil }
    subscript(position: Int) -> JSONValue? { list.flatMap { $0.indices.contains(position) ? $0[position] : nil } }
}

/// `tessera animate` over layouts with headers and backgrounds: the elements are views of the
/// timeline, and the page colours only cards whose frame changed as moved.
@Suite("tessera animate: elements")
struct AnimateElementTests {
    /// The page's embedded data: cards (key -> [label, classes]) and samples.
    func pageData(_ html: String) throws -> JSONValue {
        let start = try #require(html.range(of: "const timeline = "))
        let end = try #require(html.range(of: ";\n", range: start.upperBound..<html.endIndex))
        return try JSONParser.parse(String(html[start.upperBound..<end.lowerBound]))
    }

    func frame(_ values: [Int]) -> JSONValue { .array(values.map(JSONValue.int)) }

    func write(_ name: String, _ text: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The issue's command: the first screen of smileys, whose section gains three emoji. Its
    /// background grows with it; its pinned header stays where it is pinned.
    @Test func theSplitReloadAnimatesTheBackgroundAndKeepsThePinnedHeader() throws {
        let outcome = try runTessera(["animate", "layouts/emoji-split.lua", "--data", "datasets/emoji-15.1.json",
                                      "--to", "datasets/emoji-17.0.json", "--fps", "10"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let timeline = try JSONParser.parse(outcome.stdout)
        #expect(timeline["offset"] == frame([0, 77]))
        guard case .array(let elements)? = timeline["elements"], case .array(let samples)? = timeline["samples"] else {
            Issue.record("no elements or samples"); return
        }
        #expect(elements.count == 1)
        let background = try #require(elements.first)
        #expect(background["id"] == "smileys-emotion-background")
        #expect(background["category"] == "decoration" && background["kind"] == "background" && background["section"] == .int(0))
        #expect(background["event"] == "update" && background["duration"] == .double(0.3))
        #expect(background["from"]?["frame"] == frame([0, 32, 375, 944]))   // 21 rows of 40 + 4 spacing, insets 8 and 16
        #expect(background["to"]?["frame"] == frame([0, 32, 375, 988]))     // 22 rows
        #expect(background["to"]?["zIndex"] == .int(-1))
        // Every sample draws the background beneath and the header pinned at the offset.
        #expect(samples.count == 4)
        for sample in samples {
            guard case .array(let drawn)? = sample["elements"] else { Issue.record("no elements in \(sample)"); continue }
            #expect(drawn.map { $0["id"]! } == ["smileys-emotion-background", "smileys-emotion-header"])
            #expect(drawn[1]["frame"] == frame([0, 77, 375, 32]) && drawn[1]["pinned"] == .bool(true))
        }
        #expect(samples.first?["elements"]?[0]?["frame"] == frame([0, 32, 375, 944]))
        #expect(samples.last?["elements"]?[0]?["frame"] == frame([0, 32, 375, 988]))
        // The item views are unchanged in shape: 100 cards move, 3 enter, and the 3 the inserts
        // push out of the viewport move out of view (updates); no data is removed, so no delete.
        guard case .array(let tracks)? = timeline["tracks"] else { Issue.record("no tracks"); return }
        #expect(tracks.allSatisfy { $0["category"] == nil && $0["id"]?.string != nil })
        #expect(Dictionary(grouping: tracks) { $0["event"]!.string! }.mapValues(\.count) == ["move": 100, "insert": 3, "update": 3])
    }

    /// Two sections, then a third inserted between them: OLD and NEW, written into a new folder.
    func sectionInserted() throws -> (folder: URL, old: String, new: String) {
        let folder = try temporaryDirectory()
        let old = try write("old.json", """
            {"sections": [{"id": "A", "title": "Apples", "items": [{"id": "a1", "name": "one"}, {"id": "a2", "name": "two"}]},
                          {"id": "C", "title": "Cherries", "items": [{"id": "c1", "name": "three"}]}]}
            """, in: folder)
        let new = try write("new.json", """
            {"sections": [{"id": "A", "title": "Apples", "items": [{"id": "a1", "name": "one"}, {"id": "a2", "name": "two"}]},
                          {"id": "B", "title": "Bananas", "items": [{"id": "b1", "name": "four"}]},
                          {"id": "C", "title": "Cherries", "items": [{"id": "c1", "name": "three"}]}]}
            """, in: folder)
        return (folder, old, new)
    }

    /// A section inserted between two others: its header and background enter with its item,
    /// under the same fade; the section after it moves down, header and background alike.
    @Test func aSectionInsertedWithItsHeaderFadesInWithIt() throws {
        let (_, old, new) = try sectionInserted()
        let outcome = try runTessera(["animate", "layouts/emoji-split.lua", "--data", old, "--to", new, "--offset", "0,0", "--fps", "10"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let timeline = try JSONParser.parse(outcome.stdout)
        guard case .array(let elements)? = timeline["elements"], case .array(let tracks)? = timeline["tracks"] else {
            Issue.record("no elements"); return
        }
        // One section is a header (32 high) over a background of one row: 8 + 40 + 16.
        let expected: [(id: String, event: String, section: Int, from: [Int], to: [Int], fromAlpha: Int)] = [
            ("B-background", "insert", 1, [0, 128, 375, 64], [0, 128, 375, 64], 0),
            ("C-background", "update", 2, [0, 128, 375, 64], [0, 224, 375, 64], 1),
            ("B-header", "insert", 1, [0, 96, 375, 32], [0, 96, 375, 32], 0),
            ("C-header", "update", 2, [0, 96, 375, 32], [0, 192, 375, 32], 1),
        ]
        #expect(elements.map { $0["id"]!.string! } == expected.map(\.id))
        for (element, want) in zip(elements, expected) {
            #expect(element["event"]?.string == want.event, "\(want.id)")
            #expect(element["section"] == .int(want.section), "\(want.id)")
            #expect(element["from"]?["frame"] == frame(want.from) && element["to"]?["frame"] == frame(want.to), "\(want.id)")
            #expect(element["from"]?["alpha"] == .int(want.fromAlpha) && element["to"]?["alpha"] == .int(1), "\(want.id)")
        }
        // The section's header fades in exactly as its item does.
        let item = try #require(tracks.first { $0["id"] == "b1" })
        let header = elements[2]
        #expect(item["event"] == "insert")
        for key in ["delay", "duration", "curve"] { #expect(header[key] == item[key], "\(key)") }
        #expect(header["from"]?["alpha"] == item["from"]?["alpha"])
        // Views are numbered after the item views, so no number is shared.
        let views = (tracks + elements).map { $0["view"]!.integer! }
        #expect(Set(views).count == views.count)
        // Half way, the new header is half shown and drawn above the cards and backgrounds.
        guard case .array(let samples)? = timeline["samples"] else { Issue.record("no samples"); return }
        let middle = try #require(samples.first { $0["t"] == .double(0.2) })
        let drawn = try #require(middle["elements"]?.list)
        #expect(drawn.map { $0["id"]!.string! } == ["C-background", "A-background", "B-background", "C-header", "A-header", "B-header"])
        #expect(drawn.last?["alpha"]?.number.map { $0 > 0.5 && $0 < 1 } == true)
    }

    /// The animator is asked about each element event of the change once, by the pairing
    /// across the change, not also by the engine's pass: a Lua animator numbering the element
    /// events it is asked about on the change's reload answers the four with durations 1 to 4,
    /// where a second question about any of them would show as a number above 4.
    @Test func theAnimatorIsAskedAboutEachElementEventOnce() throws {
        let (folder, old, new) = try sectionInserted()
        let animator = try write("numbered.lua", """
            local asked = 0
            local function numbered(e)
              if e.category == "cell" or e.reloadCount ~= 1 then return nil end
              asked = asked + 1
              return { duration = asked }
            end
            return { insert = numbered, delete = numbered, update = numbered }
            """, in: folder)
        let outcome = try runTessera(["animate", "layouts/emoji-split.lua", "--data", old, "--to", new, "--offset", "0,0",
                                      "--fps", "1", "--animator", animator])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let timeline = try JSONParser.parse(outcome.stdout)
        let elements = try #require(timeline["elements"]?.list)
        #expect(elements.map { $0["id"]!.string! } == ["B-background", "C-background", "B-header", "C-header"])
        #expect(elements.map { $0["event"]!.string! } == ["insert", "update", "insert", "update"])
        #expect(elements.map { $0["duration"]! } == [1, 2, 3, 4].map(JSONValue.int))
        #expect(timeline["duration"] == .int(4))
    }

    /// Cards whose frame is unchanged keep the still colour, however their index changed: the
    /// wide split shows two columns, and the inserts in one column leave the other's cards in
    /// place.
    @Test func noCardWhoseFrameIsUnchangedIsDrawnAsMoved() throws {
        let common = ["layouts/emoji-split.lua", "--viewport", "1024x768", "--offset", "0,0"]
        let page = try runTessera(["animate"] + common + ["--data", "datasets/emoji-15.1.json", "--to", "datasets/emoji-17.0.json",
                                                          "--format", "html"])
        #expect(page.status == 0, "\(page.stderr)")
        func frames(_ data: String) throws -> (frames: [String: JSONValue], visible: Set<String>) {
            let run = try runTessera(["run"] + common + ["--data", data])
            let result = try JSONParser.parse(run.stdout)
            let items = try #require(result["items"]?.list)
            let visible = try #require(result["visible"]?.list).map { items[$0.integer!]["id"]!.string! }
            return (Dictionary(uniqueKeysWithValues: items.map { ($0["id"]!.string!, $0["frame"]!) }), Set(visible))
        }
        let old = try frames("datasets/emoji-15.1.json"), new = try frames("datasets/emoji-17.0.json")
        guard case .object(let cards)? = try pageData(page.stdout)["cards"] else { Issue.record("no cards"); return }
        var counts: [String: Int] = [:]
        for (key, card) in cards {
            let classes = card[1]!.string!
            guard classes.hasPrefix("card ") else { continue }
            counts[classes, default: 0] += 1
            let id = String(key.drop { $0 != ":" }.dropFirst())
            switch classes {
            case "card move": #expect(old.frames[id] != new.frames[id], "\(id) is drawn as moved with an unchanged frame")
            case "card still": #expect(old.frames[id] == new.frames[id], "\(id) moved but is drawn still")
            case "card insert": #expect(!old.visible.contains(id) && new.visible.contains(id), "\(id)")
            case "card delete": #expect(old.visible.contains(id) && !new.visible.contains(id), "\(id)")
            default: Issue.record("unexpected classes \(classes)")
            }
        }
        let kept = old.visible.intersection(new.visible)
        #expect(kept.count == 350)
        #expect(kept.filter { old.frames[$0] != new.frames[$0] }.count == 123)
        // The 12 cards pushed out of view are drawn moving there (no data was removed: no delete).
        #expect(counts == ["card move": 123 + 12, "card still": 227, "card insert": 3])
    }

    /// `--label` writes one item field on every card, as `run` does; headers carry their
    /// section's title, backgrounds nothing.
    @Test func cardsCarryTheChosenLabelAndHeadersTheirSectionTitle() throws {
        let folder = try temporaryDirectory()
        let old = try write("old.json", """
            {"sections": [{"id": "A", "title": "Apples", "items": [{"id": "a1", "name": "one"}, {"id": "a2", "name": "two"}]},
                          {"id": "C", "title": "Cherries", "items": [{"id": "c1", "name": "three"}, {"id": "c2", "name": "gone"}]}]}
            """, in: folder)
        let new = try write("new.json", """
            {"sections": [{"id": "A", "title": "Apples", "items": [{"id": "a1", "name": "one"}, {"id": "a2", "name": "two"}]},
                          {"id": "B", "title": "Bananas", "items": [{"id": "b1", "name": "four"}]},
                          {"id": "C", "title": "Cherries", "items": [{"id": "c1", "name": "three"}]}]}
            """, in: folder)
        let base = ["animate", "layouts/emoji-split.lua", "--data", old, "--to", new, "--offset", "0,0", "--format", "html"]
        for (label, expected) in [("name", ["one", "two", "three", "four", "gone"]), ("@index", ["0", "1", "2", "3", "3"])] {
            let outcome = try runTessera(base + ["--label", label])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            guard case .object(let cards)? = try pageData(outcome.stdout)["cards"] else { Issue.record("no cards"); return }
            let labels = cards.values.filter { $0[1]!.string!.hasPrefix("card") }.map { $0[0]!.string! }
            // The leaving card (c2) is labelled from the old data: index 3 there, as b1 is in the new.
            #expect(labels.sorted() == expected.sorted(), "\(label)")
            let headers = cards.values.filter { $0[1]!.string!.hasPrefix("element supplementary") }.map { $0[0]!.string! }
            #expect(headers.sorted() == ["Apples", "Bananas", "Cherries"])
            #expect(cards.values.filter { $0[1]!.string!.hasPrefix("element decoration") }.map { $0[0]!.string! } == ["", "", ""])
        }
    }
}
