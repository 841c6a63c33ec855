import Foundation
import TesseraCore
#if canImport(Glibc)
import Glibc
#endif

/// Calls `onChange` when any of a set of files may have been saved.
///
/// On Linux it watches the files' folders with inotify (a folder, not the file: editors save
/// by writing a new file and renaming it over the old one, or by deleting and re-creating it,
/// and a watch on the old file would die with it). It reacts to a file of the set being closed
/// after writing (an in-place save), renamed into place, or having its attributes changed
/// (`touch`); one written and not closed yet is a save in progress, which `heldUntil` counts
/// until its close (a failed run waits for it). A write renamed into place is saved by the
/// rename: its close, when it comes after (a child process spawned while the file was open
/// drops it at its exec), names the file but is no other save. A file deleted, renamed away
/// or created (a folder, a symbolic link, a FIFO made where it was) is reported once `settleInterval` has
/// passed with no write of it and it is still not a regular file: an editor that removes or renames the old file before writing the
/// new one is reported once, for the new one's write, and a file that is simply gone is still
/// reported. Elsewhere, with `poll`, or when inotify cannot start, it polls every file's mtime,
/// size and inode every 100 ms (and, for a file it cannot stat, why: gone, or a link loop).
///
/// A watched folder that is removed, or renamed away (and perhaps replaced), ends its watch
/// (`IN_DELETE_SELF`, `IN_MOVE_SELF`, `IN_IGNORED`): its files are reported (gone, as far as
/// the caller can tell), and the folder is polled by path every 100 ms until it exists again,
/// when it is watched anew and its files are reported once more. `log` says so each time.
/// A watched folder reached through a symbolic link is watched where the link leads, and
/// re-pointing the link is an event of the link's own folder, which nothing watches: so such a
/// folder's real path is looked at every 100 ms, and when it leads elsewhere (another folder,
/// nowhere, a loop) its watch ends as a removed folder's does. A watched file that is a symbolic
/// link is followed likewise: the folder of the file it leads to is watched too (saves there are
/// the link's), and where it leads is looked at every 100 ms. Two watched paths to one folder
/// (`link/` and `real/`) share one inotify watch, and each of its events is of both paths.
///
/// A burst of saves is reported as its first save, at once, then the rest together once no save
/// has come for `quietInterval` (at most `longestHold` after the first held one: see
/// `SaveHold`); polling sees the quiet moment at its first poll that finds no change. A folder no watched path needs any more (a module's no longer required, the
/// one a re-pointed link led to) is unwatched, or no longer polled for.
///
/// Its thread starts through `startThread` (tests make it fail); when none can be made,
/// `watching` is false and nothing is reported. `stop()` ends the thread and closes what it
/// holds (an inotify instance is a scarce resource: 128 per user by default, shared with every
/// editor), and when inotify cannot start (that limit met) it polls and `log` says why.
///
/// It reports which of the files may have changed, not how: the caller re-reads those files
/// (only those: a script save does not re-read a 40 MB data file) and compares their bytes,
/// so a save that changes nothing costs a read, not a render.
final class FileWatcher: @unchecked Sendable {
    /// How the files are watched.
    enum Mode: String { case inotify, poll }

