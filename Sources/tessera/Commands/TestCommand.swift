import ArgumentParser
import Foundation
import TesseraCore
import TesseraLua
import TesseraRender

/// `tessera test [PATH...] [--update] [--filter TEXT] [--junit FILE] [--report FILE.html]`:
/// runs the layout tests (`*_test.lua`) under each PATH, files in parallel, and prints one line
/// per test, the failures, the snapshots written, updated and obsolete, the files `--junit` and
/// `--report` wrote, then `N passed, M failed`
/// alone on the last line. Exit status 1 when a test failed, 2 for a usage error, which prints
/// only its message (stderr): no test ran, so there is no summary to give.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run layout tests (*_test.lua) and compare their snapshots.")

    /// The exit status of a usage error (bad flags, a PATH that does not exist).
    static let usageErrorStatus: Int32 = 2

    @Argument(help: "Test files, or folders searched for *_test.lua files. The search skips hidden folders, node_modules, links to folders, other file systems and anything but regular files; a folder named here is always searched. (default: the working directory, when it holds a tests/ or layouts/ folder or a *_test.lua file)")
    var paths: [String] = []

    @Flag(help: "Rewrite the snapshots that differ and remove the obsolete ones.")
    var update = false

    @Option(help: ArgumentHelp("Run only the tests whose name contains TEXT.", valueName: "TEXT"))
    var filter: String?

    @Option(help: ArgumentHelp("Write the results as JUnit XML to FILE (atomically).", valueName: "FILE"))
    var junit: String?

    @Option(help: ArgumentHelp("Write a page to FILE.html (atomically) showing each failed snapshot's old and new frames overlaid, and every other failure's message.",
                               valueName: "FILE.html"))
    var report: String?

    @OptionGroup var limits: ScriptLimitFlags

    func run() throws {
        for case let (flag, file?) in [("--junit", junit), ("--report", report)] {
            if file.isEmpty { throw usageError(emptyFileNameMessage(flag)) }
            // Asked before any test runs: a long run must not end in a report with nowhere to go.
            if let problem = folderProblem(ofFileAt: file) { throw usageError(cannotWriteMessage(file, problem)) }
        }
        if let empty = paths.first(where: namesNothing) {
            throw usageError(emptyValueError("<paths>", empty, expected: "a test file or folder name").description)
        }
        // Without a PATH only a folder that looks like a project is searched: in /tmp or a home
        // folder the search would run (and write snapshots beside) other checkouts' tests.
        if self.paths.isEmpty, LayoutTestSuite.isProject(".") == false {
            throw usageError("the working directory (\(FileManager.default.currentDirectoryPath)) does not look like a project "
                             + "(it holds no tests/ or layouts/ folder and no *_test.lua file), and searching it could run other "
                             + "projects' tests and write snapshots beside them; expected a PATH: the tests' folder "
                             + "(`tessera test tests/`), or `tessera test .` to search every folder here")
        }
        let paths = self.paths.isEmpty ? ["."] : self.paths
        let files: [String]
        do { files = try LayoutTestSuite.files(under: paths) } catch {
            throw usageError("\(error)")
        }
        guard !files.isEmpty else {
            // Every PATH is a folder here: say what it holds instead, as a layouts/ folder named
            // for tests/ holds scripts that are not tests.
            let scripts = LayoutTestSuite.otherScripts(under: paths)
            let found = scripts.isEmpty ? ", nor any other .lua file"
                : ", only \(NumberText.counted(scripts.count, "other .lua file")) (\(scripts[0])\(scripts.count > 1 ? ", ..." : ""))"
            throw usageError("no *_test.lua files under \(paths.joined(separator: ", "))\(found); expected a test file (NAME_test.lua) or a folder of them, as PATH")
        }
        // Tests read datasets and scripts only inside the working directory and the PATHs.
        var roots = [FileManager.default.currentDirectoryPath]
        for path in paths {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            roots.append(isFolder.boolValue ? path : (path as NSString).deletingLastPathComponent)
        }
        roots = roots.compactMap { path in
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        }
        roots = roots.reduce(into: []) { unique, root in if !unique.contains(root) { unique.append(root) } }

        let ci = ProcessInfo.processInfo.environment["CI"].map { !["", "0", "false"].contains($0.lowercased()) } ?? false
        let options = Self.options(limits: limits.options.scriptLimits, update: update, continuousIntegration: ci,
                                   filter: filter, roots: roots)

        let collected = TestResults()
        LayoutTestSuite.run(files, options: options, workers: ProcessInfo.processInfo.activeProcessorCount) { file in
            for line in TestCommand.lines(for: file, update: options.update) { printLine(line) }
            collected.files.append(file)
        }
        let results = collected.files
        let tests = results.flatMap(\.tests)
        // The summary stays the last line of stdout even when a report cannot be written.
        var writeFailure: Error?
        var written: [String] = []
        let testFiles = files.map { InputFile(role: "a test file", path: $0) }
        do {
            if let junit {
                try writeAtomically(Array(JUnitReport(files: results).xml().utf8), to: junit, flag: "--junit", sparing: testFiles)
                written.append(Self.writtenLine(junit, flag: "--junit"))
            }
            if let report {
                try writeAtomically(Array(SnapshotReportPage(files: results).html().utf8), to: report, flag: "--report", sparing: testFiles)
                written.append(Self.writtenLine(report, flag: "--report"))
            }
        } catch {
            writeFailure = error
        }
        // A mistyped filter must not pass a CI job by running nothing.
        if let filter, tests.isEmpty {
            throw usageError("--filter \(quotedArgument(filter)) matched no test in \(NumberText.counted(files.count, "test file")); expected part of a test's name")
        }
        // Every file failed before running a test (none declares one, or none loads): said
        // apart from the per-file lines, as a run that tested nothing.
        if filter == nil, tests.allSatisfy(\.isFileFailure) {
            reportError("Error: no test ran in \(NumberText.counted(files.count, "test file")); expected at least one "
                        + "test(name, function() ... end) call in a NAME_test.lua file.")
        }
        for line in written { printLine(line) }
        let failed = tests.filter { !$0.passed }.count
        printLine(Self.summary(passed: tests.count - failed, failed: failed, written: results.reduce(0) { $0 + $1.written.count },
                               updated: results.reduce(0) { $0 + $1.updated.count },
                               obsolete: results.reduce(0) { $0 + $1.obsolete.count }))
        if let writeFailure { throw writeFailure }
        if failed > 0 { throw ExitCode.failure }
    }

    /// "written: out/report.html (--report)": a file a flag named was written, as the
    /// snapshots written are said (`written: '...' in FILE`).
    static func writtenLine(_ path: String, flag: String) -> String { "written: \(path) (\(flag))" }

    /// The last line: `N passed, M failed`, with `, K written`, `, U updated` and `, J obsolete`
    /// when not 0.
    static func summary(passed: Int, failed: Int, written: Int = 0, updated: Int = 0, obsolete: Int = 0) -> String {
        let n = NumberText.grouped
        var summary = "\(n(passed)) passed, \(n(failed)) failed"
        if written > 0 { summary += ", \(n(written)) written" }
        if updated > 0 { summary += ", \(n(updated)) updated" }
        if obsolete > 0 { summary += ", \(n(obsolete)) obsolete" }
        return summary
    }

    /// How the CLI runs test files: `t.run` returns `run --format json`'s document, snapshot
    /// files are written as `--out` writes (`writeAtomically`).
    static func options(limits: ScriptLimits, update: Bool, continuousIntegration: Bool, filter: String?,
                        roots: [String]) -> LayoutTestOptions {
        LayoutTestOptions(
            limits: limits, update: update, continuousIntegration: continuousIntegration, filter: filter, roots: roots,
            document: { run in
                try RunReport(run: LayoutRun(layoutName: run.layoutName, dataset: run.dataset, viewport: run.viewport,
                                             result: run.result, milliseconds: 0), viewport: run.visible).document()
            },
            write: { path, bytes in try writeAtomically(bytes, to: path, flag: nil) },
            limitHint: LimitHint.hint(for:))
    }

    /// The lines printed for one test file: a line per test (its failure indented below it),
    /// then what happened to its snapshots, as Jest and insta say it: each one written new, each
    /// one updated (`--update`), how many were left unchanged (with `--update`, which otherwise
    /// leaves a user wondering whether it touched the file), and the obsolete ones.
    static func lines(for file: LayoutTestFileResult, update: Bool) -> [String] {
        var lines: [String] = []
        for test in file.tests {
            let mark = test.passed ? "✔" : "✘"
            if test.isFileFailure {
                lines.append("\(mark) \(file.path)")
            } else {
                // A test its time limit stopped shows the CPU time the limit counts, not the wall time.
                let time = test.cpuMilliseconds.map { "\(Int($0.rounded())) ms of CPU time" } ?? "\(Int(test.milliseconds.rounded())) ms"
                lines.append("\(mark) \(file.path) › \(test.name) (\(time))")
            }
            if let failure = test.failure {
                lines += failure.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
            }
        }
        for key in file.written { lines.append("  written: '\(key)' in \(file.snapshotPath)") }
        for key in file.updated { lines.append("  updated: '\(key)' in \(file.snapshotPath)") }
        if update && file.unchanged > 0 {
            lines.append("  unchanged: \(NumberText.counted(file.unchanged, "snapshot")) in \(file.snapshotPath)")
        }
        let fate = !update ? "" : file.obsoleteKept ? " (kept: the file declares no tests)" : " (removed)"
        for key in file.obsolete { lines.append("  obsolete\(fate): '\(key)' in \(file.snapshotPath)") }
        if !update, let hint = LayoutTestFile.obsoleteHint(for: file) { lines.append("    " + hint) }
        return lines
    }

    private func usageError(_ message: String) -> Error {
        reportError("Error: \(endingSentence(message))")
        return ExitCode(TestCommand.usageErrorStatus)
    }
}

/// The file results as they are reported (one at a time, under the suite's lock).
private final class TestResults: @unchecked Sendable {
    var files: [LayoutTestFileResult] = []
}
