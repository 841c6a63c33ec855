import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// The repository root, for the shipped `animators/`.
private let repositoryRoot: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// Animator scripts: batched hooks under the sandbox, equal to the native animators they copy.
@Suite struct AnimatorScriptTests {
    let folder = ScriptFolder()

    /// `repoRoot/animators/NAME.lua`.
    func shipped(_ name: String) -> String { repositoryRoot + "/animators/\(name).lua" }

    func numbers(_ values: [Int]) -> BasicProvider {
        var source = ItemSource(values: values.map { .int($0) })
        source.identifier = { .string(String(values[$0])) }
        return BasicProvider(data: source, layout: FlowLayout(), size: .fixed(.absolute(50), .absolute(50)))
    }

    /// The events of a reload from [1, 2, 3, 4] to [5, 1, 2] in a 100 × 49 viewport.
    func reloadEvents(animator: any Animator) throws -> (CollectionEngine, [EngineEvent]) {
        let provider = numbers([1, 2, 3, 4])
        let engine = CollectionEngine(provider: provider, viewport: Size(width: 100, height: 49))
        engine.animator = animator
        _ = try engine.layout()
        var changed = ItemSource(values: [5, 1, 2].map { .int($0) })
        changed.identifier = { ItemID.string(["5", "1", "2"][$0]) }
        provider.data = changed
        return (engine, try engine.layout())
    }

    @Test func scriptedFadeGivesTheBuiltinFadesTimeline() throws {
        let host = try LuaHost()
        let script = try AnimatorScript(host: host, path: shipped("fade"))
        let (scriptedEngine, scripted) = try reloadEvents(animator: script)
        let (nativeEngine, native) = try reloadEvents(animator: FadeAnimator())
        #expect(scripted == native)
        #expect(scripted.compactMap(\.animation).count == 4)
        #expect(Timeline(events: scripted, views: scriptedEngine.views) == Timeline(events: native, views: nativeEngine.views))
        // Parameters override the defaults, typed like them.
        let slow = try AnimatorScript(host: host, path: shipped("fade"), params: ["duration": 1])
        #expect(try reloadEvents(animator: slow).1.compactMap(\.animation?.duration) == [1, 1, 1, 1])
        // The host's loader, beside `loadLayoutScript(path:)`, makes the same animator.
        let loaded = try host.loadAnimatorScript(path: shipped("fade"), params: ["duration": 1])
        #expect(loaded.path == shipped("fade"))
        #expect(try reloadEvents(animator: loaded).1 == reloadEvents(animator: slow).1)
        #expect(throws: LuaScriptError.self) { try host.loadAnimatorScript(path: folder.path + "/missing.lua") }
    }

    @Test func scriptedFadeMatchesTheBuiltinOnALayoutChange() throws {
        func relayout(_ animator: any Animator) throws -> [EngineEvent] {
            let provider = numbers([1, 2, 3, 4])
            let engine = CollectionEngine(provider: provider, viewport: Size(width: 100, height: 100))
            engine.animator = animator
            _ = try engine.layout()
            provider.layout = WaterfallLayout(columns: 1)
            return try engine.layout()
        }
        let native = try relayout(FadeAnimator())
        #expect(try relayout(AnimatorScript(host: LuaHost(), path: shipped("fade"))) == native)
        #expect(native.map { "\($0.type.rawValue) \($0.id) \($0.animation?.duration ?? -1)" } == ["update 3 0.3", "update 4 0.3", "update 1 0.3", "update 2 0.3"])
    }

