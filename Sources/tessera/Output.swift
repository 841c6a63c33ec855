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

/// `--out FILE`: keeps what a shell's `>` keeps, and never leaves partial output. The whole text
/// is ready before anything is touched; it goes into a temporary file in the target's folder
/// that is then renamed over the target, so a failure leaves what was there.
///
/// - Only a regular file is replaced. A FIFO, a device, a socket or a directory at `path` (or at
///   the end of its links) is an error and is left as it was (opening a FIFO or a device would
///   block or write into it).
/// - A symbolic link is followed: its target is replaced (the link stays); a link to nothing, a
///   link loop and a link that cannot be resolved to a path (`/proc/self/fd/1` on a pipe) are
///   errors that say so.
/// - A file the user may not write is refused, as `>` refuses it (even though the rename would
///   only need the folder's permission).
/// - A rename would give the file a new inode: the user's ownership, permission bits from
///   0666 minus the umask, and a single link. When the replaced file's owner or group differ,
///   it has other hard links, or its permission bits cannot be carried over, or the folder
///   takes no new files, it is written in place instead: the space is reserved first
///   (`posix_fallocate`), so running out of space leaves the old content, then the text is
///   written over it and the file cut to its length.
/// - Temporaries are named `.NAME.tessera-tmp-PID`; ones left by a killed run (whose process is
///   gone) are removed before writing.
func writeAtomically(_ bytes: [UInt8], to path: String) throws {
    guard !path.isEmpty else { throw CLIError("--out needs a file name, got an empty one") }
    func failure(_ reason: String) -> CLIError { CLIError("cannot write \(path): \(reason)") }

    var target = path
    var existing: stat?
    var info = stat()
    if lstat(path, &info) == 0 {
        if (info.st_mode & S_IFMT) == S_IFLNK {
            // Follow the links first: what they end at decides the message.
            guard stat(path, &info) == 0 else {
                switch errno {
                case ENOENT: throw failure("it is a symbolic link to a file that does not exist")
                case ELOOP: throw failure("it is a symbolic link loop (or a chain of more than 40 links)")
                default: throw failure(systemReason(errno))
                }
            }
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                throw failure("it is a symbolic link to \(fileKind(info.st_mode)), not to a regular file; --out only replaces regular files")
            }
            guard let resolved = realpath(path, nil) else {
                throw failure("it is a symbolic link that does not resolve to a file name (\(systemReason(errno)))")
            }
            target = String(cString: resolved)
            free(resolved)
            guard stat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                throw failure("it is a symbolic link that does not resolve to a file name")
            }
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw failure("it is \(fileKind(info.st_mode)), not a regular file; --out only replaces regular files")
        }
        guard faccessat(AT_FDCWD, target, W_OK, AT_EACCESS) == 0 else {
            throw failure(errno == EACCES ? "you do not have permission to write it (a shell's > would refuse it too)" : systemReason(errno))
        }
        for (stream, fd) in [("standard output", STDOUT_FILENO), ("standard error", STDERR_FILENO)] {
            var open = stat()
            if fstat(fd, &open) == 0, open.st_dev == info.st_dev, open.st_ino == info.st_ino {
                throw failure("it is the file \(stream) already writes to; leave out --out to print there")
            }
        }
        existing = info
    } else if errno != ENOENT {
        throw failure(systemReason(errno))
    }

    let (folder, name) = splitPath(target)
    if stat(folder, &info) != 0 {
        throw failure(errno == ENOENT ? "the folder '\(folder)' does not exist" : systemReason(errno))
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else { throw failure("'\(folder)' is not a folder") }

    if let old = existing, old.st_nlink > 1 || old.st_uid != geteuid() || old.st_gid != getegid() {
        if let reason = writeInPlace(bytes, to: target) { throw failure(reason) }
        return
    }
    let prefix = ".\(name).tessera-tmp-"
    removeStaleTemporaries(in: folder, prefix: prefix)
    let temp = folder + "/" + prefix + String(getpid())
    unlink(temp)   // our own, from an earlier write in this process
    let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard fd >= 0 else {
        let code = errno
        // A folder that takes no new files but a file the user may write: `>` would write it.
        if existing != nil && (code == EACCES || code == EPERM) {
            if let reason = writeInPlace(bytes, to: target) { throw failure(reason) }
            return
        }
        if existing != nil {
            throw failure("the folder '\(folder)' takes no new file for the replacement (\(systemReason(code)))")
        }
        throw failure(systemReason(code))
    }
    var error: Int32 = 0
    if let old = existing {
        var made = stat()
        // The permission bits must come across whole (a setgid bit may not, for a group we are not in).
        if fchmod(fd, old.st_mode & 0o7777) != 0 || fstat(fd, &made) != 0 || made.st_mode & 0o7777 != old.st_mode & 0o7777 {
            close(fd)
            unlink(temp)
            if let reason = writeInPlace(bytes, to: target) { throw failure(reason) }
            return
        }
    }
    error = writeAll(bytes, to: fd)
    if close(fd) != 0 && error == 0 { error = errno }
    // POSIX rename replaces an existing file atomically (FileManager.replaceItemAt does not on Linux).
    if error == 0 && rename(temp, target) != 0 { error = errno }
    if error != 0 {
        unlink(temp)
        throw failure(systemReason(error))
    }
}

/// Writes `bytes` over the regular file at `path`, keeping its inode (owner, links, permission
/// bits): reserves the space, writes from the start, then cuts the file to the new length.
/// Returns why it could not, with the file unchanged unless the failure came after the space
/// was reserved (a write error on a disk that had the room).
private func writeInPlace(_ bytes: [UInt8], to path: String) -> String? {
    let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard fd >= 0 else { return systemReason(errno) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
        return "it is not a regular file; --out only replaces regular files"
    }
    if !bytes.isEmpty {
        let reserved = posix_fallocate(fd, 0, off_t(bytes.count))
        // Filesystems without fallocate (EOPNOTSUPP) are written without the reservation.
        if reserved != 0 && reserved != EOPNOTSUPP && reserved != EINVAL {
            return "there is no room to replace it in place (\(systemReason(reserved))); it was left as it was"
        }
    }
    let error = writeAll(bytes, to: fd)
    if error != 0 { return systemReason(error) }
    if ftruncate(fd, off_t(bytes.count)) != 0 { return systemReason(errno) }
    if fsync(fd) != 0 && errno != EINVAL { return systemReason(errno) }
    return nil
}

/// Writes all of `bytes` to `fd` from its current position; 0, or the errno of the failure.
private func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32 {
    var written = 0
    while written < bytes.count {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        written += n
    }
    return 0
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
