import Foundation
@testable import tessera

/// `tessera` on a pseudo-terminal, as a person runs it: stdin, stdout and stderr are the
/// terminal, so the REPL reads lines with libedit. `send` types text; `waitFor(_:)` collects
/// what the terminal shows (echo included) until a text appears.
final class TerminalRun {
    private let process: ChildProcess
    private let master: Int32
    private(set) var shown = ""

    /// Starts `tessera arguments` in the repository root; `environment` sets (a value) or removes
    /// (nil) variables of the inherited environment.
    init(_ arguments: [String], environment changes: [String: String?] = [:]) throws {
        master = PseudoTerminal.open(O_RDWR | O_NOCTTY | O_CLOEXEC)   // no other test's child keeps it open
        guard master >= 0, PseudoTerminal.grant(master) == 0, PseudoTerminal.unlock(master) == 0,
              let name = PseudoTerminal.name(of: master) else {
            throw CocoaError(.fileReadUnknown)
        }
        guard let terminal = FileHandle(forUpdatingAtPath: name) else { throw CocoaError(.fileReadUnknown) }
        defer { try? terminal.close() }
        process = try ChildProcess(tesseraBinary.path, arguments, in: repositoryRoot.path,
                                   environment: childEnvironment(["TERM": "xterm"].merging(changes) { $1 }),
                                   stdin: .handle(terminal), stdout: .handle(terminal), stderr: .handle(terminal))
    }

    deinit {
        process.kill()
        process.wait()
        close(master)
    }

    /// Whether the program reads keys one at a time: its line editor has taken the terminal out
    /// of canonical mode. Keys typed before that go through the kernel's line discipline instead
    /// (a Ctrl-D there is an end of file the editor never sees), so `send` waits for it.
    var isReadingKeys: Bool {
        var mode = termios()
        return tcgetattr(master, &mode) == 0 && mode.c_lflag & tcflag_t(ICANON) == 0
    }

    /// Types `text` (a line ends with "\r", as the Enter key sends it) once the program reads
    /// keys (`isReadingKeys`, for at most `timeout` seconds), collecting what it shows meanwhile.
    func send(_ text: String, timeout: Double = 60) {
        let deadline = Date().addingTimeInterval(timeout)
        while !isReadingKeys && process.ended == nil && Date() < deadline { waitFor("\u{0}", timeout: 0.01) }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Ctrl-C while the program runs a line: the terminal echoes the key (`^C`) and the program
    /// gets SIGINT. The pseudo-terminal is not the child's controlling terminal, so its line
    /// discipline signals nobody: the key is typed for the echo, then the signal sent.
    func interrupt() {
        var key: UInt8 = 3
        _ = write(master, &key, 1)
        waitFor("^C", timeout: 5)
        _ = kill(process.pid, SIGINT)
    }

    /// Reads what the terminal shows until `text` has appeared after `from` (an index into
    /// `shown`), the program ends, or `timeout` seconds pass. True when `text` appeared.
    @discardableResult
    func waitFor(_ text: String, after from: Int = 0, timeout: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if shown.utf8.count >= from, String(decoding: shown.utf8.dropFirst(from), as: UTF8.self).contains(text) { return true }
            var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) >= 0 else { return false }
            guard ready.revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { return false }   // EIO: every end of the terminal's other side is closed
            shown += String(decoding: buffer[..<n], as: UTF8.self)
        }
        return false
    }

    /// Waits for the program to end (killing it after `timeout` seconds) and returns its status.
    func finish(timeout: Double = 60) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.ended == nil && Date() < deadline {
            waitFor("\u{0}", timeout: 0.2)
        }
        process.kill()
        return switch process.wait() {
        case .exited(let status): status
        case .signalled(let signal): signal
        }
    }
}

/// glibc's pseudo-terminal functions, which Swift's Glibc module does not export (its headers
/// declare them only for _XOPEN_SOURCE), looked up by name.
private enum PseudoTerminal {
    static func function<F>(_ name: String, as type: F.Type) -> F {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { fatalError("no \(name) in the C library") }
        return unsafeBitCast(symbol, to: type)
    }
    static let open = function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    static let grant = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    static let unlock = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    // ptsname_r, not ptsname: ptsname's answer is one static buffer, so two tests opening
    // terminals at once could both get the second's name and share one terminal.
    static let nameInto = function("ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32).self)

    /// The path of the terminal whose other side is `master`; nil on failure.
    static func name(of master: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 128)
        guard nameInto(master, &buffer, buffer.count) == 0 else { return nil }
        return String(cString: buffer)
    }
}
