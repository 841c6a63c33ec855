import Dispatch
import Synchronization
import TesseraCore

/// The test files under the paths `tessera test` is given, run in parallel.
package enum LayoutTestSuite {
    /// Test files are named `NAME_test.lua`.
    public static let fileSuffix = "_test.lua"

    /// The test files under `paths`: a file is taken as given (a link to one too); a folder is
    /// searched as `TestFileSearch` says; a pattern that is no path (`'tests/*_test.lua'`,
    /// quoted) stands for the paths it matches, as in a shell. Without repeats, in the order
    /// found, a folder's names sorted.
    /// - Throws: `LayoutTestPathError` for a path that does not exist or is neither a readable
    ///   file nor a folder, a file not named `.lua`, a pattern that matches nothing, or a folder
    ///   that cannot be listed.
    public static func files(under paths: [String]) throws -> [String] {
        var found: [String] = []
        var searched = Set<FileEntry.Identity>()
        let paths = try paths.flatMap { path in
            guard !ScriptFiles.exists(path), PathPattern.isPattern(path) else { return [path] }
            let matched = PathPattern.matches(path)
            if matched.isEmpty {
                throw LayoutTestPathError(path, expected: "a test file, a folder of *\(fileSuffix) files or a pattern that matches some",
                                          found: "a pattern that matches no file")
            }
            return matched
        }
        for path in paths {
            if ScriptFiles.isFolder(path) {
                try TestFileSearch.files.collect(path, suffix: fileSuffix, into: &found, searched: &searched)
            } else if ScriptFiles.isFile(path) {
                // A named file runs as a Lua script: any other (`tessera test /etc/passwd`)
                // would only fail on its first line.
                guard path.lowercased().hasSuffix(".lua") else {
                    throw LayoutTestPathError(path, expected: "a test file (NAME\(fileSuffix)) or a folder of them",
                                              found: "a file that is not a Lua script (its name does not end in .lua)")
                }
                found.append(path)
            } else if ScriptFiles.exists(path) {
                // A device, a FIFO or a socket (`tessera test /dev/zero`) is there but is no test.
                throw LayoutTestPathError(path, expected: "a test file or a folder of *\(fileSuffix) files",
                                          found: "neither a readable file nor a folder")
            } else {
                throw LayoutTestPathError(message: "\(path): " + NearbyFile.missing(path, expected: "a test file or a folder of *\(fileSuffix) files", extensions: ["lua"]) + ".")
            }
        }
        var seen = Set<String>()
        return found.filter { seen.insert(ScriptFiles.standardized($0)).inserted }
    }

    /// The `.lua` files under the folders of `paths`, searched as test files are: what folders
    /// with no test file hold instead (layout scripts, helpers), for the message that says so.
    /// A folder that cannot be listed adds nothing. O(entries under the folders).
    public static func otherScripts(under paths: [String]) -> [String] {
        var found: [String] = []
        var searched = Set<FileEntry.Identity>()
        for path in paths where ScriptFiles.isFolder(path) {
            try? TestFileSearch.files.collect(path, suffix: ".lua", into: &found, searched: &searched)
        }
        return found
    }

    /// Whether `folder` may be searched for tests without being named: it holds a `tests` or
    /// `layouts` folder or a test file of its own (`TestFileSearch.isProject`); nil when it
    /// cannot be listed.
    public static func isProject(_ folder: String) -> Bool? {
        TestFileSearch.files.isProject(folder, suffix: fileSuffix)
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

/// A path given to `tessera test` that is neither a test file nor a folder, said as every
/// command says a file it cannot read: "PATH: expected ..., found ...".
package struct LayoutTestPathError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }

    init(message: String) { self.message = message }

    /// "`path`: expected `kind`, found `found`." (`NearbyFile.missing`'s shape, for a path that is there).
    init(_ path: String, expected kind: String, found: String) {
        message = "\(path): expected \(kind), found \(found)."
    }
}
