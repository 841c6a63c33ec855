import Foundation
import TesseraCore
import TesseraRender

/// Prints `text` to stdout, or writes it to `path` with `writeAtomically`, as `emit(to:)` does.
func emit(_ text: String, to path: String?) throws {
    try emit(to: path) { $0.append(text) }
}

/// Streams what `body` writes, plus a final newline unless it ends with one, to stdout or to
/// `path` with `writeAtomically`: a file is byte for byte what stdout prints, a text file whose
/// last line ends (a file without one shows as "No newline at end of file" in a diff, and runs
/// into the prompt when printed).
///
/// Renderers ask every layout query that can fail before their first byte, so an error of the
/// layout or a script leaves stdout empty. A failure to write stdout itself (a full disk) ends
/// the command with that error, and a reader that went away (`| head`) ends it quietly; what
/// was written by then stays written, as with any program writing to a pipe. A terminal gets the whole text at once, escaped
/// (`StandardStream.write(line:)`): it is not where a million items go.
func emit(to path: String?, sparing inputs: [InputFile] = [], _ body: (BufferedWriter) throws -> Void) throws {
    func text(_ out: BufferedWriter) throws {
        try body(out)
        if out.lastByte != 0x0A { out.append(0x0A) }
    }
    if let path { return try writeAtomically(to: path, sparing: inputs, text) }
    if StandardStream.output.isTerminal {
        return try StandardStream.output.write(line: try BufferedWriter.text(text))
    }
    let out = BufferedWriter { try StandardStream.output.writeAll($0) }
    try text(out)
    try out.finish()
}

/// `--out FILE`: keeps what a shell's `>` keeps, and never leaves partial output. The text
/// goes into a temporary file in the target's folder as it is written, and that file is
/// renamed over the target at the end, so a failure (of the layout, of the disk) leaves what
/// was there and removes the temporary.
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
///   takes no new files, it is written in place instead: the text is first written whole to an
///   unnamed temporary file (in $TMPDIR, else /tmp), then the space is reserved in the target
///   (`posix_fallocate`), so running out of space leaves the old content, then the text is
///   copied over it and the file cut to its length.
/// - Temporaries are named `.NAME.tessera-tmp-PID`; ones left by a killed run (whose process is
///   gone) are removed before writing.
/// - A file the command reads (`inputs`: its dataset, its script) is refused: the output would
///   replace what it was made from.
/// `flag` is the option that named the file (`--out`, `--junit`), as the messages name it; nil
/// for a file no flag named (a snapshot).
func writeAtomically(_ bytes: [UInt8], to path: String, flag: String? = "--out", sparing inputs: [InputFile] = []) throws {
    try writeAtomically(to: path, flag: flag, sparing: inputs) { $0.append(contentsOf: bytes) }
}

/// What an empty file name given to `flag` is told: by `writeAtomically`, and as a usage error
/// by the commands that take the flag.
func emptyFileNameMessage(_ flag: String) -> String { emptyValueError(flag, expected: "a file name").description }

/// What every command says of an output it cannot write: "cannot write out/a.json: the folder
/// 'out' does not exist.", `target` as the user named it ("to standard output" for a stream) and
/// `reason` the why, one sentence ended with a period as the input files' are.
func cannotWriteMessage(_ target: String, _ reason: String) -> String {
    "cannot write \(target): \(reason)."
}

/// How a refusal to write over what is not a regular file ends.
private func onlyRegularFiles(_ flag: String?) -> String {
    flag.map { "\($0) only replaces regular files" } ?? "only regular files are replaced"
}