    @Test func scriptedScaleAndWobbleMatchTheBuiltins() throws {
        let host = try LuaHost()
        let scale = try AnimatorScript(host: host, path: shipped("scale"))
        #expect(try reloadEvents(animator: scale).1 == reloadEvents(animator: FadeAnimator.scaling()).1)
        let wobble = try AnimatorScript(host: host, path: shipped("wobble"))
        #expect(try reloadEvents(animator: wobble).1 == reloadEvents(animator: WobbleAnimator()).1)
        // Scroll ticks: the same push for every view at several velocities.
        let visible = Rect(x: 0, y: 300, width: 375, height: 812)
        let events = [(0.0, 20.0), (7, -40), (-3, 2500)].enumerated().map { k, velocity in
            AnimationEvent(kind: .scroll, index: k, id: .string("a\(k)"), view: k, frame: Rect(x: 40 * Double(k), y: 280 + 300 * Double(k), width: 50, height: 90),
                           oldFrame: nil, visibleFrame: visible, velocity: Point(x: velocity.0, y: velocity.1))
        }
        let scripted = try wobble.animations(for: events)
        let native = WobbleAnimator().animations(for: events)
        for (a, b) in zip(scripted, native) {
            #expect(abs((a?.from.tx ?? 0) - (b?.from.tx ?? 0)) < 1e-12 && abs((a?.from.ty ?? 0) - (b?.from.ty ?? 0)) < 1e-12)
            #expect(a?.curve == b?.curve)
        }
    }

    @Test func hooksAreCalledOncePerPassWithEveryEvent() throws {
        let host = try LuaHost()
        var lines: [String] = []
        host.output = { lines.append($0) }
        let path = folder.write("count.lua", """
            local calls = 0
            return { update = function(e) calls = calls + 1; print(e.type, e.index, e.id, calls) end }
            """)
        _ = try reloadEvents(animator: try AnimatorScript(host: host, path: path))
        // "2", pushed below the viewport by the reload, moves out of view: an update too.
        #expect(lines == ["update\t3\t2\t1", "move\t2\t1\t2", "update\t2\t1\t3"])
    }

