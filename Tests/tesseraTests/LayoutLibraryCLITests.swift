import Foundation
import Testing

/// The `layouts/` library through the real `tessera` binary (issue 3, points 2, 6 and 7); the
/// tutorial's walkthrough runs in TutorialWalkthroughTests.
@Suite struct LayoutLibraryCLITests {
    private struct Report: Decodable, Equatable {
        struct Entry: Decodable, Equatable { var id: String; var section: Int; var frame: [Double] }
        var viewport: [Double]
        var contentSize: [Double]
        var items: [Entry]
        var visible: [Int]?
    }

    private func report(_ arguments: [String], in directory: URL = repositoryRoot) throws -> Report {
        let run = try runTessera(arguments, in: directory)
        #expect(run.status == 0, "tessera \(arguments.joined(separator: " ")): \(run.stderr)")
        return try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
    }

    // MARK: waterfall.lua is the native waterfall

    @Test func waterfallScriptPrintsExactlyTheNativeJSON() throws {
        let cases: [[String]] = [
            [],
            ["--param", "columns=3", "--param", "spacing=4"],
            ["--param", "columns=5", "--param", "spacing=2.5", "--viewport", "1024x768"],
            ["--param", "columns=1", "--sizing", "fillWidth"],
            ["--param", "columns=4", "--param", "spacing=3.3", "--viewport", "333.3x500", "--sizing", "intrinsic"],
        ]
        for extra in cases {
            let common = ["--data", "datasets/tuxpaint-stamps.json", "--offset", "0,2000", "--format", "json"] + extra
            let scripted = try runTessera(["run", "layouts/waterfall.lua"] + common)
            let native = try runTessera(["run", "waterfall"] + common)
            #expect(scripted.status == 0, "\(scripted.stderr)")
            #expect(native.status == 0, "\(native.stderr)")
            #expect(scripted.stdout.count > 100_000)
            #expect(scripted.stdout == native.stdout, "\(extra)")
        }
    }

    // MARK: t.* values give the built-ins' JSON (issue 3, acceptance point 2)

