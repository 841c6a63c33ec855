import Foundation
import Testing

/// What one `tessera` invocation did.
struct CLIOutcome {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The status of a run killed at its timeout.
    static let timedOut: Int32 = -1
}

/// The repository root (tests run the CLI from there so `datasets/` paths resolve).
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The `tessera` binary built next to this test bundle (works for any --scratch-path).
let tesseraBinary: URL = {
    let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var dir = exe.deletingLastPathComponent()
    // macOS runs tests from inside an .xctest bundle; Linux runs the .xctest file directly.
    while dir.path != "/" && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("tessera").path) {
        dir = dir.deletingLastPathComponent()
    }
    return dir.appendingPathComponent("tessera")
}()

/// Runs `tessera` with `arguments` in `directory` (default: the repository root), feeding `input` to stdin
/// (`executable` runs another program instead, such as `setpriv` running tessera as another user).
/// A run still going after `timeout` seconds is killed; its status is then `timedOut`, so a
/// hang fails the test that caused it instead of the suite. A crash shows as a status above 128.
/// `environment` sets (a value) or removes (nil) variables of the inherited environment.
func runTessera(_ arguments: [String], in directory: URL = repositoryRoot, input: String? = nil,
                timeout: Double = 60, executable: URL = tesseraBinary,
                environment changes: [String: String?] = [:]) throws -> CLIOutcome {
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"   // a crash is a status, not seconds of backtrace
    for (name, value) in changes { environment[name] = value }
    let child = try SpawnedChild(executable.path, arguments, in: directory.path, environment: environment)
    let watchdog = DispatchWorkItem { child.kill() }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    defer { watchdog.cancel() }
    if let input { child.input.write(Data(input.utf8)) }
    try child.input.close()
    // Drain stderr on another thread while reading stdout, so a large output cannot block the child.
    final class Box: @unchecked Sendable { var data = Data() }
    let errBox = Box()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async { errBox.data = child.error.readDataToEndOfFile(); group.leave() }
    let outData = child.output.readDataToEndOfFile()
    group.wait()
    let (status, killed) = child.wait()
    return CLIOutcome(status: killed ? CLIOutcome.timedOut : status, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errBox.data, as: UTF8.self))
}

/// A child process started with `posix_spawn`, its standard streams on pipes. Foundation's
/// `Process.run()` in Swift 6.3.1 on Linux crashes now and then (SIGSEGV in its walk of
/// /proc/self/fd, swift-corelibs-foundation#5472), which took the whole test run down once.
final class SpawnedChild: @unchecked Sendable {
    let pid: pid_t
    let input: FileHandle, output: FileHandle, error: FileHandle
    private let lock = NSLock()
    private var reaped = false

    init(_ path: String, _ arguments: [String], in directory: String, environment: [String: String]) throws {
        // Pipes made close-on-exec: only the dup2'd ends reach the child.
        func pipePair() throws -> (read: Int32, write: Int32) {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return (ends[0], ends[1])
        }
        let stdin = try pipePair(), stdout = try pipePair(), stderr = try pipePair()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr.write, 2)
        // `env -C` changes directory in the child (Glibc's module lacks the _np file action).
        let argv = (["/usr/bin/env", "-C", directory, path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        // The child starts with every signal unblocked and SIGPIPE's default action, whatever
        // this process set (an ignored SIGPIPE would be inherited through exec).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), pipeSignal = sigset_t()
        sigemptyset(&none)
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &pipeSignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, envp)
        for fd in [stdin.read, stdout.write, stderr.write] { close(fd) }
        guard spawned == 0 else {
            for fd in [stdin.write, stdout.read, stderr.read] { close(fd) }
            throw POSIXError(.init(rawValue: spawned) ?? .EIO)
        }
        self.pid = pid
        input = FileHandle(fileDescriptor: stdin.write, closeOnDealloc: true)
        output = FileHandle(fileDescriptor: stdout.read, closeOnDealloc: true)
        error = FileHandle(fileDescriptor: stderr.read, closeOnDealloc: true)
    }

    /// Kills the child unless it has been reaped (its pid may be another's by then).
    func kill() { lock.withLock { if !reaped { _ = Glibc.kill(pid, SIGKILL) } } }

    /// Waits for the child: its exit status, or the signal that ended it (as Foundation's
    /// `terminationStatus`), and whether that signal was SIGKILL.
    func wait() -> (status: Int32, killed: Bool) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        lock.withLock { reaped = true }
        let signal = status & 0x7f
        return signal == 0 ? ((status >> 8) & 0xff, false) : (signal, signal == SIGKILL)
    }
}

/// A fresh temporary directory for files a test writes.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Each command's usage line, as a usage error prints it below the sentence.
let usageLines = [
    "run": "tessera run [<options>] <layout>",
    "check": "tessera check [<options>] <layout>",
    "scroll": "tessera scroll [<options>] <layout> --data <FILE>",
    "animate": "tessera animate [<options>] <layout> --data <FILE>",
    "preview": "tessera preview [<options>] <layout> --data <FILE>",
    "diff": "tessera diff <old> <new> [--format <FORMAT>] [--staged] [--duplicates <POLICY>] [--section-by <FIELD>] [--max-data-size <MB>]",
    "repl": "tessera repl [<FILE.lua>] [--batch] [--data <FILE>] [--layout <FILE>] [--viewport <WxH>] [--max-memory <MB>] "
        + "[--max-instructions <N>] [--time-limit <SECONDS>] [--duplicates <POLICY>] [--section-by <FIELD>] [--max-data-size <MB>]",
    "bench": "tessera bench [<suite> ...] [--quick] [--format <FORMAT>]",
    "test": "tessera test [<paths> ...] [--update] [--filter <TEXT>] [--junit <FILE>] [--report <FILE.html>] [--max-memory <MB>] "
        + "[--max-instructions <N>] [--time-limit <SECONDS>]",
]

/// The stderr of a `tessera COMMAND` line that does not parse (exit status 64): the sentence,
/// then the command's usage.
func usageErrorText(_ message: String, command: String) -> String {
    "Error: \(message)\nUsage: \(usageLines[command] ?? "(no usage line for \(command))")\n  See 'tessera \(command) --help' for more information.\n"
}

/// Expects `tessera ARGUMENTS` to be a usage error: exit status 64, `message` and the command's
/// usage on stderr, nothing on stdout.
func expectUsageError(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let r = try runTessera(arguments, input: "")
    #expect(r.status == 64, sourceLocation: sourceLocation)
    #expect(r.stderr == usageErrorText(message, command: arguments[0]), sourceLocation: sourceLocation)
    #expect(r.stdout == "", sourceLocation: sourceLocation)
}
