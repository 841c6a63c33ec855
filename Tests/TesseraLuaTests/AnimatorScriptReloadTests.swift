import Testing
import TesseraCore
@testable import TesseraLua

/// An animator script's declared params and choices, and `reload()`: a new version replaces the
/// old one with the same overrides; a broken one is refused and the last good one stays.
@Suite struct AnimatorScriptReloadTests {
    let folder = ScriptFolder()

    /// An animator whose inserts last `p.duration` and use curve `p.curve`.
    func source(duration: Double) -> String {
        """
        return {
          name = "timed",
          params = { duration = \(duration), curve = "linear", steps = 2 },
          choices = { steps = { 2, 4 }, curve = { "linear", "easeIn" } },
          insert = function(e, p) return { duration = p.duration, curve = p.curve } end,
        }
        """
    }

    /// One insert event, the animation the script gives it.
    func inserted(by script: AnimatorScript) throws -> AnimationDescription? {
        let frame = Rect(x: 0, y: 0, width: 10, height: 10)
        let event = AnimationEvent(kind: .insert, index: 0, id: "a", view: 0, frame: frame, oldFrame: nil,
                                   visibleFrame: frame, velocity: .zero)
        return try script.animations(for: [event]).first ?? nil
    }

    @Test("the declared params and choices, by param name sorted")
    func declaredParamsAndChoices() throws {
        let path = folder.write("timed.lua", source(duration: 0.5))
        let script = try AnimatorScript(host: LuaHost(), path: path)
        #expect(script.name == "timed")
        #expect(script.defaultParams == ["curve": "linear", "duration": 0.5, "steps": 2])
        #expect(script.paramChoices == ["curve": ["linear", "easeIn"], "steps": [2, 4]])
        #expect(try inserted(by: script) == AnimationDescription(duration: 0.5, curve: .linear))
        let chosen = try AnimatorScript(host: LuaHost(), path: path, params: ["curve": "easeIn"])
        #expect(try inserted(by: chosen) == AnimationDescription(duration: 0.5, curve: .easeIn))
        #expect(AnimatorScript.hooks == ["insert", "delete", "update", "shift", "scroll"])
    }

    @Test("a value outside a param's choices is refused, naming the file and the choices")
    func choiceRefused() throws {
        let path = folder.write("timed.lua", source(duration: 0.5))
        let error = scriptError { _ = try AnimatorScript(host: LuaHost(), path: path, params: ["steps": 3]) }
        #expect(error?.message == "\(path):3: param 'steps' expects one of 2, 4, got 3")
    }

    @Test("reload reads the file again and keeps the overrides; a broken version is refused and the last good one stays")
    func reload() throws {
        let path = folder.write("timed.lua", source(duration: 0.5))
        let script = try AnimatorScript(host: LuaHost(), path: path, params: ["curve": "easeIn"])
        folder.write("timed.lua", source(duration: 2))
        #expect(try inserted(by: script)?.duration == 0.5, "nothing changes before reload()")
        try script.reload()
        #expect(script.defaultParams["duration"] == 2.0)
        #expect(try inserted(by: script) == AnimationDescription(duration: 2, curve: .easeIn))
        #expect(script.lastError == nil)

        folder.write("timed.lua", "return {\n  insert = function(e, p)\n    return {\nend }")
        let syntax = scriptError { try script.reload() }
        #expect(syntax?.kind == .syntax)
        #expect(syntax?.message == "\(path):4: unexpected symbol near 'end'")
        #expect(syntax?.file == path && syntax?.line == 4)
        #expect(script.lastError == syntax)
        #expect(try inserted(by: script) == AnimationDescription(duration: 2, curve: .easeIn))
        #expect(script.defaultParams["duration"] == 2.0)

        folder.write("timed.lua", source(duration: 1))
        try script.reload()
        #expect(script.lastError == nil)
        #expect(try inserted(by: script) == AnimationDescription(duration: 1, curve: .easeIn))
    }
}
