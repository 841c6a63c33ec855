#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TesseraCore

/// Every file-system read of the Lua side, in the C library only (no Foundation), and the
/// shipped scripts as a folder that lives in the library itself: `<tessera>/layouts` and
/// `<tessera>/animators` hold the `layouts/` and `animators/` of the repository
/// (`ShippedScripts`), so a program built against TesseraLua finds `waterfall` or `fade` by
/// name with no checkout. Real paths are never under `<tessera>/` (they would be relative
/// paths in a folder named `<tessera>`, which this prefix shadows).
@usableFromInline enum ScriptFiles {
    static let shippedRoot = "<tessera>"
    static let shippedLayouts = shippedRoot + "/layouts"

    private static func shipped(_ path: String) -> String?? {
        guard path.hasPrefix(shippedRoot + "/") || path == shippedRoot else { return .none }
        return .some(ShippedScripts.files[String(path.dropFirst(shippedRoot.count + 1))])
    }

    /// The bytes of the file at `path`, at most its first `limit`, or nil when it cannot be
    /// read. O(min(file size, limit)).
    static func read(_ path: String, limit: Int = .max) -> [UInt8]? {
        if case .some(let source) = shipped(path) { return source.map { Array($0.utf8.prefix(limit)) } }
        // Opened without waiting, and judged by what was opened rather than by a look at the
        // path first: a file swapped for a FIFO between the look and the open would block the
        // open (and the run) until some writer came.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, let file = fdopen(fd, "rb") else {
            close(fd)
            return nil
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: min(65_536, max(limit, 1)))
        while bytes.count < limit {
            let wanted = min(buffer.count, limit - bytes.count)
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, wanted, file) }
            if n > 0 { bytes.append(contentsOf: buffer[0..<n]) }
            if n < wanted { return ferror(file) == 0 ? bytes : nil }
        }
        return bytes
    }

    /// The largest Lua source file read (a script, a module it requires, a test file): 16 MiB.
    /// The shipped scripts are a few KB and a long hand-written one a few hundred; a source far
    /// past that is generated data, and compiling it takes several times its size again (the
    /// host also keeps its text for messages), so a multi-GB file would fill memory before Lua
    /// saw its first line. Data belongs in a dataset, which has its own limit.
    static let maxSourceBytes = 16 << 20

    /// The bytes of the Lua source file at `path`, or nil when it cannot be read or is larger
    /// than `maxSourceBytes` (`readFailure` says which): its size is looked at before it is
    /// read, and at most one byte past the limit is read, so a file that grows while it is read
    /// cannot pass either. O(min(file size, limit)).
    static func readSource(_ path: String) -> [UInt8]? {
        guard tooLarge(path) == nil, let bytes = read(path, limit: maxSourceBytes + 1),
              bytes.count <= maxSourceBytes else { return nil }
        return bytes
    }

    /// "expected a Lua source file of at most 16 MB, found 20 MB" for a regular file at `path`
    /// larger than `maxSourceBytes`, else nil. O(1) system calls.
    static func tooLarge(_ path: String) -> String? {
        var info = stat()
        guard shipped(path) == nil, stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return tooLarge(size: Int(info.st_size))
    }

    /// "expected a Lua source file of at most 16 MB, found 20 MB" for a source of `size` bytes
    /// larger than `maxSourceBytes`, else nil.
    static func tooLarge(size: Int) -> String? {
        size > maxSourceBytes ? tooLarge(found: LuaHost.formatBytes(size)) : nil
    }

    private static func tooLarge(found: String) -> String {
        "expected a Lua source file of at most \(LuaHost.formatBytes(maxSourceBytes)), found \(found)"
    }

    /// Why `read(path)` or `readSource(path)` found nothing: the C library's reason mid-sentence
    /// ("permission denied", "no such file or directory"), "expected a regular file, found a
    /// FIFO (named pipe)" as the dataset reader words it, or the source size limit passed.
    /// Asked after a read failed, so it looks again: O(1) system calls (and a read of at most
    /// the limit when the file is no larger than it now), and "the read failed" when the
    /// second look finds nothing wrong.
    static func readFailure(_ path: String) -> String {
        if case .some = shipped(path) { return systemReason(ENOENT) }
        if let problem = notARegularFile(path) { return problem }
        if let problem = tooLarge(path) { return problem }
        var info = stat()
        guard stat(path, &info) == 0, access(path, R_OK) == 0 else { return systemReason(errno) }
        if let bytes = read(path, limit: maxSourceBytes + 1), bytes.count > maxSourceBytes {
            return tooLarge(found: "more than that (it grew while it was read)")
        }
        // Root passes `access`, yet a file can still refuse it (a write-only kernel file).
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return systemReason(errno) }
        close(fd)
        return "the read failed"
    }

    /// Whether `path` is a regular file this process may read.
    static func isFile(_ path: String) -> Bool {
        if case .some(let source) = shipped(path) { return source != nil }
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, R_OK) == 0
    }

    /// Whether `path` names a shipped script's place (`<tessera>/...`), which no file system holds.
    static func isShipped(_ path: String) -> Bool { shipped(path) != nil }

    static func exists(_ path: String) -> Bool {
        if case .some(let source) = shipped(path) { return source != nil || isFolder(path) }
        var info = stat()
        return stat(path, &info) == 0
    }

    static func isFolder(_ path: String) -> Bool {
        if shipped(path) != nil {
            let prefix = path == shippedRoot ? "" : String(path.dropFirst(shippedRoot.count + 1)) + "/"
            return ShippedScripts.files.keys.contains { $0.hasPrefix(prefix) }
        }
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// What `path` is, the link itself unless `followingLinks`, or nil when it cannot be
    /// looked at (it does not exist). A shipped path is a folder or a file of no file system.
    static func entry(_ path: String, followingLinks: Bool) -> FileEntry? {
        if shipped(path) != nil {
            if isFolder(path) { return FileEntry(kind: .folder, identity: nil) }
            return isFile(path) ? FileEntry(kind: .file, identity: nil) : nil
        }
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        let kind: FileEntry.Kind = switch info.st_mode & S_IFMT {
        case S_IFDIR: .folder
        case S_IFREG: .file
        case S_IFLNK: .symbolicLink
        default: .other
        }
        return FileEntry(kind: kind, identity: FileEntry.Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    }

    /// The names in folder `path` (not `.` and `..`), or nil when it cannot be listed.
    static func list(_ path: String) -> [String]? {
        if shipped(path) != nil {
            guard isFolder(path) else { return nil }
            let prefix = path == shippedRoot ? "" : String(path.dropFirst(shippedRoot.count + 1)) + "/"
            let names = ShippedScripts.files.keys.filter { $0.hasPrefix(prefix) }
                .map { $0.dropFirst(prefix.count).split(separator: "/").first.map(String.init) ?? "" }
            return Array(Set(names))
        }
        return folderNames(path)
    }

    /// `path` with every symbolic link resolved, or nil; a shipped path is its own.
    static func realPath(_ path: String) -> String? {
        if shipped(path) != nil { return path }
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return String(cString: cwd)
    }

    /// The running program's file, or nil where it cannot be told.
    @usableFromInline static func executablePath() -> String? {
        #if os(Linux)
        return realPath("/proc/self/exe")
        #else
        var size: UInt32 = 4096
        var buffer = [CChar](repeating: 0, count: Int(size))
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return realPath(String(cString: buffer))
        #endif
    }

    /// The environment variables the search paths read (`TESSERA_PATH`), as set.
    @usableFromInline static func searchEnvironment() -> [String: String] {
        environment("TESSERA_PATH").map { ["TESSERA_PATH": $0] } ?? [:]
    }

    /// The value of environment variable `name`, or nil.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The folder part of `path` ("" for a bare file name), as `dirname` without its ".".
    static func folder(of path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` made absolute (against the working directory) with `.` and `..` resolved by name,
    /// links left alone: one spelling per folder, for telling folders apart.
    static func standardized(_ path: String) -> String {
        if shipped(path) != nil { return path }
        return lexicallyNormalized(path.hasPrefix("/") ? path : currentDirectory() + "/" + path)
    }

    /// `path` with its `.` segments, repeated slashes and each `name/..` pair taken out by name,
    /// links left alone (`tests/../layouts/x.lua` is `layouts/x.lua`): a path joined to a folder
    /// as a person would write it. A relative path keeps the `..` it starts with (`../x.lua`);
    /// an absolute one drops those at the root. "." when nothing is left. O(length).
    static func lexicallyNormalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part != ".." || !absolute {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// Writes `line` and a newline to the standard error.
    static func writeError(_ line: String) {
        var text = line + "\n"
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (whitespace other than line breaks).
    func trimmingSpaces() -> SubSequence {
        let isSpace: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        let start = firstIndex { !isSpace($0) } ?? endIndex
        let end = lastIndex { !isSpace($0) }.map(index(after:)) ?? start
        return self[start..<Swift.max(start, end)]
    }
}
