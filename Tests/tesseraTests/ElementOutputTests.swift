import Foundation
import Testing

/// `run --format json` elements: supplementaries, decorations and, with --offset,
/// visibleElements with pinned headers at their pinned place.
@Suite struct ElementOutputTests {
    struct Report: Decodable {
        struct Element: Decodable, Equatable {
            var category: String? = nil
            var kind: String
            var section: Int
            var index: Int? = nil
            var frame: [Double]
            var zIndex: Int
            var pinned: Bool? = nil
        }
        var contentSize: [Double]
        var supplementaries: [Element]
        var decorations: [Element]?
        var visible: [Int]?
        var visibleElements: [Element]?
    }

    @Test func sectionedScriptPrintsOnePinnedHeaderPerSection() throws {
        let run = try runTessera(["run", "layouts/sectioned.lua", "--data", "datasets/tuxpaint-stamps.json",
                                  "--offset", "0,3000", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        #expect(report.supplementaries.count == 16)
        #expect(report.supplementaries.map(\.section) == Array(0..<16))
        #expect(report.supplementaries.allSatisfy { $0.kind == "header" && $0.pinned == true && $0.zIndex == 1 && $0.frame[3] == 44 })
        #expect(report.supplementaries[0].frame == [0, 0, 375, 44])
        // At y 3000 the first section (5607 tall) is on screen: its header is pinned at the top.
        #expect(report.visibleElements == [.init(category: "supplementary", kind: "header", section: 0, index: nil,
                                                 frame: [0, 3000, 375, 44], zIndex: 1, pinned: true)])
        #expect(report.decorations == nil)
    }

    // ElementScriptTests (the Lua test target) has this list with a badge; targets share no code.
    /// A script emitting a pinned header per section and a background behind each (5 items,
    /// sections a = ids 0, 1 and b = ids 2, 3, 4, rows 10 high under 20-high headers), run with
    /// a 30x20 viewport at offset 0,30 in `format`.
    func runHeaderAndBackgroundScript(format: String) throws -> CLIOutcome {
        let dir = try temporaryDirectory()
        let script = dir.appendingPathComponent("list.lua")
        try """
        return {
          simpleLayout = function(ctx)
            local y = 0
            for s, section in ipairs(ctx.sections) do
              local top = y
              ctx.supplementary("header", s, 0, y, ctx.width, 20, { pinned = true })
              y = y + 20
              for i = section.first, section.first + section.count - 1 do
                ctx.set(i, 0, y, ctx.width, 10)
                y = y + 10
              end
              ctx.decoration("background", s, 0, top, ctx.width, y - top, { zIndex = -1 })
            end
          end,
        }
        """.write(to: script, atomically: true, encoding: .utf8)
        let data = dir.appendingPathComponent("d.jsonl")
        try (0..<5).map { #"{"id": \#($0), "section": "\#($0 < 2 ? "a" : "b")"}"# }.joined(separator: "\n")
            .write(to: data, atomically: true, encoding: .utf8)
        return try runTessera(["run", script.path, "--data", data.path, "--viewport", "30x20", "--offset", "0,30", "--format", format])
    }

    @Test func scriptHeaderAndBackgroundInJSON() throws {
        let run = try runHeaderAndBackgroundScript(format: "json")
        #expect(run.status == 0, "\(run.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        typealias E = Report.Element
        #expect(report.supplementaries == [E(kind: "header", section: 0, frame: [0, 0, 30, 20], zIndex: 1, pinned: true),
                                           E(kind: "header", section: 1, frame: [0, 40, 30, 20], zIndex: 1, pinned: true)])
        #expect(report.decorations == [E(kind: "background", section: 0, frame: [0, 0, 30, 40], zIndex: -1),
                                       E(kind: "background", section: 1, frame: [0, 40, 30, 50], zIndex: -1)])
        #expect(report.visible == [1])
        // At y 30 section 0's header is pushed up by its end (40); section 1's is still below.
        #expect(report.visibleElements == [
            E(category: "decoration", kind: "background", section: 0, frame: [0, 0, 30, 40], zIndex: -1),
            E(category: "decoration", kind: "background", section: 1, frame: [0, 40, 30, 50], zIndex: -1),
            E(category: "supplementary", kind: "header", section: 0, frame: [0, 20, 30, 20], zIndex: 1, pinned: true),
            E(category: "supplementary", kind: "header", section: 1, frame: [0, 40, 30, 20], zIndex: 1, pinned: true),
        ])
    }

    /// The SVG draws the script's elements in z-order at their drawn place for the viewport:
    /// both backgrounds under the visible items, section 0's header pinned and pushed up to
    /// y 20 by its section's end, section 1's at rest, headers on top.
    @Test func scriptHeaderAndBackgroundInSVG() throws {
        let run = try runHeaderAndBackgroundScript(format: "svg")
        #expect(run.status == 0, "\(run.stderr)")
        let drawn = run.stdout.split(separator: "\n").filter { $0.contains("<title>decoration") || $0.contains("<title>supplementary") || $0.contains("<title>0: ") || $0.contains("<title>1: ") }
        let titles = drawn.map { line in String(line[line.range(of: "<title>")!.upperBound..<line.range(of: "</title>")!.lowerBound]) }
        #expect(titles == [
            "decoration background of section 0 (0, 0, 30, 40)",
            "decoration background of section 1 (0, 40, 30, 50)",
            "0: \u{2068}0\u{2069} (0, 20, 30, 10)",
            "1: \u{2068}1\u{2069} (0, 30, 30, 10)",
            "supplementary header of section 0 (pinned) (0, 20, 30, 20)",
            "supplementary header of section 1 (pinned) (0, 40, 30, 20)",
        ])
        #expect(drawn[0].hasPrefix(##"<rect x="0" y="0" width="30" height="40" fill="#9b59b6""##))
        #expect(drawn[1].hasPrefix(##"<rect x="0" y="40" width="30" height="50" fill="#9b59b6""##))
        #expect(drawn[4].hasPrefix(##"<rect x="0" y="20" width="30" height="20" fill="#7cc96a""##))
        #expect(drawn[5].hasPrefix(##"<rect x="0" y="40" width="30" height="20" fill="#7cc96a""##))
    }

    /// The HTML page carries the script's elements as data (category, kind, section, resting
    /// frame, zIndex, pin limit and edge, the section title a header shows) for its script to
    /// draw and pin while scrolling.
    @Test func scriptHeaderAndBackgroundInHTML() throws {
        let run = try runHeaderAndBackgroundScript(format: "html")
        #expect(run.status == 0, "\(run.stderr)")
        let page = run.stdout
        let start = try #require(page.range(of: #""elements":["#)), end = try #require(page.range(of: #"],"pinnedItems""#))
        let elements: [String] = [#"{"category":"supplementary","kind":"header","section":0,"frame":[0,0,30,20],"zIndex":1,"pinLimit":40,"pinEdge":"top","title":"a"}"#,
                                  #"{"category":"decoration","kind":"background","section":0,"frame":[0,0,30,40],"zIndex":-1}"#,
                                  #"{"category":"supplementary","kind":"header","section":1,"frame":[0,40,30,20],"zIndex":1,"pinLimit":90,"pinEdge":"top","title":"b"}"#,
                                  #"{"category":"decoration","kind":"background","section":1,"frame":[0,40,30,50],"zIndex":-1}"#]
        #expect(String(page[start.upperBound..<end.lowerBound]) == elements.joined(separator: ","))
        #expect(page.contains(#""frames":[0,20,30,10,0,30,30,10,0,60,30,10,0,70,30,10,0,80,30,10]"#))
        #expect(page.contains(#""viewport":[30,20],"content":[30,90],"offset":[0,30]"#))
    }
}
