import Foundation

/// Prints `text` to stdout, or writes it to `path` atomically: into a temporary file in the same
/// folder, then renamed over the target, so a failure never leaves a partial file behind.
func emit(_ text: String, to path: String?) throws {
    guard let path else {
        FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
        return
    }
    let url = URL(fileURLWithPath: path)
    let temp = url.deletingLastPathComponent()
        .appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
    do {
        try Data(text.utf8).write(to: temp)
    } catch {
        try? FileManager.default.removeItem(at: temp)
        throw CLIError("cannot write \(path): \(error.localizedDescription)")
    }
    // POSIX rename replaces an existing file atomically (FileManager.replaceItemAt does not on Linux).
    guard rename(temp.path, url.path) == 0 else {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: temp)
        throw CLIError("cannot write \(path): \(reason)")
    }
}
