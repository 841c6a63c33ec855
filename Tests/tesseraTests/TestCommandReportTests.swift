import Foundation
import Testing

/// `tessera test --report` as a CI job keeps it: besides the snapshots that moved, the page lists
/// every test that failed otherwise (a failed expectation, a snapshot missing in CI, a file that
/// does not load), so the page of a red job never says only "No snapshot failed". And the
/// obsolete snapshots name the command that removes them.
@Suite struct TestCommandReportTests {
    /// The JSON in the page's `<script id="ID">` element.
    static func pageData(_ page: String, id: String) throws -> Any {
        let start = try #require(page.range(of: "<script id=\"\(id)\" type=\"application/json\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        return try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8))
    }

    @Test func theReportListsTheTestsThatFailedWithoutASnapshotMismatch() throws {
        let root = try TestCommandTests.project()
        #expect(try TestCommandTests.test(in: root).status == 0)
        // The snapshot moves (spacing), an expectation fails (the height), a new test's snapshot
        // is missing under CI, and a file does not load.
        try TestCommandTests.gridTest.replacingOccurrences(of: "spacing = 8", with: "spacing = 12")
            .replacingOccurrences(of: "toBeCloseTo(210, 0.5)", with: "toBeCloseTo(300, 0.5)")
            .write(to: root.appendingPathComponent("tests/grid_test.lua"), atomically: true, encoding: .utf8)
        try """
        local t = require("tessera")
        test("a new feed", function()
          expect(t.run("flow", {data = "../items.json"})):toMatchSnapshot()
        end)

        """.write(to: root.appendingPathComponent("tests/new_test.lua"), atomically: true, encoding: .utf8)
        try "test(\"x\", function() end\n".write(to: root.appendingPathComponent("tests/broken_test.lua"), atomically: true, encoding: .utf8)

        let run = try TestCommandTests.test(["--report", "report.html"], in: root, ci: "true")
        #expect(run.status == 1)
        #expect(TestCommandTests.lines(run.stdout).last(where: { !$0.isEmpty }) == "0 passed, 4 failed")
        let page = try String(contentsOf: root.appendingPathComponent("report.html"), encoding: .utf8)
        let snapshots = try #require(try Self.pageData(page, id: "report-data") as? [[String: Any]])
        #expect(snapshots.map { $0["test"] as? String } == ["flow lays out the items"])
        let others = try #require(try Self.pageData(page, id: "report-others") as? [[String: Any]])
        #expect(others.count == 3)
        #expect(others.map { $0["test"] as? String } == [nil, "the flow has no overlaps and mirrors", "a new feed"])
        #expect(others.map { $0["where"] as? String } == ["tests/broken_test.lua", "tests/grid_test.lua", "tests/new_test.lua"])
        #expect(others.map { $0["message"] as? String } == [
            "tests/broken_test.lua:2: ')' expected (to close '(' at line 1) near <eof>",
            "tests/grid_test.lua:14: expected 210 to be within 0.5 of 300 (off by 90)",
            "tests/new_test.lua:3: snapshot 'a new feed 1' is missing, and CI is set, so it was not written; "
                + "run `tessera test tests/new_test.lua` without CI set (or with --update) to write it",
        ])
        #expect(others[0]["test"] is NSNull)
    }

    @Test func aPassingRunsReportListsNothing() throws {
        let root = try TestCommandTests.project()
        #expect(try TestCommandTests.test(["--report", "report.html"], in: root).status == 0)
        let page = try String(contentsOf: root.appendingPathComponent("report.html"), encoding: .utf8)
        #expect((try Self.pageData(page, id: "report-data") as? [Any])?.isEmpty == true)
        #expect((try Self.pageData(page, id: "report-others") as? [Any])?.isEmpty == true)
    }

    /// Several obsolete snapshots of a file: one line each, then one hint, in CI too, where they
    /// do not fail the run.
    @Test func obsoleteSnapshotsNameTheCommandThatRemovesThem() throws {
        let root = try TestCommandTests.project()
        let folder = root.appendingPathComponent("tests/__snapshots__")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stale = TestCommandTests.snapshotText.replacingOccurrences(
            of: "{\n  \"flow lays out the items 1\"", with: "{\n  \"a gone test 1\": [1],\n  \"a gone test 2\": [2],\n  \"flow lays out the items 1\"")
        try stale.write(to: folder.appendingPathComponent("grid_test.lua.snap.json"), atomically: true, encoding: .utf8)
        let run = try TestCommandTests.test(in: root, ci: "true")
        #expect(run.status == 0)
        #expect(TestCommandTests.lines(run.stdout) == [
            "✔ tests/grid_test.lua › flow lays out the items (_ ms)",
            "✔ tests/grid_test.lua › the flow has no overlaps and mirrors (_ ms)",
            "  obsolete: 'a gone test 1' in tests/__snapshots__/grid_test.lua.snap.json",
            "  obsolete: 'a gone test 2' in tests/__snapshots__/grid_test.lua.snap.json",
            "    (run `tessera test tests/grid_test.lua --update` to remove them)",
            "2 passed, 0 failed, 2 obsolete",
            "",
        ])
        let update = try TestCommandTests.test(["tests/grid_test.lua", "--update"], in: root)
        #expect(TestCommandTests.lines(update.stdout).suffix(4) == [
            "  obsolete (removed): 'a gone test 1' in tests/__snapshots__/grid_test.lua.snap.json",
            "  obsolete (removed): 'a gone test 2' in tests/__snapshots__/grid_test.lua.snap.json",
            "2 passed, 0 failed, 2 obsolete",
            "",
        ])
        #expect(TestCommandTests.snapshot(root) == TestCommandTests.snapshotText)
    }
}
