import Testing
import TesseraCore
@testable import TesseraLua

/// The block reader's fast path for tables inside blocks and lines starting with `(`, and the
/// line a memory error in a pasted statement names.
@Suite struct ReplBlockReaderTests {
    typealias Run = ReplOpenTableTests.Run

    static func bytes(_ lines: [String]) -> Int { lines.reduce(0) { $0 + $1.utf8.count + 1 } }

    /// `do`, a local table of `n` lines (plain values and calls), its use, `end`.
    static func tableInBlock(_ n: Int) -> [String] {
        ["do", "  local t = {"] + (1...n).map { "    \($0), tostring(\($0))," } + ["  }", "  print(#t)", "end"]
    }

    @Test func aTablePastedInsideABlockIsCompiledAFewTimes() throws {
        let lines = Self.tableInBlock(2_000)
        let (run, compiled) = try ReplOpenTableTests.run(lines)
        #expect(run.out == ["4000"])
        #expect(run.err == [])
        #expect(run.steps == Array(repeating: .more, count: lines.count - 1) + [.done(history: lines.joined(separator: "\n"))])
        #expect(compiled < 4 * Self.bytes(lines))
        let short = Self.tableInBlock(100)
        #expect(try ReplOpenTableTests.run(short).run == ReplOpenTableTests.run(short, takesStatementLines: false).run)
    }

    /// Each line of a table pasted inside a block is read once, with the statement's start
    /// (`local t = {`, 4 tokens) it resumes; none is compiled.
    @Test func aTablePastedInsideABlockReadsEachLineOnce() throws {
        let lines = Self.tableInBlock(2_000)
        let repl = try ReplRecorder()
        let before = repl.session.host.compiledBytes
        for line in lines.dropLast() { repl.session.feed(line) }
        let read = repl.session.openStatement?.tokensRead
        // Only `do` was compiled, as an expression (`return do;`), then as a statement.
        #expect(repl.session.host.compiledBytes - before == "return do;".utf8.count + "do".utf8.count)
        #expect(repl.feed("end") == [.done(history: lines.joined(separator: "\n"))])
        #expect(repl.out == ["4000"])
        // `do`: 1; `local t = {`: 4; each value line: its 7 tokens (`1 , tostring ( 1 ) ,`)
        // and the 4 it resumes; `}`: 1 and 4; `print(#t)`: 5 (`print ( # t )`).
        #expect(read == 1 + 4 + 2_000 * (7 + 4) + (1 + 4) + 5)
    }

    @Test func aLineStartingWithAParenthesisAfterAStatementThatIsNotCalledIsTaken() throws {
        func reading(_ lines: [String]) -> String {
            var state = ReplBlockParser()
            for line in lines {
                switch state.reading(LuaTokens.scanLine(Array(line.utf8))!) {
                case .statements(let after, _, _): state = after
                case .unfinished: return "unfinished"
                case .refused: return "refused"
                }
            }
            return "statements"
        }
        #expect(reading(["do local x = 1", "(print)('y')"]) == "statements")
        #expect(reading(["do x = {}", "(print)('y')"]) == "statements")
        #expect(reading(["do x = 'a'", "(print)('y')"]) == "statements")
        #expect(reading(["do x = function() end", "(print)('y')"]) == "statements")
        #expect(reading(["do", "(print)('y')"]) == "statements")
        #expect(reading(["do x = y;", "(print)('y')"]) == "statements")
        #expect(reading(["do local t = {", "(1), 2,", "}", "(print)('y')"]) == "statements")
        // Lua reads these as calls of the name, call, index or parenthesized expression before.
        #expect(reading(["do x = y", "(print)('y')"]) == "refused")
        #expect(reading(["do f()", "(print)('y')"]) == "refused")
        #expect(reading(["do x = a.b[1]", "(print)('y')"]) == "refused")
        #expect(reading(["do x = (a)", "(print)('y')"]) == "refused")
        #expect(reading(["do x = f(function()", "end)", "(print)('y')"]) == "refused")
        #expect(reading(["repeat until x", "(print)('y')"]) == "refused")
    }

    /// A table made inside a call whose `(` is on the statement's first line and whose `{` is
    /// three lines down: Lua names the first line (the token before the `{` is there), which
    /// the note names already.
    @Test func aMemoryErrorInATableNamesNoLineBeforeTheTable() throws {
        let made = try ReplRecorder(limits: ScriptLimits(maxMemoryBytes: 2 * 1_048_576, timeLimit: nil))
        made.session.numbersLines = true
        // The values on one line: outside a block, each line of this statement is compiled.
        for line in ["x = 1", "", "big = f(1,", "", "", "{" + String(repeating: "12345, ", count: 200_000), "})", "x"] {
            made.session.feed(line)
        }
        #expect(made.out == ["1"])
        #expect(made.err == ["memory limit of 2 MB exceeded (in the statement from line 3)\n"
            + "(Lua may use 2 MB; start the REPL with --max-memory MB to change that)"])
    }

    /// A statement starting with `(` on its own line is a new statement unless the one before
    /// ended in a name, index, call or parenthesized expression, which Lua then calls.
    @Test(arguments: [
        ["do", "  local x = 1", "  (print)('new')", "end"],
        ["do", "  x = {}", "  (print)('new')", "end"],
        ["do", "  x = 'a';", "  (print)('new')", "end"],
        ["function f()", "  local g = function() end", "  (print)('new')", "end", "f()"],
        ["do", "  x = type", "  (print)('called')", "end", "print(x)"],
        ["do", "  print('x')", "  (print)('y')", "end"],
        ["repeat", "  local n = 1", "until n", "  (print)('x')"],
    ])
    func aLineStartingWithAParenthesisIsReadAsLuaReadsIt(lines: [String]) throws {
        #expect(try ReplOpenTableTests.run(lines).run == ReplOpenTableTests.run(lines, takesStatementLines: false).run)
    }
}
