import ArgumentParser
import CEdit
import Foundation
import TesseraCore
import TesseraLua
import TesseraRender

/// `tessera repl [FILE.lua] [--batch] [--data FILE] [--layout FILE] [--viewport WxH] [--sizing RULE] [limit flags]
/// [--safe-area T,L,B,R] [--layout-margins T,L,B,R] [--readable-width W]`:
/// a Lua prompt with the engine loaded; `ReplSession` does the evaluating. FILE.lua runs first,
/// as one chunk with its own name and line numbers; `--batch` then ends the session instead of
/// reading lines, and stops at the first error (a failed `assert`) with status 1.
///
/// When stdin is a terminal, lines are read with libedit (editing, arrow-up history kept in
/// `~/.tessera_history`, or `$TESSERA_HISTORY`), prompts and a banner are shown, and Ctrl-C
/// stops a running line or drops the line being typed. Otherwise lines are read plainly and
/// nothing but what the lines print reaches stdout (errors go to stderr), so a pipe gets
/// exactly the results; Ctrl-C then ends the process as usual. Ctrl-D (end of input) or
/// `:quit` leaves; at a terminal, Ctrl-D inside an unfinished statement drops the statement
/// instead (keeping it in the history), as `lua` does. The exit status is 0 unless the session could not start or, when stdin is
/// not a terminal, any line raised an error (then 1, after every line has run).
///
/// Lines reach Lua as the bytes typed and `print` writes Lua strings' bytes unchanged (Lua
/// strings are bytes), so `print("\xff")` writes the byte 0xFF to a pipe; a terminal gets
/// text, bytes that are not UTF-8 shown as U+FFFD.
struct ReplCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "A Lua prompt with the engine loaded: t, data, L, run(layout), :help.")

    @Argument(help: ArgumentHelp("A .lua file of statements to run first; its errors name its own lines.", valueName: "FILE.lua"))
    var file: String?

    @Flag(help: "Run FILE.lua (or the lines on stdin) and leave: the first error stops the run with status 1.")
    var batch = false

    @Option(help: ArgumentHelp("Dataset: .json, .jsonl or .csv; `data` in the prompt. (default: \(Dataset.generatedSampleName))", valueName: "FILE"))
    var data: String?

    @Option(help: ArgumentHelp("A layout script, a .lua file or a script's name (appstore; `tessera layouts` lists them); `L` in the prompt, re-read by :reload.", valueName: "FILE"))
    var layout: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The viewport WxH that run() uses (also :viewport WxH).", valueName: "WxH"))
    var viewport = Checked(Viewport.standard)

    @Option(help: sizingHelp)
    var sizing: Checked<SizingRule>?

    @OptionGroup var limits: ScriptLimitFlags

    @OptionGroup var dataset: DatasetOptions

    @OptionGroup var guides: GuideOptions

    func validate() throws {
        if let file { try checkArgumentsNotEmpty([("<FILE.lua>", file, "a .lua file name")]) }
        // Run as Lua, a dataset would fail with "unexpected symbol near '{'".
        if let file, DatasetFormat(fileName: file) != nil {
            throw ValidationError("<FILE.lua> '\(file)' is a dataset, not Lua statements" + datasetFlagNote(file))
        }
        try viewport.checkUsage()
        try sizing?.checkUsage()
    }

    func run() throws {
        let size = try viewport.get().size
        let dataset = try self.dataset.loadOrSample(data)
        let interactive = isatty(STDIN_FILENO) == 1
        let session = try ReplSession(dataset: dataset, viewport: size, sizing: ItemSizing(rule: try sizing?.get() ?? .fit),
                                      limits: limits.options.scriptLimits, output: .standardStreams)
        session.guides = try guides.guides()
        // Lines read plainly are a file's (a pipe): its errors name the input's lines.
        session.numbersLines = batch || !interactive
        session.terminalSize = { ReplTerminal.size(of: STDOUT_FILENO) }
        session.host.pictures = .ascii
        // Box-drawing outlines for people; plain ASCII for pipes and non-UTF-8 terminals.
        session.unicode = isatty(STDOUT_FILENO) == 1 && ReplCommand.localeIsUTF8
        if let layout {
            do {
                try session.loadLayout(path: replLayoutPath(layout, host: session.host))
            } catch let error as LuaScriptError where error.kind == .file {
                throw CLIError(error.message)
            } catch let error as LuaScriptError {
                // A broken script still opens the prompt: fix it, then :reload.
                session.report(error)
                reportError("L is nil until :reload succeeds")
            }
        }
        if let file {
            let ran: Bool
            do { ran = try session.runFile(path: file) } catch let error as LuaScriptError { throw CLIError(error.message) }
            if batch {
                if !ran { throw ExitCode(1) }
                return
            }
        }
        if batch {
            while let line = StandardInput.readLine() {
                if session.feed(bytes: line) == .quit || session.errorCount > 0 { break }
            }
            session.finish()
            if session.errorCount > 0 { throw ExitCode(1) }
            return
        }
        if interactive {
            // The banner fits 80 columns; without --data the source already counts the items.
            let source = data == nil ? dataset.sourceName
                : "\(NumberText.counted(dataset.count, "item")) from \((dataset.sourceName as NSString).lastPathComponent)"
            printLine("Tessera REPL: \(source). :help, or Ctrl-D to leave.")
            runInteractive(session)
        } else {
            while let line = StandardInput.readLine() {
                if session.feed(bytes: line) == .quit { break }
            }
            session.finish()
            // A scripted session fails (a CI job, say) when any line raised an error.
            if session.errorCount > 0 { throw ExitCode(1) }
        }
    }

    /// The libedit loop: prompt, history, Ctrl-C.
    private func runInteractive(_ session: ReplSession) {
        TerminalLocale.adoptEnvironment()   // before libedit starts: it reads keys in this locale
        let editor = LineEditor(historyPath: ReplCommand.historyPath)
        ReplTabCompletion.install(session)
        let interrupts = ReplInterrupts.install(for: session.host)
        if interrupts?.stopsRunningLines == false {
            reportError("tessera repl: no thread could be started to stop a running line: Ctrl-C only drops the line being typed (the time limit still stops one)")
        }
        if let interrupts, ReplTerminal.echoesControlKeys(STDIN_FILENO) {
            // Ctrl-C while a line runs: the terminal echoed "^C" where its cursor was, so the
            // message that follows ("interrupted") starts on a line of its own.
            let error = session.output.error
            session.output.error = { text in error(interrupts.takeInterrupt() ? "\n" + text : text) }
        }
        defer { editor.save() }
        while true {
            _ = interrupts?.takeInterrupt()
            guard let line = editor.read(prompt: session.prompt) else {
                if interrupts?.takeInterrupt() == true {   // Ctrl-C at the prompt: drop the line
                    session.cancel()
                    printLine("")
                    continue
                }
                printLine("")
                // Ctrl-D at `>>` drops the unfinished statement, as `lua` does, and the session
                // goes on; arrow-up brings the statement back. At `>` it leaves.
                if let unfinished = session.finish() {
                    editor.remember(unfinished)
                    continue
                }
                return
            }
            let step = session.feed(bytes: line)
            if case .done(let entry?) = step { editor.remember(entry) }
            if step == .quit { return }
        }
    }

    static var historyPath: String? {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["TESSERA_HISTORY"], !path.isEmpty { return path }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return (home as NSString).appendingPathComponent(".tessera_history")
    }

    static var localeIsUTF8: Bool {
        let environment = ProcessInfo.processInfo.environment
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        return locale.uppercased().replacingOccurrences(of: "-", with: "").contains("UTF8")
    }
}

