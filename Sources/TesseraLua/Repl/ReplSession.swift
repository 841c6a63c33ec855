import CLua
import Foundation
import LuaBridge
import TesseraCore

/// Where a REPL session writes. Each call gets one or more whole lines, without the final
/// newline: results and `print` go to `standard`, error messages to `error` (as `lua` does).
package struct ReplOutput {
    public var standard: (String) -> Void
    public var error: (String) -> Void

    public init(standard: @escaping (String) -> Void, error: @escaping (String) -> Void) {
        self.standard = standard
        self.error = error
    }
}

/// The evaluator behind `tessera repl`, with no terminal: it is fed lines and
/// writes what `lua` would print, so it can be driven by a line editor, a pipe or a test.
///
/// Lines are read as the standard `lua` REPL reads them (expression first, then statement,
/// continuation while the syntax error ends in `<eof>`; see `ReplSource`), evaluated in one
/// sandboxed environment per session, and their values printed through the environment's
/// `print` (overridable; the default prints tables readably, see `ReplSupport`). Errors print
/// with a traceback and the session goes on. Every line runs under the host's limits, so a
/// runaway loop is stopped and reported. Lines starting with `:` and a letter are commands
/// (`:help`, `:reload`, `:viewport WxH`, `:quit`).
///
/// The environment holds `t` (the `tessera` module), `data` (the dataset), `L` (the
/// `--layout` script as a layout value), `run(layout [, opts])`, and `load(path)`.
///
/// Not thread-safe, like its `LuaHost`: feed it from one thread; only `host.interrupt()` may
/// be called from another (Ctrl-C).
package final class ReplSession {
    /// What a fed line did.
    public enum Step: Equatable {
        /// The input is complete and was handled; `history` is the entry to remember (the
        /// whole statement for a multi-line one), nil for a blank line.
        case done(history: String?)
        /// The statement is unfinished: feed the next line (prompt `>>`).
        case more
        /// `:quit` was typed.
        case quit
    }

    /// Chunk name of typed input; messages read `stdin:1: ...` as in `lua`.
    static let chunkName = "=stdin"

    public let host: LuaHost
    /// The session's global environment: every line runs with it as `_ENV`.
    public let environment: LuaReference
    /// The dataset `run` lays out and `data` shows.
    public let dataset: Dataset
    /// The sizing rule `run` uses.
    public let sizing: ItemSizing
    /// The viewport size `run` uses unless given one (`:viewport WxH`).
    public var viewport: Size
    public var output: ReplOutput
    /// The terminal's size in cells, or nil when output is not a terminal; `:show()` fits
    /// its preview to it and `print` its line width.
    public var terminalSize: () -> (columns: Int, rows: Int)? = { nil }
    /// Lines one `print` may write before its output is cut with a note.
    public var maxLines = 40
    /// Characters one `print` may write before its output is cut with a note.
    public var maxCharacters = 4_000
    /// Whether `:show()` may use Unicode box-drawing characters for the viewport outline.
    public var unicode = false

    /// The `--layout` script, once loaded.
    public private(set) var layoutScript: LayoutScript?
    /// The path `:reload` reads, set by `loadLayout(path:)` even when that load failed.
    public private(set) var layoutPath: String?

    private var pending: [String] = []
    var resultMetaRef: Int32 = LUA_NOREF
    private var settings: LuaReference!

    /// A session over `dataset` with its own Lua host.
    /// - Throws: `LuaScriptError` if the host cannot be created.
    public init(dataset: Dataset, viewport: Size = Size(width: 375, height: 812), sizing: ItemSizing = ItemSizing(),
                limits: ScriptLimits = ScriptLimits(), searchPaths: [String] = LuaHost.standardSearchPaths(), output: ReplOutput) throws {
        host = try LuaHost(limits: limits, searchPaths: searchPaths)
        environment = try host.newEnvironment(directory: ".")
        self.dataset = dataset
        self.viewport = viewport
        self.sizing = sizing
        self.output = output
        // Layout scripts' own `print` writes where results go, not to stderr as in `tessera run`.
        host.output = { [weak self] line in self?.writeStandard(line) }
        try installBuiltins()
    }

    /// The prompt for the next line: `_PROMPT` / `_PROMPT2` from the environment when they
    /// are strings or numbers, else `> ` and, inside an unfinished statement, `>> `.
    public var prompt: String {
        let custom = host.field(pending.isEmpty ? "_PROMPT" : "_PROMPT2", of: environment)
        switch custom {
        case .string(let s): return s
        case .integer(let i): return String(i)
        case .number(let d): return String(d)
        default: return pending.isEmpty ? "> " : ">> "
        }
    }

    /// True while a statement is unfinished.
    public var isContinuing: Bool { !pending.isEmpty }

    /// Handles one line of input (without its newline).
    /// - Complexity: compiling is O(length of the statement so far), up to three times
    ///   (expression, statement, rewritten statement); then whatever the line runs.
    public func feed(_ line: String) -> Step {
        if pending.isEmpty {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return .done(history: nil) }
            if ReplSession.isCommand(trimmed) { return runCommand(trimmed) }
        }
        pending.append(line)
        let typed = pending.joined(separator: "\n")
        switch compile(ReplSource.expandingEquals(typed)) {
        case .incomplete:
            return .more
        case .failed(let error):
            pending = []
            report(error)
        case .chunk(let chunk):
            pending = []
            execute(chunk)
        }
        return .done(history: typed)
    }

    /// Drops an unfinished statement (Ctrl-C at a `>>` prompt).
    public func cancel() { pending = [] }

    /// At the end of input: reports an unfinished statement's syntax error, as Lua 5.5 does.
    public func finish() {
        guard !pending.isEmpty else { return }
        let source = ReplSource.expandingEquals(pending.joined(separator: "\n"))
        pending = []
        do {
            _ = try host.load(source, chunkName: ReplSession.chunkName, environment: environment)
        } catch let error as LuaScriptError {
            report(error)
        } catch {
            complain("\(error)")
        }
    }

    /// `:` then a letter; `::label::` is Lua.
    static func isCommand(_ trimmed: String) -> Bool {
        trimmed.hasPrefix(":") && trimmed.dropFirst().first?.isLetter == true
    }

    // MARK: Compiling and running

    enum Compiled {
        case chunk(LuaReference)
        case incomplete
        case failed(LuaScriptError)
    }

    /// Expression first, then the statement as typed (its errors are the ones reported), then
    /// the statement with its top-level locals persisted. Compiling runs no code.
    func compile(_ source: String) -> Compiled {
        let name = ReplSession.chunkName
        if let chunk = try? host.load(ReplSource.expressionChunk(source), chunkName: name, environment: environment) {
            return .chunk(chunk)
        }
        let typed: LuaReference
        do {
            typed = try host.load(source, chunkName: name, environment: environment)
        } catch let error as LuaScriptError {
            if error.kind == .syntax && ReplSource.isIncomplete(error.message) { return .incomplete }
            return .failed(error)
        } catch {
            return .failed(LuaScriptError(.runtime, message: "\(error)"))
        }
        let rewritten = ReplSource.persistingLocals(source)
        if rewritten != source, let chunk = try? host.load(rewritten, chunkName: name, environment: environment) {
            return .chunk(chunk)
        }
        return .chunk(typed)
    }

    /// Runs a chunk; if it returned values, calls the environment's `print` with all of them
    /// (as `lua` does: statements print nothing, `nil`s between values print). Both calls are
    /// protected and run under the limits; the values stay on the Lua stack in between, so
    /// nothing is converted.
    private func execute(_ chunk: LuaReference) {
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
        _ = lua_getfield(L, -1, "print")   // the environment is a plain table: no metamethods
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
        var text = error.kind == .syntax || error.kind == .file || error.kind == .script ? error.message : error.description
        let limits = host.limits
        switch error.kind {
        case .timeLimit:
            text += "\n(a line may run for \(limits.timeLimit.map { Int(whole: $0).map(String.init) ?? String($0) } ?? "?") s; start the REPL with --time-limit SECONDS to change that)"
        case .instructionLimit:
            text += "\n(a line may run \(limits.maxInstructions.map(String.init) ?? "?") instructions; start the REPL with --max-instructions N to change that)"
        case .memory:
            text += "\n(Lua may use \(LuaHost.formatBytes(limits.maxMemoryBytes)); start the REPL with --max-memory MB to change that)"
        default:
            break
        }
        complain(text)
    }

    /// How many errors the session has reported (lines that raised, failed commands): a piped
    /// session exits with status 1 when this is not 0.
    public private(set) var errorCount = 0

    /// Writes an error to `output.error` and counts it.
    func complain(_ text: String) {
        errorCount += 1
        output.error(text)
    }

    /// Writes to `output.standard`, cut at `maxCharacters` with a note.
    func writeStandard(_ text: String) {
        guard text.utf8.count > maxCharacters else { return output.standard(text) }
        var cut = text.utf8.prefix(maxCharacters)
        while let last = cut.last, last & 0xC0 == 0x80 { cut = cut.dropLast() }   // a whole character
        if let last = cut.last, last >= 0xC0 { cut = cut.dropLast() }
        let kept = String(decoding: cut, as: UTF8.self)
        output.standard(kept + "\n-- (truncated: \(text.utf8.count - cut.count) more bytes; output is limited to \(maxCharacters) characters)")
    }

    /// Hands the current width and limits to the Lua side of `print`.
    private func refreshSettings() {
        let columns = terminalSize()?.columns ?? 80
        host.setField("width", of: settings, to: .integer(max(20, columns - 1)))
        host.setField("lines", of: settings, to: .integer(max(1, maxLines)))
    }

    // MARK: Set-up

    /// Puts `t`, `data`, `run`, `print` and `load` into the environment (`L` comes with
    /// `loadLayout(path:)`), and builds the result metatable.
    private func installBuiltins() throws {
        makeResultMetatable()
        host.setField("t", of: environment, to: .table(host.tessera))
        pushData()   // allocations are not refused outside script code, so check the cap after
        host.setField("data", of: environment, to: host.popValue())
        guard host.memoryUsed <= host.limits.maxMemoryBytes else { throw dataTooLarge() }
        do {
            try installFunctions()
        } catch let error as LuaScriptError where error.kind == .memory {
            throw dataTooLarge()   // the data left too little room for the REPL's own code
        }
    }

    /// The error for a dataset whose `data` table does not fit under the memory cap.
    private func dataTooLarge() -> LuaScriptError {
        let usedMB = (host.memoryUsed + 1_048_575) / 1_048_576
        return LuaScriptError(.memory, message: "\(dataset.sourceName): the dataset's \(dataset.count) items take about \(usedMB) MB as the REPL's `data` table, more than Lua may use (\(LuaHost.formatBytes(host.limits.maxMemoryBytes))); start the REPL with a larger --max-memory MB (for example --max-memory \(2 * usedMB))")
    }

    /// `run`, `print` and `load`, and the settings `print` reads.
    private func installFunctions() throws {
        host.setField("run", of: environment, to: .function(hostFunction(ReplSession.runFunction)))

        lua_createtable(host.L, 0, 4)
        settings = host.popReference()
        host.setField("stringlimit", of: settings, to: .integer(200))
        host.setField("depth", of: settings, to: .integer(8))
        refreshSettings()
        let support = try host.load(ReplSupport.source, chunkName: ReplSupport.chunkName,
                                    environment: try host.newEnvironment())
        let functions = try host.call(.function(support), [
            .function(hostFunction(ReplSession.writeFunction)),
            .function(hostFunction(ReplSession.loadScriptFunction)),
            host.field("load", of: environment),
            .table(settings),
        ])
        host.setField("print", of: environment, to: functions[0])
        host.setField("load", of: environment, to: functions[1])
    }

    /// Loads the `--layout` script as `L`. `:reload` re-reads `path` afterwards, even when
    /// this first load failed (fix the file, then `:reload`).
    /// - Throws: `LuaScriptError`; `L` stays nil then.
    public func loadLayout(path: String) throws {
        layoutPath = path
        let script = try host.loadLayoutScript(path: path)
        layoutScript = script
        host.pushLayout(try script.configured())
        host.setField("L", of: environment, to: host.popValue())
    }

    /// A context over the session's dataset in `size`.
    func context(size: Size) -> LayoutContext {
        LayoutContext(dataset: dataset, collectionSize: size, sizing: sizing)
    }
}
