import Foundation

/// Lines of stdin as the bytes they are. Swift's `readLine` decodes them, turning bytes that
/// are not UTF-8 into U+FFFD, and Lua strings are bytes: the REPL must get `"\xff"` as typed.
enum StandardInput {
    /// fd 0 as a stdio stream of its own (Swift 6 will not touch the C global `stdin`); the
    /// REPL's plain loop is the only reader of a stdin that is not a terminal.
    private nonisolated(unsafe) static let stream = fdopen(STDIN_FILENO, "r")

    /// The next line without its newline (`\n`, or `\r\n` as `readLine` strips it), or nil
    /// at the end of input. O(length of the line).
    static func readLine() -> [UInt8]? {
        guard let stream else { return nil }
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        let count = getline(&buffer, &capacity, stream)
        guard count >= 0, let buffer else { return nil }
        var line = Array(UnsafeRawBufferPointer(start: buffer, count: count))
        if line.last == 0x0A {
            line.removeLast()
            if line.last == 0x0D { line.removeLast() }
        }
        return line
    }
}