    let mode: Mode
    /// Whether the watcher's thread runs (false when none could be started).
    private(set) var watching = false
    private let lock = NSLock()
    private var files = Set<String>()
    /// When polling, each watched file's stamp as last looked at: taken when `watch` adds the
    /// file, so a save made after `watch` returns is a change even before the thread's first poll.
    private var stamps: [String: Stamp] = [:]
    /// Set by `stop()`; the thread ends when it sees it.
    private var stopped = false
    private let onChange: @Sendable ([String]) -> Void
    #if canImport(Glibc)
    private var inotify: Int32 = -1
    /// A pipe whose write end `stop()` and `watch` write to, waking the event loop's poll.
    private var wake: (read: Int32, write: Int32) = (-1, -1)
    private var watchedFolders: [String: Int32] = [:]
    /// Folders whose watch ended, polled by path until they can be watched again.
    private var lostFolders = Set<String>()
    /// Folders reached through a symbolic link, and the real path they led to when watched.
    private var linkedFolders: [String: String] = [:]
    /// Watched files that are a symbolic link, and the real path each leads to ("" for nowhere).
    private var linkedFiles: [String: String] = [:]
    /// Files deleted, renamed away or created without a write yet, and when to look at them again.
    private var settling: [String: Double] = [:]
    /// Files written (truncated, or part of their bytes) and not closed yet: a save in
    /// progress, and when its last write was seen.
    private var writing: [String: Double] = [:]
    /// Files renamed into place and not written under their name since: the rename was their
    /// save. A close of the renamed file's write that comes after the rename (a child process
    /// spawned while it was open inherited its descriptor, and drops it at its exec) names the
    /// file now, and ends that save: it is not another.
    private var renamedIn = Set<String>()
    #endif
    /// The saves of a burst held until it is over (inotify's and polling's alike).
    private var hold = SaveHold(quiet: quietInterval, longest: longestHold)
    /// Saves released from `hold` whose report (`onChange`) has not returned yet.
    private var reporting = false
    /// When the last look at every file began (uptime seconds; under inotify, the last pass of
    /// its thread, which looks at links and lost folders); a save made before it has been seen.
    private var lookedAt = -Double.infinity
    /// Where the watcher says that it polls a folder and watches it again.
    private let log: @Sendable (String) -> Void

    static let pollInterval = 0.1
    /// How long a file deleted, renamed away or created may wait for its write before it is reported.
    static let settleInterval = 0.2
    /// How long the files must stay unsaved for a burst of saves to be over (inotify); shorter
    /// than `settleInterval`, so that a save held is reported before a run that read the file
    /// empty between its two writes shows that error.
    static let quietInterval = 0.05
    /// The longest a save is held while saves go on.
    static let longestHold = 0.5
    /// How long after its last write a file not closed yet still counts as a save in progress
    /// (inotify): a writer that stalls between truncating a file and writing it, as a busy
    /// machine makes one do, is waited for; one that keeps a file open without writing is not.
    static let longestWrite = 5.0

    /// The folders watched or polled for, sorted.
    var folders: [String] {
        #if canImport(Glibc)
        lock.withLock { Set(watchedFolders.keys).union(lostFolders).sorted() }
        #else
        []
        #endif
    }

    /// When the saves held now are reported (uptime seconds, as `now()`); nil when none are held,
    /// none released is still being reported (a reader waiting for them sees no gap between) and,
    /// under inotify, no save is being written and no event waits for the watcher's thread (a
    /// busy machine may keep it waiting): a save that will be reported counts as held.
    var heldUntil: Double? {
        lock.withLock {
            let now = Self.now()
            return hold.heldUntil ?? (reporting || saveInProgress(at: now) ? now : nil)
        }
    }

    /// Whether every save made before `time` (uptime seconds, as `now()`) has been seen, so that
    /// it is held or reported by now: polling has begun a look at every file since (a busy
    /// machine may wake its thread long after its interval); always under inotify, whose events
    /// not read yet `heldUntil` counts, and when no thread watches. O(1).
    func hasLooked(since time: Double) -> Bool {
        lock.withLock { mode == .inotify || !watching || stopped || lookedAt >= time }
    }

    /// Whether everything that changes made before `time` (uptime seconds, as `now()`) set off
    /// has been reported: no save held, being reported, written or waiting to be read, no file
    /// settling, and the looks taken on a timer (polling's, and under inotify a linked or lost
    /// folder's, a linked file's) have begun one since. What a test waits on before it counts
    /// reports, so that a late one cannot slip past it. O(1) (a poll of the inotify descriptor).
    func hasSettled(since time: Double) -> Bool {
        lock.withLock {
            let timed = mode == .poll || !lostFolders.isEmpty || !linkedFolders.isEmpty || !linkedFiles.isEmpty
            return hold.heldUntil == nil && !reporting && !saveInProgress(at: Self.now()) && settling.isEmpty
                && (!watching || stopped || !timed || lookedAt >= time)
        }
    }

