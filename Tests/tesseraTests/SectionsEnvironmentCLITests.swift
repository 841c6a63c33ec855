import Foundation
import Testing

/// A t.sections `sections` function (and a t.compositional `section` one) sees the environment
/// of the pass (`--viewport`, `--safe-area`, `--rtl`), and the shipped sectioned.lua uses it to
/// fit any window.
@Suite struct SectionsEnvironmentCLITests {
    struct Report: Decodable {
        struct Item: Decodable { var section: Int; var frame: [Double] }
        var contentSize: [Double]
        var items: [Item]
    }

    func report(_ arguments: [String], in directory: URL = repositoryRoot) throws -> Report {
        let run = try runTessera(["run"] + arguments + ["--format", "json"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        return try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
    }

    /// Each item's frame says what its section's function saw: as wide as the effective width,
    /// one tall left to right and two right to left, stacked `height` apart.
    @Test func theSectionFunctionSeesTheViewportTheSafeAreaAndTheDirection() throws {
        let dir = try temporaryDirectory()
        try """
        local t = require("tessera")
        return t.sections{ sections = function(_, _, env)
          return t.closure(function(i)
            return 0, (i - 1) * env.height, env.effectiveWidth, env.layoutDirection == "rtl" and 2 or 1
          end)
        end }
        """.write(to: dir.appendingPathComponent("env.lua"), atomically: true, encoding: .utf8)
        try #"{"items": [{"id": "a"}, {"id": "b"}]}"#.write(to: dir.appendingPathComponent("two.json"), atomically: true, encoding: .utf8)
        let common = ["env.lua", "--data", "two.json", "--viewport", "200x30", "--safe-area", "0,10,0,5"]
        #expect(try report(common, in: dir).items.map(\.frame) == [[0, 0, 185, 1], [0, 30, 185, 1]])
        // Mirrored around the viewport's width: x' = 200 − 0 − 185.
        #expect(try report(common + ["--rtl"], in: dir).items.map(\.frame) == [[15, 0, 185, 2], [15, 30, 185, 2]])
    }

    /// A t.compositional section function sees the direction the layout is read in: "rtl" under
    /// `--rtl` as t.sections' does, and for a layout set right to left, "rtl" on its own and
    /// "ltr" under `--rtl`, which mirrors it back. Each item is one tall where the function saw
    /// "ltr" and two where it saw "rtl"; the right-hand items are the right-to-left ones.
    @Test func theCompositionalSectionFunctionSeesTheDirectionTheLayoutIsReadIn() throws {
        let dir = try temporaryDirectory()
        for own in ["ltr", "rtl"] {
            try """
            local t = require("tessera")
            return t.compositional{ layoutDirection = "\(own)", section = function(_, _, env)
              local h = env.layoutDirection == "rtl" and 2 or 1
              return t.section{ group = t.hgroup{ size = { 50, h }, items = { t.item{ size = { "100%", "100%" } } } } }
            end }
            """.write(to: dir.appendingPathComponent("\(own).lua"), atomically: true, encoding: .utf8)
        }
        try #"{"items": [{"id": "a"}, {"id": "b"}]}"#.write(to: dir.appendingPathComponent("two.json"), atomically: true, encoding: .utf8)
        let common = ["--data", "two.json", "--viewport", "200x30"]
        let left: [[Double]] = [[0, 0, 50, 1], [0, 1, 50, 1]], right: [[Double]] = [[150, 0, 50, 2], [150, 2, 50, 2]]
        #expect(try report(["ltr.lua"] + common, in: dir).items.map(\.frame) == left)
        #expect(try report(["ltr.lua"] + common + ["--rtl"], in: dir).items.map(\.frame) == right)
        #expect(try report(["rtl.lua"] + common, in: dir).items.map(\.frame) == right)
        #expect(try report(["rtl.lua"] + common + ["--rtl"], in: dir).items.map(\.frame) == left)
    }

    /// At 375 points the big sections are the three-column waterfall between 8-point margins:
    /// columns 117 wide, 4 apart.
    @Test func sectionedHasThreeColumnsAtThePhoneWidth() throws {
        let run = try report(["layouts/sectioned.lua", "--data", "datasets/tuxpaint-stamps.json", "--viewport", "375x812"])
        let xs = Set(run.items.filter { $0.section == 0 }.map { $0.frame[0] }), widths = Set(run.items.filter { $0.section == 0 }.map { $0.frame[2] })
        #expect(xs == [8, 129, 250])
        #expect(widths == [117])
    }

    /// In a window one point wide there is no room for columns, gaps or margins: every item is one
    /// column as wide as the window.
    @Test func sectionedFitsAOnePointWindow() throws {
        let run = try report(["layouts/sectioned.lua", "--data", "datasets/tuxpaint-stamps.json", "--viewport", "1x1"])
        #expect(run.items.count == 961)
        #expect(Set(run.items.map { $0.frame[0] }) == [0])
        #expect(Set(run.items.map { $0.frame[2] }) == [1])
    }
}
