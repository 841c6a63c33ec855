import Testing
import TesseraCore
@testable import TesseraLua

/// A pasted data table is read in linear work: its plain lines are taken without compiling
/// the statement again, and what the session does with any input is what it did when it
/// compiled every line.
@Suite struct ReplOpenTableTests {
    /// What a piped session made of `lines`: each line's step, then what `finish()` returned,
    /// and both outputs.
    struct Run: Equatable {
        var steps: [ReplSession.Step] = []
        var finished: String?
        var out: [String] = []
        var err: [String] = []
    }

    static func run(_ lines: [String], takesTableLines: Bool = true, takesStatementLines: Bool = true) throws -> (run: Run, compiledBytes: Int) {
        let repl = try ReplRecorder()
        repl.session.numbersLines = true
        repl.session.takesTableLines = takesTableLines
        repl.session.takesStatementLines = takesStatementLines
        let before = repl.session.host.compiledBytes
        var run = Run()
        run.steps = lines.map { repl.session.feed($0) }
        run.finished = repl.session.finish()
        run.out = repl.out
        run.err = repl.err
        return (run, repl.session.host.compiledBytes - before)
    }

    static func table(_ count: Int) -> [String] {
        ["t = {"] + (1...count).map { "\($0)," } + ["}", "print(#t)"]
    }

    @Test func aLongTableCompilesItsOwnSizeAFewTimes() throws {
        let lines = Self.table(5_000)
        let input = lines.reduce(0) { $0 + $1.utf8.count + 1 }
        let (run, compiled) = try Self.run(lines)
        #expect(run.out == ["5000"])
        #expect(run.err == [])
        let done: [ReplSession.Step] = [.done(history: lines.dropLast().joined(separator: "\n")), .done(history: "print(#t)")]
        #expect(run.steps == Array(repeating: ReplSession.Step.more, count: 5_001) + done)
        // `t = {` twice (expression, statement), the whole table twice, `print(#t)` twice.
        #expect(compiled < 3 * input)
        // Compiling the statement after every line (as an expression, then as a statement)
        // reads about n² lines.
        let short = Self.table(500)
        let reference = try Self.run(short, takesTableLines: false)
        #expect(reference.run == (try Self.run(short)).run)
        #expect(reference.compiledBytes > 100 * short.reduce(0) { $0 + $1.utf8.count + 1 })
    }

    @Test func recordsWithNamesStringsAndNestedTablesAreTakenToo() throws {
        let record = #"{ id = 1, name = "a\"b\tc", score = -1.5e3, tags = {"x", 'y'}, [2] = true, ["k"] = nil; next = other.field },"#
        let lines = ["other = { field = 0 }", "local data = {"] + Array(repeating: record, count: 2_000) + ["}", "#data"]
        let input = lines.reduce(0) { $0 + $1.utf8.count + 1 }
        let (run, compiled) = try Self.run(lines)
        #expect(run.out == ["2000"])
        #expect(run.err == [])
        // Also the statement with `local` taken out, which runs.
        #expect(compiled < 4 * input)
    }

    /// Inputs at the edges of what a line may hold: the session must do exactly what it does
    /// when it compiles every line.
    static let edges: [[String]] = [
        ["t = {", "1,", "2", "}", "#t"],
        ["t = {", "1,", "x = = 2,", "3,", "}", "#t"],
        ["t = {", "1,", "2", "3,", "}"],
        ["t = {", "x", "= 1,", "}", "t.x"],
        ["t = {", "f", #""s","#, "}"],
        ["f = function(...) return ... end", "t = {", "f", "{1},", "}", "#t"],
        ["t = {", "1, --[[ note", #""a]]", 3,"#, "]] 4,", "}", "#t"],
        ["t = {", "[[a", "b]],", "}", "t[1]"],
        ["t = {", #""a\q","#, "}"],
        ["t = {", #""a\z"#, #"  b","#, "}", "t[1]"],
        ["t = {", #""a\"#, #"b","#, "}", "t[1]"],
        ["t = {", "3x,", "}"],
        ["t = {", "0xE+1,", "1e5,", ".5,", "1.,", "0x1p4,", "1e,", "}", "#t"],
        ["t = {", "1, -- c\r= = 2", "}"],
        ["t = {", "end = 1,", "}"],
        ["t = {", "nil = 1,", "}"],
        ["t = {", "{{{1}}},", "{{{{1}}}},", "}", "#t"],
        ["t = {", "1 }", "#t"],
        ["t = {", "1 }, 2", "#t"],
        ["t = {", "1 } x = 2", "x"],
        ["local t = {", "a = 1,", "}", "t.a"],
        ["={", "1,", "}"],
        ["return {", "1,", "}"],
        ["a.b = {", "1,", "}"],
        ["t = {", "1,"],
        ["t = {", "[1] = 2,", "[nil] = 1,", #"["k"] = {"#, "x = 1", "},", "}", "t.k.x"],
        ["t = {", "- -1,", "--1,", "1 - 1,", "-1", "}", "#t"],
        ["t = {", "a.b.", "c,", "}"],
        ["t = {", "a", ".b,", "}"],
        ["t = {", "a", "[1],", "}"],
        ["t = {", "x = 1", ", y = 2 }", "t.y"],
        ["t = {", "1;", ";", "}"],
        ["t = {", ":quit", "}"],
        ["local x <const> = 1 t = {", "1,", "}"],
        ["t = { 1, 2,", "3,", "}", "#t"],
        ["t = {{", "1,", "}}", "#t[1]"],
        ["t = {", "1,", "", "-- a comment", "2,", "}", "#t"],
    ]

    @Test(arguments: edges)
    func aTakenLineDoesWhatACompiledLineDid(lines: [String]) throws {
        #expect(try Self.run(lines).run == Self.run(lines, takesTableLines: false).run)
    }

    /// Four tables open, each holding its 50 values in registers before Lua stores them: the
    /// deepest a line may go stays inside a function's 255 registers.
    @Test func theDeepestTablesStayInsideTheRegisters() throws {
        let fifty = Array(repeating: "1,", count: 49).joined(separator: " ")
        let lines = ["a = {"] + Array(repeating: fifty + " {", count: 3) + [fifty + " 1", "}}}}", "#a[50][50][50]"]
        let run = try Self.run(lines).run
        #expect(run.err == [])
        #expect(run.out == ["50"])
        #expect(run == (try Self.run(lines, takesTableLines: false)).run)
    }

    @Test func plainNumeralsAndStrings() {
        #expect(["0", "12", "1.5", ".5", "1.", "3e-2", "1E+5", "0x1F", "0XaB"].allSatisfy(ReplOpenTable.isPlainNumeral))
        #expect(!["", ".", "1e", "1e+", "0x", "0x1p4", "0x1.8", "3x", "1..2", "1e5.0"].contains(where: ReplOpenTable.isPlainNumeral))
        #expect([#""""#, "''", #""a\"b""#, #"'\\'"#, #""\n\t""#].allSatisfy(ReplOpenTable.isPlainString))
        #expect(![#"""#, #""a"#, #""a\""#, #""\q""#, #""\z""#, #""\x41""#, #""\65""#, "[[a]]"].contains(where: ReplOpenTable.isPlainString))
    }
}
