import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// A session whose output is recorded: `out` holds what reached standard output (one entry
/// per write), `err` the error output.
final class ReplRecorder {
    var out: [String] = []
    var err: [String] = []
    let session: ReplSession

    init(dataset: Dataset = Dataset.synthetic(count: 3) { _ in Size(width: 100, height: 50) },
         viewport: Size = Size(width: 375, height: 812), limits: ScriptLimits = ScriptLimits()) throws {
        session = try ReplSession(dataset: dataset, viewport: viewport, limits: limits,
                                  output: ReplOutput(standard: { _ in }, error: { _ in }))
        // Set after init, when `self` exists; the session never outlives the recorder.
        session.output = ReplOutput(standard: { [unowned self] in self.out.append($0) },
                                    error: { [unowned self] in self.err.append($0) })
        session.host.pictures = .ascii
    }

    /// Feeds each line; returns the steps.
    @discardableResult
    func feed(_ lines: String...) -> [ReplSession.Step] {
        lines.map { session.feed($0) }
    }

    /// Standard output as the terminal would show it.
    var stdout: String { out.map { $0 + "\n" }.joined() }
}

@Suite struct ReplSessionTests {
    /// The pipe example, at the evaluator level.
    @Test func acceptanceExample() throws {
        let repl = try ReplRecorder()
        let steps = repl.feed("x = 41", "x + 1", "local y = 2", "y", "for i=1,2 do", "print(i)", "end")
        #expect(repl.out == ["42", "2", "1", "2"])
        #expect(repl.err == [])
        #expect(steps == [.done(history: "x = 41"), .done(history: "x + 1"), .done(history: "local y = 2"),
                          .done(history: "y"), .more, .more, .done(history: "for i=1,2 do\nprint(i)\nend")])
    }

    @Test func promptsFollowTheStatement() throws {
        let repl = try ReplRecorder()
        #expect(repl.session.prompt == "> ")
        repl.feed("function f()")
        #expect(repl.session.prompt == ">> ")
        #expect(repl.session.isContinuing)
        repl.feed("return 7 end")
        #expect(repl.session.prompt == "> ")
        repl.feed("_PROMPT = 'lua$ '")
        #expect(repl.session.prompt == "lua$ ")
        repl.feed("f()")
        #expect(repl.out == ["7"])
    }

    @Test func expressionsStatementsAndEquals() throws {
        let repl = try ReplRecorder()
        repl.feed("x = 1", "=x + 1", "1, nil, 3", "nil", "print()", "'text'", "{'text'}", "2^53", "10 / 4", "7 // 2", "1e300 * 1e10", "0/0", "{0/0, -(0/0), -1/0}")
        #expect(repl.out == ["2", "1\tnil\t3", "nil", "", "text", "{\"text\"}", "9007199254740992.0", "2.5", "3", "inf", "nan", "{nan, nan, -inf}"])
        #expect(repl.err == [])
    }

    @Test func floatsPrintInTheFewestDigitsThatReadBack() throws {
        let repl = try ReplRecorder()
        repl.feed("0.1 + 0.2", "1 / 3", "2.0", "-0.0", "{0.1 + 0.2}")
        #expect(repl.out == ["0.30000000000000004", "0.3333333333333333", "2.0", "-0.0", "{0.30000000000000004}"])
    }

    @Test func unfinishedInputContinues() throws {
        let repl = try ReplRecorder()
        #expect(repl.feed("s = [[", "two", "]]") == [.more, .more, .done(history: "s = [[\ntwo\n]]")])
        #expect(repl.feed("t = 'abc") == [.more])   // unfinished string near <eof>
        repl.session.cancel()
        #expect(repl.feed("1 +", "2") == [.done(history: "1 +"), .done(history: "2")])
        #expect(repl.feed("(1 +", "2)") == [.more, .done(history: "(1 +\n2)")])
        repl.feed("#s")
        #expect(repl.out == ["2", "3", "4"])
        #expect(repl.err == ["stdin:1: unexpected symbol near '1'"])
    }

    @Test func blankLinesAndLabelsAreNotCommands() throws {
        let repl = try ReplRecorder()
        #expect(repl.feed("", "   ") == [.done(history: nil), .done(history: nil)])
        #expect(repl.feed("::top::") == [.done(history: "::top::")])
        #expect(repl.out == [] && repl.err == [])
    }

    @Test func localsPersistAcrossLines() throws {
        let repl = try ReplRecorder()
        repl.feed("local a, b = 1, 2", "a + b", "local function fact(n) if n < 2 then return 1 end return n * fact(n - 1) end",
                  "fact(5)", "local z", "z", "do local inner = 5 end", "inner", "local k <const> = 9", "k")
        #expect(repl.out == ["3", "120", "nil", "nil", "9"])
        #expect(repl.err == [])
    }

    @Test func printIsOverridable() throws {
        let repl = try ReplRecorder()
        repl.feed("original = print", "seen = {}", "print = function(...) seen[#seen + 1] = select('#', ...) end",
                  "1, 2, 3", "x = 1", "print = original", "seen")
        #expect(repl.out == ["{3}"])
    }

    /// A misspelt name gets the hint on the message line, from the session's own globals too;
    /// the traceback is Lua's as ever; a nil local, or a name nothing is close to, gets none.
    @Test func aMisspeltNameIsHinted() throws {
        let repl = try ReplRecorder()
        repl.feed("pirnt(1)", "string.uper('a')", "myColours = {}", "x = mycolours.red", "do local prnt; prnt(1) end", "zqxw(1)")
        #expect(repl.err == [
            "stdin:1: attempt to call a nil value (global 'pirnt') (did you mean print?)\nstack traceback:\n\tstdin:1: in main chunk",
            "stdin:1: attempt to call a nil value (field 'uper') (did you mean upper?)\nstack traceback:\n\tstdin:1: in main chunk",
            "stdin:1: attempt to index a nil value (global 'mycolours') (did you mean myColours?)\nstack traceback:\n\tstdin:1: in main chunk",
            "stdin:1: attempt to call a nil value (local 'prnt')\nstack traceback:\n\tstdin:1: in main chunk",
            "stdin:1: attempt to call a nil value (global 'zqxw')\nstack traceback:\n\tstdin:1: in main chunk",
        ])
    }

    @Test func printWithoutPrintReportsIt() throws {
        let repl = try ReplRecorder()
        repl.feed("print = nil", "1")
        #expect(repl.err.count == 1)
        #expect(repl.err[0].hasPrefix("error calling 'print' (attempt to call a nil value)"))
    }

    /// The session looks `print` up in its environment without metamethods: a metatable the
    /// user gave `_G` ran outside any protected call there, so an `__index` that raised
    /// aborted the process and one that looped hung it.
    @Test func anEnvironmentMetatableCannotStopPrinting() throws {
        let repl = try ReplRecorder()
        repl.feed("setmetatable(_G, {__index = function(_, k) error('no global ' .. k) end}); print = nil", "1",
                  "getmetatable(_G).__index = function() while true do end end", "2",
                  "print = function(...) io_seen = select('#', ...) end", "3, 4")
        #expect(repl.err.count == 2)
        #expect(repl.err[0].hasPrefix("error calling 'print' (attempt to call a nil value)"))
        #expect(repl.err[1].hasPrefix("error calling 'print' (attempt to call a nil value)"))
        #expect(repl.out == [])
        #expect(repl.session.host.field("io_seen", of: repl.session.environment) == .integer(2))
    }

    /// The REPL's own set-up runs outside the user's time limit and instruction budget: with
    /// --max-instructions 50 it did not start ("[repl]:8: instruction budget of 50 exceeded").
    @Test func aSmallBudgetStillStartsTheSession() throws {
        let repl = try ReplRecorder(limits: ScriptLimits(timeLimit: nil, maxInstructions: 50))
        repl.feed("x = 20 + 22", "for i = 1, 100 do x = x + 1 end", "y = x")
        #expect(repl.session.host.limits.maxInstructions == 50)
        #expect(repl.err.count == 1)
        #expect(repl.err.first?.hasPrefix("stdin:1: instruction budget of 50 exceeded") == true)
        #expect(repl.session.host.field("y", of: repl.session.environment) != .nil)
    }

    /// A limit met while the REPL prints a line's values names no line of the REPL's own code
    /// ("[repl]:17: time limit of 1 s of CPU time exceeded" for a big table), which the user never wrote.
    /// (Printing visits at most 1000 entries of a table, so the budget is below that walk.)
    @Test func aLimitMetWhilePrintingNamesNoLineOfTheREPL() throws {
        let repl = try ReplRecorder(limits: ScriptLimits(timeLimit: nil, maxInstructions: 2_000))
        repl.feed("big = {string.byte(('x'):rep(3000), 1, -1)}", "#big", "big")
        #expect(repl.out == ["3000"])
        #expect(repl.err.count == 1)
        #expect(repl.err.first?.hasPrefix("error calling 'print' (instruction budget of 2,000 exceeded)\n") == true)
    }

    @Test func errorsPrintAndTheSessionGoesOn() throws {
        let repl = try ReplRecorder()
        repl.feed("x = = 1", "1 + 1", "error('boom')", "2 + 2", "nil .. 'x'", "3 + 3")
        #expect(repl.out == ["2", "4", "6"])
        #expect(repl.err.count == 3)
        #expect(repl.err[0] == "stdin:1: unexpected symbol near '='")
        #expect(repl.err[1] == """
            stdin:1: boom
            stack traceback:
            \t[C]: in function 'error'
            \tstdin:1: in main chunk
            """)
        #expect(repl.err[2].hasPrefix("stdin:1: attempt to concatenate a nil value\nstack traceback:\n"))
    }

    @Test func anExpressionsErrorNamesItsOwnLine() throws {
        let repl = try ReplRecorder()
        repl.feed("colours.red", "colours.red -- a comment", "print(1,", "colours.red)")
        #expect(repl.err.map { $0.split(separator: "\n")[0] } == [
            "stdin:1: attempt to index a nil value (global 'colours')",
            "stdin:1: attempt to index a nil value (global 'colours')",
            "stdin:2: attempt to index a nil value (global 'colours')",
        ])
    }

    @Test func runawayLoopsStopAndTheSessionSurvives() throws {
        let repl = try ReplRecorder(limits: ScriptLimits(timeLimit: 0.05))
        repl.feed("while true do end", "'after the loop'")
        #expect(repl.out == ["after the loop"])
        #expect(repl.err == ["""
            stdin:1: time limit of 0.05 s of CPU time exceeded
            stack traceback:
            \tstdin:1: in main chunk
            (a line may run for 0.05 s of CPU time; start the REPL with --time-limit SECONDS to change that)
            """])
        // A whole number of seconds, as the default's 1, is written without a fraction.
        let whole = try ReplRecorder(limits: ScriptLimits(timeLimit: 1))
        whole.session.report(LuaScriptError(.timeLimit, message: "stdin:1: time limit of 1 s of CPU time exceeded"))
        #expect(whole.err == ["stdin:1: time limit of 1 s of CPU time exceeded\n"
            + "(a line may run for 1 s of CPU time; start the REPL with --time-limit SECONDS to change that)"])
    }

    @Test func instructionBudgetAndMemoryCapStopALine() throws {
        let counted = try ReplRecorder(limits: ScriptLimits(timeLimit: nil, maxInstructions: 100_000))
        counted.feed("for i = 1, 1e9 do end", "1")
        #expect(counted.out == ["1"])
        #expect(counted.err.count == 1)
        #expect(counted.err[0].hasPrefix("stdin:1: instruction budget of 100,000 exceeded\n"))
        #expect(counted.err[0].hasSuffix("(a line may run 100,000 instructions; start the REPL with --max-instructions N to change that)"))

        let capped = try ReplRecorder(limits: ScriptLimits(maxMemoryBytes: 16 * 1_048_576, timeLimit: nil))
        capped.feed("s = string.rep('x', 64 * 1024 * 1024)", "s", "'still here'")
        #expect(capped.out == ["nil", "still here"])
        #expect(capped.err.count == 1)
        #expect(capped.err[0].contains("memory limit of 16 MB exceeded"))
        #expect(capped.err[0].hasSuffix("(Lua may use 16 MB; start the REPL with --max-memory MB to change that)"))
    }

    /// One error whose first line is the 2 MB cap's sentence with the statement's first line,
    /// and which ends with the cap's hint.
    static func expectStatementNote(_ err: [String]) {
        #expect(err.count == 1)
        let first = err.first?.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasSuffix("memory limit of 2 MB exceeded (in the statement from line 2)"), "\(first)")
        #expect(first == "memory limit of 2 MB exceeded (in the statement from line 2)" || first.hasPrefix("stdin:"), "\(first)")
        #expect(err.first?.hasSuffix("(Lua may use 2 MB; start the REPL with --max-memory MB to change that)") == true)
    }

    /// A pasted statement of many lines that meets the memory cap (while compiled, where the
    /// message names no line, or while run, where it names the line the cap was met on) says
    /// which input line the statement started on.
    @Test func aMemoryErrorInAStatementOfManyLinesNamesItsFirstLine() throws {
        let compiled = try ReplRecorder(limits: ScriptLimits(maxMemoryBytes: 2 * 1_048_576, timeLimit: nil))
        compiled.session.numbersLines = true
        compiled.feed("x = 1", "big = {")
        for i in 0..<100_000 { compiled.session.feed("  \"\(i)\",") }
        compiled.feed("}", "x")
        #expect(compiled.out == ["1"])
        // Whether the cap is met while compiling (no line) or while running (a line, with a
        // traceback) depends on the Lua release's allocations: the note must be there either way.
        Self.expectStatementNote(compiled.err)

        // The cap met as the table is made, where Lua names the chunk's own line 1 (before the
        // statement): the note says which line of the input the statement started on.
        let made = try ReplRecorder(limits: ScriptLimits(maxMemoryBytes: 2 * 1_048_576, timeLimit: nil))
        made.session.numbersLines = true
        made.feed("x = 1", "big = {")
        for _ in 0..<200_000 { made.session.feed("  12345,") }
        made.feed("}")
        Self.expectStatementNote(made.err)

        let ran = try ReplRecorder(limits: ScriptLimits(maxMemoryBytes: 16 * 1_048_576, timeLimit: nil))
        ran.session.numbersLines = true
        ran.feed("x = 1", "s = {", "  string.rep('x', 64 * 1024 * 1024),", "}", "x")
        #expect(ran.out == ["1"])
        #expect(ran.err == ["stdin:3: memory limit of 16 MB exceeded (in the statement from line 2)\n"
            + "stack traceback:\n\t[C]: in function 'string.rep'\n\tstdin:3: in main chunk\n"
            + "(Lua may use 16 MB; start the REPL with --max-memory MB to change that)"])
    }

    /// Lua notes no position as it makes a table, and names a line before the statement: a
    /// memory error there names only the statement's first line, in the note.
    /// A position Lua noted (a concatenation's, a called function's) stays.
    @Test func aMemoryErrorNamesNoLineLuaDidNotNote() throws {
        let made = try ReplRecorder(limits: ScriptLimits(maxMemoryBytes: 2 * 1_048_576, timeLimit: nil))
        made.session.numbersLines = true
        for line in ["x = 1", "big = {"] + Array(repeating: "  12345,", count: 200_000) + ["}", "x"] { made.session.feed(line) }
        #expect(made.out == ["1"])
        // Lua 5.4.4 meets the cap compiling the table and names the chunk's line 1; 5.4.7 meets
        // it running the statement and names its line 2. A line at or before the statement's
        // first says nothing the note does not: both are left out, never a stale line 1.
        #expect(made.err == ["memory limit of 2 MB exceeded (in the statement from line 2)\n"
            + "(Lua may use 2 MB; start the REPL with --max-memory MB to change that)"])

        let grown = try ReplRecorder(limits: ScriptLimits(maxMemoryBytes: 16 * 1_048_576, timeLimit: nil))
        grown.session.numbersLines = true
        grown.feed("x = 1", "do", "  local s = 'x'", "  for i = 1, 40 do s = s .. s end", "end", "x")
        #expect(grown.out == ["1"])
        #expect(grown.err == ["stdin:4: memory limit of 16 MB exceeded (in the statement from line 2)\n"
            + "stack traceback:\n\tstdin:4: in main chunk\n"
            + "(Lua may use 16 MB; start the REPL with --max-memory MB to change that)"])
    }

    @Test func interruptStopsARunningLine() throws {
        let repl = try ReplRecorder(limits: ScriptLimits(timeLimit: 10))
        // interrupt() is the one host method that is safe from any thread.
        nonisolated(unsafe) let host = repl.session.host
        // An interrupt that arrives before the line starts is ignored, so keep sending one
        // until the line has ended: the test must not depend on how busy the machine is. A
        // thread of its own, because the shared dispatch pool can be starved by other tests.
        let lineEnded = DispatchSemaphore(value: 0), interrupterStopped = DispatchSemaphore(value: 0)
        Thread {
            while lineEnded.wait(timeout: .now() + 0.05) == .timedOut { host.interrupt() }
            interrupterStopped.signal()
        }.start()
        repl.feed("while true do end")
        lineEnded.signal()
        interrupterStopped.wait()
        repl.feed("'next'")
        #expect(repl.out == ["next"])
        #expect(repl.err == ["stdin:1: interrupted\nstack traceback:\n\tstdin:1: in main chunk"])
    }

    /// The end of input inside a statement reports it, drops it and hands it back as typed (Ctrl-D
    /// at `>>` keeps it in the history); with nothing unfinished there is nothing to hand back.
    @Test func endOfInputInsideAStatementReportsIt() throws {
        let repl = try ReplRecorder()
        repl.feed("for i = 1, 2 do", "print(i)")
        #expect(repl.session.finish() == "for i = 1, 2 do\nprint(i)")
        #expect(repl.err == ["stdin:2: 'end' expected (to close 'for' at line 1) near <eof>"])
        #expect(!repl.session.isContinuing)
        #expect(repl.session.finish() == nil)
        repl.feed("'next'")
        #expect(repl.out == ["next"])
        #expect(repl.err.count == 1)
    }

    /// Every line is its own chunk, so Lua's name for a function a line defined is at most
    /// "global 'f'"; tracebacks name the session's functions by their names in its environment,
    /// as `lua` names _G's ("in function 'f'"), a typed `local function` too. A line that is a
    /// call keeps its own frame (`lua` makes it a tail call, which drops it), so its place is named.
    @Test func tracebacksNameTheSessionsFunctions() throws {
        let repl = try ReplRecorder()
        repl.feed("local function f(x) error('bad ' .. x) end", "f(1)", "function g() f(2) end", "g()",
                  "local area = function(w, h)", "  return w * hh", "end", "area(2, 3)",
                  "pcall(f, 3)", "select(2, pcall(f, 4)) -- a comment", "f(5) -- a comment",
                  "function later(a, b) error('no order') end", "table.sort({1, 2}, later)")
        #expect(repl.err == [
            "stdin:1: bad 1\nstack traceback:\n\t[C]: in function 'error'\n\tstdin:1: in function 'f'\n\tstdin:1: in main chunk",
            "stdin:1: bad 2\nstack traceback:\n\t[C]: in function 'error'\n\tstdin:1: in function 'f'\n\tstdin:1: in function 'g'\n\tstdin:1: in main chunk",
            "stdin:2: attempt to perform arithmetic on a nil value (global 'hh') (did you mean h?)\nstack traceback:\n\tstdin:2: in function 'area'\n\tstdin:1: in main chunk",
            "stdin:1: bad 5\nstack traceback:\n\t[C]: in function 'error'\n\tstdin:1: in function 'f'\n\tstdin:1: in main chunk",
            // Called from C, where Lua has no name for it at all.
            "stdin:1: no order\nstack traceback:\n\t[C]: in function 'error'\n\tstdin:1: in function 'later'\n\t[C]: in function 'table.sort'\n\tstdin:1: in main chunk",
        ])
        // A caught error is a value as before: its message, with no traceback.
        #expect(repl.out == ["false\tstdin:1: bad 3", "stdin:1: bad 4"])
    }

    /// Functions the session's environment does not hold keep Lua's own names for their frames.
    @Test func tracebacksKeepLuasNamesForOtherFunctions() throws {
        let repl = try ReplRecorder()
        repl.feed("do local function inner() error('deep') end function outer() inner() end end", "outer()",
                  "m = {f = function() error('in m') end}", "m.f()", "table.sort({1, 2}, function() error('in sort') end)")
        #expect(repl.err == [
            "stdin:1: deep\nstack traceback:\n\t[C]: in function 'error'\n\tstdin:1: in upvalue 'inner'\n\tstdin:1: in function 'outer'\n\tstdin:1: in main chunk",
            "stdin:1: in m\nstack traceback:\n\t[C]: in function 'error'\n\tstdin:1: in field 'f'\n\tstdin:1: in main chunk",
            "stdin:1: in sort\nstack traceback:\n\t[C]: in function 'error'\n\tstdin:1: in function <stdin:1>\n\t[C]: in function 'table.sort'\n\tstdin:1: in main chunk",
        ])
    }
}
