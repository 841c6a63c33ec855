import Foundation
import Testing

/// `tessera run` end to end: the JSON shape, exact visibility, and bad input.
@Suite struct RunCommandTests {
    // The part of run's JSON this suite reads; each CLI suite decodes what it checks.
    struct Report: Decodable {
        struct Entry: Decodable { var id: String; var section: Int; var frame: [Double] }
        var viewport: [Double]
        var contentSize: [Double]
        var items: [Entry]
        var supplementaries: [Supplementary]
        var visible: [Int]?
        struct Supplementary: Decodable { var kind: String; var section: Int; var frame: [Double] }
    }

    @Test func jsonHasTheSpecShapeAndVisibleIsTheBruteForceSet() throws {
        for offset in ["0,2000", "0,0", "100,35000", "-50,-50"] {
            let run = try runTessera(["run", "waterfall", "--param", "columns=3", "--param", "spacing=4",
                                      "--data", "datasets/tuxpaint-stamps.json", "--offset=\(offset)", "--format", "json"])
            #expect(run.status == 0, "\(run.stderr)")
            let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
            #expect(report.viewport == [375, 812])
            #expect(report.items.count == 961)
            #expect(report.items.first?.id == "animals/amphibians/frog-1")
            let parts = offset.split(separator: ",").map { Double($0)! }
            let (vx, vy) = (parts[0], parts[1])
            let brute = report.items.indices.filter { i in
                let f = report.items[i].frame
                return f[0] < vx + 375 && vx < f[0] + f[2] && f[1] < vy + 812 && vy < f[1] + f[3]
            }
            #expect(report.visible == brute)
            // Column width (375 - 2*4) / 3 and the first three items start each column at y 0.
            let columnWidth = (375.0 - 8) / 3
            #expect(report.items[0].frame[0...2] == [0, 0, columnWidth])
            #expect(report.items[1].frame[0...2] == [columnWidth + 4, 0, columnWidth])
            #expect(report.contentSize[0] == 375)
        }
    }

    @Test func sectionsAreReportedPerItem() throws {
        let run = try runTessera(["run", "waterfall", "--data", "datasets/tuxpaint-stamps.json"])
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        #expect(report.visible == nil)
        #expect(Set(report.items.map(\.section)).count == 16)
        #expect(report.items.map(\.section) == report.items.map(\.section).sorted())
    }

