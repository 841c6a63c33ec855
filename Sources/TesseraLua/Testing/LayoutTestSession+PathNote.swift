import TesseraCore

extension LayoutTestSession {
    /// `message` (a missing file's sentence, ending in a period) with a note before its period
    /// when `name`, a relative path a test gave, names no file from the test's folder but names
    /// one from the working directory, as every command's paths do: "(paths in a test file are
    /// relative to its folder, out/tests: write ../../datasets/x.json)". Else `message` as it
    /// is, also when it already offers a file. O(path length) and two file checks.
    func notingWorkingDirectory(_ message: String, name: String) -> String {
        guard folder != ".", !name.hasPrefix("/"), message.hasSuffix("."), !message.contains("(did you mean"),
              !ScriptFiles.exists(resolve(name)), ScriptFiles.isFile(name) else { return message }
        let written = Self.path(from: folder, to: name)
        return message.dropLast() + " (paths in a test file are relative to its folder, \(folder): write \(written))."
    }

    /// `target` (relative to the working directory) as written from `folder`:
    /// `../../datasets/x.json` from `out/tests` for `datasets/x.json`.
    static func path(from folder: String, to target: String) -> String {
        let from = ScriptFiles.standardized(folder).split(separator: "/")
        let to = ScriptFiles.standardized(target).split(separator: "/")
        let common = zip(from, to).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)).joined(separator: "/")
    }
}
