import Testing
import TesseraCore
@testable import TesseraLua

/// A layout script held in memory loads as the file its chunk name names: the same layout, and
/// messages naming the chunk name where they would name the file.
@Suite struct ScriptSourceTests {
    let folder = ScriptFolder()
    let context = sizedContext(Array(repeating: Size(width: 10, height: 10), count: 2))
    let rows = "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 12, ctx.width, 10) end end }"

    @Test func aScriptFromASourceLaysOutAsItsFileDoes() throws {
        let host = try LuaHost()
        let fromSource = try host.loadLayoutScript(source: rows, chunkName: "rows.lua")
        let fromFile = try host.loadLayoutScript(path: folder.write("rows.lua", rows))
        #expect(fromSource.path == "rows.lua")
        #expect(fromSource.name == "rows")
        let frames = [Rect(x: 0, y: 0, width: 100, height: 10), Rect(x: 0, y: 12, width: 100, height: 10)]
        #expect(try fromSource.configured().layout(context).allFrames == frames)
        #expect(try fromFile.configured().layout(context).allFrames == frames)
        // Reloading runs the same text again.
        try fromSource.reload(probe: context)
        #expect(try fromSource.configured().layout(context).allFrames == frames)
    }

    @Test func messagesNameTheChunkNameAsTheFile() throws {
        let host = try LuaHost()
        let syntax = scriptError { _ = try host.loadLayoutScript(source: "return { simpleLayout = function(ctx)\n  for i = 1, ctx.count do\nend }", chunkName: "feed.lua") }
        #expect(syntax?.kind == .syntax)
        #expect(syntax?.description == "feed.lua:3: unexpected symbol near '}' (the 'end' at line 3 closes the 'for' of line 2; the 'function' of line 1 has no 'end' yet)")
        let running = scriptError { _ = try host.loadLayoutScript(source: "local x = 1\nerror('not today')", chunkName: "app/feed.lua") }
        #expect(running?.message == "app/feed.lua:2: not today")
        #expect(running?.location?.file == "app/feed.lua")
        #expect(running?.location?.line == 2)

        let bad = try host.loadLayoutScript(source: "return { simpleLayout = function(ctx)\n  ctx.set(1, 0, 0, -1, 0)\nend }", chunkName: "bad.lua")
        #expect(scriptError { _ = try bad.configured().layout(context) }?.message ==
                "bad.lua:2: ctx.set: frame 1 (Lua index; item 0 in the output) has w = -1; a frame needs finite numbers and a non-negative size")
    }

    /// `require` looks beside the chunk name, as it looks beside a file.
    @Test func aSourceRequiresModulesBesideItsChunkName() throws {
        let host = try LuaHost()
        folder.write("lib/helper.lua", "return { gap = 7 }")
        let source = "local helper = require('helper')\nreturn { name = 'gap' .. helper.gap, simpleLayout = function(ctx) end }"
        #expect(try host.loadLayoutScript(source: source, chunkName: folder.path + "/lib/main.lua").name == "gap7")
    }
}
