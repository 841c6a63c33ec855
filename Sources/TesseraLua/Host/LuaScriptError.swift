import TesseraCore

/// A Lua script failed: one sentence that starts with `file:line:` where a line is known,
/// plus the Lua traceback.
///
/// Every failure of a script reaches Swift as this type: syntax and runtime errors, frames
/// that are not finite or have a negative size, a wrong frame count, a `visible` index out of
/// range, the time limit, the instruction budget, the memory cap, a missing `require`.
public struct LuaScriptError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What kind of failure it is.
    public enum Kind: String, Sendable {
        /// The chunk did not compile (`message` is Lua's, so it ends in `<eof>` when the chunk
        /// is merely unfinished, which is what a REPL looks for).
        case syntax
        /// The script raised an error, or returned something the host rejects (bad frames).
        case runtime
        /// An allocation was refused at the memory cap.
        case memory
        /// The time limit passed.
        case timeLimit
        /// The instruction budget ran out.
        case instructionLimit
        /// `LuaHost.interrupt()` stopped the call.
        case interrupted
        /// The script file could not be read.
        case file
        /// The script's shape or parameters are wrong (no layout returned, unknown param).
        case script
    }

    /// What kind of failure it is.
    public var kind: Kind
    /// One sentence, `file:line: what went wrong` (no traceback). A script's message longer
    /// than `MessageCut.limit` characters is cut in its middle, with a note, where it is read.
    public var message: String
    /// Lua's `stack traceback:` block, or "" when no Lua code was running.
    public var traceback: String
    /// The script the error is about, whenever it is known: the file of `file:line:` at the
    /// start of the message, else the script whose shape or parameters were refused.
    public var file: String?
    /// The 1-based line in `file`, when the message gives one.
    public var line: Int?

    /// An error of `kind`; `file` and `line` default to the `file:line:` the message starts
    /// with, if any. O(length of the message).
    public init(_ kind: Kind, message: String, traceback: String = "", file: String? = nil) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
        let location = Self.location(in: message)
        self.file = file ?? location?.file
        self.line = location.flatMap { file == nil || $0.file == file ? $0.line : nil }
    }

    /// The message, then the traceback on the following lines.
    public var description: String { traceback.isEmpty ? message : message + "\n" + traceback }

    /// `file` and `line` from the start of the message, when it has them.
    /// O(length of the message).
    public var location: (file: String, line: Int)? { Self.location(in: message) }

    /// `file` and `line` from the start of `message`. O(length of the message).
    static func location(in message: String) -> (file: String, line: Int)? {
        // "file:line: ..." where file may itself hold colons; the line is the first
        // all-digit field followed by ": ".
        var searchStart = message.startIndex
        while let colon = message[searchStart...].firstIndex(of: ":") {
            let afterColon = message.index(after: colon)
            let digits = message[afterColon...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, message[digits.endIndex...].hasPrefix(":"), let line = Int(digits) {
                return (String(message[..<colon]), line)
            }
            searchStart = afterColon
        }
        return nil
    }
}

extension LuaScriptError {
    /// Equal when kind, message and traceback are: `file` and `line` say where, not what.
    public static func == (a: LuaScriptError, b: LuaScriptError) -> Bool {
        a.kind == b.kind && a.message == b.message && a.traceback == b.traceback
    }
}

extension LuaScriptError: TesseraError {
    public var errorKind: TesseraErrorKind { .script }
}

extension TesseraError {
    /// This error as a `LuaScriptError` when `errorKind` is `.script`, else nil. O(1).
    public var scriptError: LuaScriptError? { self as? LuaScriptError }
}
