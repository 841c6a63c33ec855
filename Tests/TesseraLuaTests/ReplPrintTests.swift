import Testing
import TesseraCore
@testable import TesseraLua

/// How the REPL prints values: tables readably and nested, cycles marked, long output cut
/// with a note.
@Suite struct ReplPrintTests {
    @Test func tablesPrintAsConstructors() throws {
        let repl = try ReplRecorder()
        repl.feed("{}", "{1, 2, {a = 1, b = 'two'}}", "{['a key'] = 1, [true] = 2, [2.5] = 3, ['end'] = 4, n = 5}",
                  "{w = 3, h = 4, y = 2, x = 1, id = 'i', z = 0}", "{1, nil, 3}", "{'line\\nbreak', 'tab\\t', 'q\"'}")
        #expect(repl.out == [
            "{}",
            "{1, 2, {a = 1, b = \"two\"}}",
            "{[2.5] = 3, [\"a key\"] = 1, [\"end\"] = 4, n = 5, [true] = 2}",
            "{id = \"i\", x = 1, y = 2, w = 3, h = 4, z = 0}",
            "{1, nil, 3}",
            "{\"line\\nbreak\", \"tab\\t\", \"q\\\"\"}",
        ])
    }

    @Test func cyclesAreMarked() throws {
        let repl = try ReplRecorder()
        repl.feed("c = {name = 'c'}", "c.self = c", "c.kids = {{up = c}}", "c", "shared = {1}", "{shared, shared}")
        #expect(repl.out == [
            "{name = \"c\", kids = {{up = <cycle: root>}}, self = <cycle: root>}",
            "{{1}, {1}}",
        ])
    }

    @Test func wideTablesBreakIntoLines() throws {
        let repl = try ReplRecorder()
        repl.session.terminalSize = { (columns: 41, rows: 24) }   // print width 40
        repl.feed("{alpha = 'aaaaaaaaaa', beta = 'bbbbbbbbbb', gamma = {1, 2, 3}}")
        #expect(repl.stdout == """
            {
              alpha = "aaaaaaaaaa",
              beta = "bbbbbbbbbb",
              gamma = {1, 2, 3},
            }

            """)
    }

    /// A list too long for one line packs its numbers, strings and booleans onto as few lines as
    /// the width allows, a table among them on lines of its own, keys after the list one a line.
    @Test func longListsPackTheirScalars() throws {
        let repl = try ReplRecorder()
        repl.session.terminalSize = { (columns: 31, rows: 24) }   // print width 30
        repl.feed("{10, 20, 30, 40, 50, 60, 'seventy', true, {x = 1}, 1.5, nil, 2, n = 12}")
        #expect(repl.stdout == """
            {
              10, 20, 30, 40, 50, 60,
              "seventy", true,
              {x = 1},
              1.5, nil, 2,
              n = 12,
            }

            """)
    }

    @Test func longOutputIsCutWithANote() throws {
        let repl = try ReplRecorder()
        repl.session.maxLines = 5
        repl.feed("big = {}", "for i = 1, 100 do big[i] = i * 1000 end", "big", "{{big}}")
        #expect(repl.out[0] == """
            {
              1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 11000, 12000,
              13000, 14000, 15000, 16000, 17000, 18000, 19000, 20000, 21000, 22000, 23000,
              24000, 25000, 26000, 27000, 28000, 29000, 30000, 31000, 32000, 33000, 34000,
              35000, 36000, 37000, 38000, 39000, 40000, 41000, 42000, 43000, 44000, 45000,
              ... 55 more entries
            }
            -- (truncated: output is limited to 5 lines)
            """)
        #expect(repl.out[1] == """
            {
              {
                {
                  1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 11000,
                  12000, 13000, 14000, 15000, 16000, 17000, 18000, 19000, 20000, 21000,
                  ... 79 more entries
                },
              },
            }
            -- (truncated: output is limited to 5 lines)
            """)
    }

    /// Printing visits at most 1000 entries of a table: a million-entry table prints its first
    /// lines within a budget far below what walking it would cost (10M instructions and more),
    /// and a big table of keys shows the first keys met, in order.
    @Test func aHugeTablePrintsCheaply() throws {
        let repl = try ReplRecorder(limits: ScriptLimits(timeLimit: nil, maxInstructions: 2_000_000))
        repl.session.maxLines = 5
        repl.feed("x = {}")
        for part in 0..<4 { repl.feed("for i = \(part * 250_000 + 1), \((part + 1) * 250_000) do x[i] = i end") }
        repl.feed("x", "k = {} for i = 1, 100000 do k['k' .. i] = i end", "k")
        #expect(repl.err == [])
        #expect(repl.out.first == """
            {
              1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
              22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40,
              41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59,
              60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78,
              ... at least 999,922 more entries
            }
            -- (truncated: output is limited to 5 lines)
            """)
        #expect(repl.out.count == 2 && repl.out[1].hasSuffix("  ... at least 996 more entries\n}\n-- (truncated: output is limited to 5 lines)"), "\(repl.out)")
    }

    /// The notes write their counts grouped, as every message does; the values printed stay plain.
    @Test func theNotesGroupTheirCounts() throws {
        let repl = try ReplRecorder()
        repl.session.maxLines = 1000
        repl.session.maxCharacters = 100_000
        repl.feed("rows = {} for i = 1, 3000 do rows[i] = {i * 1000} end", "rows", "{string.rep('x', 1234)}")
        #expect(repl.err == [])
        #expect(repl.out.count == 2)
        #expect(repl.out.first?.hasPrefix("{\n  {1000},\n  {2000},\n") == true)
        #expect(repl.out.first?.hasSuffix("\n  {999000},\n  ... at least 2,001 more entries\n}\n-- (truncated: output is limited to 1,000 lines)") == true, "\(repl.out.first?.suffix(200) ?? "")")
        #expect(repl.out.last == "{\n  \"" + String(repeating: "x", count: 200) + "\"...(1,234 bytes),\n}")
    }

    @Test func longTextIsCutWithANote() throws {
        let repl = try ReplRecorder()
        repl.session.maxCharacters = 100
        repl.feed("string.rep('ab', 100)")
        #expect(repl.out == [String(repeating: "ab", count: 50)
                + "\n-- (truncated: 100 more bytes; output is limited to 100 characters)"])
    }

    @Test func longStringsInsideTablesAreShortened() throws {
        let repl = try ReplRecorder()
        repl.feed("{string.rep('x', 300)}")
        #expect(repl.out == ["{\n  \"" + String(repeating: "x", count: 200) + "\"...(300 bytes),\n}"])
    }

    @Test func readOnlyTablesAndUserdataPrint() throws {
        let repl = try ReplRecorder()
        repl.feed("data.sections", "t.builtins", "t.waterfall{columns = 2}", "type(print)")
        #expect(repl.out == [
            "{{id = 0, count = 3, first = 1}}",
            "{\"flow\", \"row\", \"waterfall\", \"overlay\", \"split\"}",
            "tessera layout: waterfall",
            "function",
        ])
    }

    @Test func tostringMetamethodsAreRespected() throws {
        let repl = try ReplRecorder()
        repl.feed("p = setmetatable({}, {__tostring = function() return 'a point' end})", "p", "{p}")
        #expect(repl.out == ["a point", "{a point}"])
    }
}
