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