/// `writeAtomically` of what `body` writes.
func writeAtomically(to path: String, flag: String? = "--out", sparing inputs: [InputFile] = [],
                     _ body: (BufferedWriter) throws -> Void) throws {
    let (target, existing) = try outputTarget(path, flag: flag, sparing: inputs)
    func failure(_ reason: String) -> CLIError { CLIError(cannotWriteMessage(path, reason)) }
    let (folder, name) = splitPath(target)
    if let old = existing, old.st_nlink > 1 || old.st_uid != geteuid() || old.st_gid != getegid() {
        try writeInPlace(body, to: target, flag: flag, failure)
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
            try writeInPlace(body, to: target, flag: flag, failure)
            return
        }
        if existing != nil {
            throw failure("the folder '\(folder)' takes no new file for the replacement (\(systemReason(code)))")
        }
        throw failure(systemReason(code))
    }
    if let old = existing {
        var made = stat()
        // The permission bits must come across whole (a setgid bit may not, for a group we are not in).
        if fchmod(fd, old.st_mode & 0o7777) != 0 || fstat(fd, &made) != 0 || made.st_mode & 0o7777 != old.st_mode & 0o7777 {
            close(fd)
            unlink(temp)
            try writeInPlace(body, to: target, flag: flag, failure)
            return
        }
    }
    let out = BufferedWriter { chunk in
        let code = writeAll(chunk, to: fd)
        if code != 0 { throw failure(systemReason(code)) }
    }
    do {
        try body(out)
        try out.finish()
    } catch {
        close(fd)
        unlink(temp)
        throw error
    }
    var status: Int32 = 0
    if close(fd) != 0 { status = errno }
    // POSIX rename replaces an existing file atomically (FileManager.replaceItemAt does not on Linux).
    if status == 0 && rename(temp, target) != 0 { status = errno }
    if status != 0 {
        unlink(temp)
        throw failure(systemReason(status))
    }
}

/// The file `writeAtomically` writes for `path` (the end of its links) and its status when it
/// exists, or the error that refuses it: an empty name, what is not a regular file, a file the
/// user may not write, the file stdout or stderr writes to, one of `inputs`, a missing folder.
private func outputTarget(_ path: String, flag: String?, sparing inputs: [InputFile]) throws -> (target: String, existing: stat?) {
    guard !path.isEmpty else { throw CLIError(flag.map(emptyFileNameMessage) ?? "cannot write a file with an empty name.") }
    func failure(_ reason: String) -> CLIError { CLIError(cannotWriteMessage(path, reason)) }
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
                throw failure("it is a symbolic link to \(fileKind(info.st_mode)), not to a regular file; " + onlyRegularFiles(flag))
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
            throw failure("it is \(fileKind(info.st_mode)), not a regular file; " + onlyRegularFiles(flag))
        }
        guard faccessat(AT_FDCWD, target, W_OK, AT_EACCESS) == 0 else {
            throw failure(errno == EACCES ? "you do not have permission to write it (a shell's > would refuse it too)" : systemReason(errno))
        }
        for (stream, fd) in [("standard output", STDOUT_FILENO), ("standard error", STDERR_FILENO)] {
            var open = stat()
            if fstat(fd, &open) == 0, open.st_dev == info.st_dev, open.st_ino == info.st_ino {
                throw failure("it is the file \(stream) already writes to" + (flag == "--out" ? "; leave out --out to print there" : ""))
            }
        }
        if let input = inputs.first(where: { $0.isFile(info) }) {
            throw failure("it is \(input.role), which this command reads; write the output to another file")
        }
        existing = info
    } else if errno != ENOENT && errno != ENOTDIR {
        throw failure(systemReason(errno))
    }
    // A missing folder, or a file where the folder should be, is said by what the folder is.
    if let problem = folderProblem(ofFileAt: target) { throw failure(problem) }
    return (target, existing)
}

/// Refuses an output file `writeAtomically` would refuse, before a command's work: a run of a
/// million items that ends in "it is the --data dataset" has wasted its time. Nothing when
/// `path` is nil (stdout). `writeAtomically` checks again when it writes.
func checkOutput(_ path: String?, flag: String = "--out", sparing inputs: [InputFile]) throws {
    if let path { _ = try outputTarget(path, flag: flag, sparing: inputs) }
}