    /// Writes `source` as a script in a fresh folder and returns its path.
    private func script(_ source: String) throws -> String {
        let file = try temporaryDirectory().appendingPathComponent("layout.lua")
        try source.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test func builtinConstructorsGiveTheBuiltinJSON() throws {
        let data = ["--data", "datasets/images-wallpapers.json", "--offset", "0,300", "--format", "json"]
        let first = "desktop-base:usr/share/desktop-base/emerald-theme/grub/grub-4x3.png"
        let second = "desktop-base:usr/share/desktop-base/homeworld-theme/grub/grub-16x9.png"
        let cases: [(lua: String, name: String, params: [String])] = [
            ("t.flow{}", "flow", []),
            (#"t.flow{ spacing = 8, justifyContent = "center", alignItems = "end" }"#, "flow",
             ["spacing=8", "justifyContent=center", "alignItems=end"]),
            (#"t.flow{ lineSpacing = 2, interitemSpacing = 6, justifyContent = "spaceEvenly", alignContent = "center" }"#, "flow",
             ["lineSpacing=2", "interitemSpacing=6", "justifyContent=spaceEvenly", "alignContent=center"]),
            (#"t.row{ spacing = 4, justifyContent = "spaceBetween", alignItems = "center" }"#, "row",
             ["spacing=4", "justifyContent=spaceBetween", "alignItems=center"]),
            (#"t.row{ fill = { "\#(first)", "\#(second)" }, alwaysFillEmptySpaces = false }"#, "row",
             ["fill=\(first),\(second)", "alwaysFillEmptySpaces=false"]),
            ("t.waterfall{}", "waterfall", []),
            ("t.waterfall{ columns = 3, spacing = 4 }", "waterfall", ["columns=3", "spacing=4"]),
            ("t.overlay{}", "overlay", []),
        ]
        for c in cases {
            let path = try script("local t = require(\"tessera\")\nreturn \(c.lua)\n")
            let scripted = try runTessera(["run", path] + data)
            let native = try runTessera(["run", c.name] + c.params.flatMap { ["--param", $0] } + data)
            #expect(scripted.status == 0, "\(c.lua): \(scripted.stderr)")
            #expect(native.status == 0, "\(c.name) \(c.params): \(native.stderr)")
            #expect(scripted.stdout == native.stdout, "\(c.lua)")
        }
    }

    @Test func insetAndTransposeGiveTheBuiltinFramesMoved() throws {
        // t.inset(layout, 10) in 375x812 is the layout in 355x792, moved by (10, 10).
        let data = ["--data", "datasets/images-wallpapers.json", "--format", "json"]
        for (lua, method) in [("t.inset(t.waterfall{ columns = 3 }, 10)", "function"),
                              ("t.waterfall{ columns = 3 }:inset(10)", "method"),
                              ("t.inset(t.waterfall{ columns = 3 }, { top = 10, left = 10, bottom = 10, right = 10 })", "table")] {
            let inset = try report(["run", try script("local t = require(\"tessera\")\nreturn \(lua)\n")] + data)
            let plain = try report(["run", "waterfall", "--param", "columns=3", "--viewport", "355x792"] + data)
            #expect(inset.items.map(\.id) == plain.items.map(\.id))
            #expect(inset.items.map(\.frame) == plain.items.map { [$0.frame[0] + 10, $0.frame[1] + 10, $0.frame[2], $0.frame[3]] }, "\(method)")
            #expect(inset.contentSize == [plain.contentSize[0] + 20, plain.contentSize[1] + 20])
        }

        // t.transpose(layout) is the layout on the same items with width and height swapped, in a
        // swapped viewport, with every frame swapped back.
        let dir = try temporaryDirectory()
        let sizes = (0..<40).map { (w: 40 + ($0 * 37) % 90, h: 30 + ($0 * 53) % 70) }
        func dataset(_ swap: Bool) throws -> String {
            let items = sizes.enumerated().map { i, s in
                #"{"id": "i\#(i)", "w": \#(swap ? s.h : s.w), "h": \#(swap ? s.w : s.h)}"#
            }
            let file = dir.appendingPathComponent(swap ? "swapped.json" : "items.json")
            try ("{\"items\": [" + items.joined(separator: ", ") + "]}").write(to: file, atomically: true, encoding: .utf8)
            return file.path
        }
        let items = try dataset(false), swapped = try dataset(true)
        for (lua, name, params) in [("t.transpose(t.waterfall{ columns = 3, spacing = 2 })", "waterfall", ["columns=3", "spacing=2"]),
                                    ("t.flow{ spacing = 5 }:transposed()", "flow", ["spacing=5"])] {
            let transposed = try report(["run", try script("local t = require(\"tessera\")\nreturn \(lua)\n"),
                                         "--data", items, "--viewport", "375x300", "--format", "json"])
            let plain = try report(["run", name] + params.flatMap { ["--param", $0] } +
                                   ["--data", swapped, "--viewport", "300x375", "--format", "json"])
            #expect(transposed.items.map(\.frame) == plain.items.map { [$0.frame[1], $0.frame[0], $0.frame[3], $0.frame[2]] }, "\(lua)")
            #expect(transposed.contentSize == [plain.contentSize[1], plain.contentSize[0]])
            #expect(transposed.contentSize[0] > 375, "\(lua) scrolls sideways")
        }
    }

    // MARK: every library script through the CLI

    @Test func everyLibraryScriptChecksAndDraws() throws {
        let dir = try temporaryDirectory()
        for name in ["waterfall", "mosaic", "justified", "grid", "timeline", "sectioned", "rings"] {
            let check = try runTessera(["check", "layouts/\(name).lua", "--data", "datasets/tuxpaint-stamps.json"])
            #expect(check.status == 0, "check \(name): \(check.stderr)")
            #expect(!(check.stdout + check.stderr).lowercased().contains("error"), "check \(name): \(check.stdout)\(check.stderr)")
            let svg = dir.appendingPathComponent("\(name).svg")
            let run = try runTessera(["run", "layouts/\(name).lua", "--data", "datasets/tuxpaint-stamps.json",
                                      "--offset", "0,1000", "--format", "svg", "--out", svg.path])
            #expect(run.status == 0, "run \(name): \(run.stderr)")
            let picture = try String(contentsOf: svg, encoding: .utf8)
            #expect(picture.hasPrefix("<svg") || picture.hasPrefix("<?xml"), "\(name)")
        }
    }

    @Test func libraryParamsComeFromTheCommandLine() throws {
        // grid.lua with 3 columns and no spacing: cells of 125 x 125 in a 375-wide viewport.
        let grid = try report(["run", "layouts/grid.lua", "--param", "columns=3", "--param", "spacing=0",
                               "--data", "datasets/images-wallpapers.json", "--offset", "0,250", "--format", "json"])
        #expect(grid.items.count == 121)
        #expect(grid.items[4].frame == [125, 125, 125, 125])
        #expect(grid.contentSize == [375, 41 * 125])
        #expect(grid.visible == Array(6..<27))   // rows 2 to 8 (y 250 to 1125) meet the viewport 250 ..< 1062
        let unknown = try runTessera(["run", "layouts/grid.lua", "--param", "colums=3"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("unknown param 'colums' (did you mean columns?); known params: aspect, columns, spacing"), "\(unknown.stderr)")
        let wrongType = try runTessera(["run", "layouts/justified.lua", "--param", "rowHeight=tall"])
        #expect(wrongType.status != 0)
        #expect(wrongType.stderr.contains("param 'rowHeight' expects a number"), "\(wrongType.stderr)")
    }
}
