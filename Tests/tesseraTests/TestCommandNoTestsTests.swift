import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// A test file that declares no test fails, as Jest's does, and a run that ran no test at all
/// says so: a CI job cannot pass on a helper named like a test file. Under --filter such a file
/// matches no test, as any other; its snapshots are obsolete, as any no test asked for.
@Suite struct TestCommandNoTestsTests {
    static let helper = """
    -- Shared helpers, named like a test file by mistake.
    local M = {}
    function M.square(n) return n * n end
    return M

    """

    static let failure = "tests/helper_test.lua: declares no tests; expected at least one test(name, function() ... end) call"

    /// The scratch project of `TestCommandTests` with tests/helper_test.lua beside its grid test.
    static func project() throws -> URL {
        let root = try TestCommandTests.project()
        try helper.write(to: root.appendingPathComponent("tests/helper_test.lua"), atomically: true, encoding: .utf8)
        return root
    }

    @Test func aFileWithoutTestsIsAFailedFile() throws {
        let root = try Self.project()
        let run = try TestCommandTests.test(in: root)
        #expect(run.status == 1)
        #expect(TestCommandTests.lines(run.stdout) == [
            "✔ tests/grid_test.lua › flow lays out the items (_ ms)",
            "✔ tests/grid_test.lua › the flow has no overlaps and mirrors (_ ms)",
            "  written: 'flow lays out the items 1' in tests/__snapshots__/grid_test.lua.snap.json",
            "✘ tests/helper_test.lua",
            "    " + Self.failure,
            "2 passed, 1 failed, 1 written",
            "",
        ])
        #expect(run.stderr == "")
    }

    /// The file named alone: its failure, a line saying no test ran, exit 1; the JUnit XML and
    /// the report page are still written and well formed.
    @Test func aRunWithNoTestAtAllFailsAndSaysSo() throws {
        let root = try Self.project()
        let run = try TestCommandTests.test(["tests/helper_test.lua", "--junit", "junit.xml", "--report", "report.html"], in: root)
        #expect(run.status == 1)
        #expect(run.stdout == "✘ tests/helper_test.lua\n    \(Self.failure)\nwritten: junit.xml (--junit)\nwritten: report.html (--report)\n0 passed, 1 failed\n")
        #expect(run.stderr == "Error: no test ran in 1 test file; expected at least one test(name, function() ... end) call in a NAME_test.lua file.\n")
        let xml = try TestCommandTests.junit(root)
        #expect(xml == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="tessera test" tests="1" failures="1" time="_">
          <testsuite name="tests/helper_test.lua" tests="1" failures="1" time="_">
            <testcase classname="tests/helper_test.lua" name="(file)" time="_">
              <failure message="\(Self.failure)">\(Self.failure)</failure>
            </testcase>
          </testsuite>
        </testsuites>

        """)
        _ = try XMLDocument(data: Data(xml.utf8))
        let page = try String(contentsOf: root.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!doctype html>") && page.hasSuffix("</html>\n"), "\(page.prefix(80))")
    }

    /// A PATH with no test in it says what it holds: a file that is not Lua is refused before
    /// anything runs (it was run, and failed on its first line); a folder names the other
    /// scripts it holds.
    @Test func aPathWithoutTestsSaysWhatItHolds() throws {
        let root = try temporaryDirectory()
        try "root:x:0:0:root:/root:/bin/sh\n".write(to: root.appendingPathComponent("passwd"), atomically: true, encoding: .utf8)
        let notLua = try TestCommandTests.test(["passwd"], in: root)
        #expect(notLua.status == 2)
        #expect(notLua.stdout == "")
        #expect(notLua.stderr == "Error: passwd: expected a test file (NAME_test.lua) or a folder of them, found a file that is not a Lua script (its name does not end in .lua).\n")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("layouts"), withIntermediateDirectories: true)
        for name in ["mosaic.lua", "grid.lua"] {
            try "return {}\n".write(to: root.appendingPathComponent("layouts/" + name), atomically: true, encoding: .utf8)
        }
        let scripts = try TestCommandTests.test(["layouts"], in: root)
        #expect(scripts.status == 2)
        #expect(scripts.stdout == "")
        #expect(scripts.stderr == "Error: no *_test.lua files under layouts, only 2 other .lua files (layouts/grid.lua, ...); expected a test file (NAME_test.lua) or a folder of them, as PATH.\n")
    }

    /// Two files without tests, one of them empty: each fails, and the line counts both.
    @Test func twoFilesWithoutTests() throws {
        let root = try Self.project()
        try "".write(to: root.appendingPathComponent("tests/empty_test.lua"), atomically: true, encoding: .utf8)
        let run = try TestCommandTests.test(["tests/empty_test.lua", "tests/helper_test.lua"], in: root)
        #expect(run.status == 1)
        #expect(run.stdout == """
            ✘ tests/empty_test.lua
                tests/empty_test.lua: declares no tests; expected at least one test(name, function() ... end) call
            ✘ tests/helper_test.lua
                \(Self.failure)
            0 passed, 2 failed

            """)
        #expect(run.stderr == "Error: no test ran in 2 test files; expected at least one test(name, function() ... end) call in a NAME_test.lua file.\n")
    }

    /// Under --filter a file without tests matches no test, as any other file does: a filter
    /// that matches a test elsewhere passes, and a mistyped one is the usage error (2) that says
    /// the filter matched nothing, not a failure (1) of the file.
    @Test func underAFilterAFileWithoutTestsMatchesNoTest() throws {
        let root = try Self.project()
        let matched = try TestCommandTests.test(["--filter", "mirrors"], in: root)
        #expect(matched.status == 0)
        #expect(TestCommandTests.lines(matched.stdout) == [
            "✔ tests/grid_test.lua › the flow has no overlaps and mirrors (_ ms)",
            "1 passed, 0 failed",
            "",
        ])
        #expect(matched.stderr == "")
        let typo = try TestCommandTests.test(["--filter", "mirorrs"], in: root)
        #expect(typo.status == 2)
        #expect(typo.stdout == "")
        #expect(typo.stderr == "Error: --filter 'mirorrs' matched no test in 2 test files; expected part of a test's name.\n")
        let alone = try TestCommandTests.test(["tests/helper_test.lua", "--filter", "square"], in: root)
        #expect(alone.status == 2)
        #expect(alone.stdout == "")
        #expect(alone.stderr == "Error: --filter 'square' matched no test in 1 test file; expected part of a test's name.\n")
        // Nothing ran, so nothing was written.
        #expect(TestCommandTests.snapshot(root) == nil)
    }

    /// The snapshots of a file whose tests were all left out are obsolete, as any snapshot no
    /// test asked for: reported, but kept by --update (the file fails: tests left out for a
    /// while keep their snapshots). Under a filter, which leaves tests out, they are not
    /// reported.
    @Test func theSnapshotsOfAFileWithoutTestsAreObsolete() throws {
        let root = try Self.project()
        let folder = root.appendingPathComponent("tests/__snapshots__")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try TestCommandTests.snapshotText.write(to: folder.appendingPathComponent("grid_test.lua.snap.json"), atomically: true, encoding: .utf8)
        let helperSnapshots = folder.appendingPathComponent("helper_test.lua.snap.json")
        try "{\n  \"squares 1\": [1, 4, 9],\n  \"squares: big\": [100]\n}\n".write(to: helperSnapshots, atomically: true, encoding: .utf8)
        let run = try TestCommandTests.test(in: root)
        #expect(run.status == 1)
        #expect(TestCommandTests.lines(run.stdout) == [
            "✔ tests/grid_test.lua › flow lays out the items (_ ms)",
            "✔ tests/grid_test.lua › the flow has no overlaps and mirrors (_ ms)",
            "✘ tests/helper_test.lua",
            "    " + Self.failure,
            "  obsolete: 'squares 1' in tests/__snapshots__/helper_test.lua.snap.json",
            "  obsolete: 'squares: big' in tests/__snapshots__/helper_test.lua.snap.json",
            "2 passed, 1 failed, 2 obsolete",
            "",
        ])
        #expect(run.stderr == "")
        #expect(FileManager.default.fileExists(atPath: helperSnapshots.path))
        let filtered = try TestCommandTests.test(["--filter", "flow"], in: root)
        #expect(filtered.status == 0)
        #expect(TestCommandTests.lines(filtered.stdout).suffix(2) == ["2 passed, 0 failed", ""])
        let update = try TestCommandTests.test(["--update"], in: root)
        #expect(update.status == 1)
        #expect(TestCommandTests.lines(update.stdout) == [
            "✔ tests/grid_test.lua › flow lays out the items (_ ms)",
            "✔ tests/grid_test.lua › the flow has no overlaps and mirrors (_ ms)",
            "  unchanged: 1 snapshot in tests/__snapshots__/grid_test.lua.snap.json",
            "✘ tests/helper_test.lua",
            "    " + Self.failure,
            "  obsolete (kept: the file declares no tests): 'squares 1' in tests/__snapshots__/helper_test.lua.snap.json",
            "  obsolete (kept: the file declares no tests): 'squares: big' in tests/__snapshots__/helper_test.lua.snap.json",
            "2 passed, 1 failed, 2 obsolete",
            "",
        ])
        #expect(try String(contentsOf: helperSnapshots, encoding: .utf8) == "{\n  \"squares 1\": [1, 4, 9],\n  \"squares: big\": [100]\n}\n")
        #expect(TestCommandTests.snapshot(root) == TestCommandTests.snapshotText)
        let again = try TestCommandTests.test(["tests/helper_test.lua"], in: root)
        #expect(TestCommandTests.lines(again.stdout) == [
            "✘ tests/helper_test.lua",
            "    " + Self.failure,
            "  obsolete: 'squares 1' in tests/__snapshots__/helper_test.lua.snap.json",
            "  obsolete: 'squares: big' in tests/__snapshots__/helper_test.lua.snap.json",
            "0 passed, 1 failed, 2 obsolete",
            "",
        ])
    }
}
