import Testing
import OrderedCollections
import TesseraCore
@testable import TesseraLua

/// A layout author's usual slips are named where they are: the params or choices entry's line,
/// the last line of a file with no `return`, the misspelt hook or frame field with the name meant,
/// and a simpleLayout that both set frames and returned some.
@Suite struct AuthorMistakeMessagesTests {
    let folder = ScriptFolder()
    let context = sizedContext(Array(repeating: Size(width: 10, height: 10), count: 3))

    /// Loads `source` as `name`, applies `params` and lays it out; the message it fails with.
    func message(_ name: String, _ source: String, params: OrderedDictionary<String, JSONValue> = [:]) throws -> String? {
        let host = try LuaHost()
        let path = folder.write(name, source)
        return scriptError { _ = try host.loadLayoutScript(path: path).configured(params).layout(context) }?.message
    }

    static let grid = """
    -- g.lua: a column of squares.
    return {
      name = "g",
      params = {
        columns = 2,
        mode = "grid",   -- columns = "a comment is not the entry"
      },
      simpleLayout = function(ctx, p)
        for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 10, 10, 10) end
      end,
    }
    """

    @Test func aRefusedParamIsNamedAtItsEntry() throws {
        let file = folder.path + "/g.lua"
        #expect(try message("g.lua", Self.grid, params: ["columns": "abc"]) == "\(file):5: param 'columns' expects a number, got \"abc\"")
        #expect(try message("g.lua", Self.grid, params: ["mode": true]) == "\(file):6: param 'mode' expects a string, got true")
        // An unknown name has no entry: it is named at the params table.
        #expect(try message("g.lua", Self.grid, params: ["colums": 3]) ==
                "\(file):4: unknown param 'colums' (did you mean columns?); known params: columns, mode")
    }

    @Test func aNilDefaultIsNamedAtItsEntry() throws {
        // Lua drops a nil entry, so `columns` is no param: an override of it is told why.
        let source = "return {\n  params = {\n    spacing = 4,\n    columns = nil,\n  },\n  simpleLayout = function(ctx) end,\n}\n"
        #expect(try message("nil.lua", source, params: ["columns": 3]) ==
                "\(folder.path)/nil.lua:4: params has no 'columns': its entry is nil, which Lua drops, so the script declares no such param; give it a default (a number, string, boolean or table)")
        // A name with no entry at all is still unknown, named at the params table.
        #expect(try message("nil.lua", source, params: ["gap": 3]) ==
                "\(folder.path)/nil.lua:2: unknown param 'gap'; known params: spacing")
    }

    @Test func aParamIsNamedAtTheLineOfTheSourceThatWasLoaded() throws {
        // The file is edited after the script loaded (two lines added above `params`): the
        // message names the line in what runs, not in the file on disk.
        let host = try LuaHost()
        let path = folder.write("moved.lua", Self.grid)
        let script = try host.loadLayoutScript(path: path)
        _ = folder.write("moved.lua", "-- one\n-- two\n" + Self.grid)
        #expect(scriptError { _ = try script.configured(["columns": "abc"]) }?.message == "\(path):5: param 'columns' expects a number, got \"abc\"")
        try script.reload()
        #expect(scriptError { _ = try script.configured(["columns": "abc"]) }?.message == "\(path):7: param 'columns' expects a number, got \"abc\"")
    }

    @Test func aParamsTableBuiltElsewhereFallsBackToTheFile() throws {
        // `params = defaults`: no constructor to find the entry in, so the file alone.
        let source = "local defaults = { columns = 2 }\nreturn { params = defaults, simpleLayout = function(ctx) end }\n"
        #expect(try message("p.lua", source, params: ["columns": "x"]) ==
                "\(folder.path)/p.lua: param 'columns' expects a number, got \"x\"")
    }

    @Test func aBadChoicesEntryIsNamedAtItsLine() throws {
        let file = folder.path + "/pick2.lua"
        let source = """
        return {
          params = { mode = "grid", columns = 2 },
          choices = {
            columns = { 1, 2, 3 },
            ["mdoe"] = { "grid", "list" },
          },
          simpleLayout = function(ctx) end,
        }
        """
        #expect(try message("pick2.lua", source) == "\(file):5: choices.mdoe names no declared param; known params: columns, mode")
        let wrongType = "return {\n  params = { mode = \"grid\" },\n  choices = {\n    mode = { \"grid\", 2 } },\n  simpleLayout = function(ctx) end,\n}\n"
        #expect(try message("pick3.lua", wrongType) == "\(folder.path)/pick3.lua:4: choices.mode[2] must be a string, as the default is, got 2")
        let notATable = "return {\n  params = { mode = \"grid\" },\n  choices = { \"grid\" },\n  simpleLayout = function(ctx) end,\n}\n"
        #expect(try message("pick4.lua", notATable) ==
                "\(folder.path)/pick4.lua:3: field 'choices' must be a table of lists by param name, like { mode = {\"grid\", \"list\"} }, got an array")
    }

    @Test func theEntryScanSkipsStringsCommentsAndNestedTables() {
        let source = Array("""
        local s = "params = { columns = 1 }"
        --[[ params = {
          columns = 1 } ]]
        return {
          params = {
            spacing = { columns = 1 },
            [ "columns" ] = 2,
            columns = 3,
          },
        }
        """.utf8)
        #expect(TableEntryLine.line(in: source, table: "params", key: "columns") == 8)
        #expect(TableEntryLine.line(in: source, table: "params", key: "spacing") == 6)
        #expect(TableEntryLine.line(in: source, table: "params", key: "gap") == 5)
        #expect(TableEntryLine.line(in: source, table: "choices", key: "gap") == nil)
    }

    @Test func aMissingReturnIsNamedAtTheLastLine() throws {
        let source = "local layout = {\n  simpleLayout = function(ctx) end,\n}\n\n"
        #expect(try message("e.lua", source) == "\(folder.path)/e.lua:3: the script returned nothing; end it with `return <table>`")
        let host = try LuaHost()
        let path = folder.write("fade2.lua", "local hooks = {}\n")
        #expect(scriptError { _ = try host.loadAnimatorScript(path: path) }?.message ==
                "\(path):1: the script returned nothing; end it with `return <table>`")
    }

    @Test func aMisspeltHookIsNamedAtItsLineWithTheNameMeant() throws {
        let shape = "the script's result must be " + LuaHost.layoutShape
        for (key, meant) in [("simplelayout", "simpleLayout"), ("simpleLayuot", "simpleLayout")] {
            let source = "return {\n  name = 'x',\n  \(key) = function(ctx, p) return {} end,\n}\n"
            #expect(try message("s.lua", source) ==
                    "\(folder.path)/s.lua:3: field '\(key)' is unknown (did you mean \(meant)?); \(shape)")
        }
        // A hook that is no layout alone is followed by what it needs beside it: renamed
        // alone, it would still be no layout.
        let helpers = [
            ("layuot", "layout", "layout(ctx, params) alone is no layout: it returns the content size, beside simpleLayout(ctx, params) or beside frame(i) and visible(x, y, w, h); to place every item in one function, name it simpleLayout"),
            ("sise", "size", "size(item, pw, ph, i) alone is no layout: it sizes the items for simpleLayout(ctx, params), for frame(i) and visible(x, y, w, h), or for build(params), which place them"),
            ("visibel", "visible", "visible(x, y, w, h) alone is no layout: an analytic layout has frame(i) beside it"),
        ]
        for (key, meant, needs) in helpers {
            let source = "return {\n  name = 'x',\n  \(key) = function(ctx, p) return {} end,\n}\n"
            #expect(try message("s.lua", source) == "\(folder.path)/s.lua:3: field '\(key)' is unknown (did you mean \(meant)?); \(needs)")
        }
        // Beside frame, a misspelt layout hook is named with what the analytic form lacks.
        let analyticLayout = "return {\n  frame = function(i) return 0, 0, 1, 1 end,\n  layuot = function() return 1, 1 end,\n}\n"
        #expect(try message("c.lua", analyticLayout) ==
                "\(folder.path)/c.lua:3: field 'layuot' is unknown (did you mean layout?); an analytic layout needs visible(x, y, w, h) next to frame(i)")
        let analytic = "return {\n  frame = function(i) return 0, 0, 1, 1 end,\n  visibel = function() return {} end,\n}\n"
        #expect(try message("a.lua", analytic) ==
                "\(folder.path)/a.lua:3: field 'visibel' is unknown (did you mean visible?); an analytic layout needs visible(x, y, w, h) next to frame(i)")
        #expect(try message("b.lua", "return { frame = function(i) end }") ==
                "\(folder.path)/b.lua: an analytic layout needs visible(x, y, w, h) next to frame(i)")
    }

    @Test func aMisspeltFrameFieldIsNamed() throws {
        func frames(_ frame: String) -> String {
            "return {\n  simpleLayout = function(ctx)\n    local f = {}\n    for i = 1, ctx.count do f[i] = \(frame) end\n    return f\n  end,\n}\n"
        }
        let prefix = "\(folder.path)/f.lua:2: simpleLayout: frame 1 (Lua index; item 0 in the output) has no number"
        #expect(try message("f.lua", frames("{x=0, y=0, width=10, hieght=10}")) == "\(prefix) h or height, got nil; it has hieght: did you mean height?")
        #expect(try message("f.lua", frames("{x=0, Y=0, w=10, h=10}")) == "\(prefix) y, got nil; it has Y: did you mean y?")
        #expect(try message("f.lua", frames("{x=0, y=0, w=10, [5]=0}")) == "\(prefix) h or height, got nil")
        #expect(try message("f.lua", frames("{x=0, y=0, w=10, tall=10, color='red'}")) ==
                "\(prefix) h or height, got nil; it has color, which is no frame field (x, y, w or width, h or height)")
        #expect(try message("f.lua", frames("{x=0, y=0, w=10, height='tall'}")) == "\(prefix) h or height, got string")
    }

    @Test func settingAndReturningFramesIsNamedAsBothWays() throws {
        let all = "return {\n  simpleLayout = function(ctx)\n    for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end\n    return { {0, 0, 1, 1} }\n  end,\n}\n"
        #expect(try message("both.lua", all) == "\(folder.path)/both.lua:2: simpleLayout set 3 frames with ctx.set and also returned a list of 1; keep ctx.set, which set every frame, and return nothing")
        let some = "return {\n  simpleLayout = function(ctx)\n    ctx.set(1, 0, 0, 1, 1)\n    return { {0, 0, 1, 1}, {0, 0, 1, 1} }\n  end,\n}\n"
        #expect(try message("some.lua", some) == "\(folder.path)/some.lua:2: simpleLayout set 1 frame with ctx.set and also returned a list of 2; keep one way: ctx.set for each of the 3 items and return nothing, or return a list of all 3 frames")
        // A list of the right length does not silently replace what ctx.set placed.
        let whole = "return {\n  simpleLayout = function(ctx)\n    local f = {}\n    for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1); f[i] = {0, 0, 2, 2} end\n    return f\n  end,\n}\n"
        #expect(try message("whole.lua", whole) == "\(folder.path)/whole.lua:2: simpleLayout set 3 frames with ctx.set and also returned a list of 3; keep one way: ctx.set and return nothing, or the list without ctx.set")
        let listWhole = "return {\n  simpleLayout = function(ctx)\n    ctx.set(2, 0, 0, 1, 1)\n    return { {0, 0, 1, 1}, {0, 0, 1, 1}, {0, 0, 1, 1} }\n  end,\n}\n"
        #expect(try message("list.lua", listWhole) == "\(folder.path)/list.lua:2: simpleLayout set 1 frame with ctx.set and also returned a list of 3; keep the list, which has every frame, and leave out ctx.set")
    }
}
