import Foundation
import Testing

/// `scripts/bench-compare` refusing what it cannot compare, before minutes of release builds
/// where it can, and leaving no scratch worktree behind. Each test runs the script in a
/// repository of its own: two commits whose package does not build.
@Suite("scripts/bench-compare: revisions it cannot compare")
struct BenchCompareTests {
    /// A repository holding the script, `scripts/setup`, one bench suite's source and a
    /// Package.swift that does not compile, committed twice; and an empty TMPDIR for it.
    struct Repository {
        let root: URL
        let tmp: URL

        init() throws {
            let base = try temporaryDirectory()
            root = base.appendingPathComponent("repo")
            tmp = base.appendingPathComponent("tmp")
            let files = FileManager.default
            try files.createDirectory(at: root.appendingPathComponent("scripts"), withIntermediateDirectories: true)
            try files.createDirectory(at: root.appendingPathComponent("Sources/tessera/Bench"), withIntermediateDirectories: true)
            try files.createDirectory(at: tmp, withIntermediateDirectories: true)
            for script in ["scripts/bench-compare", "scripts/setup"] {
                try files.copyItem(at: repositoryRoot.appendingPathComponent(script), to: root.appendingPathComponent(script))
            }
            try "struct VisibleBench { static let name = \"visible\" }\n"
                .write(to: root.appendingPathComponent("Sources/tessera/Bench/VisibleBench.swift"), atomically: true, encoding: .utf8)
            try "this is not a package manifest\n".write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            try git("init", "-q")
            try git("add", "-A")
            try git("commit", "-q", "-m", "one")
            try "second\n".write(to: root.appendingPathComponent("README"), atomically: true, encoding: .utf8)
            try git("add", "-A")
            try git("commit", "-q", "-m", "two")
        }

        @discardableResult
        func git(_ arguments: String...) throws -> String {
            let outcome = try runTessera(["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments, in: root,
                                         executable: URL(fileURLWithPath: "/usr/bin/env"))
            #expect(outcome.status == 0, "git \(arguments): \(outcome.stderr)")
            return outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func benchCompare(_ arguments: String...) throws -> CLIOutcome {
            try runTessera(["python3", root.appendingPathComponent("scripts/bench-compare").path] + arguments, in: root,
                           timeout: 300, executable: URL(fileURLWithPath: "/usr/bin/env"), environment: ["TMPDIR": tmp.path])
        }

        /// What the run left in its scratch folder, `$TMPDIR/tessera-bench-compare`; nil when it made none.
        var leftovers: [String]? {
            try? FileManager.default.contentsOfDirectory(atPath: tmp.appendingPathComponent("tessera-bench-compare").path)
        }
    }

    @Test func aRevisionThatNamesNoCommit() throws {
        let repo = try Repository()
        let outcome = try repo.benchCompare("no-such-rev")
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "bench-compare: 'no-such-rev' names no commit in \(repo.root.path) (expected a commit, branch or tag, e.g. HEAD~1)\n")
        #expect(repo.leftovers == nil)
    }

    /// HEAD with nothing changed would build the same code twice: said before any build.
    @Test func theWorkingTreesOwnCommitWithNothingChanged() throws {
        let repo = try Repository()
        let head = try repo.git("rev-parse", "HEAD")
        let outcome = try repo.benchCompare("HEAD", "--no-callgrind")
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "bench-compare: HEAD is \(head.prefix(10)), the commit the working tree is at, and the tree has "
            + "no uncommitted changes: both sides would be the same code. Name an earlier commit (HEAD~1, main)\n")
        #expect(repo.leftovers == nil)
    }

    /// A commit whose package does not build: said in a sentence after swift build's output, and
    /// the worktree the run made for it is gone, from the disk and from `git worktree list`.
    @Test func aRevisionThatDoesNotBuild() throws {
        let repo = try Repository()
        let first = try repo.git("rev-parse", "HEAD~1")
        let outcome = try repo.benchCompare("HEAD~1", "--no-callgrind")
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasSuffix("\nbench-compare: HEAD~1 (\(first.prefix(10))) does not build in release (swift build exited "
            + "with 1; its output is above); its scratch worktree is removed\n"), "\(outcome.stderr)")
        #expect(repo.leftovers == [])
        #expect(try repo.git("worktree", "list", "--porcelain").split(separator: "\n").filter { $0.hasPrefix("worktree ") }.count == 1)
    }
}
