import CLua
import LuaBridge
import TesseraCore

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

    /// Chunk name of typed input; messages read `stdin:1: ...` as in `lua`, or the line of the
    /// input the statement started on when `numbersLines` is set.
    static let chunkName = "=stdin"

    /// Whether messages name the line of the whole input where the failing statement started
    /// (`stdin:7:`), as for a file fed through a pipe, rather than each entry's own lines from 1
    /// (`stdin:1:`), as `lua` does at a terminal. Every line fed counts, blank lines and
    /// commands too.
    public var numbersLines = false

    public let host: LuaHost
    /// The session's global environment: every line runs with it as `_ENV`.
    public let environment: LuaReference
    /// The dataset `run` lays out and `data` shows.
    public let dataset: Dataset
    /// The sizing rule `run` uses.
    public let sizing: ItemSizing
    /// The viewport size `run` uses unless given one (`:viewport WxH`).
    public var viewport: Size
    /// The viewport's guides `run` uses unless its options give them (`--safe-area` and its siblings).
    public var guides = ViewportGuides.zero
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
    public internal(set) var layoutScript: LayoutScript?
    /// The path `:reload` reads, set by `loadLayout(path:)` even when that load failed.
    public internal(set) var layoutPath: String?

    /// The lines of an unfinished statement, as typed (bytes: Lua strings are bytes).
    var pending: [[UInt8]] = []
    /// The table the pending statement leaves open, while it is one of plain data whose lines
    /// need no compiling (see `ReplOpenTable`); nil when unknown.
    var openTable: ReplOpenTable?
    /// Test switch: when false, every line of an unfinished statement is compiled with all the
    /// lines before it, as the reference that taking a table's lines unread must match.
    var takesTableLines = true
    /// The pending statement followed line by line (see `ReplOpenStatement`); nil when none.
    var openStatement: ReplOpenStatement?
    /// Test switch, as `takesTableLines`, for the lines `ReplOpenStatement` takes.
    var takesStatementLines = true
    /// How many lines were fed, and the number of the one the pending statement started on.
    var linesFed = 0
    var pendingLine = 1
    /// The input's line a statement of several lines started on while it is compiled and run:
    /// a memory error names it (where the cap was met says little in a pasted table).
    var statementStart: Int?
    var resultMetaRef: Int32 = LUA_NOREF
    var settings: LuaReference!

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
        host.outputBytes = { [weak self] bytes in self?.writeStandard(bytes: bytes) }   // bytes, as the prompt's print
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
    /// - Complexity: see `feed(bytes:)`.
    public func feed(_ line: String) -> Step { feed(bytes: Array(line.utf8)) }

    /// Handles one line of input (without its newline) as the bytes typed, unchanged, so a
    /// string literal holding bytes that are not UTF-8 reaches Lua as they are; the history
    /// entry is decoded as UTF-8.
    /// - Complexity: compiling is O(length of the statement so far), up to three times
    ///   (expression, statement, rewritten statement); then whatever the line runs. A line that
    ///   only adds plain fields to an unfinished data table is O(its length): it is not
    ///   compiled (`ReplOpenTable`), so a pasted table of n lines costs O(n), not O(n²); nor is
    ///   a line of plain statements inside an unfinished block or a line inside an unfinished
    ///   long string (`ReplOpenStatement`).
    public func feed(bytes line: [UInt8]) -> Step {
        linesFed += 1
        if pending.isEmpty {
            pendingLine = linesFed
            let trimmed = String(String(decoding: line, as: UTF8.self).trimmingSpaces())
            if trimmed.isEmpty { return .done(history: nil) }
            if ReplSession.isCommand(trimmed) { return runCommand(trimmed) }
            if let note = firstWordsNote(trimmed) {
                complain(note)
                return .done(history: trimmed)
            }
        }
        pending.append(line)
        if takesTableLines, pending.count > 1, let table = openTable?.taking(line) {
            openTable = table
            openStatement = nil   // it did not read the line
            return .more
        }
        if takesStatementLines, pending.count > 1, openStatement?.takes(line) == true {
            openTable = nil   // it did not read the line
            return .more
        }
        let typed = ReplSource.joined(pending)
        let chunk = ReplSource.expandingEquals(typed)
        statementStart = numbersLines && pending.count > 1 ? pendingLine : nil
        defer { statementStart = nil }
        switch compile(chunk) {
        case .incomplete(let message):
            openTable = pending.count == 1 ? ReplOpenTable(statement: ReplSource.expandingEquals(line)) : nil
            if pending.count == 1 {
                openStatement = ReplOpenStatement(firstLine: chunk, numbered: firstLine, message: message)
            } else {
                openStatement?.compiled(line, chunk: chunk, message: message)
            }
            return .more
        case .failed(let error):
            cancel()
            report(error)
        case .chunk(let chunk):
            cancel()
            execute(chunk)
        }
        return .done(history: String(decoding: typed, as: UTF8.self))
    }

    /// Drops an unfinished statement (Ctrl-C at a `>>` prompt).
    public func cancel() {
        pending = []
        openTable = nil
        openStatement = nil
    }

    /// At the end of input (Ctrl-D): reports an unfinished statement's syntax error and drops the
    /// statement, as `lua` does, and returns it as typed (the history entry, so arrow-up brings
    /// it back), or nil when no statement was unfinished.
    @discardableResult
    public func finish() -> String? {
        guard !pending.isEmpty else { return nil }
        let typed = ReplSource.joined(pending)
        cancel()
        let chunk = ReplSource.expandingEquals(typed)
        do {
            _ = try load(chunk)
        } catch let error as LuaScriptError {
            report(placed(error, source: chunk))
        } catch {
            complain("\(error)")
        }
        return String(decoding: typed, as: UTF8.self)
    }

    /// `:` then a letter; `::label::` is Lua.
    static func isCommand(_ trimmed: String) -> Bool {
        trimmed.hasPrefix(":") && trimmed.dropFirst().first?.isLetter == true
    }

    /// How many errors the session has reported (lines that raised, failed commands): a piped
    /// session exits with status 1 when this is not 0.
    public internal(set) var errorCount = 0
}
