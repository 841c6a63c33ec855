import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Calls `onChange` when any of a set of files may have been saved.
///
/// On Linux it watches the files' folders with inotify (a folder, not the file: editors save
/// by writing a new file and renaming it over the old one, or by deleting and re-creating it,
/// and a watch on the old file would die with it). It reacts to a file of the set being closed
/// after writing (an in-place save), renamed into place, or having its attributes changed
/// (`touch`); a create is always followed by the close of its write. Elsewhere, with `poll`,
/// or when inotify cannot start, it polls every file's mtime, size and inode every 100 ms.
///
/// It reports which of the files may have changed, not how: the caller re-reads those files
/// (only those: a script save does not re-read a 40 MB data file) and compares their bytes,
/// so a save that changes nothing costs a read, not a render.
final class FileWatcher: @unchecked Sendable {
    /// How the files are watched.
    enum Mode: String { case inotify, poll }

    let mode: Mode
    private let lock = NSLock()
    private var files = Set<String>()
    private let onChange: @Sendable ([String]) -> Void
    #if canImport(Glibc)
    private var inotify: Int32 = -1
    private var watchedFolders: [String: Int32] = [:]
    #endif

    static let pollInterval = 0.1

    init(poll: Bool, onChange: @escaping @Sendable ([String]) -> Void) {
        self.onChange = onChange
        #if canImport(Glibc)
        if !poll {
            let fd = inotify_init1(Int32(IN_CLOEXEC))
            if fd >= 0 { inotify = fd; mode = .inotify } else { mode = .poll }
        } else {
            mode = .poll
        }
        #else
        mode = .poll
        #endif
        let thread = Thread { [self] in mode == .inotify ? readEvents() : pollFiles() }
        thread.name = "tessera preview watcher"
        thread.start()
    }

    /// The absolute, standardized form of a path, as events name files.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Watches exactly these files from now on (the script, the data file, the modules).
    func watch(_ paths: [String]) {
        let wanted = Set(paths.map(Self.absolute))
        lock.withLock {
            files = wanted
            #if canImport(Glibc)
            guard mode == .inotify else { return }
            let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_ATTRIB)
            for folder in Set(wanted.map { ($0 as NSString).deletingLastPathComponent }) where watchedFolders[folder] == nil {
                let wd = inotify_add_watch(inotify, folder, mask)
                if wd >= 0 { watchedFolders[folder] = wd }
            }
            #endif
        }
    }

    #if canImport(Glibc)
    private func readEvents() {
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(inotify, buffer, size)
            if count < 0 { if errno == EINTR { continue } else { return } }
            var offset = 0
            var changed: [String] = []
            lock.withLock {
                let folders = Dictionary(watchedFolders.map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    if event.len > 0, let folder = folders[event.wd] {
                        let name = String(cString: buffer.advanced(by: nameStart).assumingMemoryBound(to: CChar.self))
                        let path = folder == "/" ? "/" + name : folder + "/" + name
                        if files.contains(path), !changed.contains(path) { changed.append(path) }
                    }
                    offset = nameStart + Int(event.len)
                }
            }
            if !changed.isEmpty { onChange(changed) }
        }
    }
    #else
    private func readEvents() {}
    #endif

    /// What polling compares: modification time, size and inode.
    private struct Stamp: Equatable {
        var seconds: Int, nanoseconds: Int, size: Int64, inode: UInt64
    }

    private func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if os(Linux)
        let modified = info.st_mtim
        #else
        let modified = info.st_mtimespec
        #endif
        return Stamp(seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec),
                     size: Int64(info.st_size), inode: UInt64(info.st_ino))
    }

    private func pollFiles() {
        var last: [String: Stamp?] = [:]
        while true {
            let paths = lock.withLock { files }
            var changed: [String] = []
            var seen: [String: Stamp?] = [:]
            for path in paths {
                let now = stamp(path)
                if let before = last[path], before != now { changed.append(path) }
                seen[path] = now
            }
            last = seen
            if !changed.isEmpty { onChange(changed.sorted()) }
            Thread.sleep(forTimeInterval: Self.pollInterval)
        }
    }
}
