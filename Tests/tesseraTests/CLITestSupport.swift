import Foundation
import Testing
@testable import tessera

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
    let child = try ChildProcess(executable.path, arguments, in: directory.path, environment: childEnvironment(changes),
                                 stdin: .pipe, stdout: .pipe, stderr: .pipe)
    let watchdog = DispatchWorkItem { child.kill() }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    defer { watchdog.cancel() }
    let (stdout, stderr) = try exchange(with: child, input: input)
    let status = switch child.wait() {
    case .exited(let status): status
    case .signalled(let signal): signal == SIGKILL ? CLIOutcome.timedOut : signal
    }
    return CLIOutcome(status: status, stdout: stdout, stderr: stderr)
}

/// The environment of every child a test starts: this process's, so in a coverage run the
/// child's profile joins the run's instead of landing as default.profraw where it runs, with
/// SWIFT_BACKTRACE off (a crash is a status, not seconds of backtrace), then `changes`: a value
/// sets a variable, nil removes it.
/// The child's profile is a file of its own in LLVM_PROFILE_FILE's folder: processes merging
/// into the one file of a `%m` pattern left it corrupt, a `%p` file is overwritten when a
/// process id comes round again, and another user may not write a file root made.
func childEnvironment(_ changes: [String: String?] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    if let file = environment["LLVM_PROFILE_FILE"], !file.isEmpty, file != "/dev/null" {
        environment["LLVM_PROFILE_FILE"] = URL(fileURLWithPath: file).deletingLastPathComponent()
            .appendingPathComponent("child-\(UUID().uuidString)-%p.profraw").path
    }
    for (name, value) in changes { environment[name] = value }
    return environment
}

/// The environment change for a child that could not write a coverage profile (one under a file
/// size limit): it writes none, so no "LLVM Profile Error" joins the stderr a test compares.
/// Outside a coverage build nothing reads LLVM_PROFILE_FILE.
let noCoverageProfile: [String: String?] = ["LLVM_PROFILE_FILE": "/dev/null"]

/// Lets a child running as another user write its coverage profile where LLVM_PROFILE_FILE
/// puts it (a folder of the build, root's): the folder becomes writable by all, sticky, as
/// /tmp is. Nothing to do outside a coverage run.
func letOtherUsersWriteProfiles() {
    guard let file = ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"], !file.isEmpty else { return }
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    #expect(chmod(folder, 0o1777) == 0, "\(folder)")
}

/// Runs tessera as `nobody` when the tests run as root (root may read and write any file, so a
/// permission check only shows for another user), else as the current user.
func runAsUser(_ arguments: [String], in dir: URL) throws -> CLIOutcome {
    guard geteuid() == 0 else { return try runTessera(arguments, in: dir) }
    #expect(chmod(dir.path, 0o777) == 0)
    letOtherUsersWriteProfiles()
    return try runTessera(["--reuid=nobody", "--regid=nogroup", "--clear-groups", tesseraBinary.path] + arguments,
                          in: dir, executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
}

/// Writes `input` (if any) to `child`'s stdin pipe and closes it, then reads its stdout and
/// stderr pipes to their ends, stderr on another thread so a large output cannot block the child.
func exchange(with child: ChildProcess, input: String?) throws -> (stdout: String, stderr: String) {
    if let input { child.input!.write(Data(input.utf8)) }
    try child.input?.close()
    final class Box: @unchecked Sendable { var data = Data() }
    let errBox = Box()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async { errBox.data = child.error!.readDataToEndOfFile(); group.leave() }
    let outData = child.output!.readDataToEndOfFile()
    group.wait()
    return (String(decoding: outData, as: UTF8.self), String(decoding: errBox.data, as: UTF8.self))
}

/// A fresh temporary directory for files a test writes.
/// `page` without its code (`<script>` ... `</script>`, not the data script): what is left carries
/// the page's numbers, while its code names `nan` and `inf` (picture-number.js writes them).
func withoutCode(_ page: String) -> String {
    var rest = Substring(page), kept = ""
    while let open = rest.range(of: "<script>") {
        kept += rest[..<open.lowerBound]
        guard let close = rest[open.upperBound...].range(of: "</script>") else { return kept }
        rest = rest[close.upperBound...]
    }
    return kept + rest
}

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Each command's usage line, as a usage error prints it below the sentence.
let usageLines = [
    "run": "tessera run [<options>] <layout>",
    "check": "tessera check [<options>] <layout>",
    "scroll": "tessera scroll [<options>] <layout>",
    "animate": "tessera animate [<options>] <layout>",
    "preview": "tessera preview [<options>] <layout>",
    "layouts": "tessera layouts",
    "diff": "tessera diff <old> <new> [--format <FORMAT>] [--staged] [--duplicates <POLICY>] [--section-by <FIELD>] [--max-data-size <MB>]",
    "repl": "tessera repl [<options>] [<FILE.lua>]",
    "bench": "tessera bench [<suite> ...] [--quick] [--format <FORMAT>] [--data <FILE>] [--viewport <WxH>] [--param <K=V> ...] "
        + "[--sizing <RULE>] [--duplicates <POLICY>] [--section-by <FIELD>] [--max-data-size <MB>] [--time-limit <SECONDS>]",
    "test": "tessera test [<paths> ...] [--update] [--filter <TEXT>] [--junit <FILE>] [--report <FILE.html>] [--max-memory <MB>] "
        + "[--max-instructions <N>] [--time-limit <SECONDS>]",
]

/// The stderr of a `tessera COMMAND` line that does not parse (exit status 64): the sentence,
/// `message` ended with a period as every usage error's is, then the command's usage.
func usageErrorText(_ message: String, command: String) -> String {
    "Error: \(message.hasSuffix(".") ? message : message + ".")\nUsage: \(usageLines[command] ?? "(no usage line for \(command))")\n  See 'tessera \(command) --help' for more information.\n"
}

/// The exit status and stderr of `tessera ARGUMENTS` when its command line does not parse,
/// found in this process by the two functions `Tessera.main` runs before any command
/// (`parseCommandLine`, then `failure`), with the newline `main` ends the line with; nil when it
/// parses. No process starts: for a table of messages, beside one launch of the real binary.
func parseFailure(_ arguments: [String]) -> (status: Int32, stderr: String)? {
    do {
        _ = try Tessera.parseCommandLine(arguments)
        return nil
    } catch {
        let (code, text) = Tessera.failure(error, arguments: arguments)
        return (code.rawValue, text + "\n")
    }
}

/// Expects the command line `arguments` not to parse, in this process (`parseFailure`): exit
/// status `status`, `message` and the command's usage on stderr.
func expectParseFailure(_ arguments: [String], _ message: String, status: Int32 = 64,
                        sourceLocation: SourceLocation = #_sourceLocation) {
    let failure = parseFailure(arguments)
    #expect(failure?.status == status, "\(arguments)", sourceLocation: sourceLocation)
    #expect(failure?.stderr == usageErrorText(message, command: arguments[0]), "\(arguments)", sourceLocation: sourceLocation)
}

/// Expects `tessera ARGUMENTS` to be a usage error: exit status 64, `message` and the command's
/// usage on stderr, nothing on stdout.
func expectUsageError(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let r = try runTessera(arguments, input: "")
    #expect(r.status == 64, sourceLocation: sourceLocation)
    #expect(r.stderr == usageErrorText(message, command: arguments[0]), sourceLocation: sourceLocation)
    #expect(r.stdout == "", sourceLocation: sourceLocation)
}