/// Writes what `body` writes over the regular file at `path`, keeping its inode (owner, links,
/// permission bits): spools the text to an unnamed temporary file, reserves its length in the
/// target, copies it over from the start, then cuts the file to that length. Throws `failure`
/// of the reason, with the file unchanged unless the failure came after the space was
/// reserved (a write error on a disk that had the room); an error of `body` leaves it unchanged.
private func writeInPlace(_ body: (BufferedWriter) throws -> Void, to path: String, flag: String?,
                          _ failure: @escaping (String) -> CLIError) throws {
    let spool = unnamedTemporaryFile()
    guard spool >= 0 else { throw failure("no temporary file to prepare it in (\(systemReason(errno)))") }
    defer { close(spool) }
    let out = BufferedWriter { chunk in
        let code = writeAll(chunk, to: spool)
        if code != 0 { throw failure("cannot prepare it in a temporary file (\(systemReason(code)))") }
    }
    try body(out)
    try out.finish()
    let length = lseek(spool, 0, SEEK_CUR)
    guard length >= 0, lseek(spool, 0, SEEK_SET) == 0 else { throw failure(systemReason(errno)) }

    let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard fd >= 0 else { throw failure(systemReason(errno)) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
        throw failure("it is not a regular file; " + onlyRegularFiles(flag))
    }
    if length > 0 {
        let reserved = posix_fallocate(fd, 0, length)
        // Filesystems without fallocate (EOPNOTSUPP) are written without the reservation.
        if reserved != 0 && reserved != EOPNOTSUPP && reserved != EINVAL {
            throw failure("there is no room to replace it in place (\(systemReason(reserved))); it was left as it was")
        }
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(spool, $0.baseAddress!, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n >= 0 else { throw failure(systemReason(errno)) }
        if n == 0 { break }
        let code = chunk.withUnsafeBytes { writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<n]), to: fd) }
        if code != 0 { throw failure(systemReason(code)) }
    }
    if ftruncate(fd, length) != 0 { throw failure(systemReason(errno)) }
    if fsync(fd) != 0 && errno != EINVAL { throw failure(systemReason(errno)) }
}

/// A new file in $TMPDIR (else /tmp), already unlinked, open for reading and writing; -1 with
/// errno set when none can be made.
private func unnamedTemporaryFile() -> Int32 {
    let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(folder)/.tessera-out-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    if fd >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
    return fd
}

/// Writes all of `bytes` to `fd` from its current position; 0, or the errno of the failure.
private func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32 {
    var written = 0
    while written < bytes.count {
        let n = write(fd, bytes.baseAddress! + written, bytes.count - written)
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        written += n
    }
    return 0
}

/// Why a file cannot be created at `path` because of its folder (missing, or not a folder), or
/// nil: what `writeAtomically` says after "cannot write PATH: ", and what a command can ask before
/// it does work whose result would have nowhere to go.
func folderProblem(ofFileAt path: String) -> String? {
    let folder = splitPath(path).folder
    var info = stat()
    if stat(folder, &info) != 0 { return errno == ENOENT ? "the folder '\(folder)' does not exist" : systemReason(errno) }
    return (info.st_mode & S_IFMT) == S_IFDIR ? nil : "'\(folder)' is not a folder"
}

/// The folder ("." for a bare name) and the last component of a path.
private func splitPath(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
}

/// Removes `prefix + PID` files in `folder` whose process no longer exists.
private func removeStaleTemporaries(in folder: String, prefix: String) {
    for name in folderNames(folder) ?? [] {
        guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count)), pid > 0 else { continue }
        if kill(pid, 0) != 0 && errno == ESRCH { unlink(folder + "/" + name) }
    }
}

/// A file a command reads, named by its role ("the --data dataset"): what `--out` must not replace.
struct InputFile {
    var role: String
    var path: String

    /// The dataset a flag names (`--data`, `--to`): "the --data dataset"; nil for none.
    static func dataset(_ path: String?, flag: String = "--data") -> InputFile? {
        path.map { InputFile(role: "the \(flag) dataset", path: $0) }
    }

    /// A script given by path (`x.lua`); nil for a name (a built-in, a script found by name).
    static func script(_ role: String, _ nameOrPath: String?) -> InputFile? {
        guard let nameOrPath, nameOrPath.hasSuffix(".lua") else { return nil }
        return InputFile(role: role, path: nameOrPath)
    }

    /// Whether `path` is the file `info` describes (the same device and inode, through links).
    func isFile(_ info: stat) -> Bool {
        var mine = stat()
        return stat(path, &mine) == 0 && mine.st_dev == info.st_dev && mine.st_ino == info.st_ino
    }
}
