import Dispatch
import Synchronization
import TesseraCore

/// The test files under the paths `tessera test` is given, run in parallel.
package enum LayoutTestSuite {
    /// Test files are named `NAME_test.lua`.
    public static let fileSuffix = "_test.lua"

    /// The test files under `paths`: a file is taken as given; a folder is searched through
    /// its subfolders (not hidden ones, `.build` or `__snapshots__`); a pattern that is no
    /// path (`'tests/*_test.lua'`, quoted) stands for the paths it matches, as in a shell.
    /// Without repeats, in the order found: a folder's names sorted, folders reached through a
    /// symbolic link after the real ones.
    /// - Throws: `LayoutTestPathError` for a path that does not exist or is neither a readable
    ///   file nor a folder, or a pattern that matches nothing.
    public static func files(under paths: [String]) throws -> [String] {
        var found: [String] = []
        var searched = Set<String>()
        let paths = try paths.flatMap { path in
            guard !ScriptFiles.exists(path), PathPattern.isPattern(path) else { return [path] }
            let matched = PathPattern.matches(path)
            if matched.isEmpty {
                throw LayoutTestPathError(message: "no file matches \(path); expected a test file, a folder of *\(fileSuffix) files or a pattern that matches some")
            }
            return matched
        }
        for path in paths {
            if ScriptFiles.isFolder(path) {
                collect(path, into: &found, searched: &searched)
            } else if ScriptFiles.isFile(path) {
                found.append(path)
            } else if ScriptFiles.exists(path) {
                // A device, a FIFO or a socket (`tessera test /dev/zero`) is there but is no test.
                throw LayoutTestPathError(message: "\(path) is neither a readable file nor a folder; expected a test file or a folder of *\(fileSuffix) files")
            } else {
                throw LayoutTestPathError(message: "\(path) does not exist (or cannot be read); expected a test file or a folder of *\(fileSuffix) files")
            }
        }
        var seen = Set<String>()
        return found.filter { seen.insert(ScriptFiles.standardized($0)).inserted }
    }

    /// Adds the test files under `folder`, each real folder searched once: a symbolic link back
    /// up the tree (`tests/up -> ..`) would otherwise be followed until the path is too long.
    /// Folders reached through a link are searched after every real one, so a folder found both
    /// ways (`layouts/tests` and a link to `layouts` deeper in the tree) is named by its own path.
    private static func collect(_ folder: String, into found: inout [String], searched: inout Set<String>) {
        var linked: [String] = []
        search(folder, into: &found, searched: &searched, linked: &linked)
        while !linked.isEmpty {
            search(linked.removeFirst(), into: &found, searched: &searched, linked: &linked)
        }
    }

    /// Adds the test files of `folder` and its real subfolders; the subfolders that are links
    /// go to `linked`, for later.
    private static func search(_ folder: String, into found: inout [String], searched: inout Set<String>,
                               linked: inout [String]) {
        guard searched.insert(ScriptFiles.realPath(folder) ?? ScriptFiles.standardized(folder)).inserted else { return }
        for name in (ScriptFiles.list(folder) ?? []).sorted() where !name.hasPrefix(".") {
            let path = folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
            if ScriptFiles.isFolder(path) {
                guard name != SnapshotFile.folderName else { continue }
                if ScriptFiles.isSymbolicLink(path) {
                    linked.append(path)
                } else {
                    search(path, into: &found, searched: &searched, linked: &linked)
                }
            } else if name.hasSuffix(fileSuffix) {
                found.append(path)
            }
        }
    }

    /// Runs `files`, at most `workers` at once, each in a fresh Lua state, and hands each
    /// file's result to `report` in the order of `files` as soon as it and every file before
    /// it are done (so output is stable however the files are scheduled).
    public static func run(_ files: [String], options: LayoutTestOptions, workers: Int,
                           report: @escaping @Sendable (LayoutTestFileResult) -> Void) {
        let state = Mutex(ReportState(results: Array(repeating: nil, count: files.count)))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, files.count))) { _ in
            while true {
                let k = next.add(1, ordering: .relaxed).oldValue
                guard k < files.count else { return }
                let result = LayoutTestFile.run(path: files[k], options: options)
                // Report in order; the reporting thread holds the lock so lines never interleave.
                state.withLock { state in
                    state.results[k] = result
                    while state.reported < files.count, let ready = state.results[state.reported] {
                        report(ready)
                        state.results[state.reported] = nil
                        state.reported += 1
                    }
                }
            }
        }
    }

    private struct ReportState {
        var results: [LayoutTestFileResult?]
        var reported = 0
    }
}

/// A path given to `tessera test` that is neither a test file nor a folder.
package struct LayoutTestPathError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
