import Foundation
import TesseraCore

/// Prints `text` to stdout, or writes it to `path` with `writeAtomically`.
func emit(_ text: String, to path: String?) throws {
    guard let path else {
        try StandardStream.output.write(line: text)
        return
    }
    try writeAtomically(Array(text.utf8), to: path)
}

/// `--out FILE`: writes into a temporary file in the target's folder, then renames it over the
/// target, so a failure never leaves a partial file and never touches what was there.
///
/// - Only a regular file is replaced. A FIFO, a device, a socket or a directory at `path` is
///   an error and is left as it was (opening a FIFO or a device would block or write into it).
/// - A symbolic link is followed: its target is replaced atomically (the link stays); a link to
///   nothing is an error.
/// - The replaced file's permission bits are kept; a new file gets 0666 minus the umask.
/// - Temporaries are named `.NAME.tessera-tmp-PID`; ones left by a killed run (whose process is
///   gone) are removed before writing.
func writeAtomically(_ bytes: [UInt8], to path: String) throws {
    guard !path.isEmpty else { throw CLIError("--out needs a file name, got an empty one") }
    func failure(_ reason: String) -> CLIError { CLIError("cannot write \(path): \(reason)") }

    var target = path
    var keptMode: mode_t?
    var info = stat()
    if lstat(path, &info) == 0 {
        if (info.st_mode & S_IFMT) == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                throw failure("it is a symbolic link to a file that does not exist")
            }
            target = String(cString: resolved)
            free(resolved)
            guard stat(target, &info) == 0 else { throw failure(systemReason(errno)) }
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw failure("it is \(fileKind(info.st_mode)), not a regular file; --out only replaces regular files")
        }
        keptMode = info.st_mode & 0o7777
    } else if errno != ENOENT {
        throw failure(systemReason(errno))
    }

    let (folder, name) = splitPath(target)
    if stat(folder, &info) != 0 {
        throw failure(errno == ENOENT ? "the folder '\(folder)' does not exist" : systemReason(errno))
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else { throw failure("'\(folder)' is not a folder") }

    let prefix = ".\(name).tessera-tmp-"
    removeStaleTemporaries(in: folder, prefix: prefix)
    let temp = folder + "/" + prefix + String(getpid())
    unlink(temp)   // our own, from an earlier write in this process
    let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard fd >= 0 else { throw failure(systemReason(errno)) }
    var written = 0
    var error: Int32 = 0
    if let keptMode, fchmod(fd, keptMode) != 0 { error = errno }
    while error == 0 && written < bytes.count {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
        if n < 0 {
            if errno == EINTR { continue }
            error = errno
        } else {
            written += n
        }
    }
    if close(fd) != 0 && error == 0 { error = errno }
    // POSIX rename replaces an existing file atomically (FileManager.replaceItemAt does not on Linux).
    if error == 0 && rename(temp, target) != 0 { error = errno }
    if error != 0 {
        unlink(temp)
        throw failure(systemReason(error))
    }
}

/// The folder ("." for a bare name) and the last component of a path.
private func splitPath(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
}

/// Removes `prefix + PID` files in `folder` whose process no longer exists.
private func removeStaleTemporaries(in folder: String, prefix: String) {
    guard let dir = opendir(folder) else { return }
    defer { closedir(dir) }
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count)), pid > 0 else { continue }
        if kill(pid, 0) != 0 && errno == ESRCH { unlink(folder + "/" + name) }
    }
}

/// The system's reason for an errno, in lower case ("no space left on device").
func systemReason(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
}