extension ReplOutput {
    /// Results to stdout, errors to stderr, each written at once (unbuffered), so the two
    /// streams interleave in the order things happened; escaped on a terminal, errors cut to a
    /// readable length.
    static var standardStreams: ReplOutput { ReplOutput(standardBytes: { printLine(bytes: $0) }, error: { reportError($0) }) }
}

/// libedit's readline interface: line editing, and history with one entry per statement,
/// saved to `historyPath` after each entry (so a crash loses nothing).
private struct LineEditor {
    let historyPath: String?

    init(historyPath: String?) {
        self.historyPath = historyPath
        tb_edit_configure(strdup("tessera"))   // the name for ~/.editrc; libedit's SIGINT handling off
        using_history()
        stifle_history(1000)
        if let historyPath { _ = read_history(historyPath) }
    }

    /// The next line without its newline, as the bytes libedit gives (Lua strings are bytes),
    /// or nil at end of input or after Ctrl-C.
    func read(prompt: String) -> [UInt8]? {
        guard let line = readline(prompt) else { return nil }
        defer { free(line) }
        return Array(UnsafeRawBufferPointer(start: line, count: strlen(line)))
    }

    func remember(_ entry: String) {
        _ = add_history(entry)
        save()
    }

    func save() {
        if let historyPath { _ = write_history(historyPath) }
    }
}

/// libedit's Tab completion, answered by `ReplSession.completions(before:)`: globals, `t.`
/// names, fields after a dot and methods after a colon. libedit takes C function pointers, which
/// capture nothing, so the session and the pending candidates live in statics; the REPL reads
/// lines on one thread, the only one that touches them.
private enum ReplTabCompletion {
    nonisolated(unsafe) static var session: ReplSession?
    nonisolated(unsafe) static var candidates: [String] = []
    nonisolated(unsafe) static var next = 0

    static func install(_ session: ReplSession) {
        self.session = session
        tb_edit_set_completion(attempt)
    }

    /// readline's attempted-completion function: the matches for the word from `start` to `end`
    /// (byte offsets in the line), in the array `rl_completion_matches` builds, or NULL.
    static let attempt: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { text, start, end in
        tb_edit_completion_over()
        guard let session = ReplTabCompletion.session, let line = tb_edit_line(), let text else { return nil }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self), count: Int(end))
        let found = session.completions(before: String(decoding: bytes, as: UTF8.self))
        // The session may replace more than libedit's word (":he" completes ":help" while
        // libedit's word is "he"): drop what lies before libedit's word.
        let skip = max(0, Int(start) - found.start)
        ReplTabCompletion.candidates = found.candidates.filter { $0.utf8.count >= skip }.map { String(decoding: Array($0.utf8).dropFirst(skip), as: UTF8.self) }
        ReplTabCompletion.next = 0
        guard !ReplTabCompletion.candidates.isEmpty else { return nil }
        return rl_completion_matches(text, generate)
    }

    /// readline's generator: the candidates one by one (state 0 starts over), each a malloc'd
    /// copy that libedit frees.
    static let generate: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { _, state in
        if state == 0 { ReplTabCompletion.next = 0 }
        guard ReplTabCompletion.next < ReplTabCompletion.candidates.count else { return nil }
        defer { ReplTabCompletion.next += 1 }
        return strdup(ReplTabCompletion.candidates[ReplTabCompletion.next])
    }
}

