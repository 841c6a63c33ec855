import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

/// The state of one test file while it runs: its snapshots as read and as they will be
/// written, and the runs `t.run` returned (kept in Swift, so a snapshot or a check of a run
/// reads the document and the layout result it came from instead of converting the Lua
/// table back).
final class LayoutTestSession {
    let options: LayoutTestOptions
    /// The test file and its folder.
    let path: String
    let folder: String
    /// The snapshot file, as read (empty when there is none).
    let stored: SnapshotFile
    /// Snapshots to write: new ones, and with `update` the ones that differ.
    var pending: [String: JSONValue] = [:]
    /// The names the running test added to `pending`.
    var pendingOfTest: [String] = []
    /// Every snapshot name a test asked for, and the test that asked.
    var asked: [String: String] = [:]
    /// The snapshots that matched what the file holds.
    var matched: Set<String> = []
    /// The running test's name, and its snapshots that did not match.
    var test = ""
    var mismatches: [SnapshotMismatch] = []
    /// The runs of the running test; a run table's handle is its index here.
    var runs: [Run] = []
    /// A table with weak keys: run table -> handle (an integer index into `runs`).
    var runHandles: LuaReference?

    struct Run {
        /// The layout as resolved (before mirroring), what it was given, and the pass.
        let layout: any Layout
        let context: LayoutContext
        let dataset: Dataset
        let rightToLeft: Bool
        let result: any LayoutResult
        let document: JSONValue
    }

    init(options: LayoutTestOptions, path: String, stored: SnapshotFile) {
        self.options = options
        self.path = path
        self.stored = stored
        let folder = ScriptFiles.folder(of: path)
        self.folder = folder.isEmpty ? "." : folder
    }

    /// Starts test `name`: its runs and mismatches start empty.
    func begin(_ name: String) {
        test = name
        runs.removeAll()
        mismatches.removeAll()
        pendingOfTest.removeAll()
    }

    /// Ends the running test: a test that failed writes none of its snapshots, new or updated
    /// (its frames may be those of a half-done run, and nobody has looked at them).
    func end(failed: Bool) {
        if failed { for key in pendingOfTest { pending[key] = nil } }
        pendingOfTest.removeAll()
    }

    /// Checks a snapshot: nil when it matches or was recorded to be written, else the failure.
    func snapshot(_ key: String, _ actual: JSONValue) -> String? {
        // Names are built from test names, so two tests can make the same one ("a" naming its
        // snapshot "b 1", and "a: b"); the second would silently replace the first's.
        if let other = asked[key], other != test {
            return "snapshot '\(key)' is already taken by the test '\(other)' in this file; "
                + "rename this test or its snapshot so each snapshot has one test"
        }
        asked[key] = test
        guard let expected = stored.entries[key] else {
            if options.continuousIntegration && !options.update {
                return "snapshot '\(key)' is missing, and CI is set, so it was not written; "
                    + "run `tessera test \(Self.shellWord(path))` without CI set (or with --update) to write it"
            }
            record(key, actual)
            return nil
        }
        if SnapshotComparison.equal(expected, actual) {
            matched.insert(key)
            return nil
        }
        if options.update {
            record(key, actual)
            return nil
        }
        let difference = RunDifference(old: expected, new: actual)
        var lines: [String]
        if let difference {
            lines = ["snapshot '\(key)' does not match: \(difference.counts)"] + difference.lines().map { "  " + $0 }
        } else {
            // Indices as Lua counts them: this is a value the test built, not a run document.
            let what = SnapshotComparison.describe(expected: expected, actual: actual, indexBase: 1) ?? "it differs"
            lines = ["snapshot '\(key)' does not match: \(what)"]
        }
        lines.append("  (run `tessera test \(Self.shellWord(path)) --update` to accept the new one)")
        let message = lines.joined(separator: "\n")
        mismatches.append(SnapshotMismatch(test: test, file: path, line: nil, key: key, difference: difference, message: message))
        return message
    }

    private func record(_ key: String, _ value: JSONValue) {
        pending[key] = value
        pendingOfTest.append(key)
    }

    /// `path` as a shell reads it back: itself when plain, else in single quotes. The hints
    /// name the test file, since `tessera test --update` alone would update every test under
    /// the working directory.
    static func shellWord(_ path: String) -> String {
        let plain = !path.isEmpty && path.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || "0123456789/._-+,@%=:".unicodeScalars.contains($0) }
        return plain ? path : "'" + path.map { $0 == "'" ? "'\\''" : String($0) }.joined() + "'"
    }

    /// Whether `path` (a dataset or a layout script a test names) lies inside the project.
    func isInsideProject(_ path: String) -> Bool {
        // A missing file is judged by its name (the loader then says it is missing).
        let real = ScriptFiles.realPath(path) ?? ScriptFiles.standardized(path)
        return options.roots.contains { real == $0 || real.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    /// `path` as a test file names it: relative to the test file's folder, with the `..` that
    /// climbs out of it taken out by name (`tests/../layouts/x.lua` is `layouts/x.lua`, as the
    /// messages name it).
    func resolve(_ path: String) -> String {
        ScriptFiles.lexicallyNormalized(path.hasPrefix("/") ? path : LuaHost.join(folder, path))
    }
}
