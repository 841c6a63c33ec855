import Testing
import TesseraCore
@testable import TesseraLua

/// An animator script held in memory loads as the file its chunk name names: the same hooks and
/// params, and messages naming the chunk name where they would name the file.
@Suite struct AnimatorSourceTests {
    let folder = ScriptFolder()
    let timed = "return {\n  params = { duration = 0.5 },\n  insert = function(e, p) return { duration = p.duration, curve = \"linear\" } end,\n}"

    /// One insert event, the animation `script` gives it.
    func inserted(by script: AnimatorScript) throws -> AnimationDescription? {
        let frame = Rect(x: 0, y: 0, width: 10, height: 10)
        let event = AnimationEvent(kind: .insert, index: 0, id: "a", view: 0, frame: frame, oldFrame: nil,
                                   visibleFrame: frame, velocity: .zero)
        return try script.animations(for: [event]).first ?? nil
    }

    @Test func aScriptFromASourceAnimatesAsItsFileDoes() throws {
        let host = try LuaHost()
        let fromSource = try host.loadAnimatorScript(source: timed, chunkName: "timed.lua", params: ["duration": 2])
        let fromFile = try host.loadAnimatorScript(path: folder.write("timed.lua", timed), params: ["duration": 2])
        #expect(fromSource.path == "timed.lua")
        #expect(fromSource.name == "timed")
        #expect(fromSource.defaultParams == ["duration": 0.5])
        #expect(try inserted(by: fromSource) == AnimationDescription(duration: 2, curve: .linear))
        #expect(try inserted(by: fromFile) == AnimationDescription(duration: 2, curve: .linear))
        // Reloading runs the same text again, with the same overrides.
        try fromSource.reload()
        #expect(try inserted(by: fromSource) == AnimationDescription(duration: 2, curve: .linear))
    }

    @Test func messagesNameTheChunkNameAsTheFile() throws {
        let host = try LuaHost()
        let syntax = scriptError { _ = try host.loadAnimatorScript(source: "return {\n  insert = function(e)\n}", chunkName: "pop.lua") }
        #expect(syntax?.kind == .syntax)
        #expect(syntax?.description == "pop.lua:3: unexpected symbol near '}'")
        let nothing = scriptError { _ = try host.loadAnimatorScript(source: "local x = 1\n", chunkName: "app/pop.lua") }
        #expect(nothing?.message == "app/pop.lua:1: the script returned nothing; end it with `return <table>`")
        #expect(nothing?.location?.file == "app/pop.lua")
        let failing = try host.loadAnimatorScript(source: "return {\n  insert = function(e)\n    error('no')\n  end,\n}", chunkName: "pop.lua")
        let hook = scriptError { _ = try inserted(by: failing) }
        #expect(hook?.message == "pop.lua:3: no")
        #expect(hook?.location?.line == 3)
        let param = scriptError { _ = try host.loadAnimatorScript(source: timed, chunkName: "timed.lua", params: ["durtion": 1]) }
        #expect(param?.message == "timed.lua:2: unknown param 'durtion' (did you mean duration?); known params: duration")
    }
}
