import Testing
import TesseraCore
@testable import TesseraLua

/// A session fed from a pipe (`numbersLines`, as `tessera repl` sets it when stdin is no
/// terminal) names the input's own lines, as a file run through it would; every line counts,
/// blank ones and commands too. At a terminal each entry's lines count from 1, as in `lua`.
@Suite struct ReplLineNumberTests {
    static let input = ["x = 1", "", ":viewport 300x400", "error('boom')", "for i = 1, 2 do", "  local z = x + nil", "end", "y = = 2", "x + 1"]

    @Test func aPipedSessionNamesTheInputsLines() throws {
        let repl = try ReplRecorder()
        repl.session.numbersLines = true
        repl.feed(Self.input)
        #expect(repl.out == ["viewport 300x400", "2"])
        #expect(repl.err == [
            "stdin:4: boom\nstack traceback:\n\t[C]: in function 'error'\n\tstdin:4: in main chunk",
            "stdin:6: attempt to perform arithmetic on a nil value\nstack traceback:\n\tstdin:6: in main chunk",
            "stdin:8: unexpected symbol near '='",
        ])
        // An unfinished statement at the end of input: the line where the input ended.
        repl.feed(["if x then", "  x = 2"])
        repl.session.finish()
        #expect(repl.err.last == "stdin:11: 'end' expected (to close 'if' at line 10) near <eof>")
    }

    @Test func aTerminalSessionCountsEachEntrysLinesFromOne() throws {
        let repl = try ReplRecorder()
        repl.feed(Self.input)
        #expect(repl.out == ["viewport 300x400", "2"])
        #expect(repl.err == [
            "stdin:1: boom\nstack traceback:\n\t[C]: in function 'error'\n\tstdin:1: in main chunk",
            "stdin:2: attempt to perform arithmetic on a nil value\nstack traceback:\n\tstdin:2: in main chunk",
            "stdin:1: unexpected symbol near '='",
        ])
    }
}

extension ReplRecorder {
    /// Feeds each line of `lines`.
    func feed(_ lines: [String]) {
        for line in lines { _ = session.feed(line) }
    }
}

/// Compiling a piped statement costs its own size, however late in the input it comes: the
/// compiler is handed each chunk alone, not behind one newline per line before it.
@Suite struct ReplLongInputTests {
    @Test func aLateLineIsNumberedAndCompiledAlone() throws {
        let repl = try ReplRecorder()
        repl.session.numbersLines = true
        let lines = (1..<3_000).map { "x = \($0)" } + ["error('late')"]
        let before = repl.session.host.compiledBytes
        repl.feed(lines)
        #expect(repl.err == ["stdin:3000: late\nstack traceback:\n\t[C]: in function 'error'\n\tstdin:3000: in main chunk"])
        #expect(repl.out == [])
        // A statement: its trial as an expression, then itself; an expression: its trial, then
        // the form that runs.
        let statements = lines.dropLast().map { ReplSource.expressionChunk(Array($0.utf8)).count + $0.utf8.count }
        let last = Array(lines.last!.utf8)
        let expected = statements.reduce(0, +) + ReplSource.expressionChunk(last).count + ReplSource.runningExpressionChunk(last).count
        #expect(repl.session.host.compiledBytes - before == expected)
    }

    @Test func aLateSyntaxErrorNamesItsLinesAsBefore() throws {
        let repl = try ReplRecorder()
        repl.session.numbersLines = true
        repl.feed((1..<500).map { "x = \($0)" } + ["if x then", "  y = = 1"])
        #expect(repl.err == ["stdin:501: unexpected symbol near '='"])
        repl.feed(["while true do", "  local function f()", "  end", "  break"])
        repl.session.finish()
        #expect(repl.err.last == "stdin:505: 'end' expected (to close 'while' at line 502) near <eof>")
    }
}