    @Test func numbersPrintInShortestRoundTripForm() throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("d.json")
        try #"{"items": [{"id": "a", "w": 300, "h": 100}, {"id": "b", "w": 10, "h": 3}]}"#.write(to: file, atomically: true, encoding: .utf8)
        let run = try runTessera(["run", "waterfall", "--param", "columns=1", "--viewport", "100x812", "--data", file.path])
        #expect(run.stdout.contains(#"{"id": "a", "section": 0, "frame": [0, 0, 100, 33.333333333333336]}"#))
        // The waterfall forces every item to the column width.
        #expect(run.stdout.contains(#"{"id": "b", "section": 0, "frame": [0, 33.333333333333336, 100, 3]}"#))
        #expect(run.stdout.contains(#""contentSize": [100, 36.333333333333336],"#))
    }

    @Test func svgDrawsItemsContentBoundsAndViewport() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("w.svg")
        let run = try runTessera(["run", "waterfall", "--data", "datasets/images-wallpapers.json", "--offset", "0,300",
                                  "--format", "svg", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let svg = try String(contentsOf: out, encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        // Focused on the viewport: the items it shows are drawn and highlighted, far ones are not.
        let json = try runTessera(["run", "waterfall", "--data", "datasets/images-wallpapers.json", "--offset", "0,300"])
        let visible = try JSONDecoder().decode(Report.self, from: Data(json.stdout.utf8)).visible ?? []
        #expect(!visible.isEmpty)
        for i in visible { #expect(svg.contains("<title>\(i): ")) }
        #expect(!svg.contains("<title>120: "))
        #expect(svg.contains("<title>the whole content</title>"))
        #expect(svg.contains("<title>content bounds</title>"))
        #expect(svg.contains("<title>viewport</title>"))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["w.svg"])
    }

    @Test func textPrintsASummaryAndAPreview() throws {
        let run = try runTessera(["run", "flow", "--param", "spacing=8", "--data", "datasets/images-wallpapers.json", "--format", "text"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("layout:       flow"))
        #expect(run.stdout.contains("(121 items in 4 sections)"))
        #expect(run.stdout.split(separator: "\n").contains { $0.count == 60 && $0.allSatisfy { "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789. ".contains($0) } })
    }

    /// Counts a person reads have their digits grouped (the svg caption's "1,898 items"); the
    /// sizes and offsets beside them do not, nor does the JSON.
    @Test func textCountsAreGroupedAndCoordinatesAreNot() throws {
        let run = try runTessera(["run", "waterfall", "--data", "datasets/emoji-15.1.json", "--format", "text"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").prefix(6).filter { !$0.hasPrefix("layout time:") }
        #expect(lines == [
            "layout:       waterfall",
            "data:         datasets/emoji-15.1.json (1,898 items in 9 sections)",
            "viewport:     375 x 812 at 0,0",
            "content size: 375 x 770588",
            "visible:      2 items (0, 1)",
        ])
        let json = try runTessera(["run", "waterfall", "--data", "datasets/emoji-15.1.json"])
        #expect(json.stdout.hasPrefix("{\n  \"viewport\": [375, 812],\n  \"contentSize\": [375, 770588],\n"), "\(json.stdout.prefix(300))")
    }

    /// Human lines round to two decimals with no trailing zeros: 374.99999999999994 reads 375.
    @Test func textSummaryNumbersHaveNoFloatNoise() throws {
        let dir = try temporaryDirectory()
        try #"{"items": [{"id": "a", "w": 1, "h": 1}]}"#.write(to: dir.appendingPathComponent("one.json"), atomically: true, encoding: .utf8)
        try "return { simpleLayout = function(ctx) ctx.set(1, 0, 0, 374.99999999999994, 347.1428571428571) end }\n"
            .write(to: dir.appendingPathComponent("noisy.lua"), atomically: true, encoding: .utf8)
        let run = try runTessera(["run", "noisy.lua", "--data", "one.json", "--viewport", "0.5x812.25", "--format", "text"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("viewport:") || $0.hasPrefix("content size:") }
                == ["viewport:     0.5 x 812.25 at 0,0", "content size: 375 x 347.14"])
    }

    // One row a failing call and its exact message.
    /// Each case: arguments, then the exact stderr. Every case parses, fails while running (exit
    /// 1) and leaves no output file.
    @Test(arguments: [
        (["run", "waterfall", "--data", "datasets/no-such-file.json"],
         "Error: datasets/no-such-file.json: expected a dataset file, found no such file.\n"),
        (["run", "waterfall", "--data", "datasets/tuxpaint-stamp.json"],
         "Error: datasets/tuxpaint-stamp.json: expected a dataset file, found no such file (did you mean datasets/tuxpaint-stamps.json?).\n"),
        (["run", "waterfall", "--data", "datasets/photos.jsonl"],
         "Error: datasets/photos.jsonl: expected a dataset file, found no such file (did you mean datasets/examples/photos.jsonl?).\n"),
        (["run", "layouts/mosiac.lua"],
         "Error: layouts/mosiac.lua: expected a script file, found no such file (did you mean layouts/mosaic.lua?).\n"),
        (["run", "layouts/nothing-like-it.lua"],
         "Error: layouts/nothing-like-it.lua: expected a script file, found no such file.\n"),
        (["run", "spiral"],
         "Error: unknown layout 'spiral'; expected a .lua file, a built-in (flow, row, waterfall, overlay, split), or a script by name (appstore, emoji-split, grid, justified, mosaic, rings, sectioned, timeline); `tessera layouts` lists them.\n"),
        // The shipped waterfall.lua shares the built-in's name, which runs the built-in: listed once.
        (["run", "watrefall", "--data", "datasets/emoji-15.1.json"],
         "Error: unknown layout 'watrefall' (did you mean waterfall?); expected a .lua file, a built-in (flow, row, waterfall, overlay, split), or a script by name (appstore, emoji-split, grid, justified, mosaic, rings, sectioned, timeline); `tessera layouts` lists them.\n"),
        (["run", "waterfall", "--param", "colums=3"],
         "Error: unknown param 'colums' for the waterfall layout (did you mean columns?); known params: columns, spacing.\n"),
        (["run", "waterfall", "--param", "columns=two"],
         "Error: waterfall param 'columns' expects a whole number from 1 to 1,000, got \"two\".\n"),
    ])
    func badInputIsOneSentenceAndNoOutput(arguments: [String], expected: String) throws {
        try expectFailureWithNoOutput(arguments, status: 1, stderr: expected)
    }

    /// Each case: arguments, then the sentence. A flag value that names nothing is a usage error
    /// (exit 64, the usage below the sentence), found before anything runs: no output file.
    @Test(arguments: [
        (["run", "waterfall", "--viewport", "375by812"], "--viewport '375by812' is not valid; expected two finite numbers like 375x812"),
        (["run", "waterfall", "--offset", "0"], "--offset '0' is not valid; expected two finite numbers like 0,2000"),
        (["run", "waterfall", "--format", "png"], "--format 'png' is not valid; expected json, text, svg or html"),
        (["run", "waterfall", "--sizing", "bogus"], "--sizing 'bogus' is not valid; expected one of fit, fillWidth, intrinsic, fill"),
        (["run", "waterfall", "--format", "jsno"], "--format 'jsno' is not valid (did you mean json?); expected json, text, svg or html"),
        (["run", "waterfall", "--sizing", "fillwidth"],
         "--sizing 'fillwidth' is not valid (did you mean fillWidth?); expected one of fit, fillWidth, intrinsic, fill"),
    ])
    func aMalformedFlagValueIsAUsageErrorAndNoOutput(arguments: [String], message: String) throws {
        try expectFailureWithNoOutput(arguments, status: 64, stderr: usageErrorText(message, command: "run"))
    }

    /// `arguments` with `--out` exit with `status` and exactly `stderr`, writing nothing.
    func expectFailureWithNoOutput(_ arguments: [String], status: Int32, stderr: String) throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("out.json").path
        let run = try runTessera(arguments + ["--out", out])
        #expect(run.status == status)
        #expect(run.stderr == stderr)
        #expect(run.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// Bad datasets: the error names the file and the place.
    @Test(arguments: [
        (#"{"items": [{"id": "a", "w": 1, "h": 2},]}"#,
         ":1:40: expected a JSON value after ',' in an array, found ']'; JSON takes no comma before a closing ] or }: remove the comma.\n"),
        (#"{"items": [{"id": "a", "w": 1, "h": 2}, {"id": "a", "w": 1, "h": 2}]}"#,
         ":1:48: items[1].id: expected a unique id (or a duplicate policy: --duplicates pairInOrder|suffix), found \"a\" again (first at items[0], line 1).\n"),
        (#"{"sections": [{"id": "s", "items": []}, {"id": "s", "items": []}]}"#,
         ":1:48: sections[1].id: expected a unique section id (or a duplicate policy: --duplicates pairInOrder|suffix), found \"s\" again (first at sections[0], line 1).\n"),
        (#"{"items": [{"id": "a", "w": -1, "h": 2}]}"#,
         ":1:29: items[0].w: expected a number from 0 to 1e7, found -1.\n"),
    ])
    func badDatasetsNameTheFileAndPlace(content: String, expectedSuffix: String) throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("bad.json")
        try content.write(to: file, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out.svg").path
        let run = try runTessera(["run", "waterfall", "--data", file.path, "--format", "svg", "--out", out])
        #expect(run.status == 1)
        #expect(run.stderr == "Error: \(file.path)\(expectedSuffix)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// Only a repeated id names `--duplicates`: another error whose text holds the words of the
    /// policy note (an id here) is printed as it is.
    @Test func onlyARepeatedIdNamesTheDuplicatesFlag() throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("ids.json")
        try #"{"items": [{"id": "a", "w": 1, "h": 2}]}"#.write(to: file, atomically: true, encoding: .utf8)
        let run = try runTessera(["run", "waterfall", "--data", file.path, "--section-by", "(or a duplicate policy)"])
        #expect(run.status == 1)
        #expect(run.stderr == "Error: \(file.path): expected some item to have the field \"(or a duplicate policy)\" to section by, found no item with it; the items' fields are \"w\", \"h\".\n")
    }

    @Test func outReplacesAnExistingFile() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("again.svg")
        try "old".write(to: out, atomically: true, encoding: .utf8)
        let run = try runTessera(["run", "waterfall", "--format", "svg", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8).hasPrefix("<svg"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["again.svg"])
    }

    /// Without `--format`, `--out`'s extension names what is written (`.txt` the text summary),
    /// what that format prints; an extension that names none, or none, gives JSON, and
    /// a `--format` given wins over the extension.
    @Test func outsExtensionNamesTheFormatWhenNoneIsGiven() throws {
        let dir = try temporaryDirectory()
        for (file, format) in [("a.svg", "svg"), ("b.HTML", "html"), ("c.txt", "text"), ("d.json", "json"), ("e.out", "json"),
                               ("f", "json"), (".svg", "json")] {
            let out = dir.appendingPathComponent(file).path
            let run = try runTessera(["run", "waterfall", "--out", out])
            #expect(run.status == 0, "\(run.stderr)")
            let printed = try runTessera(["run", "waterfall", "--format", format])
            let written = try String(contentsOfFile: out, encoding: .utf8)
            if format == "text" {   // its fifth line is the time the layout took
                #expect(written.hasPrefix("layout:       waterfall\n") && written.split(separator: "\n").count == printed.stdout.split(separator: "\n").count)
            } else {
                #expect(written == printed.stdout, "\(file)")
            }
        }
        let given = dir.appendingPathComponent("given.svg").path
        #expect(try runTessera(["run", "waterfall", "--format", "json", "--out", given]).status == 0)
        #expect(try String(contentsOfFile: given, encoding: .utf8).hasPrefix("{"))
        let page = dir.appendingPathComponent("reload.html").path
        let animate = try runTessera(["animate", "waterfall", "--data", "datasets/examples/photos.csv",
                                      "--to", "datasets/examples/photos.jsonl", "--out", page])
        #expect(animate.status == 0, "\(animate.stderr)")
        #expect(try String(contentsOfFile: page, encoding: .utf8).hasPrefix("<!doctype html>"))
    }

    @Test func anExistingOutputFileSurvivesAFailedRun() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("keep.json")
        try "previous".write(to: out, atomically: true, encoding: .utf8)
        let run = try runTessera(["run", "waterfall", "--param", "nope=1", "--out", out.path])
        #expect(run.status == 1)
        #expect(try String(contentsOf: out, encoding: .utf8) == "previous")
    }
}

@Suite struct RunHTMLTests {
    @Test func htmlIsASelfContainedScrollablePage() throws {
        let run = try runTessera(["run", "waterfall", "--data", "datasets/images-wallpapers.json", "--offset", "0,300", "--format", "html"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("<!doctype html>"))
        #expect(run.stdout.contains("#view { width: 375px; height: 812px; overflow: auto;"))
        #expect(run.stdout.contains("\"offset\":[0,300]"))
        #expect(!run.stdout.contains("<script src"))
        // Every frame is embedded: x, y, w, h per item in one flat array.
        let frames = run.stdout.components(separatedBy: "\"frames\":[")[1].components(separatedBy: "]")[0]
        #expect(frames.components(separatedBy: ",").count == 4 * 121)
    }
}

/// `tessera run split`: the built-in split layout with --param, its elements in the JSON.
@Suite struct SplitRunCommandTests {
    @Test func theReadmeRatioFromTheCommandLine() throws {
        let run = try runTessera(["run", "split", "--param", "leftSideRatio=0.4", "--param", "splitSpacing=10",
                                  "--param", "itemSize=[10,10]", "--param", "header=5", "--param", "side=left,right",
                                  "--data", "datasets/emoji-17.0.json", "--viewport", "110x200", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        // The part of run's JSON this suite reads; each CLI suite decodes what it checks.
        struct Report: Decodable {
            struct Element: Decodable { var kind: String; var section: Int; var frame: [Double]; var zIndex: Int }
            var supplementaries: [Element]
            var decorations: [Element]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        #expect(report.supplementaries.prefix(2).map(\.frame) == [[0, 0, 40, 5], [50, 0, 60, 5]])
        #expect(report.decorations.count == 9)
        #expect(report.decorations.allSatisfy { $0.kind == "background" && $0.zIndex == -1 })
    }

    @Test func aBadHeaderParameterIsRefusedBeforeAnyLayout() throws {
        let cases = [
            (#"header={"height":-5}"#, "split param 'header'.height expects a finite number >= 0, got -5."),
            (#"footer={"heigth":5}"#, "split param 'footer' expects a height or {height = 44, pinned = true}, "
                + #"got an object with an unknown key "heigth" (did you mean height?)."#),
            ("header=-1", "split param 'header' expects a finite height >= 0 or {height = 44, pinned = true}, got -1."),
        ]
        for (param, message) in cases {
            let run = try runTessera(["run", "split", "--param", param, "--data", "datasets/emoji-17.0.json", "--format", "json"])
            #expect(run.status == 1 && run.stdout == "")
            #expect(run.stderr == "Error: \(message)\n")
        }
    }
}
