import Foundation
import TesseraCore

/// A program this one starts (the preview's browser, the bench's Chromium, the tests' `tessera`),
/// through posix_spawn. Foundation's `Process.run()` in Swift 6.3.1 on Linux crashes now and
/// then (SIGSEGV while it walks /proc/self/fd to close what the child should not get), so no
/// code here uses it. The child gets its three standard streams as asked and no other
/// descriptor, every signal unblocked and SIGPIPE's default action, whatever this process set.
/// Wait for it (`wait()`), or it stays a zombie until this process ends.
final class ChildProcess: @unchecked Sendable {
    /// Where one of the child's standard streams goes.
    enum Stream {
        /// This process's own.
        case inherit
        /// /dev/null.
        case null
        /// A new pipe; this process's end is `input`, `output` or `error`.
        case pipe
        /// A file or pipe end the caller opened (it stays the caller's to close).
        case handle(FileHandle)
    }

    /// How the child ended: its exit status, or the signal that killed it.
    enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        /// From a `waitpid` status.
        init(waitStatus status: Int32) {
            let signal = status & 0x7f
            self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        }

        var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    let pid: pid_t
    /// This process's ends of the pipes asked for (`.pipe`); nil for the other streams.
    let input: FileHandle?, output: FileHandle?, error: FileHandle?
    private let lock = NSLock()
    private var ending: Ending?

    /// Starts `executable` (looked up on the PATH when it has no slash) with `arguments`, in
    /// `directory` (default: this process's), with `environment` (default: this process's).
    /// Throws a `CLIError` saying why when it cannot start (`cannot start chromium: no such
    /// file or directory`).
    init(_ executable: String, _ arguments: [String], in directory: String? = nil,
         environment: [String: String]? = nil,
         stdin: Stream = .inherit, stdout: Stream = .inherit, stderr: Stream = .inherit) throws {
        let failure = { (code: Int32) in
            CLIError("cannot start \(executable)\(directory.map { " in \($0)" } ?? ""): \(systemReason(code))")
        }
        var actions = SpawnFileActions()
        defer { actions.destroy() }
        var ours: [Int32?] = [nil, nil, nil]      // this process's pipe ends, by stream
        var theirs: [Int32] = []                  // the child's pipe ends, closed here once it started
        defer { for fd in theirs { close(fd) } }
        for (target, stream) in [stdin, stdout, stderr].enumerated() {
            let fd = Int32(target)
            switch stream {
            case .inherit: break
            case .null: actions.open(fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            case .handle(let handle): actions.dup2(handle.fileDescriptor, fd)
            case .pipe:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else {
                    let code = errno
                    for case let end? in ours { close(end) }
                    throw failure(code)
                }
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }   // only the dup2'd copy reaches the child
                let (child, parent) = fd == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
                theirs.append(child)
                ours[target] = parent
                actions.dup2(child, fd)
            }
        }
        actions.closeFrom(3)
        if let directory {
            let code = actions.changeDirectory(directory)
            guard code == 0 else {
                for case let end? in ours { close(end) }
                throw failure(code)
            }
        }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var attributes = SpawnAttributes()
        defer { attributes.destroy() }
        var pid: pid_t = 0
        let spawned = executable.contains("/")
            ? posix_spawn(&pid, executable, &actions.value, &attributes.value, argv, envp)
            : posix_spawnp(&pid, executable, &actions.value, &attributes.value, argv, envp)
        guard spawned == 0 else {
            for case let end? in ours { close(end) }
            throw failure(spawned)
        }
        self.pid = pid
        input = ours[0].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        output = ours[1].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        error = ours[2].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
    }

    /// Waits for the child to end. Any thread may wait, several at once; each gets the same answer.
    /// (A status lost to another waiter of this pid reads as exit status -1.)
    @discardableResult
    func wait() -> Ending {
        if let ending = lock.withLock({ ending }) { return ending }
        // Wait without reaping, so `kill` never signals a pid the system has given another program.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        return reap(blocking: true) ?? .exited(-1)
    }

    /// How the child ended, or nil while it runs.
    var ended: Ending? { reap(blocking: false) }

    /// Asks the child to stop (SIGTERM) unless it has ended.
    func terminate() { send(SIGTERM) }

    /// Kills the child (SIGKILL) unless it has ended.
    func kill() { send(SIGKILL) }

    private func send(_ signal: Int32) {
        lock.withLock { if ending == nil { signalProcess(pid, signal) } }
    }

    private func reap(blocking: Bool) -> Ending? {
        lock.withLock {
            if let ending { return ending }
            var status: Int32 = 0
            var reaped: pid_t
            repeat { reaped = waitpid(pid, &status, blocking ? 0 : WNOHANG) } while reaped < 0 && errno == EINTR
            if reaped == pid { ending = Ending(waitStatus: status) } else if reaped < 0 { ending = .exited(-1) }
            return ending
        }
    }
}

/// `kill(2)`, which the class's own `kill()` hides inside it.
private func signalProcess(_ pid: pid_t, _ signal: Int32) { _ = kill(pid, signal) }

/// posix_spawn's file actions: the child's streams, the descriptors it does not get, its folder.
/// The last two are GNU extensions Swift's Glibc module does not declare, found by name.
private struct SpawnFileActions {
    var value = posix_spawn_file_actions_t()
    init() { posix_spawn_file_actions_init(&value) }
    mutating func destroy() { posix_spawn_file_actions_destroy(&value) }
    mutating func dup2(_ fd: Int32, _ target: Int32) { posix_spawn_file_actions_adddup2(&value, fd, target) }
    mutating func open(_ target: Int32, _ path: String, _ flags: Int32) {
        posix_spawn_file_actions_addopen(&value, target, path, flags, 0)
    }

    /// Closes every descriptor from `lowest` up in the child, where the C library can (glibc 2.34).
    mutating func closeFrom(_ lowest: Int32) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let closeFrom = Self.function("posix_spawn_file_actions_addclosefrom_np", as: CloseFrom.self) else { return }
        _ = closeFrom(&value, lowest)
    }

    /// Starts the child in `directory`: 0, or the error (ENOSYS before glibc 2.29).
    mutating func changeDirectory(_ directory: String) -> Int32 {
        typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        guard let changeDirectory = Self.function("posix_spawn_file_actions_addchdir_np", as: ChangeDirectory.self) else { return ENOSYS }
        return changeDirectory(&value, directory)
    }

    private static func function<F>(_ name: String, as type: F.Type) -> F? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
    }
}

/// posix_spawn's attributes: every signal unblocked and SIGPIPE's default action in the child
/// (an ignored SIGPIPE, as this process may set, would be inherited through exec).
private struct SpawnAttributes {
    var value = posix_spawnattr_t()
    init() {
        posix_spawnattr_init(&value)
        var none = sigset_t(), pipeSignal = sigset_t()
        sigemptyset(&none)
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        posix_spawnattr_setsigmask(&value, &none)
        posix_spawnattr_setsigdefault(&value, &pipeSignal)
        posix_spawnattr_setflags(&value, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }
    mutating func destroy() { posix_spawnattr_destroy(&value) }
}