    /// A header's or background's event tells what it is; a cell's says `cell`. Event tables are
    /// reused between calls, so a cell after an element has no stale kind or section.
    @Test func elementEventsCarryCategoryKindAndSection() throws {
        let host = try LuaHost()
        var lines: [String] = []
        host.output = { lines.append($0) }
        let path = folder.write("elements.lua", """
            local function show(e) print(e.type, e.id, e.category, e.kind, e.section, e.index) end
            return { insert = show, update = show }
            """)
        let script = try AnimatorScript(host: host, path: path)
        let visible = Rect(x: 0, y: 0, width: 100, height: 100), frame = Rect(x: 0, y: 0, width: 100, height: 20)
        var header = AnimationEvent(kind: .insert, index: 4, id: "B-header", view: 7, frame: frame, visibleFrame: visible)
        header.element = AnimatedElement(category: .supplementary, kind: "header", section: 1)
        var background = AnimationEvent(kind: .update, index: 0, id: "A-background", view: 8, frame: frame,
                                        oldFrame: frame, visibleFrame: visible)
        background.element = AnimatedElement(category: .decoration, kind: "background", section: 0)
        let cell = AnimationEvent(kind: .insert, index: 2, id: "c", view: 1, frame: frame, visibleFrame: visible)
        _ = try script.animations(for: [header, background])
        _ = try script.animations(for: [cell])
        #expect(lines == ["insert\tB-header\tsupplementary\theader\t2\t5", "update\tA-background\tdecoration\tbackground\t1\t1",
                          "insert\tc\tcell\tnil\tnil\t3"])
    }

    /// The error a reload from [1, 2, 3, 4] to [5, 1, 2] throws with `animator`, and the engine
    /// after it.
    func failedReload(animator: any Animator) throws -> (CollectionEngine, LuaScriptError?) {
        let provider = numbers([1, 2, 3, 4])
        let engine = CollectionEngine(provider: provider, viewport: Size(width: 100, height: 49))
        _ = try engine.layout()
        engine.animator = animator
        var changed = ItemSource(values: [5, 1, 2].map { .int($0) })
        changed.identifier = { ItemID.string(["5", "1", "2"][$0]) }
        provider.data = changed
        do {
            _ = try engine.layout()
            return (engine, nil)
        } catch let error as LuaScriptError {
            return (engine, error)
        }
    }

    @Test func aFailingHookFailsThePassAndTheEngineKeepsItsState() throws {
        let host = try LuaHost(limits: ScriptLimits(timeLimit: 0.05))
        let path = folder.write("broken.lua", """
            return {
              insert = function(e) return { from = { alpha = 0 } } end,
              update = function(e)
                error("no update for " .. e.id)
              end,
            }
            """)
        let (engine, error) = try failedReload(animator: try AnimatorScript(host: host, path: path))
        #expect(error?.message == "\(path):4: no update for 2")
        // The hook is named as the script wrote it, not by a variable of the host's.
        #expect(error?.traceback.contains("\n\t\(path):4: in field 'update'") == true, "\(error?.traceback ?? "")")
        #expect(engine.views.map(\.id) == ["1", "2"], "the views of the last good pass")
        #expect(engine.reloadCount == 1)
        // Without the animator, the reload the failure left scheduled goes through.
        engine.animator = nil
        _ = try engine.layout()
        #expect(engine.views.map(\.id) == ["5", "1"] && engine.reloadCount == 2)

        let runaway = folder.write("runaway.lua", "return { insert = function(e) while true do end end }")
        let (stuck, stopped) = try failedReload(animator: try AnimatorScript(host: host, path: runaway))
        #expect(stopped?.kind == .timeLimit)
        #expect(stuck.views.map(\.id) == ["1", "2"])
    }

    /// A hook's params refuse an undeclared name at the hook's line; declared names read as before.
    @Test func aMisspeltParamInAHookNamesTheLineAndTheDeclaredOnes() throws {
        let host = try LuaHost()
        let path = folder.write("pop.lua", """
            return {
              params = { from = 0.5, duration = 0.3 },
              insert = function(e, p)
                return { from = { scale = p.form }, duration = p.duration }
              end,
              update = function(e, p) return false end,
            }
            """)
        let (_, error) = try failedReload(animator: try AnimatorScript(host: host, path: path))
        #expect(error?.message == "\(path):4: params has no 'form' (did you mean from?); known params: duration, from")
        #expect(error?.traceback == "stack traceback:\n\t[C]: in metamethod 'index'\n\t\(path):4: in field 'insert'", "\(error?.traceback ?? "")")
    }

    @Test func aNilParamReadInAHookSaysItsEntryIsNil() throws {
        let host = try LuaHost()
        let path = folder.write("nilpop.lua", """
            return {
              params = { from = nil, duration = 0.3 },
              insert = function(e, p)
                return { from = { scale = p.from }, duration = p.duration }
              end,
            }
            """)
        let (_, error) = try failedReload(animator: try AnimatorScript(host: host, path: path))
        #expect(error?.message == "\(path):4: params has no 'from': its entry at \(path):2 is nil, which Lua drops, so the script declares no such param; give it a default (a number, string, boolean or table); known params: duration")
    }

    @Test func badScriptsAndResultsHaveOneSentenceErrors() throws {
        let host = try LuaHost()
        func loadError(_ source: String) -> String? {
            let path = folder.write("bad.lua", source)
            return scriptError { _ = try AnimatorScript(host: host, path: path) }?.message
                .replacingOccurrences(of: folder.path + "/", with: "")
        }
        #expect(loadError("return 3") == "bad.lua: the script's result must be a table of hooks (insert, delete, update, shift, scroll), got number")
        #expect(loadError("local hooks = {}") == "bad.lua:1: the script returned nothing; end it with `return <table>`")
        // A misspelt hook is named at the line that defines it; another unknown key by the file.
        #expect(loadError("return { inserts = function() end }") == "bad.lua:1: field 'inserts' is unknown (did you mean insert?); known fields: name, params, choices, insert, delete, update, shift, scroll")
        #expect(loadError("return {\n  params = { from = 0.6 },\n  inesrt = function(e, p)\n  end,\n}") == "bad.lua:3: field 'inesrt' is unknown (did you mean insert?); known fields: name, params, choices, insert, delete, update, shift, scroll")
        #expect(loadError("return { parms = { from = 0.6 } }") == "bad.lua: field 'parms' is unknown (did you mean params?); known fields: name, params, choices, insert, delete, update, shift, scroll")
        #expect(loadError("return { scroll = 1 }") == "bad.lua: field 'scroll' must be a function(e, params), got number")
        let path = folder.write("typo.lua", "return { insert = function() return { form = { alpha = 0 } } end }")
        #expect(try failedReload(animator: try AnimatorScript(host: host, path: path)).1?.message ==
                "\(path):1: the insert hook's animation has an unknown key 'form'; known keys: from, to, duration, delay, curve, damping, response, transform")
        let curve = folder.write("curve.lua", "return { insert = function() return { curve = 'bouncy' } end }")
        #expect(try failedReload(animator: try AnimatorScript(host: host, path: curve)).1?.message ==
                "\(curve):1: the insert hook's animation: curve must be one of linear, easeIn, easeOut, easeInOut, spring, got \"bouncy\"")
    }

    @Test func aBadAnimationNamesTheLineOfItsHook() throws {
        // As any script error does: file and line, here the line the hook is defined on.
        let host = try LuaHost()
        let path = folder.write("lines.lua", """
        return {
          params = { duration = 0.3 },
          insert = function(e, p)
            return { duration = 4000 }
          end,
        }
        """)
        #expect(try failedReload(animator: try AnimatorScript(host: host, path: path)).1?.message ==
                "\(path):3: the insert hook's animation: duration must be a non-negative number of seconds of at most 3,600, got 4000")
    }

    @Test func cascadeDelaysGrowWithDistanceFromTheOffset() throws {
        let host = try LuaHost()
        let script = try AnimatorScript(host: host, path: shipped("cascade"))
        let visible = Rect(x: 0, y: 0, width: 375, height: 812)
        let events = [0.0, 100, 400].map { y in
            AnimationEvent(kind: .insert, index: 0, id: "a", view: 1, frame: Rect(x: 0, y: y, width: 10, height: 10),
                           visibleFrame: visible, reloadCount: 1, isReloading: true)
        }
        let delays = try script.animations(for: events).map { $0?.delay }
        #expect(delays == [0, 100 / 3000.0, 400 / 3000.0])
    }

    @Test func edgeShrinkAndZoomShapeAViewScrollingIn() throws {
        // A view that scrolls in gets `insert`, not `scroll`; CollectionKit calls `update` right
        // after `insert`, so it enters with the transform of its place: at the bottom edge of a
        // 375 × 812 screen, edge-shrink gives the smallest scale (0.6) and alpha 0; 40 px inside
        // the edge, 0.6 + 0.4 × 40 / 120 and 40 / 120. Zoom: 1 − 0.0006 × the distance of the
        // centres (381 and 341 px).
        let host = try LuaHost()
        let visible = Rect(x: 0, y: 0, width: 375, height: 812)
        let events = [812.0 - 50, 812 - 90].map { y in
            AnimationEvent(kind: .insert, index: 0, id: "a", view: 1, frame: Rect(x: 0, y: y, width: 375, height: 50),
                           visibleFrame: visible, velocity: Point(x: 0, y: 40), reloadCount: 1)
        }
        let shrink = try AnimatorScript(host: host, path: shipped("edge-shrink")).animations(for: events)
        let inside: Double = 40 / 120
        #expect(shrink == [0.6, 0.6 + (1 - 0.6) * inside].enumerated().map { k, scale in
            AnimationDescription(transform: PartialViewState(alpha: [0, inside][k], scale: scale))
        })
        #expect(shrink.map { $0?.resolvedDuration } == [0, 0])
        let zoom = try AnimatorScript(host: host, path: shipped("zoom")).animations(for: events)
        let scales: [Double] = [1 - 381 * 0.0006, 1 - 341 * 0.0006]
        #expect(zoom == scales.map { AnimationDescription(transform: PartialViewState(scale: $0)) })
    }
}
