import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `tessera test` end to end, in a scratch project outside the repository, as a new user
/// would try it: snapshots written, matched, missing in CI, changed, updated and obsolete;
/// the run matchers; the report page and JUnit XML; and bad test files.
@Suite struct TestCommandTests {
    static let items = """
    [{"id":"a","w":100,"h":80},{"id":"b","w":100,"h":120},{"id":"c","w":100,"h":60},{"id":"d","w":100,"h":90}]
    """

    static let gridTest = """
    local t = require("tessera")

    test("flow lays out the items", function()
      local run = t.run("flow", {data = "../items.json", viewport = {375, 812}, params = {spacing = 8}})
      expect(#run.items):toEqual(4)
      expect(run):toMatchSnapshot()
    end)

    test("the flow has no overlaps and mirrors", function()
      local run = t.run("flow", {data = "../items.json"})
      expect(run):toHaveNoOverlaps()
      expect(run):toFitContent()
      expect(run):toMirrorInRTL()
      expect(run.contentSize[2]):toBeCloseTo(210, 0.5)
    end)

    """

    static let snapshotText = """
    {
      "flow lays out the items 1": {
        "contentSize": [316, 218],
        "items": [
          {"id": "a", "frame": [0, 0, 100, 80], "section": 0},
          {"id": "b", "frame": [108, 0, 100, 120], "section": 0},
          {"id": "c", "frame": [216, 0, 100, 60], "section": 0},
          {"id": "d", "frame": [0, 128, 100, 90], "section": 0}
        ],
        "supplementaries": [],
        "viewport": [375, 812]
      }
    }

    """

    /// A scratch project: items.json and tests/grid_test.lua.
    static func project(test: String = gridTest) throws -> URL {
        let root = try temporaryDirectory()
        try items.write(to: root.appendingPathComponent("items.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("tests"), withIntermediateDirectories: true)
        try test.write(to: root.appendingPathComponent("tests/grid_test.lua"), atomically: true, encoding: .utf8)
        return root
    }

    /// `tessera test ARGS` in `root`, with CI unset unless given.
    static func test(_ arguments: [String] = [], in root: URL, ci: String? = nil) throws -> CLIOutcome {
        try runTessera(["test"] + arguments, in: root, environment: ["CI": ci])
    }

    /// The output's lines with each test's time replaced by `_`, so they can be compared exactly.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line).replacingOccurrences(of: #"\(\d+ ms\)$"#, with: "(_ ms)", options: .regularExpression)
        }
    }