    /// Whether a save has begun that the watcher has not reported (under the lock): a watched
    /// file written and not closed yet, or events not read yet. Always false when polling,
    /// which cannot see either.
    private func saveInProgress(at now: Double) -> Bool {
        #if canImport(Glibc)
        guard mode == .inotify, inotify >= 0 else { return false }
        return writing.values.contains { now < $0 + Self.longestWrite } || eventsWaiting()
        #else
        false
        #endif
    }

    init(poll: Bool, log: @escaping @Sendable (String) -> Void = { _ in },
         startThread: ThreadStarter = DetachedJob.startThread,
         onChange: @escaping @Sendable ([String]) -> Void) {
        self.onChange = onChange
        self.log = log
        #if canImport(Glibc)
        if !poll {
            // Non-blocking: the thread reads under the lock, which must never wait on the read.
            let fd = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
            var ends: [Int32] = [-1, -1]
            if fd >= 0 && pipe(&ends) == 0 {
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                // `watch` writes a byte a call: never blocked by a pipe the thread has not drained.
                _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
                inotify = fd; wake = (ends[0], ends[1]); mode = .inotify
            } else {
                let reason = systemReason(errno)
                if fd >= 0 { close(fd) }
                log("preview: inotify cannot start (\(reason)); polling every \(Int(Self.pollInterval * 1000)) ms")
                mode = .poll
            }
        } else {
            mode = .poll
        }
        #else
        mode = .poll
        #endif
        let mode = mode
        watching = startThread { [self] in
            Thread.current.name = "preview watch"
            mode == .inotify ? readEvents() : pollFiles()
        }
        #if canImport(Glibc)
        if !watching { closeDescriptors() }
        #endif
    }

    /// Ends the watcher's thread (soon: at its next wake, which this causes); nothing is
    /// reported after it. Idempotent.
    func stop() {
        lock.withLock {
            guard !stopped else { return }
            stopped = true
            #if canImport(Glibc)
            // Under the lock: the thread closes the pipe only after it has seen `stopped`.
            if wake.write >= 0 { var byte: UInt8 = 1; _ = write(wake.write, &byte, 1) }
            #endif
        }
    }

    /// Whether the watcher holds no descriptor (stopped and its thread ended, or polling).
    var isClosed: Bool {
        #if canImport(Glibc)
        lock.withLock { inotify < 0 && wake.read < 0 }
        #else
        true
        #endif
    }

    #if canImport(Glibc)
    /// Closes the inotify instance and the wake pipe (under the lock, or before the thread runs).
    private func closeDescriptors() {
        for fd in [inotify, wake.read, wake.write] where fd >= 0 { close(fd) }
        inotify = -1
        wake = (-1, -1)
    }
    #endif

    /// The absolute, standardized form of a path, as events name files.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Watches exactly these files from now on (the script, the data file, the modules).
    func watch(_ paths: [String]) {
        let wanted = Set(paths.map(Self.absolute))
        lock.withLock {
            files = wanted
            if mode == .poll {
                stamps = stamps.filter { wanted.contains($0.key) }
                for path in wanted where stamps[path] == nil { stamps[path] = Self.stamp(path) }
                return
            }
            #if canImport(Glibc)
            for folder in Set(wanted.map { ($0 as NSString).deletingLastPathComponent }) where watchedFolders[folder] == nil {
                if !arm(folder) { lostFolders.insert(folder) }
            }
            _ = relinked()
            unwatchUnneeded()
            // The thread may wait with no timeout (nothing was polled for when it began): it
            // recomputes its wait for these folders (a linked one is looked at every 100 ms).
            if wake.write >= 0 { var byte: UInt8 = 1; _ = write(wake.write, &byte, 1) }
            #endif
        }
    }

