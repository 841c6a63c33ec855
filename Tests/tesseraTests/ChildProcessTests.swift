import Foundation
import Testing
@testable import tessera

/// The posix_spawn child the CLI and the tests start programs with.
@Suite struct ChildProcessTests {
    /// Runs `program`, feeding `input` when given; its ending, stdout and stderr.
    func run(_ program: String, _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil,
             input: String? = nil) throws -> (ChildProcess.Ending, String, String) {
        let child = try ChildProcess(program, arguments, in: directory, environment: environment,
                                     stdin: input == nil ? .null : .pipe, stdout: .pipe, stderr: .pipe)
        let (out, err) = try exchange(with: child, input: input)
        return (child.wait(), out, err)
    }

    @Test func theExitStatusIsReported() throws {
        let (ending, out, err) = try run("/bin/sh", ["-c", "exit 3"])
        #expect(ending == .exited(3))
        #expect(ending.description == "exit status 3")
        #expect(out == "" && err == "")
    }

    @Test func stdoutAndStderrAreCapturedApart() throws {
        let (ending, out, err) = try run("/bin/sh", ["-c", "printf 'to out\\n'; printf 'to err' >&2; printf 'more out'"])
        #expect(ending == .exited(0))
        #expect(out == "to out\nmore out")
        #expect(err == "to err")
    }

    @Test func stdinIsFedThroughAPipeOrReadsNothingFromDevNull() throws {
        let (_, echoed, _) = try run("cat", [], input: "line one\nline two")
        #expect(echoed == "line one\nline two")
        let (ending, nothing, _) = try run("cat", [])
        #expect(ending == .exited(0))
        #expect(nothing == "")
    }

    @Test func theWorkingDirectoryIsHonoured() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (_, out, _) = try run("/bin/pwd", ["-P"], in: dir.path)
        #expect(out == dir.resolvingSymlinksInPath().path + "\n")
    }

    @Test func theEnvironmentIsExactlyTheOneGiven() throws {
        let (_, out, _) = try run("/usr/bin/env", [], environment: ["TESSERA_CHILD": "one two"])
        #expect(out == "TESSERA_CHILD=one two\n")
    }

    @Test func aProgramWithoutASlashIsFoundOnThePath() throws {
        let (ending, out, _) = try run("echo", ["found"])
        #expect(ending == .exited(0))
        #expect(out == "found\n")
    }

    @Test(arguments: [
        ("tessera-no-such-program", nil, "cannot start tessera-no-such-program: no such file or directory"),
        ("/nonexistent/tessera", nil, "cannot start /nonexistent/tessera: no such file or directory"),
        ("/dev/null", nil, "cannot start /dev/null: permission denied"),
        ("/bin/pwd", "/nonexistent", "cannot start /bin/pwd in /nonexistent: no such file or directory"),
    ] as [(String, String?, String)])
    func aProgramThatCannotStartIsAnErrorSayingWhy(program: String, directory: String?, message: String) {
        #expect(throws: CLIError.self) { try ChildProcess(program, [], in: directory) }
        do {
            _ = try ChildProcess(program, [], in: directory)
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func aChildKilledByASignalIsReportedAsSuch() throws {
        let (ending, _, _) = try run("/bin/sh", ["-c", "kill -TERM $$"])
        #expect(ending == .signalled(SIGTERM))
        #expect(ending.description == "signal \(SIGTERM)")
    }

    @Test func terminateAndKillEndARunningChild() throws {
        let asked = try ChildProcess("/bin/sleep", ["60"], stdin: .null)
        #expect(asked.ended == nil)
        asked.terminate()
        #expect(asked.wait() == .signalled(SIGTERM))
        #expect(asked.ended == .signalled(SIGTERM))
        let killed = try ChildProcess("/bin/sleep", ["60"], stdin: .null)
        killed.kill()
        #expect(killed.wait() == .signalled(SIGKILL))
        killed.kill()   // reaped: nothing is signalled, the answer stays
        #expect(killed.wait() == .signalled(SIGKILL))
    }

    @Test func theChildGetsNoDescriptorButItsStandardStreams() throws {
        let fd = open("/dev/null", O_RDONLY)   // inherited through exec unless the spawn closes it
        #expect(fd > 2)
        defer { close(fd) }
        let (_, out, _) = try run("/bin/bash", ["-c", "if : <&\(fd); then echo open; else echo closed; fi 2>/dev/null"])
        #expect(out == "closed\n")
        let (_, standard, _) = try run("/bin/bash", ["-c", "if : <&2; then echo open; else echo closed; fi"])
        #expect(standard == "open\n")
    }
}