    /// The project's junit.xml with each time replaced by `_`, so it can be compared exactly.
    static func junit(_ root: URL) throws -> String {
        try String(contentsOf: root.appendingPathComponent("junit.xml"), encoding: .utf8)
            .replacingOccurrences(of: #"time="[0-9.e-]+""#, with: #"time="_""#, options: .regularExpression)
    }

    static func snapshot(_ root: URL) -> String? {
        try? String(contentsOf: root.appendingPathComponent("tests/__snapshots__/grid_test.lua.snap.json"), encoding: .utf8)
    }

    @Test func theFirstRunWritesTheSnapshotAndTheSecondWritesNothing() throws {
        let root = try Self.project()
        let first = try Self.test(in: root)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(Self.lines(first.stdout) == [
            "✔ tests/grid_test.lua › flow lays out the items (_ ms)",
            "✔ tests/grid_test.lua › the flow has no overlaps and mirrors (_ ms)",
            "  written: 'flow lays out the items 1' in tests/__snapshots__/grid_test.lua.snap.json",
            "2 passed, 0 failed, 1 written",
            "",
        ])
        #expect(Self.snapshot(root) == Self.snapshotText)
        let second = try Self.test(in: root)
        #expect(second.status == 0)
        #expect(Self.lines(second.stdout) == [
            "✔ tests/grid_test.lua › flow lays out the items (_ ms)",
            "✔ tests/grid_test.lua › the flow has no overlaps and mirrors (_ ms)",
            "2 passed, 0 failed",
            "",
        ])
        #expect(Self.snapshot(root) == Self.snapshotText)
        // Written atomically: nothing but the snapshot file is left in the folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("tests/__snapshots__").path)
                == ["grid_test.lua.snap.json"])
    }

    /// Snapshots are compared as JSON values, not bytes: a file kept in git without its final
    /// newline (edited by hand, or written by another tool) still matches and is left as it is.
    @Test func aSnapshotFileWithoutItsFinalNewlineStillMatches() throws {
        let root = try Self.project()
        let folder = root.appendingPathComponent("tests/__snapshots__")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let unended = String(Self.snapshotText.dropLast())
        try unended.write(to: folder.appendingPathComponent("grid_test.lua.snap.json"), atomically: true, encoding: .utf8)
        for arguments in [[], ["--update"]] {
            let run = try Self.test(arguments, in: root)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(Self.lines(run.stdout).last(where: { !$0.isEmpty }) == "2 passed, 0 failed", "\(arguments)")
            #expect(Self.snapshot(root) == unended, "\(arguments)")
        }
    }

    @Test func aMissingSnapshotFailsInCIAndIsNotWritten() throws {
        let root = try Self.project()
        let run = try Self.test(in: root, ci: "true")
        #expect(run.status == 1)
        #expect(Self.lines(run.stdout) == [
            "✘ tests/grid_test.lua › flow lays out the items (_ ms)",
            "    tests/grid_test.lua:6: snapshot 'flow lays out the items 1' is missing, and CI is set, so it was not written; run `tessera test tests/grid_test.lua` without CI set (or with --update) to write it",
            "✔ tests/grid_test.lua › the flow has no overlaps and mirrors (_ ms)",
            "1 passed, 1 failed",
            "",
        ])
        #expect(Self.snapshot(root) == nil)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("tests/__snapshots__").path))
    }

    @Test func changingTheSpacingFailsNamingTheTestAndTheMovedFramesAndUpdateAcceptsIt() throws {
        let root = try Self.project()
        #expect(try Self.test(in: root).status == 0)
        try Self.gridTest.replacingOccurrences(of: "spacing = 8", with: "spacing = 12")
            .write(to: root.appendingPathComponent("tests/grid_test.lua"), atomically: true, encoding: .utf8)
        let changed = try Self.test(["--report", "report.html"], in: root)
        #expect(changed.status == 1)
        #expect(Self.lines(changed.stdout) == [
            "✘ tests/grid_test.lua › flow lays out the items (_ ms)",
            "    tests/grid_test.lua:6: snapshot 'flow lays out the items 1' does not match: 3 elements moved, 0 appeared, 0 disappeared",
            "      moved:",
            "        item \"b\": (108, 0, 100, 120) → (112, 0, 100, 120)",
            "        item \"c\": (216, 0, 100, 60) → (224, 0, 100, 60)",
            "        item \"d\": (0, 128, 100, 90) → (0, 132, 100, 90)",
            "      largest move: item \"c\" by 8, (216, 0, 100, 60) → (224, 0, 100, 60)",
            "      contentSize: [316, 218] → [324, 222]",
            "      (run `tessera test tests/grid_test.lua --update` to accept the new one)",
            "✔ tests/grid_test.lua › the flow has no overlaps and mirrors (_ ms)",
            "written: report.html (--report)",
            "1 passed, 1 failed",
            "",
        ])
        #expect(Self.snapshot(root) == Self.snapshotText)   // a failure never rewrites it

        // The report: one failure, its old and new frames (x, y, w, h, change) in the page's data.
        let page = try String(contentsOf: root.appendingPathComponent("report.html"), encoding: .utf8)
        let start = try #require(page.range(of: "<script id=\"report-data\" type=\"application/json\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let data = try #require(try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [[String: Any]])
        #expect(data.count == 1)
        #expect(data[0]["test"] as? String == "flow lays out the items")
        #expect(data[0]["where"] as? String == "tests/grid_test.lua:6")
        #expect(data[0]["old"] as? [Double] == [0, 0, 100, 80, 0, 108, 0, 100, 120, 1, 216, 0, 100, 60, 1, 0, 128, 100, 90, 1])
        #expect(data[0]["new"] as? [Double] == [0, 0, 100, 80, 0, 112, 0, 100, 120, 1, 224, 0, 100, 60, 1, 0, 132, 100, 90, 1])
        #expect(page.contains("type: \"range\"") && page.contains("[\"old\", \"both\", \"new\"]"))

        // --update says what it did to each snapshot: this one was there and is rewritten.
        let update = try Self.test(["--update"], in: root)
        #expect(update.status == 0)
        #expect(Self.lines(update.stdout) == [
            "✔ tests/grid_test.lua › flow lays out the items (_ ms)",
            "✔ tests/grid_test.lua › the flow has no overlaps and mirrors (_ ms)",
            "  updated: 'flow lays out the items 1' in tests/__snapshots__/grid_test.lua.snap.json",
            "2 passed, 0 failed, 1 updated",
            "",
        ])
        // Again: nothing differs, and it says the file was left as it was.
        let again = try Self.test(["--update"], in: root)
        #expect(again.status == 0)
        #expect(Self.lines(again.stdout) == [
            "✔ tests/grid_test.lua › flow lays out the items (_ ms)",
            "✔ tests/grid_test.lua › the flow has no overlaps and mirrors (_ ms)",
            "  unchanged: 1 snapshot in tests/__snapshots__/grid_test.lua.snap.json",
            "2 passed, 0 failed",
            "",
        ])
        let after = try Self.test(in: root)
        #expect(after.status == 0)
        #expect(Self.lines(after.stdout).suffix(2) == ["2 passed, 0 failed", ""])
        #expect(Self.snapshot(root)?.contains("{\"id\": \"d\", \"frame\": [0, 132, 100, 90], \"section\": 0}") == true)
    }

    @Test func anOverlappingLayoutFailsToHaveNoOverlaps() throws {
        let root = try Self.project(test: """
        local t = require("tessera")
        local stacked = {simpleLayout = function(ctx)
          for i = 1, ctx.count do ctx.set(i, 0, 0, 100, 100) end
        end}
        test("stacked items", function()
          expect(t.run(stacked, {data = "../items.json"})):toHaveNoOverlaps()
        end)
        test("a number is not a run", function()
          expect(3):toHaveNoOverlaps()
        end)
        """)
        let run = try Self.test(in: root)
        #expect(run.status == 1)
        #expect(Self.lines(run.stdout) == [
            "✘ tests/grid_test.lua › stacked items (_ ms)",
            "    tests/grid_test.lua:6: expected no overlapping items, found 6 overlapping pairs:",
            "      items 0 (\"a\") and 1 (\"b\") overlap: (0, 0, 100, 100) and (0, 0, 100, 100)",
            "      items 0 (\"a\") and 2 (\"c\") overlap: (0, 0, 100, 100) and (0, 0, 100, 100)",
            "      items 0 (\"a\") and 3 (\"d\") overlap: (0, 0, 100, 100) and (0, 0, 100, 100)",
            "      items 1 (\"b\") and 2 (\"c\") overlap: (0, 0, 100, 100) and (0, 0, 100, 100)",
            "      items 1 (\"b\") and 3 (\"d\") overlap: (0, 0, 100, 100) and (0, 0, 100, 100)",
            "      items 2 (\"c\") and 3 (\"d\") overlap: (0, 0, 100, 100) and (0, 0, 100, 100)",
            "✘ tests/grid_test.lua › a number is not a run (_ ms)",
            "    tests/grid_test.lua:9: toHaveNoOverlaps expects a run returned by t.run in this test, got number",
            "0 passed, 2 failed",
            "",
        ])
    }

    /// A right-to-left run narrower than its viewport fits its content: the box is mirrored with
    /// the frames (316 wide in 375, it starts at 59), so toFitContent measures against it.
    @Test func aMirroredNarrowRunFitsItsContent() throws {
        let root = try Self.project(test: """
        local t = require("tessera")
        test("mirrored flow", function()
          local run = t.run("flow", {data = "../items.json", params = {spacing = 8}, rtl = true})
          expect(run.items[1].frame):toEqual({275, 0, 100, 80})
          expect(run.items[3].frame):toEqual({59, 0, 100, 60})
          expect(run.contentSize):toEqual({316, 218})
          expect(run):toFitContent()
        end)
        """)
        let run = try Self.test(in: root)
        #expect(Self.lines(run.stdout) == ["✔ tests/grid_test.lua › mirrored flow (_ ms)", "1 passed, 0 failed", ""])
        #expect(run.status == 0)
    }

    /// ctx.set writes into the simpleLayout that runs: a layout run inside another (t.run in
    /// its simpleLayout) gets its own frames, and the outer one's ctx.set writes the outer
    /// frames again once the inner run returns.
    @Test func aLayoutRunInsideAnotherKeepsTheFramesApart() throws {
        let root = try Self.project(test: """
        local t = require("tessera")
        local inner = {simpleLayout = function(ctx)
          for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end
        end}
        local nested
        local outer = {simpleLayout = function(ctx)
          ctx.set(1, 10, 10, 10, 10)
          nested = t.run(inner, {data = "../items.json"})
          for i = 2, ctx.count do ctx.set(i, 10 * i, 0, 10, 10) end
        end}
        test("nested runs", function()
          local run = t.run(outer, {data = "../items.json"})
          expect(run.items[1].frame):toEqual({10, 10, 10, 10})
          expect(run.items[4].frame):toEqual({40, 0, 10, 10})
          expect(nested.items[1].frame):toEqual({0, 0, 1, 1})
          expect(nested.items[4].frame):toEqual({0, 0, 1, 1})
        end)
        """)
        let run = try Self.test(in: root)
        #expect(Self.lines(run.stdout) == ["✔ tests/grid_test.lua › nested runs (_ ms)", "1 passed, 0 failed", ""])
        #expect(run.status == 0)
    }

    @Test func junitHasOneTestcasePerTestAndAFailureForTheFailedOne() throws {
        let root = try Self.project(test: Self.gridTest.replacingOccurrences(of: "toEqual(4)", with: "toEqual(5)"))
        let run = try Self.test(["--junit", "junit.xml"], in: root)
        #expect(run.status == 1)
        let xml = try Self.junit(root)
        #expect(xml == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="tessera test" tests="2" failures="1" time="_">
          <testsuite name="tests/grid_test.lua" tests="2" failures="1" time="_">
            <testcase classname="tests/grid_test.lua" name="flow lays out the items" time="_">
              <failure message="tests/grid_test.lua:5: expected values to be equal: the value is 4, expected 5">tests/grid_test.lua:5: expected values to be equal: the value is 4, expected 5</failure>
            </testcase>
            <testcase classname="tests/grid_test.lua" name="the flow has no overlaps and mirrors" time="_"/>
          </testsuite>
        </testsuites>

        """)
        // The XML parses.
        _ = try XMLDocument(data: Data(xml.utf8))
    }

    @Test func aSyntaxErrorNamesFileAndLineAndTheSummaryIsStillLast() throws {
        let root = try Self.project()
        try "test(\"broken\", function()\n  local x = = 1\nend)\n"
            .write(to: root.appendingPathComponent("tests/broken_test.lua"), atomically: true, encoding: .utf8)
        let run = try Self.test(in: root)
        #expect(run.status == 1)
        #expect(Self.lines(run.stdout) == [
            "✘ tests/broken_test.lua",
            "    tests/broken_test.lua:2: unexpected symbol near '='",
            "✔ tests/grid_test.lua › flow lays out the items (_ ms)",
            "✔ tests/grid_test.lua › the flow has no overlaps and mirrors (_ ms)",
            "  written: 'flow lays out the items 1' in tests/__snapshots__/grid_test.lua.snap.json",
            "2 passed, 1 failed, 1 written",
            "",
        ])
    }

    @Test func obsoleteSnapshotsAreReportedAndUpdateRemovesThem() throws {
        let root = try Self.project()
        #expect(try Self.test(in: root).status == 0)
        try Self.gridTest.replacingOccurrences(of: "flow lays out the items", with: "flow lays out items")
            .write(to: root.appendingPathComponent("tests/grid_test.lua"), atomically: true, encoding: .utf8)
        let run = try Self.test(in: root)
        #expect(run.status == 0)
        #expect(Self.lines(run.stdout).suffix(5) == [
            "  written: 'flow lays out items 1' in tests/__snapshots__/grid_test.lua.snap.json",
            "  obsolete: 'flow lays out the items 1' in tests/__snapshots__/grid_test.lua.snap.json",
            "    (run `tessera test tests/grid_test.lua --update` to remove it)",
            "2 passed, 0 failed, 1 written, 1 obsolete",
            "",
        ])
        let update = try Self.test(["--update"], in: root)
        #expect(Self.lines(update.stdout).suffix(3) == [
            "  obsolete (removed): 'flow lays out the items 1' in tests/__snapshots__/grid_test.lua.snap.json",
            "2 passed, 0 failed, 1 obsolete",
            "",
        ])
        #expect(Self.snapshot(root)?.contains("flow lays out the items 1") == false)
        #expect(Self.lines(try Self.test(in: root).stdout).suffix(2) == ["2 passed, 0 failed", ""])
        // A filter runs only the matching tests and reports nothing obsolete.
        let filtered = try Self.test(["--filter", "mirrors"], in: root)
        #expect(Self.lines(filtered.stdout) == [
            "✔ tests/grid_test.lua › the flow has no overlaps and mirrors (_ ms)",
            "1 passed, 0 failed",
            "",
        ])
    }

    @Test func aTestThatLoopsOrAllocatesWithoutBoundIsStopped() throws {
        let root = try Self.project(test: """
        test("loops", function() while true do end end)
        test("still runs", function() expect(1 + 1):toEqual(2) end)
        """)
        try """
        test("allocates", function()
          local t, i = {}, 0
          while true do i = i + 1; t[i] = string.rep("x", 1000) .. i end
        end)
        test("still runs", function() expect(1 + 1):toEqual(2) end)
        """.write(to: root.appendingPathComponent("tests/alloc_test.lua"), atomically: true, encoding: .utf8)
        // One limit at a time, so a loaded machine cannot make the allocating test time out first.
        let loops = try Self.test(["tests/grid_test.lua", "--time-limit", "0.1"], in: root)
        #expect(loops.status == 1)
        // The stopped test shows the CPU time the limit counts (at least the limit), however
        // long it took on the wall clock.
        let stopped = try #require(Self.lines(loops.stdout).first)
        let figure = try #require(try #/^✘ tests/grid_test.lua › loops \((\d+) ms of CPU time\)$/#.wholeMatch(in: stopped)).output.1
        #expect(try #require(Int(figure)) >= 100)
        #expect(Self.lines(loops.stdout).dropFirst() == [
            "    tests/grid_test.lua:1: time limit of 0.1 s of CPU time exceeded",
            "    hint: if a loop never ends, fix it; if the work needs longer, raise the limit with --time-limit SECONDS (0 for none)",
            "✔ tests/grid_test.lua › still runs (_ ms)",
            "1 passed, 1 failed",
            "",
        ])
        let allocates = try Self.test(["tests/alloc_test.lua", "--time-limit", "0", "--max-memory", "32"], in: root)
        #expect(allocates.status == 1)
        #expect(Self.lines(allocates.stdout) == [
            "✘ tests/alloc_test.lua › allocates (_ ms)",
            "    tests/alloc_test.lua:3: memory limit of 32 MB exceeded",
            "    hint: if a table or string grows without end, fix it; if the work needs more, raise the cap with --max-memory MB",
            "✔ tests/alloc_test.lua › still runs (_ ms)",
            "1 passed, 1 failed",
            "",
        ])
        let counts = try Self.test(["tests/grid_test.lua", "--time-limit", "0", "--max-instructions", "100000"], in: root)
        #expect(Self.lines(counts.stdout).prefix(3) == [
            "✘ tests/grid_test.lua › loops (_ ms)",
            "    tests/grid_test.lua:1: instruction budget of 100,000 exceeded",
            "    hint: if a loop never ends, fix it; if the work needs more, raise the budget with --max-instructions N (0 for none)",
        ])
    }

    /// A quoted pattern is expanded as the shell would have expanded it unquoted.
    @Test func aQuotedPatternIsExpandedAsTheShellWould() throws {
        let root = try Self.project()
        try "test(\"other\", function() expect(1):toEqual(1) end)\n"
            .write(to: root.appendingPathComponent("tests/other_test.lua"), atomically: true, encoding: .utf8)
        _ = try Self.test([], in: root)   // writes the snapshots, so the two runs below write none
        let unquoted = try Self.test(["tests/grid_test.lua", "tests/other_test.lua"], in: root)
        let quoted = try Self.test(["tests/*_test.lua"], in: root)
        #expect(quoted.status == 0, "\(quoted.stderr)")
        #expect(Self.lines(quoted.stdout) == Self.lines(unquoted.stdout))
        #expect(Self.lines(quoted.stdout).last(where: { !$0.isEmpty }) == "3 passed, 0 failed")
        let none = try Self.test(["tests/*_nope.lua"], in: root)
        #expect(none.status == 2)
        #expect(none.stderr == "Error: tests/*_nope.lua: expected a test file, a folder of *_test.lua files or a pattern that matches some, found a pattern that matches no file.\n")
    }

    @Test func readingOutsideTheProjectIsRefused() throws {
        let root = try Self.project(test: """
        local t = require("tessera")
        test("dataset", function() t.run("flow", {data = "/etc/passwd"}) end)
        test("script", function() t.run("../../outside.lua") end)
        test("io", function() io.open("/etc/passwd") end)
        """)
        let run = try Self.test(in: root)
        let real = try #require(root.resolvingSymlinksInPath().path.removingPercentEncoding)
        #expect(run.status == 1)
        #expect(Self.lines(run.stdout) == [
            "✘ tests/grid_test.lua › dataset (_ ms)",
            "    tests/grid_test.lua:2: t.run: dataset '/etc/passwd' is outside the project (\(real)); tests read only files inside it: run tessera test from a folder that holds both",
            "✘ tests/grid_test.lua › script (_ ms)",
            "    tests/grid_test.lua:3: t.run: layout '../../outside.lua' is outside the project (\(real)); tests read only files inside it: run tessera test from a folder that holds both",
            "✘ tests/grid_test.lua › io (_ ms)",
            "    tests/grid_test.lua:4: attempt to index a nil value (global 'io')",
            "0 passed, 3 failed",
            "",
        ])
    }

    @Test func tRunChecksItsArgumentsAndAcceptsLayoutValuesAndInlineItems() throws {
        let root = try Self.project(test: """
        local t = require("tessera")
        test("unknown option", function() t.run("flow", {dat = "x"}) end)
        test("bad viewport", function() t.run("flow", {viewport = "375x812"}) end)
        test("items without ids", function() t.run("flow", {data = {{w = 1, h = 1}}}) end)
        test("missing script", function() t.run("nope.lua") end)
        test("a size past 1e7", function() t.run("flow", {data = {{id = 1, w = 5}, {id = 2, w = 1, h = 1e308}}}) end)
        test("named snapshot of a value", function()
          local run = t.run(t.inset(t.flow{}, 8), {data = {{id = "x", w = 10, h = 10}, {id = "y", w = 20, h = 10}}})
          expect(run.items[2].frame):toEqual({18, 8, 20, 10})
          expect(run.contentSize):toMatchSnapshot("size")
        end)
        """)
        let run = try Self.test(in: root)
        #expect(run.status == 1)
        #expect(Self.lines(run.stdout) == [
            "✘ tests/grid_test.lua › unknown option (_ ms)",
            "    tests/grid_test.lua:2: t.run: argument #2 (options) has an unknown field 'dat' (did you mean data?); known fields: data, duplicates, layoutMargins, offset, params, readableWidth, rtl, safeArea, sectionBy, sizing, viewport",
            "✘ tests/grid_test.lua › bad viewport (_ ms)",
            "    tests/grid_test.lua:3: t.run: field 'viewport' must be {width, height} with two finite, non-negative numbers, got string",
            "✘ tests/grid_test.lua › items without ids (_ ms)",
            "    tests/grid_test.lua:4: t.run: options.data[1] has no id; expected an id field (a string or an integer)",
            "✘ tests/grid_test.lua › missing script (_ ms)",
            "    tests/grid_test.lua:5: t.run: tests/nope.lua: expected a script file, found no such file.",
            "✘ tests/grid_test.lua › a size past 1e7 (_ ms)",
            "    tests/grid_test.lua:6: t.run: options.data[2].h must be a number from 0 to 1e7, got 1e+308",
            "✔ tests/grid_test.lua › named snapshot of a value (_ ms)",
            "  written: 'named snapshot of a value: size' in tests/__snapshots__/grid_test.lua.snap.json",
            "1 passed, 5 failed, 1 written",
            "",
        ])
        #expect(Self.snapshot(root) == """
        {
          "named snapshot of a value: size": [46, 26]
        }

        """)
    }

    /// A t.run dataset file that is not there fails its test at its line, with the loader's
    /// message; an offset gives the items drawn there.
    @Test func tRunNamesAMissingDatasetAndDrawsTheItemsAtAnOffset() throws {
        let root = try Self.project(test: """
        local t = require("tessera")
        test("missing dataset", function() t.run("flow", {data = "../nothing.json"}) end)
        test("offset", function()
          expect(table.concat(t.run("flow", {data = "../items.json", offset = {0, 100}}).visible, ",")):toEqual("1,3")
        end)
        """)
        let run = try Self.test(in: root)
        #expect(run.status == 1)
        #expect(Self.lines(run.stdout) == [
            "✘ tests/grid_test.lua › missing dataset (_ ms)",
            "    tests/grid_test.lua:2: t.run: nothing.json: expected a dataset file, found no such file.",
            "✔ tests/grid_test.lua › offset (_ ms)",
            "1 passed, 1 failed",
            "",
        ])
    }

    /// A t.run path written from the working directory, as the commands take it, where the test
    /// file's folder has no such file, says that a test's paths start from its folder and what
    /// to write instead; a path missing from both keeps the plain sentence.
    @Test func tRunPathsWrittenFromTheWorkingDirectorySayWhatToWrite() throws {
        let root = try Self.project(test: """
        local t = require("tessera")
        test("dataset", function() t.run("flow", {data = "items.json"}) end)
        test("script", function() t.run("layouts/mine.lua") end)
        test("neither", function() t.run("flow", {data = "other.json"}) end)
        """)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("layouts"), withIntermediateDirectories: true)
        try "return require('tessera').flow{}\n".write(to: root.appendingPathComponent("layouts/mine.lua"), atomically: true, encoding: .utf8)
        let run = try Self.test(in: root)
        #expect(run.status == 1)
        #expect(Self.lines(run.stdout) == [
            "✘ tests/grid_test.lua › dataset (_ ms)",
            "    tests/grid_test.lua:2: t.run: tests/items.json: expected a dataset file, found no such file "
                + "(paths in a test file are relative to its folder, tests: write ../items.json).",
            "✘ tests/grid_test.lua › script (_ ms)",
            "    tests/grid_test.lua:3: t.run: tests/layouts/mine.lua: expected a script file, found no such file "
                + "(paths in a test file are relative to its folder, tests: write ../layouts/mine.lua).",
            "✘ tests/grid_test.lua › neither (_ ms)",
            "    tests/grid_test.lua:4: t.run: tests/other.json: expected a dataset file, found no such file.",
            "0 passed, 3 failed",
            "",
        ])
    }

    /// A layout script that fails inside t.run (an error as it lays out, as it loads, or a syntax
    /// error) names the test's line and the script's, as a dataset's failure does, in the text
    /// output and in JUnit's; an error at a line of the test file (its own code, a layout it
    /// wrote) names that line alone, as before.
    @Test func tRunNamesTheTestsLineAndTheScriptsWhenTheScriptFails() throws {
        let root = try Self.project(test: """
        local t = require("tessera")
        test("layout error", function()
          t.run("../layouts/bad.lua", {data = "../items.json"})
        end)
        test("load error", function() t.run("../layouts/badload.lua") end)
        test("syntax error", function() t.run("../layouts/syntax.lua") end)
        test("dataset error", function() t.run("flow", {data = "../nothing.json"}) end)
        test("own error", function() local x = nil; return x.y end)
        test("own layout", function() t.run({simpleLayout = function(ctx) error("no frames here") end}) end)
        """)
        let layouts = root.appendingPathComponent("layouts")
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        try """
        local function first(ctx)
          local item = nil
          return item.w
        end
        return { simpleLayout = function(ctx) first(ctx) end }

        """.write(to: layouts.appendingPathComponent("bad.lua"), atomically: true, encoding: .utf8)
        try "local size = nil\nlocal w = size.w\nreturn { simpleLayout = function(ctx) end }\n"
            .write(to: layouts.appendingPathComponent("badload.lua"), atomically: true, encoding: .utf8)
        try "return { simpleLayout = function(ctx) x = = 1 end }\n"
            .write(to: layouts.appendingPathComponent("syntax.lua"), atomically: true, encoding: .utf8)
        let failures = [
            ("layout error", "tests/grid_test.lua:3: t.run: layouts/bad.lua:3: attempt to index a nil value (local 'item')"),
            ("load error", "tests/grid_test.lua:5: t.run: layouts/badload.lua:2: attempt to index a nil value (local 'size')"),
            ("syntax error", "tests/grid_test.lua:6: t.run: layouts/syntax.lua:1: unexpected symbol near '='"),
            ("dataset error", "tests/grid_test.lua:7: t.run: nothing.json: expected a dataset file, found no such file."),
            ("own error", "tests/grid_test.lua:8: attempt to index a nil value (local 'x')"),
            ("own layout", "tests/grid_test.lua:9: no frames here"),
        ]
        let run = try Self.test(["--junit", "junit.xml"], in: root)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(Self.lines(run.stdout) == failures.flatMap { ["✘ tests/grid_test.lua › \($0.0) (_ ms)", "    " + $0.1] }
                + ["written: junit.xml (--junit)", "0 passed, 6 failed", ""])
        // Each test's failure element, in order, with the same text.
        let xml = try Self.junit(root)
        #expect(xml.split(separator: "\n").filter { $0.contains("<failure ") }.map { $0.trimmingCharacters(in: .whitespaces) }
                == failures.map { "<failure message=\"\($0.1)\">\($0.1)</failure>" })
    }

    /// Snapshot names are made from test names, so two tests can make the same one; the second
    /// fails instead of silently replacing the first's snapshot.
    @Test func twoTestsCannotTakeTheSameSnapshot() throws {
        let root = try Self.project(test: """
        test("feed", function() expect(1):toMatchSnapshot("today 1") end)
        test("feed: today", function() expect(2):toMatchSnapshot() end)
        """)
        let run = try Self.test(in: root)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(Self.lines(run.stdout) == [
            "✔ tests/grid_test.lua › feed (_ ms)",
            "✘ tests/grid_test.lua › feed: today (_ ms)",
            "    tests/grid_test.lua:2: snapshot 'feed: today 1' is already taken by the test 'feed' in this file; rename this test or its snapshot so each snapshot has one test",
            "  written: 'feed: today 1' in tests/__snapshots__/grid_test.lua.snap.json",
            "1 passed, 1 failed, 1 written",
            "",
        ])
        #expect(Self.snapshot(root) == """
        {
          "feed: today 1": 1
        }

        """)
    }

    /// A report over a test file is refused and the test file is left as it was (`--junit` and
    /// `--report` replaced it with the report).
    @Test(arguments: ["--junit", "--report"])
    func aReportOverATestFileIsRefused(flag: String) throws {
        let root = try Self.project()
        let r = try Self.test([flag, "tests/grid_test.lua"], in: root)
        #expect(r.status == 1)
        #expect(r.stderr == "Error: cannot write tests/grid_test.lua: it is a test file, which this command reads; write the output to another file.\n")
        #expect(try String(contentsOf: root.appendingPathComponent("tests/grid_test.lua"), encoding: .utf8) == Self.gridTest)
    }

    /// toEqual quotes the values it compared: a script's NaN or infinity is written as Lua prints
    /// it (the message's JSON writer used to stop the whole run on one, with a crash report and
    /// status 132), and NaN equals NaN, as in Jest.
    @Test func toEqualWithNaNOrInfinityFailsTheTestNotTheRun() throws {
        let root = try Self.project(test: """
        test("nan", function() expect(0/0):toEqual(0/0) end)
        test("inf", function() expect({1, math.huge}):toEqual({1, 2}) end)
        test("minus inf", function() expect(1):toEqual(-math.huge) end)
        test("nan against a number", function() expect({x = 0/0}):toEqual({x = 1}) end)
        """)
        let r = try Self.test(in: root)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(Self.lines(r.stdout) == [
            "✔ tests/grid_test.lua › nan (_ ms)",
            "✘ tests/grid_test.lua › inf (_ ms)",
            "    tests/grid_test.lua:2: expected values to be equal: [2] is inf, expected 2",
            "✘ tests/grid_test.lua › minus inf (_ ms)",
            "    tests/grid_test.lua:3: expected values to be equal: the value is 1, expected -inf",
            "✘ tests/grid_test.lua › nan against a number (_ ms)",
            "    tests/grid_test.lua:4: expected values to be equal: x is nan, expected 1",
            "1 passed, 3 failed",
            "",
        ])
    }

    /// toBeCloseTo writes NaN and the infinities as every message does ("nan", not C's "-nan"),
    /// counts equal infinities as close, and refuses a NaN tolerance.
    @Test func toBeCloseToWithNaNOrInfinityNamesThemAsMessagesDo() throws {
        let root = try Self.project(test: """
        test("nan", function() expect(0/0):toBeCloseTo(1) end)
        test("to nan", function() expect(1):toBeCloseTo(0/0) end)
        test("inf", function() expect(math.huge):toBeCloseTo(math.huge) end)
        test("minus inf", function() expect(-math.huge):toBeCloseTo(math.huge) end)
        test("minus zero", function() expect(-0.0):toBeCloseTo(0) end)
        test("nan tolerance", function() expect(1):toBeCloseTo(1, 0/0) end)
        """)
        let r = try Self.test(in: root)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(Self.lines(r.stdout) == [
            "✘ tests/grid_test.lua › nan (_ ms)",
            "    tests/grid_test.lua:1: expected nan to be within 1e-06 of 1 (off by nan)",
            "✘ tests/grid_test.lua › to nan (_ ms)",
            "    tests/grid_test.lua:2: expected 1 to be within 1e-06 of nan (off by nan)",
            "✔ tests/grid_test.lua › inf (_ ms)",
            "✘ tests/grid_test.lua › minus inf (_ ms)",
            "    tests/grid_test.lua:4: expected -inf to be within 1e-06 of inf (off by inf)",
            "✔ tests/grid_test.lua › minus zero (_ ms)",
            "✘ tests/grid_test.lua › nan tolerance (_ ms)",
            "    tests/grid_test.lua:6: toBeCloseTo: argument #2 (tolerance) must be a non-negative number, got nan",
            "2 passed, 4 failed",
            "",
        ])
    }

    /// A test that fails writes none of its snapshots, new or (with --update) changed: only the
    /// passing tests' snapshots are accepted, so a half-done run never lands in the file.
    @Test func aFailedTestWritesNoneOfItsSnapshotsEvenWithUpdate() throws {
        let source = """
        test("takes then fails", function()
          expect({W, 1}):toMatchSnapshot()
          expect(W):toEqual(1)
        end)
        test("passes", function() expect(W):toMatchSnapshot() end)
        """
        let root = try Self.project(test: "W = 2\n" + source)
        let first = try Self.test(in: root)
        #expect(first.status == 1, "\(first.stderr)")
        #expect(Self.lines(first.stdout) == [
            "✘ tests/grid_test.lua › takes then fails (_ ms)",
            "    tests/grid_test.lua:4: expected values to be equal: the value is 2, expected 1",
            "✔ tests/grid_test.lua › passes (_ ms)",
            "  written: 'passes 1' in tests/__snapshots__/grid_test.lua.snap.json",
            "1 passed, 1 failed, 1 written",
            "",
        ])
        #expect(Self.snapshot(root) == "{\n  \"passes 1\": 2\n}\n")
        // Both pass at W = 1, writing both; at W = 3 --update rewrites only the passing test's.
        try ("W = 1\n" + source).write(to: root.appendingPathComponent("tests/grid_test.lua"), atomically: true, encoding: .utf8)
        #expect(try Self.test(["--update"], in: root).status == 0)
        try ("W = 3\n" + source).write(to: root.appendingPathComponent("tests/grid_test.lua"), atomically: true, encoding: .utf8)
        let update = try Self.test(["--update"], in: root)
        #expect(update.status == 1)
        #expect(Self.lines(update.stdout).suffix(3) == [
            "  updated: 'passes 1' in tests/__snapshots__/grid_test.lua.snap.json",
            "1 passed, 1 failed, 1 updated",
            "",
        ])
        #expect(Self.snapshot(root) == "{\n  \"passes 1\": 3,\n  \"takes then fails 1\": [1, 1]\n}\n")
    }

    /// A folder search goes into each real folder once, so a link back up the tree (or to
    /// itself) neither hangs the run nor runs a test file twice.
    @Test func aLinkBackUpTheTreeIsSearchedOnce() throws {
        let root = try Self.project(test: """
        test("once", function() expect(1):toEqual(1) end)
        """)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("tests/up").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("tests/self").path, withDestinationPath: ".")
        let run = try Self.test(["tests"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.lines(run.stdout) == ["✔ tests/grid_test.lua › once (_ ms)", "1 passed, 0 failed", ""])
        let all = try Self.test([], in: root)
        #expect(Self.lines(all.stdout) == ["✔ tests/grid_test.lua › once (_ ms)", "1 passed, 0 failed", ""])
    }

    /// A folder search skips what pytest and Jest skip: hidden folders, `node_modules`, links to
    /// folders (so a link loop is no loop); a link to a test file is run. A folder named as a
    /// PATH is searched whatever it is.
    @Test func aSearchSkipsHiddenFoldersNodeModulesAndLinksToFolders() throws {
        let root = try Self.project(test: """
        test("once", function() expect(1):toEqual(1) end)
        """)
        let files = FileManager.default
        let never = "test(\"never\", function() expect(1):toEqual(2) end)\n"
        for folder in [".cache", ".build/debug", ".git/hooks", "node_modules/pkg"] {
            try files.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            try never.write(to: root.appendingPathComponent("\(folder)/never_test.lua"), atomically: true, encoding: .utf8)
        }
        try files.createDirectory(at: root.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: root.appendingPathComponent("a/b/loop").path, withDestinationPath: "../../a")
        try files.createSymbolicLink(atPath: root.appendingPathComponent("a/b/shipped").path, withDestinationPath: "../../tests")
        let all = try Self.test([], in: root)
        #expect(all.status == 0, "\(all.stderr)")
        #expect(Self.lines(all.stdout) == ["✔ tests/grid_test.lua › once (_ ms)", "1 passed, 0 failed", ""])
        let linked = try Self.test(["a"], in: root)
        #expect(linked.status == 2)
        #expect(linked.stderr == "Error: no *_test.lua files under a, nor any other .lua file; expected a test file (NAME_test.lua) or a folder of them, as PATH.\n")
        let named = try Self.test(["a/b/shipped", "node_modules"], in: root)
        #expect(Self.lines(named.stdout) == [
            "✔ a/b/shipped/grid_test.lua › once (_ ms)",
            "✘ node_modules/pkg/never_test.lua › never (_ ms)",
            "    node_modules/pkg/never_test.lua:1: expected values to be equal: the value is 1, expected 2",
            "1 passed, 1 failed", "",
        ])
        try files.createSymbolicLink(atPath: root.appendingPathComponent("a/alias_test.lua").path,
                                     withDestinationPath: "../.cache/never_test.lua")
        let alias = try Self.test(["a"], in: root)
        #expect(Self.lines(alias.stdout) == [
            "✘ a/alias_test.lua › never (_ ms)", "    a/alias_test.lua:1: expected values to be equal: the value is 1, expected 2", "0 passed, 1 failed", "",
        ])
    }

    /// Only regular files (and links to them) are tests: a FIFO or a broken link named like a
    /// test is passed over without a word, as a hidden folder is (reading a FIFO would block).
    @Test func aFIFOOrABrokenLinkNamedLikeATestIsPassedOver() throws {
        let root = try Self.project(test: "test(\"once\", function() expect(1):toEqual(1) end)\n")
        #expect(mkfifo(root.appendingPathComponent("tests/pipe_test.lua").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("tests/gone_test.lua").path,
                                                   withDestinationPath: "missing_test.lua")
        let run = try Self.test([], in: root)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(Self.lines(run.stdout) == ["✔ tests/grid_test.lua › once (_ ms)", "1 passed, 0 failed", ""])
    }

    /// A test file, or a module it requires, that this user may not read fails saying so, not
    /// that there is no such file (run as `nobody` under root, who may read anything).
    @Test func anUnreadableTestFileOrModuleSaysPermissionDenied() throws {
        let root = try Self.project(test: "test(\"once\", function() expect(1):toEqual(1) end)\n")
        let tests = root.appendingPathComponent("tests")
        try "local helper = require('helper')\ntest(\"uses\", function() end)\n"
            .write(to: tests.appendingPathComponent("uses_test.lua"), atomically: true, encoding: .utf8)
        try "return {}\n".write(to: tests.appendingPathComponent("helper.lua"), atomically: true, encoding: .utf8)
        #expect(chmod(tests.appendingPathComponent("grid_test.lua").path, 0o000) == 0)
        #expect(chmod(tests.appendingPathComponent("helper.lua").path, 0o000) == 0)
        let run = try runAsUser(["test"], in: root)
        #expect(run.status == 1)
        #expect(Self.lines(run.stdout) == [
            "✘ tests/grid_test.lua",
            "    tests/grid_test.lua: the test file cannot be read (permission denied)",
            "✘ tests/uses_test.lua",
            "    tests/uses_test.lua:1: module 'helper': tests/helper.lua cannot be read (permission denied)",
            "0 passed, 2 failed", "",
        ])
    }

    /// A test's name is one line of the output and a JUnit attribute: a newline or an escape
    /// sequence in it is refused where the test is declared.
    @Test func aTestNameWithAControlCharacterIsRefused() throws {
        let root = try Self.project(test: """
        test("fine", function() end)
        test("two\\nlines", function() end)
        """)
        let run = try Self.test(in: root)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(Self.lines(run.stdout) == [
            "✘ tests/grid_test.lua",
            "    tests/grid_test.lua:2: test: argument #1 (name) must be one line without control characters, got 'two\\10lines'",
            "0 passed, 1 failed",
            "",
        ])
    }

    @Test func aSnapshotOfANonFiniteNumberFailsItsTestAndWritesNothing() throws {
        let root = try Self.project(test: """
        test("nan", function()
          expect({w = 1, sizes = {2, 0/0}}):toMatchSnapshot()
        end)
        test("infinite", function() expect(math.huge):toMatchSnapshot("big") end)
        test("finite", function() expect({1.5}):toMatchSnapshot() end)
        """)
        let run = try Self.test(in: root)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(Self.lines(run.stdout) == [
            "✘ tests/grid_test.lua › nan (_ ms)",
            "    tests/grid_test.lua:2: toMatchSnapshot: the value.sizes[2] is nan; a snapshot is JSON, which has no NaN or infinity",
            "✘ tests/grid_test.lua › infinite (_ ms)",
            "    tests/grid_test.lua:4: toMatchSnapshot: the value is inf; a snapshot is JSON, which has no NaN or infinity",
            "✔ tests/grid_test.lua › finite (_ ms)",
            "  written: 'finite 1' in tests/__snapshots__/grid_test.lua.snap.json",
            "1 passed, 2 failed, 1 written",
            "",
        ])
        #expect(Self.snapshot(root) == """
        {
          "finite 1": [1.5]
        }

        """)
    }

    @Test func tRunGroupsTheDataByAFieldWithSectionBy() throws {
        let root = try Self.project(test: """
        local t = require("tessera")
        test("grouped", function()
          local run = t.run("sectioned", {data = {{id = "a", app = "mail"}, {id = "b", app = "mail"}, {id = "c", app = "maps"}}, sectionBy = "app"})
          expect({run.items[1].section, run.items[2].section, run.items[3].section}):toEqual({0, 0, 1})
          local partial = t.run("flow", {data = {{id = "a"}, {id = "b", app = "mail"}, {id = "c"}}, sectionBy = "app"})
          expect({partial.items[1].section, partial.items[2].section, partial.items[3].section}):toEqual({0, 1, 2})
        end)
        test("missing field", function() t.run("flow", {data = "../items.json", sectionBy = "app"}) end)
        """)
        let run = try Self.test(in: root)
        #expect(Self.lines(run.stdout) == [
            "✔ tests/grid_test.lua › grouped (_ ms)",
            "✘ tests/grid_test.lua › missing field (_ ms)",
            "    tests/grid_test.lua:8: t.run: items.json: expected some item to have the field \"app\" to section by, found no item with it; the items' fields are \"w\", \"h\".",
            "1 passed, 1 failed",
            "",
        ])
    }

    /// A data file's repeated id fails a test as `run` fails without `--duplicates`, naming the
    /// option a test file has; with it the file loads under that policy, as the flag loads it.
    @Test func tRunChoosesADataFilesDuplicatePolicyWithDuplicates() throws {
        let root = try Self.project(test: """
        local t = require("tessera")
        test("rejected", function() t.run("flow", {data = "../dup.json"}) end)
        test("suffixed", function()
          local run = t.run("flow", {data = "../dup.json", duplicates = "suffix"})
          expect({run.items[1].id, run.items[2].id}):toEqual({"a", "a(1)"})
        end)
        test("paired", function() expect(#t.run("flow", {data = "../dup.json", duplicates = "pairInOrder"}).items):toEqual(2) end)
        test("misspelt", function() t.run("flow", {data = "../dup.json", duplicates = "sufix"}) end)
        test("written items", function() t.run("flow", {data = {{id = "a"}}, duplicates = "suffix"}) end)
        """)
        try "{\"items\": [{\"id\": \"a\"},\n  {\"id\": \"a\"}]}".write(to: root.appendingPathComponent("dup.json"), atomically: true, encoding: .utf8)
        let run = try Self.test(in: root)
        #expect(Self.lines(run.stdout) == [
            "✘ tests/grid_test.lua › rejected (_ ms)",
            "    tests/grid_test.lua:2: t.run: dup.json:2:10: items[1].id: expected a unique id (or a duplicate policy: duplicates = \"pairInOrder\" or \"suffix\"), found \"a\" again (first at items[0], line 1).",
            "✔ tests/grid_test.lua › suffixed (_ ms)",
            "✔ tests/grid_test.lua › paired (_ ms)",
            "✘ tests/grid_test.lua › misspelt (_ ms)",
            "    tests/grid_test.lua:8: t.run: field 'duplicates' must be one of reject, pairInOrder, suffix, got 'sufix' (did you mean suffix?)",
            "✘ tests/grid_test.lua › written items (_ ms)",
            "    tests/grid_test.lua:9: t.run: field 'duplicates' applies to a data file only (data = \"file.json\")",
            "2 passed, 3 failed",
            "",
        ])
    }

    @Test func aSnapshotFolderThatLinksOutsideIsRefused() throws {
        let root = try Self.project()
        let elsewhere = try temporaryDirectory()
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("tests/__snapshots__"), withDestinationURL: elsewhere)
        let run = try Self.test(in: root)
        #expect(run.status == 1)
        #expect(Self.lines(run.stdout) == [
            "✘ tests/grid_test.lua",
            "    tests/__snapshots__ is a symbolic link; snapshots are kept only in a real folder beside the test file, never written through a link",
            "0 passed, 1 failed",
            "",
        ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == [])
    }

    @Test func usageErrorsExit2() throws {
        let root = try Self.project()
        let missing = try Self.test(["nothing-here"], in: root)
        #expect(missing.status == 2)
        #expect(missing.stdout == "")   // no test ran: only the error, no summary
        #expect(missing.stderr == "Error: nothing-here: expected a test file or a folder of *_test.lua files, found no such file.\n")
        let device = try Self.test(["/dev/null"], in: root)
        #expect(device.status == 2)
        #expect(device.stderr == "Error: /dev/null: expected a test file or a folder of *_test.lua files, found neither a readable file nor a folder.\n")
        let flag = try Self.test(["--bogus"], in: root)
        #expect(flag.status == 2)
        #expect(flag.stderr == usageErrorText("unknown option '--bogus'", command: "test"))
        #expect(flag.stdout == "")
        // A report whose folder does not exist is a usage error found before any test runs (a CI
        // job learns it at once, and no snapshot is written by a run that cannot report).
        for flag in ["--junit", "--report"] {
            let unwritable = try Self.test([flag, "no/such/folder/out.xml"], in: root)
            #expect(unwritable.status == 2)
            #expect(unwritable.stderr == "Error: cannot write no/such/folder/out.xml: the folder 'no/such/folder' does not exist.\n")
            #expect(unwritable.stdout == "")
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("tests/__snapshots__").path))
        }
        let notAFolder = try Self.test(["--junit", "tests/grid_test.lua/junit.xml"], in: root)
        #expect(notAFolder.status == 2)
        #expect(notAFolder.stderr == "Error: cannot write tests/grid_test.lua/junit.xml: 'tests/grid_test.lua' is not a folder.\n")
        // A report file given no name is a usage error naming its own flag.
        let unnamed = try Self.test(["--report", ""], in: root)
        #expect(unnamed.status == 2)
        #expect(unnamed.stderr == "Error: --report '' is not valid; expected a file name.\n")
        // A report over a folder names the flag that asked for it.
        let folder = try Self.test(["--junit", "tests"], in: root)
        #expect(folder.status == 1)
        #expect(folder.stderr == "Error: cannot write tests: it is a directory, not a regular file; --junit only replaces regular files.\n")
        // A filter no test's name contains would pass a CI job that ran nothing.
        let typo = try Self.test(["--filter", "mirorrs"], in: root)
        #expect(typo.status == 2)
        #expect(typo.stderr == "Error: --filter 'mirorrs' matched no test in 1 test file; expected part of a test's name.\n")
        #expect(typo.stdout == "")
        let empty = try temporaryDirectory()
        let none = try Self.test(["."], in: empty)
        #expect(none.status == 2)
        // It named the folder but not what it looked for, nor where a test could be given.
        #expect(none.stderr == "Error: no *_test.lua files under ., nor any other .lua file; expected a test file (NAME_test.lua) or a folder of them, as PATH.\n")
    }

    /// Every shipped layout script has a test file with snapshots in layouts/tests (which
    /// scripts/test runs with CI set, so a changed frame or a missing snapshot fails there).
    @Test func everyShippedLayoutHasSnapshotTests() throws {
        let layouts = repositoryRoot.appendingPathComponent("layouts")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: layouts.path).filter { $0.hasSuffix(".lua") }.sorted()
        #expect(scripts.count >= 8)
        for script in scripts {
            let name = String(script.dropLast(4))
            let test = try String(contentsOf: layouts.appendingPathComponent("tests/\(name)_test.lua"), encoding: .utf8)
            #expect(test.contains("t.run(\"../\(script)\"") && test.contains(":toMatchSnapshot()"), "\(name)_test.lua")
            let snapshot = layouts.appendingPathComponent("tests/__snapshots__/\(name)_test.lua.snap.json").path
            #expect(FileManager.default.fileExists(atPath: snapshot), "\(snapshot)")
        }
    }
}