    #if canImport(Glibc)
    /// Watches `folder` (under the lock); false when it cannot be watched (it does not exist).
    private func arm(_ folder: String) -> Bool {
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MODIFY) | UInt32(IN_MOVED_TO) | UInt32(IN_ATTRIB)
            | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM) | UInt32(IN_CREATE)
            | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)
        let wd = inotify_add_watch(inotify, folder, mask)
        guard wd >= 0 else { return false }
        watchedFolders[folder] = wd
        if let real = Self.realPath(folder), real != folder { linkedFolders[folder] = real }
        return true
    }

    /// The path with every symbolic link resolved; nil when it leads nowhere (or into a loop).
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Ends the watch of `folder` (under the lock), which is polled for from now on; returns its
    /// files. The watch itself is removed only when no other watched path shares it (two paths
    /// to one folder get one watch).
    private func lose(_ folder: String, wd: Int32, because why: String) -> [String] {
        unwatch(folder, wd: wd)
        lostFolders.insert(folder)
        log("preview: \(folder) \(why); polling for it every \(Int(Self.pollInterval * 1000)) ms")
        return files(in: folder)
    }

    /// Ends the watch of `folder` (under the lock); the inotify watch itself only when no other
    /// watched path shares it.
    private func unwatch(_ folder: String, wd: Int32) {
        watchedFolders[folder] = nil
        linkedFolders[folder] = nil
        if !watchedFolders.values.contains(wd) { inotify_rm_watch(inotify, wd) }
    }

    /// Unwatches the folders no watched path needs now (under the lock): a module's that is
    /// required no more, the one a watched link led to before it was re-pointed; a lost one is
    /// polled for no more. Each watch held on to an inotify watch, and a removed one was polled
    /// for as long as the preview ran.
    private func unwatchUnneeded() {
        let needed = Set((Array(files) + linkedFiles.values.filter { !$0.isEmpty }).map { ($0 as NSString).deletingLastPathComponent })
        for (folder, wd) in watchedFolders where !needed.contains(folder) { unwatch(folder, wd: wd) }
        lostFolders.formIntersection(needed)
        settling = settling.filter { files.contains($0.key) }
        writing = writing.filter { files.contains($0.key) }
        renamedIn.formIntersection(files)
    }

    /// The folders reached through a symbolic link that leads elsewhere now (under the lock):
    /// lost, as a removed folder is; returns their files.
    private func repointed() -> [String] {
        var found: [String] = []
        for (folder, real) in linkedFolders.sorted(by: { $0.key < $1.key }) where Self.realPath(folder) != real {
            if let wd = watchedFolders[folder] { found += lose(folder, wd: wd, because: "leads elsewhere now (a symbolic link changed)") }
        }
        return found
    }

    /// The watched files in `folder`, or leading into it through a symbolic link.
    private func files(in folder: String) -> [String] {
        files.filter { file in
            [file, linkedFiles[file] ?? ""].contains { ($0 as NSString).deletingLastPathComponent == folder }
        }.sorted()
    }

    /// Follows the watched files that are a symbolic link (under the lock): a save of the file a
    /// link leads to is an event of that file's folder, which is watched too. Returns the files
    /// that lead elsewhere now (a link re-pointed, one on the way included, which no event tells).
    private func relinked() -> [String] {
        var changed: [String] = []
        for file in files.sorted() {
            var info = stat()
            let isLink = lstat(file, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
            let target = isLink ? Self.realPath(file) ?? "" : nil
            guard linkedFiles[file] != target else { continue }
            if linkedFiles[file] != nil || target != nil { changed.append(file) }
            linkedFiles[file] = target
            let folder = ((target ?? "") as NSString).deletingLastPathComponent
            if !folder.isEmpty, watchedFolders[folder] == nil, !lostFolders.contains(folder), !arm(folder) { lostFolders.insert(folder) }
        }
        for file in linkedFiles.keys where !files.contains(file) { linkedFiles[file] = nil }
        return changed
    }

    /// Tries the lost folders again (under the lock); returns the files of those watched anew.
    private func rearm() -> [String] {
        var found: [String] = []
        for folder in lostFolders.sorted() where arm(folder) {
            lostFolders.remove(folder)
            log("preview: watching \(folder) again")
            found += files(in: folder)
        }
        return found
    }

    /// The settling files whose time has come (under the lock) that are not a regular file now:
    /// gone, or a folder, a link, a FIFO. A regular file there is being written, and the close
    /// of its write reports it.
    private func settled(at now: Double) -> [String] {
        var due: [String] = []
        for (path, time) in settling where time <= now {
            settling[path] = nil
            // A link is looked at where it leads.
            var info = stat()
            let found = linkedFiles[path] == nil ? lstat(path, &info) : stat(path, &info)
            if found != 0 || (info.st_mode & S_IFMT) != S_IFREG { due.append(path) }
        }
        return due.sorted()
    }

    /// How long the event loop may wait (under the lock), in ms: until the first settling file
    /// or the hold is due, at most a poll interval while a folder is lost or reached through a
    /// link, else for ever (-1).
    private func waitMilliseconds(now: Double) -> Int32 {
        var wait = lostFolders.isEmpty && linkedFolders.isEmpty && linkedFiles.isEmpty ? Double.infinity : Self.pollInterval
        for due in [settling.values.min(), hold.due].compactMap({ $0 }) { wait = min(wait, max(0, due - now)) }
        return wait.isFinite ? Int32((wait * 1000).rounded(.up)) : -1
    }

    /// Whether inotify has events not read yet (a poll that does not wait).
    private func eventsWaiting() -> Bool {
        var ready = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)]
        return Glibc.poll(&ready, 1, 0) > 0
    }

    /// An event of `path` in a watched folder (under the lock): the watched file it names when
    /// it was written and closed, renamed into place or touched; one deleted, renamed away or
    /// created waits to settle; one written and not closed yet is a save in progress, reported
    /// at its close. The close of a write that was renamed into place, and not written under
    /// the file's name since, is not reported: the rename was.
    private func saw(_ path: String, mask: UInt32) -> [String] {
        let unwritten = UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM) | UInt32(IN_CREATE)
        // The file itself, or a watched link that leads to it.
        let named = (files.contains(path) ? [path] : []) + linkedFiles.filter { $0.value == path }.keys.sorted()
        let now = Self.now()
        if mask & UInt32(IN_MODIFY) != 0 {
            for file in named { writing[file] = now; renamedIn.remove(file) }
            return []
        }
        let closed = mask & UInt32(IN_CLOSE_WRITE) != 0
        let saved = mask & unwritten != 0 ? [] : named.filter { !closed || !renamedIn.contains($0) }
        for file in named {
            settling[file] = mask & unwritten != 0 ? now + Self.settleInterval : nil
            if mask & UInt32(IN_ATTRIB) == 0 { writing[file] = nil }
            // Another close of the renamed file (more children held it) ends the same save.
            if mask & UInt32(IN_MOVED_TO) != 0 { renamedIn.insert(file) } else if mask & unwritten != 0 { renamedIn.remove(file) }
        }
        return saved
    }

    #endif

    /// The uptime clock the watcher's times are on, in seconds.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    #if canImport(Glibc)
    private func readEvents() {
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        defer { lock.withLock { closeDescriptors() } }
        while true {
            // While a folder is lost, wake every poll interval to look for it; a settling file, when it is due.
            guard let timeout = lock.withLock({ stopped ? nil : waitMilliseconds(now: Self.now()) }) else { return }
            var ready = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                         pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            var woke = Glibc.poll(&ready, 2, timeout)
            if woke < 0 && errno != EINTR { return }
            if ready[1].revents != 0 {
                // `stop()` (seen at the loop's top) or `watch`: drained, then the wait is recomputed.
                var bytes = [UInt8](repeating: 0, count: 64)
                _ = read(wake.read, &bytes, bytes.count)
                continue
            }
            woke = ready[0].revents != 0 ? 1 : 0
            var changed: [String] = []
            func report(_ paths: [String]) { for path in paths where !changed.contains(path) { changed.append(path) } }
            // Read and held under one lock: `heldUntil` sees the events waiting or their saves held
            // (or reporting), never neither, however long a busy machine stops this thread between.
            let due = lock.withLock { () -> [String]? in
                lookedAt = Self.now()
                if woke > 0 {
                    let count = read(inotify, buffer, size)
                    if count < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
                    var offset = 0
                    // Two paths to one folder (`link/` and `real/`) get one watch: an event is of every such path.
                    let folders = Dictionary(grouping: watchedFolders.keys.sorted(), by: { watchedFolders[$0] ?? -1 })
                    while offset + MemoryLayout<inotify_event>.size <= count {
                        let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                        let nameStart = offset + MemoryLayout<inotify_event>.size
                        let ended = UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_IGNORED)
                        for folder in folders[event.wd] ?? [] where watchedFolders[folder] == event.wd {
                            if event.mask & ended != 0 {
                                // Gone or moved away: a moved folder's watch would follow it elsewhere.
                                report(lose(folder, wd: event.wd, because: "was removed or renamed"))
                            } else if event.len > 0 {
                                let name = String(cString: buffer.advanced(by: nameStart).assumingMemoryBound(to: CChar.self))
                                report(saw(folder == "/" ? "/" + name : folder + "/" + name, mask: event.mask))
                            }
                        }
                        offset = nameStart + Int(event.len)
                    }
                }
                report(repointed()); report(rearm()); report(relinked()); unwatchUnneeded(); report(settled(at: Self.now()))
                return held(changed, eventsWaiting: eventsWaiting)
            }
            guard let due else { return }
            reportHeld(due)
        }
    }
    #else
    private func readEvents() {}
    #endif

    /// What polling compares: modification time, size and inode, or why there is no file to
    /// stamp (nothing there, a symbolic link loop, ...: a file gone that comes back as a loop
    /// changed, and the reader now says why).
    private enum Stamp: Equatable {
        case file(seconds: Int, nanoseconds: Int, size: Int64, inode: UInt64)
        case none(errno: Int32)
    }

    private static func stamp(_ path: String) -> Stamp {
        var info = stat()
        guard stat(path, &info) == 0 else { return .none(errno: errno) }
        #if os(Linux)
        let modified = info.st_mtim
        #else
        let modified = info.st_mtimespec
        #endif
        return .file(seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec),
                     size: Int64(info.st_size), inode: UInt64(info.st_ino))
    }

    /// What to report of `changed`, seen now, through the hold (under the lock): a burst's first
    /// save at once, the rest once it is over. Marks them reporting until `reportHeld` returns.
    private func held(_ changed: [String], eventsWaiting: () -> Bool) -> [String] {
        let now = Self.now()
        let due = hold.saw(changed, at: now) + hold.release(at: now, eventsWaiting: eventsWaiting)
        reporting = !due.isEmpty
        return due
    }

    /// Reports `due` (unless stopped meanwhile); then nothing released is being reported.
    private func reportHeld(_ due: [String]) {
        if !due.isEmpty && !lock.withLock({ stopped }) { onChange(due) }
        lock.withLock { reporting = false }
    }

    private func pollFiles() {
        while true {
            let began = Self.now()
            guard let (paths, last) = lock.withLock({ stopped ? nil : (files, stamps) }) else { return }
            var changed: [String] = []
            var seen: [String: Stamp] = [:]
            for path in paths {
                let now = Self.stamp(path)
                if let before = last[path], before != now { changed.append(path) }
                seen[path] = now
            }
            // A poll is the look at every file: nothing else waits to be seen when it found nothing.
            reportHeld(lock.withLock {
                // Files `watch` added or dropped meanwhile keep the stamp it took, or none.
                for (path, stamp) in seen where files.contains(path) { stamps[path] = stamp }
                // With what it found held or reporting: a reader that sees the look sees its saves.
                lookedAt = began
                return held(changed.sorted(), eventsWaiting: { false })
            })
            Thread.sleep(forTimeInterval: Self.pollInterval)
        }
    }
}
