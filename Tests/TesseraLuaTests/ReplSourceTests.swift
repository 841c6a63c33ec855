import Testing
@testable import TesseraLua

/// The REPL's reading of typed text: `=expr`, and top-level `local`s persisted.
@Suite struct ReplSourceTests {
    @Test func equalsIsReturn() {
        #expect(ReplSource.expandingEquals("=x + 1") == "return x + 1")
        #expect(ReplSource.expandingEquals("x == 1") == "x == 1")
        #expect(ReplSource.expressionChunk("x + 1") == "return x + 1;")
    }

    @Test func theRunningExpressionEndsOnItsLastTokensLine() {
        let wrap = "return (function(...) return ... end)("
        #expect(ReplSource.runningExpressionChunk("f(1)") == wrap + "f(1))")
        #expect(ReplSource.runningExpressionChunk("f(1) -- why ) not") == wrap + "f(1))")
        #expect(ReplSource.runningExpressionChunk("{1,\n 2} --[[ note ]]  ") == wrap + "{1,\n 2})")
        #expect(ReplSource.runningExpressionChunk("'--' .. s") == wrap + "'--' .. s)")
    }

    @Test func incompleteMeansEndsInEOF() {
        #expect(ReplSource.isIncomplete("stdin:1: 'end' expected near <eof>"))
        #expect(ReplSource.isIncomplete("stdin:1: unfinished long string (starting at line 1) near <eof>"))
        #expect(!ReplSource.isIncomplete("stdin:1: unexpected symbol near '='"))
    }

    @Test func topLevelLocalsBecomeAssignments() {
        let cases: [(String, String)] = [
            ("local y = 2", " y = 2"),
            ("local a, b = 1, 2", " a, b = 1, 2"),
            ("local z", " z = nil"),
            ("local p, q", " p, q = nil"),
            ("local k <const> = 5", " k  = 5"),
            ("local function f(n) return n end", " function f(n) return n end"),
            ("local x = 1; local y = x + 1", " x = 1;  y = x + 1"),
            ("local s = 'local t = 1'", " s = 'local t = 1'"),
            ("local u = [[\nlocal v\n]]", " u = [[\nlocal v\n]]"),
            ("local w = 1 -- local c", " w = 1 -- local c"),
        ]
        for (typed, rewritten) in cases {
            #expect(ReplSource.persistingLocals(typed) == rewritten, "\(typed)")
        }
    }

    @Test func nestedLocalsKeepTheirScope() {
        let cases = [
            "do local a = 1 end",
            "for i = 1, 2 do local a = i end",
            "while false do local a = 1 end",
            "if x then local a = 1 elseif y then local b = 2 else local c = 3 end",
            "repeat local a = 1 until a",
            "f = function() local a = 1 return a end",
            "local c <close> = nil",
        ]
        for typed in cases {
            #expect(ReplSource.persistingLocals(typed) == typed, "\(typed)")
        }
        #expect(ReplSource.persistingLocals("do local a = 1 end local b = 2") == "do local a = 1 end  b = 2")
        #expect(ReplSource.persistingLocals("local function f() local a = 1 end local g = f")
                == " function f() local a = 1 end  g = f")
    }

    @Test func lexerSkipsStringsCommentsAndNumbers() {
        let words = LuaTokens.scan(#"x = "do \" end" .. [==[ end ]] ]==] --[[ end ]] 0x1p+4 + 1e-3 -- end"#)
            .filter { $0.kind == .word }.map(\.text)
        #expect(words == ["x"])
        let kinds = LuaTokens.scan("a.b[1] = 'c'").map(\.kind)
        #expect(kinds == [.word, .symbol, .word, .symbol, .number, .symbol, .symbol, .string])
    }
}

/// The byte-based rewrites applied to text, so the cases above read as typed.
private extension ReplSource {
    static func expandingEquals(_ source: String) -> String { text(expandingEquals(Array(source.utf8))) }
    static func expressionChunk(_ source: String) -> String { text(expressionChunk(Array(source.utf8))) }
    static func runningExpressionChunk(_ source: String) -> String { text(runningExpressionChunk(Array(source.utf8))) }
    static func persistingLocals(_ source: String) -> String { text(persistingLocals(Array(source.utf8))) }
    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
