import CLua
import LuaBridge
import TesseraCore

extension ReplSession {
    // MARK: Compiling and running

    enum Compiled {
        case chunk(LuaReference)
        /// Unfinished: the compiler's message ends in `<eof>`.
        case incomplete(message: String)
        case failed(LuaScriptError)
    }

    /// Expression first (run in the form that makes no tail call), then the statement as typed
    /// (its errors are the ones reported), then the statement with its top-level locals
    /// persisted. Compiling runs no code.
    func compile(_ source: [UInt8]) -> Compiled {
        // The trial of the expression is numbered from 1: it is compiled again if it runs.
        if let chunk = try? host.load(ReplSource.expressionChunk(source), chunkName: ReplSession.chunkName, environment: environment) {
            let running = try? load(ReplSource.runningExpressionChunk(source))
            return .chunk(running ?? chunk)
        }
        let typed: LuaReference
        do {
            typed = try load(source)
        } catch let error as LuaScriptError {
            if error.kind == .syntax && ReplSource.isIncomplete(error.message) { return .incomplete(message: error.message) }
            return .failed(placed(error, source: source))
        } catch {
            return .failed(LuaScriptError(.runtime, message: "\(error)"))
        }
        let rewritten = ReplSource.persistingLocals(source)
        if rewritten != source, let chunk = try? load(rewritten) {
            return .chunk(chunk)
        }
        return .chunk(typed)
    }

    /// The first line of the pending statement as Lua numbers it: the input's when
    /// `numbersLines` is set, else 1.
    var firstLine: Int { numbersLines ? pendingLine : 1 }

    /// Compiles a chunk of the pending statement, its lines numbered from `firstLine`; a
    /// syntax error names the chunk's own lines (see `placed(_:source:)`).
    func load(_ chunk: [UInt8]) throws -> LuaReference {
        try host.load(chunk, chunkName: ReplSession.chunkName, firstLine: firstLine, environment: environment)
    }

    /// A syntax error of `chunk` as Lua writes it when the chunk starts on `firstLine`: its
    /// position moved down when nothing else in the message names a line, else (as in "to
    /// close 'if' at line 3") the chunk compiled again behind one newline per line before it.
    /// Only a statement that fails with such a message pays for those.
    func placed(_ error: LuaScriptError, source chunk: [UInt8]) -> LuaScriptError {
        guard error.kind == .syntax, firstLine > 1 else { return error }
        if let message = LuaChunkLines.shifted(message: error.message, chunkID: String(ReplSession.chunkName.dropFirst()), by: firstLine - 1, chunk: chunk) {
            return LuaScriptError(error.kind, message: message, traceback: error.traceback)
        }
        do {
            _ = try host.load(LuaChunkLines.newlines(firstLine - 1) + chunk, chunkName: ReplSession.chunkName, environment: environment)
        } catch let placed as LuaScriptError {
            return placed
        } catch {}
        return error
    }

    /// Runs a chunk; if it returned values, calls the environment's `print` with all of them
    /// (as `lua` does: statements print nothing, `nil`s between values print). Both calls are
    /// protected and run under the limits; the values stay on the Lua stack in between, so
    /// nothing is converted.
    func execute(_ chunk: LuaReference) {
        refreshSettings()
        let L = host.L
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        do {
            host.push(chunk)
            try host.protectedCall(arguments: 0, results: LUA_MULTRET)
        } catch let error as LuaScriptError {
            return report(error)
        } catch {
            return complain("\(error)")
        }
        let count = lua_gettop(L) - base
        guard count > 0 else { return }
        _ = lua_checkstack(L, 2)
        host.push(environment)
        // Raw: this runs outside any protected call, and the user may give `_G` a metatable.
        LuaStack.rawField(L, -1, "print")
        lua_rotate(L, -2, -1)
        tb_pop(L, 1)
        lua_rotate(L, base + 1, 1)
        do {
            try host.protectedCall(arguments: count, results: 0)
        } catch var error as LuaScriptError {
            error.message = "error calling 'print' (\(error.message))"
            report(error)
        } catch {
            complain("\(error)")
        }
    }

