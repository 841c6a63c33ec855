import Foundation
import TesseraCore

/// Writing to stdout and stderr without crashing and without letting a script drive the terminal.
///
/// - Every write goes through `write(2)` in a loop over one buffer, so a full disk (`> /dev/full`)
///   is an error the caller reports (exit status 1), never a `try!` crash, and a long message
///   is one system call, not one per byte.
/// - Standard output whose reader has gone (`| head`) ends the process as SIGPIPE ends `cat` or
///   `git`: no message, killed by the signal (status 141 in a shell), since nobody is left to
///   read the rest and a message would only be noise on the terminal.
/// - Text bound for a terminal has its control characters (ESC, the C1 controls, everything
///   below 0x20 but newline and tab, DEL) shown as Lua-style escapes (`\27[2J`), so a script
///   cannot clear, retitle or otherwise drive the user's terminal. Pipes and files get the
///   bytes unchanged.
/// - Error messages longer than `MessageCut.limit` characters are cut in the middle with a note
///   saying how much was left out; the start (the message) and the end (the traceback's
///   outermost frames) stay.
enum StandardStream: Int32 {
    case output = 1
    case error = 2

    /// True when the stream is a terminal (checked once).
    var isTerminal: Bool { self == .output ? Self.stdoutIsTerminal : Self.stderrIsTerminal }
    private static let stdoutIsTerminal = isatty(1) == 1
    private static let stderrIsTerminal = isatty(2) == 1

    var name: String { self == .output ? "standard output" : "standard error" }

    /// Writes `text` (plus a newline unless it ends with one), escaped for a terminal.
    /// - Throws: `CLIError` naming the stream and the system's reason.
    func write(line text: String) throws {
        var shown = isTerminal ? terminalSafe(text) : text
        if !shown.hasSuffix("\n") { shown += "\n" }
        try writeAll(Array(shown.utf8))
    }

    /// Writes `bytes` (plus a newline unless they end with one): unchanged to a pipe or a
    /// file; a terminal gets them as `write(line:)` text, bytes that are not UTF-8 as U+FFFD.
    func write(line bytes: [UInt8]) throws {
        if isTerminal { return try write(line: String(decoding: bytes, as: UTF8.self)) }
        try writeAll(bytes.last == 0x0A ? bytes : bytes + [0x0A])
    }

    /// Writes the bytes with as few system calls as the kernel allows. O(n).
    func writeAll(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try writeAll($0) }
    }

    /// Writes the bytes with as few system calls as the kernel allows. O(n).
    func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let n = systemWrite(rawValue, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE && self == .output { endAsClosedPipeWould() }
                throw CLIError(cannotWriteMessage("to \(name)", systemReason(errno)))
            }
            offset += n
        }
    }
}

/// Ends the process as the default action of SIGPIPE does (the process ignores the signal so
/// that files and sockets report EPIPE as an error instead). Never returns.
private func endAsClosedPipeWould() -> Never {
    signal(SIGPIPE, SIG_DFL)
    raise(SIGPIPE)
    _exit(128 + SIGPIPE)   // only if the signal could not end the process (it is blocked)
}

private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }

/// Control characters as Lua escapes (`\27`), C1 controls as `\u{9B}`; newline and tab kept.
func terminalSafe(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
        if !isControl(scalar) { result.unicodeScalars.append(scalar) }
        else if scalar.value < 0x80 { result += "\\\(scalar.value)" }
        else { result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" }
    }
    return result
}

private func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return (v < 0x20 && v != 0x0A && v != 0x09) || v == 0x7F || (v >= 0x80 && v < 0xA0)
}

/// Prints an error to stderr, cut to a readable length, in one write; a failure to write it
/// is ignored (there is nowhere left to report it).
func reportError(_ text: String) {
    try? StandardStream.error.write(line: MessageCut.cut(text))
}

/// Prints a line to stdout; if stdout cannot be written, says so on stderr and exits with 1
/// (a closed pipe ends the process quietly, as `StandardStream` says).
func printLine(_ text: String) {
    exitingOnFailure { try StandardStream.output.write(line: text) }
}

/// `printLine` of bytes, written unchanged unless stdout is a terminal (`write(line:)`).
func printLine(bytes: [UInt8]) {
    exitingOnFailure { try StandardStream.output.write(line: bytes) }
}

private func exitingOnFailure(_ write: () throws -> Void) {
    do { try write() } catch {
        reportError("Error: \(endingSentence(String(describing: error)))")
        exit(1)
    }
}
