import Testing
import TesseraCore
@testable import TesseraLua

/// Finding a layout script by name along the search paths, what it declares, the files its
/// `require` read, and a configured layout with more params on top.
@Suite struct LayoutScriptLookupTests {
    let first = ScriptFolder()
    let second = ScriptFolder()

    static let rows = """
    return {
      params = { spacing = 0, mode = "rows" },
      choices = { mode = { "rows", "columns" } },
      simpleLayout = function(ctx, p)
        for i = 1, ctx.count do
          if p.mode == "rows" then ctx.set(i, 0, (i - 1) * (10 + p.spacing), 10, 10)
          else ctx.set(i, (i - 1) * (10 + p.spacing), 0, 10, 10) end
        end
      end,
    }
    """

    @Test("a name resolves to NAME.lua in the first search path that has it; paths and suffixes are not names")
    func layoutScriptPath() throws {
        first.write("only-first.lua", "return {}")
        second.write("only-first.lua", "return {}")
        second.write("only-second.lua", "return {}")
        let host = try LuaHost(searchPaths: [first.path, second.path])
        #expect(host.layoutScriptPath("only-first") == first.path + "/only-first.lua")
        #expect(host.layoutScriptPath("only-second") == second.path + "/only-second.lua")
        #expect(host.layoutScriptPath("nowhere") == nil)
        #expect(host.layoutScriptPath("only-second.lua") == nil)
        #expect(host.layoutScriptPath("x/only-second") == nil)
        #expect(host.layoutScriptPath("") == nil)
    }

    @Test("searchPaths set after the host is made are where the next lookup looks")
    func searchPathsChangeLater() throws {
        first.write("later.lua", "return {}")
        let host = try LuaHost(searchPaths: [])
        #expect(host.searchPaths == [])
        #expect(host.layoutScriptPath("later") == nil)
        host.searchPaths = [second.path, first.path]
        #expect(host.layoutScriptPath("later") == first.path + "/later.lua")
        host.searchPaths.removeLast()
        #expect(host.layoutScriptPath("later") == nil)
    }

    @Test("a layout script's choices, and with(_:) checks params as --param does")
    func choicesAndWith() throws {
        let path = first.write("rows.lua", Self.rows)
        let script = try LuaHost().loadLayoutScript(path: path)
        #expect(script.paramChoices == ["mode": ["rows", "columns"]])
        let layout = try script.configured(["spacing": 2])
        let context = sizedContext(Array(repeating: Size(width: 10, height: 10), count: 2))
        #expect(try layout.layout(context).allFrames == [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 0, y: 12, width: 10, height: 10)])
        let sideways = try layout.with(["mode": "columns"])
        #expect(sideways.params == ["spacing": 2, "mode": "columns"])
        #expect(try sideways.layout(context).allFrames == [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 12, y: 0, width: 10, height: 10)])
        #expect(layout.params == ["spacing": 2], "with(_:) leaves the layout it was called on alone")
        #expect(scriptError { _ = try layout.with(["mode": "grid"]) }?.message == "\(path):2: param 'mode' expects one of \"rows\", \"columns\", got \"grid\"")
        #expect(scriptError { _ = try layout.with(["gap": 1]) }?.message == "\(path):2: unknown param 'gap'; known params: mode, spacing")
    }

    @Test("requiredPaths lists the files require found, each once, in the order first found")
    func requiredPaths() throws {
        let helper = first.write("helper.lua", "return { step = 10 }")
        let other = first.write("other.lua", "return { step = 20 }")
        let main = first.write("main.lua", """
        local h = require("helper")
        local o = require("other")
        local again = require("helper")
        return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * h.step, 10, 10) end end }
        """)
        let host = try LuaHost()
        #expect(host.requiredPaths == [])
        _ = try host.loadLayoutScript(path: main)
        #expect(host.requiredPaths == [helper, other])
    }
}
