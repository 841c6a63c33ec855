import Foundation
import Testing
@testable import tessera

/// `tessera bench LAYOUT.lua --data FILE`: a team's layout script benched on its own data, in
/// the rows `tessera bench --format json` prints, and the errors of its command lines.
@Suite struct BenchScriptCLITests {
    static let photos = "datasets/examples/photos.jsonl"
    static let knownSuites = "layout, visible, diff, load, lua, animator, engine, compositional, preview, test"

    /// The rows of a quick JSON bench of `arguments`, after checking it exited 0.
    func rows(_ arguments: [String]) throws -> [[String: Any]] {
        let r = try runTessera(["bench"] + arguments + ["--quick", "--format", "json"], timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        return try #require(object["results"] as? [[String: Any]])
    }

    @Test func aScriptIsBenchedAgainstTheFlowLayoutAndALinearScanOnItsData() throws {
        let results = try rows(["layouts/waterfall.lua", "--data", Self.photos])
        try #require(results.count == 2)
        let keys = ["baseline", "baseline_median_ms", "median_ms", "n", "name", "notes", "peak_rss_mb", "ratio", "suite"]
        #expect(results.map { $0.keys.sorted() } == [keys, keys])
        #expect(results.map { $0["suite"] as? String } == ["script", "script"])
        #expect(results.map { $0["name"] as? String } == ["layout+index", "viewport query"])
        #expect(results.map { $0["n"] as? Int } == [12, 12])
        #expect(results.map { $0["baseline"] as? String } == ["built-in flow layout+index, same items", "linear scan, same frames"])
        for row in results {
            let ratio = try #require(row["ratio"] as? Double)
            let median = try #require(row["median_ms"] as? Double), base = try #require(row["baseline_median_ms"] as? Double)
            #expect(ratio > 0 && median > 0 && base > 0)
            #expect(abs(ratio - base / median) <= 1e-9 * ratio)
        }
        let layoutNotes = try #require(results[0]["notes"] as? [String: Double])
        #expect(layoutNotes.keys.sorted() == ["ns_per_item", "x_slower"])
        let queryNotes = try #require(results[1]["notes"] as? [String: Double])
        #expect(queryNotes.keys.sorted() == ["hits_per_query", "ns_per_hit", "query_us"])
    }

    /// The layout flags shape the benched pass as they shape `tessera run`'s: the sections of
    /// --section-by and the params reach the script (a 1-column waterfall in a 100-wide viewport
    /// shows fewer items per viewport than 3 columns in 375).
    @Test func theLayoutFlagsShapeThePassAsTheyDoForRun() throws {
        let results = try rows(["layouts/waterfall.lua", "--data", "datasets/examples/photos.csv", "--param", "columns=1",
                                "--viewport", "100x300", "--section-by", "id", "--sizing", "fillWidth"])
        #expect(results.map { $0["n"] as? Int } == [12, 12])
        let hits = try #require((results[1]["notes"] as? [String: Double])?["hits_per_query"])
        let wide = try rows(["layouts/waterfall.lua", "--data", "datasets/examples/photos.csv"])
        let wideHits = try #require((wide[1]["notes"] as? [String: Double])?["hits_per_query"])
        #expect(hits < wideHits)
    }

    @Test func theTableHasTheHeaderAndOneLinePerRow() throws {
        let r = try runTessera(["bench", "layouts/waterfall.lua", "--data", Self.photos, "--quick"], timeout: 300)
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 3)
        #expect(lines[0].hasPrefix("suite   case"))
        #expect(lines[1].hasPrefix("script  layout+index "))
        #expect(lines[1].contains("  built-in flow layout+index, same items"))
        #expect(lines[2].hasPrefix("script  viewport query "))
    }

    /// The usage error of a layout script's flag given to the suites.
    static func onlyForAScript(_ flag: String) -> String {
        "\(flag) is for a layout script to bench (tessera bench LAYOUT.lua --data FILE); the suites bring their own data"
    }

