import Foundation
import Testing

/// `tessera test` with no PATH searches the working directory only when it looks like a project
/// (a tests/ or layouts/ folder, or a test file of its own): run in /tmp or a home folder it
/// would run, and write snapshots beside, the tests of unrelated checkouts. A PATH, even `.`,
/// always runs.
@Suite struct TestCommandDefaultFolderTests {
    static let test = "test(\"once\", function() expect({1, 2}):toMatchSnapshot() end)\n"

    /// A scratch folder holding `test` at each of `paths` and an empty file at each of `others`.
    static func folder(tests paths: [String], others: [String] = []) throws -> URL {
        let root = try temporaryDirectory()
        for (path, text) in paths.map({ ($0, test) }) + others.map({ ($0, "") }) {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return root
    }

    /// The lines of a passing run of the test at each of `paths`, each writing its snapshot.
    static func passed(_ paths: [String]) -> [String] {
        paths.flatMap { path in
            let folder = (path as NSString).deletingLastPathComponent
            let snapshots = (folder.isEmpty ? "" : folder + "/") + "__snapshots__/" + (path as NSString).lastPathComponent + ".snap.json"
            return ["✔ \(path) › once (_ ms)", "  written: 'once 1' in \(snapshots)"]
        } + ["\(paths.count) passed, 0 failed, \(paths.count) written", ""]
    }

    static func refusal(_ root: URL) -> String {
        "Error: the working directory (\(root.resolvingSymlinksInPath().path)) does not look like a project (it holds no "
            + "tests/ or layouts/ folder and no *_test.lua file), and searching it could run other projects' tests and write "
            + "snapshots beside them; expected a PATH: the tests' folder (`tessera test tests/`), or `tessera test .` to search "
            + "every folder here.\n"
    }

    /// A folder of unrelated checkouts, as /tmp or a home folder is: refused with status 2, and
    /// nothing written; named as `.` (or by a folder in it) it runs.
    @Test func aFolderOfOtherProjectsIsSearchedOnlyWhenNamed() throws {
        let root = try Self.folder(tests: ["app/tests/feed_test.lua", "scratch/grid_test.lua"], others: ["notes.txt"])
        let refused = try TestCommandTests.test(in: root)
        #expect(refused.status == 2)
        #expect(refused.stdout == "")
        #expect(refused.stderr == Self.refusal(root))
        for folder in ["app/tests/__snapshots__", "scratch/__snapshots__"] {
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path))
        }
        let named = try TestCommandTests.test(["app/tests"], in: root)
        #expect(named.status == 0)
        #expect(TestCommandTests.lines(named.stdout) == Self.passed(["app/tests/feed_test.lua"]))
        let dot = try TestCommandTests.test(["."], in: root)
        #expect(dot.status == 0)
        #expect(TestCommandTests.lines(dot.stdout) == [
            "✔ app/tests/feed_test.lua › once (_ ms)",
            "✔ scratch/grid_test.lua › once (_ ms)",
            "  written: 'once 1' in scratch/__snapshots__/grid_test.lua.snap.json",
            "2 passed, 0 failed, 1 written",
            "",
        ])
    }

    /// An empty folder is refused the same way (`tessera test .` says it holds no test files),
    /// as docs/testing.md shows it.
    @Test func anEmptyFolderIsRefusedAsTheDocsShow() throws {
        let root = try temporaryDirectory()
        let run = try TestCommandTests.test(in: root)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == Self.refusal(root))
        let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/testing.md"), encoding: .utf8)
        let shown = run.stderr.replacingOccurrences(of: root.resolvingSymlinksInPath().path, with: "/tmp") + run.stdout
        #expect(docs.contains("```\n" + shown + "```\n"), "docs/testing.md shows another message")
    }

    /// What a project looks like: this repository's shape (scripts in layouts/, their tests in
    /// layouts/tests), the README's (run from the repository root, tests in out/tests), a
    /// project's tests/ folder, a Swift package's Tests/, and a folder of one test file.
    @Test(arguments: [
        (["layouts/tests/grid_test.lua"], ["layouts/grid.lua"]),
        (["out/tests/feed_test.lua"], ["layouts/grid.lua"]),
        (["tests/feed_test.lua", "tests/grid_test.lua"], ["items.json"]),
        (["Tests/LayoutTests/feed_test.lua"], ["Package.swift"]),
        (["feed_test.lua"], []),
    ])
    func aProjectRunsWithoutAPath(tests: [String], others: [String]) throws {
        let root = try Self.folder(tests: tests, others: others)
        let run = try TestCommandTests.test(in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(TestCommandTests.lines(run.stdout) == Self.passed(tests))
    }
}
