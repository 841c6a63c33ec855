import Testing
@testable import TesseraLua

/// A function value left open by an `end` too few is named in the syntax error, with the block
/// that `end` closed; any other syntax error keeps Lua's message alone.
@Suite struct MissingEndTests {
    /// The message of loading `source` as the script `bad.lua`, or nil when it loads.
    func message(_ source: String) throws -> String? {
        let host = try LuaHost()
        return scriptError { _ = try host.loadLayoutScript(source: source, chunkName: "bad.lua") }?.message
    }

    static let forClosesIt = """
        return {
          simpleLayout = function(ctx)
            for i = 1, ctx.count do
              ctx.set(i, 0, i * 10, 10, 10)
          end,
        }
        """

    @Test func theEndBeforeACommaClosesTheFor() throws {
        #expect(try message(Self.forClosesIt) == "bad.lua:5: unexpected symbol near ',' (the 'end' at line 5 closes the 'for' of line 3; the 'function' of line 2 has no 'end' yet)")
        // Lines counted as Lua counts them.
        let crlf = Self.forClosesIt.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try message(crlf) == "bad.lua:5: unexpected symbol near ',' (the 'end' at line 5 closes the 'for' of line 3; the 'function' of line 2 has no 'end' yet)")
    }

    @Test func theEndBeforeABraceOrAParenthesis() throws {
        #expect(try message("""
            return {
              simpleLayout = function(ctx)
                for i = 1, ctx.count do
                  ctx.set(i, 0, i * 10, 10, 10)
              end }
            """) == "bad.lua:5: unexpected symbol near '}' (the 'end' at line 5 closes the 'for' of line 3; the 'function' of line 2 has no 'end' yet)")
        #expect(try message("""
            local order = {}
            table.sort(order, function(a, b)
              if a < b then
                return true
            end)
            return { simpleLayout = function(ctx) end }
            """) == "bad.lua:5: unexpected symbol near ')' (the 'end' at line 5 closes the 'if' of line 3; the 'function' of line 2 has no 'end' yet)")
    }

    /// A function with a `for` and an `if` inside it, cut after the `if`'s body.
    static let nested = """
        return {
          simpleLayout = function(ctx)
            for i = 1, ctx.count do
              if i > 1 then
                ctx.set(i, 0, i * 10, 10, 10)
        """

    @Test func nestedBlocks() throws {
        // The `if` has its `end`; the `for` takes the function's.
        #expect(try message(Self.nested + "\n      end\n  end,\n}\n")
                == "bad.lua:7: unexpected symbol near ',' (the 'end' at line 7 closes the 'for' of line 3; the 'function' of line 2 has no 'end' yet)")
        // Two `end`s too few: every block still open is named, innermost first.
        #expect(try message(Self.nested + "\n  end,\n}\n")
                == "bad.lua:6: unexpected symbol near ',' (the 'end' at line 6 closes the 'if' of line 4; the 'for' of line 3 and the 'function' of line 2 have no 'end' yet)")
        // A `do` of its own, a `while` whose condition holds a function, and a `repeat` closed.
        #expect(try message("""
            return { simpleLayout = function(ctx)
              do local n = 0 repeat n = n + 1 until n > 2 end
              while (function() do end return false end)() do
            end, }
            """) == "bad.lua:4: unexpected symbol near ',' (the 'end' at line 4 closes the 'while' of line 3; the 'function' of line 1 has no 'end' yet)")
    }

    /// A `repeat` is closed by `until`, so one still open is named with that word; one closed,
    /// condition and all, or open around the function, changes nothing.
    @Test func repeatBlocks() throws {
        // Open inside the function: the 'end' closed the 'for', and the 'repeat' wants its 'until'.
        #expect(try message("""
            return {
              simpleLayout = function(ctx)
                repeat
                  for i = 1, ctx.count do
                    ctx.set(i, 0, i * 10, 10, 10)
                end,
              until true
            }
            """) == "bad.lua:6: unexpected symbol near ',' (the 'end' at line 6 closes the 'for' of line 4; "
                + "the 'repeat' of line 3 has no 'until' yet; the 'function' of line 2 has no 'end' yet)")
        // Blocks in a row that one word closes are named together, innermost first.
        #expect(try message("""
            local layouts = { function(ctx)
              for i = 1, 2 do
                repeat
                  if i > 1 then
                    while false do
                  end, }
            """) == "bad.lua:6: unexpected symbol near ',' (the 'end' at line 6 closes the 'while' of line 5; "
                + "the 'if' of line 4 has no 'end' yet; the 'repeat' of line 3 has no 'until' yet; "
                + "the 'for' of line 2 and the 'function' of line 1 have no 'end' yet)")
        // Closed by its 'until', whose condition holds a function value of its own.
        #expect(try message("""
            return {
              simpleLayout = function(ctx)
                local n = 0
                repeat n = n + 1 until (function() return n > 2 end)()
                for i = 1, ctx.count do
              end,
            }
            """) == "bad.lua:6: unexpected symbol near ',' (the 'end' at line 6 closes the 'for' of line 5; "
                + "the 'function' of line 2 has no 'end' yet)")
        // Open above the function: the function is still the one without its 'end'.
        #expect(try message("""
            local n = 0
            repeat
              n = n + 1
              local layout = {
                simpleLayout = function(ctx)
                  for i = 1, ctx.count do
                    ctx.set(i, 0, i * 10, 10, 10)
                end,
              }
            until n > 0
            """) == "bad.lua:8: unexpected symbol near ',' (the 'end' at line 8 closes the 'for' of line 6; "
                + "the 'function' of line 5 has no 'end' yet)")
    }

    @Test func stringsAndCommentsDoNotCount() throws {
        #expect(try message("""
            return {
              simpleLayout = function(ctx)
                local s = "end" .. 'for x do' .. [==[ end ]] end ]==] --[[ end
                end ]] -- end
                for i = 1, ctx.count do
                  ctx.set(i, 0, i * 10, 10, 10)
              end,
            }
            """) == "bad.lua:7: unexpected symbol near ',' (the 'end' at line 7 closes the 'for' of line 5; the 'function' of line 2 has no 'end' yet)")
    }

    @Test func otherScriptsAreUnchanged() throws {
        #expect(try message("""
            return {
              simpleLayout = function(ctx)
                for i = 1, ctx.count do ctx.set(i, 0, i * 10, 10, 10) end
              end,
              sizeFor = function(i) return 10 end,
            }
            """) == nil)
        #expect(try message("return {\n  simpleLayout = function(ctx)\n    local x = , 1\n  end,\n}\n")
                == "bad.lua:3: unexpected symbol near ','")
        // No function is open: nothing to name.
        #expect(try message("for i = 1, 2 do\nend,\n") == "bad.lua:2: unexpected symbol near ','")
        // Lua's error is at the first comma of the line, not at the one after `end`.
        #expect(try message("return { simpleLayout = function(ctx) local x = , 1 for i = 1, 2 do end, }\n")
                == "bad.lua:1: unexpected symbol near ','")
    }

    // Blocks that do not balance as Lua's grammar has them: no hint, whatever the message.
    @Test func unbalancedBlocksGetNoHint() {
        let message = "bad.lua:3: unexpected symbol near ','"
        for source in ["f = function()\n  repeat\n  end,", "f = function()\n  end\nend,", "f = function()\n  else\nend,",
                       "f = function()\n  for i = 1, 2 end,", "f = function()\n  repeat\n  g = function()\n  until x\n  end,"] {
            #expect(MissingEnd.hint(for: message, in: Array(source.utf8), readsToEnd: { _ in true }) == nil)
        }
        #expect(MissingEnd.hint(for: message, in: Array("f = function()\n  do\n  end,".utf8), readsToEnd: { _ in true })
                == " (the 'end' at line 3 closes the 'do' of line 2; the 'function' of line 1 has no 'end' yet)")
    }

    @Test func aLongChunkNameIsReadFromTheEnd() {
        #expect(MissingEnd.quoted(in: "...a/b:c/bad.lua:12: unexpected symbol near ')'").map { "\($0.line) \($0.symbol)" } == "12 )")
        #expect(MissingEnd.quoted(in: "bad.lua:12: unexpected symbol near '='") == nil)
        #expect(MissingEnd.quoted(in: "bad.lua:x: unexpected symbol near ','") == nil)
    }
}
