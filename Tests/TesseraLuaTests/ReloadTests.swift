import Testing
import TesseraCore
@testable import TesseraLua

/// Issue 3 point 4: reloading a broken version keeps the last good one.
@Suite struct ReloadTests {
    let folder = ScriptFolder()
    let context = sizedContext(Array(repeating: Size(width: 10, height: 10), count: 2))

    func rowScript(step: Int) -> String {
        "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, (i - 1) * \(step), 0, 10, 10) end end }"
    }

    @Test func brokenReloadKeepsTheLastGoodVersion() throws {
        let host = try LuaHost()
        let path = folder.write("live.lua", rowScript(step: 10))
        let script = try host.loadLayoutScript(path: path)
        let layout = try script.configured()
        let good = [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 0, width: 10, height: 10)]
        #expect(try layout.layout(context).allFrames == good)

        folder.write("live.lua", "return { simpleLayout = function(ctx)\n  for i = 1, ctx.count do\nend }")
        let syntax = scriptError { try script.reload() }
        #expect(syntax?.kind == .syntax)
        #expect(syntax?.message == "\(folder.path)/live.lua:3: unexpected symbol near '}' (the 'end' at line 3 closes the 'for' of line 2; the 'function' of line 1 has no 'end' yet)")
        #expect(script.lastError == syntax)
        #expect(try layout.layout(context).allFrames == good)

        folder.write("live.lua", "error('not today')")
        #expect(scriptError { try script.reload() }?.message == "\(folder.path)/live.lua:1: not today")
        #expect(try layout.layout(context).allFrames == good)

        // A version that loads but fails on the probe context is refused too.
        folder.write("live.lua", "return { simpleLayout = function(ctx) ctx.set(1, 0, 0, -1, 0) end }")
        #expect(scriptError { try script.reload(probe: context) }?.message ==
                "\(folder.path)/live.lua:1: ctx.set: frame 1 (Lua index; item 0 in the output) has w = -1; a frame needs finite numbers and a non-negative size")
        #expect(try layout.layout(context).allFrames == good)

        folder.write("live.lua", rowScript(step: 20))
        try script.reload(probe: context)
        #expect(script.lastError == nil)
        #expect(try layout.layout(context).allFrames[1] == Rect(x: 20, y: 0, width: 10, height: 10))
    }
}