    static let usageErrors: [([String], String)] = [
        (["bench", "layouts/waterfall.lua"],
         "bench layouts/waterfall.lua needs --data FILE: a layout script is benched on a dataset of yours"),
        (["bench", "--data", photos], onlyForAScript("--data")),
        (["bench", "lua", "--param", "columns=2"], onlyForAScript("--param")),
        (["bench", "layout", "--viewport", "320x480"], onlyForAScript("--viewport")),
        (["bench", "--quick", "--time-limit", "5"], onlyForAScript("--time-limit")),
        // Given at its default value, a script's flag is still not the suites'.
        (["bench", "lua", "--viewport", "375x812"], onlyForAScript("--viewport")),
        (["bench", "layout", "--duplicates=reject", "--section-by", "kind"], onlyForAScript("--duplicates")),
        (["bench", "layouts/waterfall.lua", "lua", "--data", photos],
         "a layout script is benched alone; 'layouts/waterfall.lua' was given with the suite lua"),
        (["bench", "lua", "layouts/waterfall.lua", "--data", photos],
         "a layout script is benched alone; 'layouts/waterfall.lua' was given with the suite lua"),
        (["bench", "layouts/waterfall.lua", "layouts/grid.lua", "--data", photos],
         "bench takes one layout script at a time; 'layouts/waterfall.lua' was given with 'layouts/grid.lua'"),
        (["bench", "lau"], "unknown bench suite 'lau' (did you mean lua?); known suites: \(knownSuites)"),
        (["bench", "layouts/waterfall.lua", photos],
         "'\(photos)' is a dataset, not a bench suite or a layout script; a dataset is given with --data: --data \(photos)"),
    ]

    /// The script form's flags are those `BenchCommand.ScriptOptions` declares; with the suites'
    /// own they are every flag of the command.
    @Test func theScriptFlagsAreThoseItsOptionsDeclare() {
        #expect(BenchCommand.scriptFlags == ["data", "viewport", "param", "sizing", "duplicates", "section-by", "max-data-size", "time-limit"])
        #expect(Tessera.longNames(of: BenchCommand.self) { _ in true } == BenchCommand.scriptFlags.union(["quick", "format", "help"]))
    }

    @Test(arguments: usageErrors)
    func aCommandLineThatMixesTheFormsIsAUsageError(arguments: [String], message: String) {
        expectParseFailure(arguments, message)
    }

    /// Through the real binary: exit status 64, the sentence and the usage, nothing on stdout.
    @Test func aMissingDatasetIsAUsageErrorOfTheProgram() throws {
        try expectUsageError(["bench", "layouts/waterfall.lua", "--quick"],
                             "bench layouts/waterfall.lua needs --data FILE: a layout script is benched on a dataset of yours")
    }

    /// A folder holding the example photos and `files`, for runs made in it (its short names
    /// keep the messages' paths whole).
    func folder(with files: [String: String]) throws -> URL {
        let folder = try temporaryDirectory()
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent(Self.photos),
                                         to: folder.appendingPathComponent("photos.jsonl"))
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder
    }

    /// A script that fails, a dataset that does not parse and a script that does not exist are
    /// reported as `tessera run` reports them (file:line, the traceback), status 1, no row.
    @Test func aBrokenScriptOrDatasetFailsAsRunFails() throws {
        let folder = try folder(with: [
            "broken.lua": "return {\n  simpleLayout = function(ctx)\n    error(\"no frames today\")\n  end,\n}\n",
            "bad.jsonl": "{\"id\": 1, \"w\": 10, \"h\": 10}\n{\"id\": 2, \"w\": 10,\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(script: String, data: String, stderr: String)] = [
            ("broken.lua", "photos.jsonl", """
                Error: broken.lua:3: no frames today.
                stack traceback:
                \t[C]: in function 'error'
                \tbroken.lua:3: in function <broken.lua:2>

                """),
            ("broken.lua", "bad.jsonl", "Error: bad.jsonl:2:"),
            ("missing.lua", "photos.jsonl", "Error: missing.lua:"),
        ]
        for (script, data, stderr) in cases {
            let bench = try runTessera(["bench", script, "--data", data, "--quick", "--format", "json"], in: folder)
            let run = try runTessera(["run", script, "--data", data, "--format", "json"], in: folder)
            #expect(bench.status == 1)
            #expect(bench.stdout == "")
            #expect(bench.stderr == run.stderr)
            #expect(run.status == 1)
            #expect(bench.stderr.hasPrefix(stderr), "\(bench.stderr)")
        }
    }

    /// No time limit unless --time-limit gives one; given, it stops a runaway script as it
    /// stops `tessera run`'s.
    @Test func aGivenTimeLimitStopsARunawayScriptAsRunsDoes() throws {
        let folder = try folder(with: ["looping.lua": "return {\n  simpleLayout = function(ctx)\n    while true do end\n  end,\n}\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["looping.lua", "--data", "photos.jsonl", "--time-limit", "0.2"]
        let bench = try runTessera(["bench"] + arguments + ["--quick"], in: folder)
        let run = try runTessera(["run"] + arguments, in: folder)
        #expect(bench.status == 1)
        #expect(bench.stdout == "")
        #expect(bench.stderr == run.stderr)
        #expect(bench.stderr.hasPrefix("Error: looping.lua:3: "), "\(bench.stderr)")
    }
}