    /// Writes an error: the message, then the traceback (not for syntax errors, which have no
    /// Lua stack), then what to do when a limit stopped the line.
    public func report(_ error: LuaScriptError) {
        var error = error
        if error.kind == .memory, let statementStart { error = ReplSession.inStatement(error, from: statementStart) }
        var text = error.kind == .syntax || error.kind == .file || error.kind == .script ? error.message : error.description
        let limits = host.limits
        switch error.kind {
        case .timeLimit:
            text += "\n(a line may run for \(limits.timeLimit.map { Int(whole: $0).map(NumberText.grouped) ?? NumberText.exact($0) } ?? "?") s of CPU time; start the REPL with --time-limit SECONDS to change that)"
        case .instructionLimit:
            text += "\n(a line may run \(limits.maxInstructions.map(NumberText.grouped) ?? "?") instructions; start the REPL with --max-instructions N to change that)"
        case .memory:
            text += "\n(Lua may use \(LuaHost.formatBytes(limits.maxMemoryBytes)); start the REPL with --max-memory MB to change that)"
        default:
            break
        }
        complain(text)
    }
}

extension ReplSession {
    /// A memory error met in a statement of several lines starting on input line `line`, its
    /// message ending "(in the statement from line N)": where the cap was met says little in a
    /// pasted table. A line up to the statement's first, with only the statement's own code
    /// running, is left out, message and traceback: Lua notes no position as it makes a table
    /// or a closure, and names the chunk's start, or the line of the token before the table's
    /// `{`, instead; the statement's first line is in the note already.
    static func inStatement(_ error: LuaScriptError, from line: Int) -> LuaScriptError {
        var error = error
        let chunk = String(chunkName.dropFirst())
        if error.file == chunk, let named = error.line, named <= line, error.message.hasPrefix("\(chunk):\(named): "),
           error.traceback == "stack traceback:\n\t\(chunk):\(named): in main chunk" {
            error.message.removeFirst("\(chunk):\(named): ".count)
            error.traceback = ""
        }
        error.message += " (in the statement from line \(line))"
        return error
    }

    /// Writes an error to `output.error` and counts it.
    func complain(_ text: String) {
        errorCount += 1
        output.error(text)
    }

    /// Writes to `output.standardBytes`, cut at `maxCharacters` bytes with a note.
    func writeStandard(_ text: String) { writeStandard(bytes: Array(text.utf8)) }

    /// Writes bytes (what `print` made of Lua strings, unchanged) to `output.standardBytes`,
    /// cut at `maxCharacters` bytes, before a UTF-8 character the cut would split, with a note.
    func writeStandard(bytes: [UInt8]) {
        guard bytes.count > maxCharacters else { return output.standardBytes(bytes) }
        let cut = ReplSession.wholeCharacters(bytes.prefix(maxCharacters))
        output.standardBytes(Array(cut) + Array("\n-- (truncated: \(NumberText.grouped(bytes.count - cut.count)) more bytes; output is limited to \(NumberText.counted(maxCharacters, "character")))".utf8))
    }

    /// `bytes` without a UTF-8 sequence the end cuts short; other bytes (not UTF-8) stay.
    static func wholeCharacters(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        // A sequence is at most 4 bytes: look back at most 3 for its lead byte.
        var lead = bytes.endIndex
        while lead > bytes.startIndex, bytes.endIndex - lead < 4 {
            lead -= 1
            let byte = bytes[lead]
            guard byte & 0xC0 == 0x80 else {
                // Only 0xC2...0xF4 start a sequence of more than one byte.
                let length = (0xC2...0xF4).contains(byte) ? (byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2) : 1
                return bytes.endIndex - lead < length ? bytes[..<lead] : bytes
            }
        }
        return bytes
    }

    /// Hands the current width and limits to the Lua side of `print`.
    func refreshSettings() {
        let columns = terminalSize()?.columns ?? 80
        host.setField("width", of: settings, to: .integer(max(20, columns - 1)))
        host.setField("lines", of: settings, to: .integer(max(1, maxLines)))
    }
}
