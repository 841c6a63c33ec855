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
}
