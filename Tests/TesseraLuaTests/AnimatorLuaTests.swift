import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// The repository root, for the shipped `animators/`.
private let repositoryRoot: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// Animators from Lua: t.animator, `animator =` on providers and engines with CollectionKit's
/// precedence, the `animation` of events, hook errors, and t.transition.
@Suite struct AnimatorLuaTests {
    /// `anim(a)`: an event's animation as one line (sorted properties, curve or transform,
    /// duration, delay);
    /// `timeline(list)`: "type id: animation" per event, one a line.
    static let prelude = """
    local t = require("tessera")
    local cells = { 50, 50 }
    local function props(side)
      local keys = {}
      for k, v in pairs(side) do keys[#keys + 1] = k .. "=" .. string.format("%g", v) end
      table.sort(keys)
      return "{" .. table.concat(keys, ",") .. "}"
    end
    local function anim(a)
      if not a then return "-" end
      local parts = {}
      if a.from then parts[#parts + 1] = "from" .. props(a.from) end
      if a.to then parts[#parts + 1] = "to" .. props(a.to) end
      if a.transform then parts[#parts + 1] = "transform" .. props(a.transform) else parts[#parts + 1] = a.curve end
      if a.damping then parts[#parts + 1] = string.format("%g/%s", a.damping, a.response and string.format("%g", a.response) or "-") end
      if a.duration then parts[#parts + 1] = string.format("%gs", a.duration) end
      if a.delay then parts[#parts + 1] = string.format("+%g", a.delay) end
      return table.concat(parts, " ")
    end
    local function timeline(list)
      local out = {}
      for _, ev in ipairs(list) do out[#out + 1] = ev.type .. " " .. ev.id .. ": " .. anim(ev.animation) end
      return table.concat(out, "\\n")
    end
    local function ids(prefix) return function(x) return prefix .. x end end

    """

    func run(_ source: String) throws -> [LuaValue] {
        let host = try LuaHost(searchPaths: [repositoryRoot + "/layouts"])
        let env = try host.newEnvironment()
        return try host.evaluate(Self.prelude + source, chunkName: "=test", environment: env)
    }

    func lines(_ value: LuaValue?) -> [String] {
        guard case .string(let text)? = value else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    @Test func eachViewIsAnimatedByItsProviderElseTheNearestAncestorsElseTheEngines() throws {
        // outer (fade) holds a (none: outer's) and b (its own cascade); c has none: the engine's.
        let values = try run("""
        local a = t.provider{ data = { 1, 2 }, id = ids("a"), size = cells }
        local b = t.provider{ data = { 3, 4 }, id = ids("b"), size = cells,
                              animator = t.animator("cascade", { spread = 100 }) }
        local outer = t.composed{ sections = { a, b }, animator = t.animator("fade", { alpha = 0.25, duration = 0.5 }) }
        local c = t.provider{ data = { 5, 6 }, id = ids("c"), size = cells }
        local e = t.engine{ provider = t.composed{ sections = { outer, c } }, viewport = { 100, 150 },
          animator = {
            insert = function(ev) if ev.reloadCount > 0 then return { from = { scale = 0 }, duration = 0.2, curve = "easeOut" } end end,
            delete = function(ev) return { to = { scale = 0 }, duration = 0.2 } end,
          } }
        local first = timeline(e:layout())
        a.data = { 2, 7 }; b.data = { 4, 8 }; c.data = { 6, 9 }
        return first, timeline(e:layout()), tostring(b.animator), type(e.animator)
        """)
        #expect(lines(values.first) == ["insert 0-0-a1: -", "insert 0-0-a2: -", "insert 0-1-b3: -", "insert 0-1-b4: -",
                                        "insert 1-c5: -", "insert 1-c6: -"])
        #expect(lines(values.dropFirst().first) == [
            "delete 0-0-a1: to{alpha=0.25} easeInOut 0.5s",
            "delete 0-1-b3: to{alpha=0,scale=0.9} easeIn 0.35s +0.5",
            "delete 1-c5: to{scale=0} easeInOut 0.2s",
            "move 0-0-a2: easeInOut 0.5s",
            "update 0-0-a2: easeInOut 0.5s",
            "insert 0-0-a7: from{alpha=0.25} easeInOut 0.5s",
            "move 0-1-b4: spring 0.8/0.4",
            "update 0-1-b4: spring 0.8/0.4",
            "insert 0-1-b8: from{alpha=0,scale=0.9,ty=-40} easeOut 0.35s +0.707107",
            "move 1-c6: -",
            "update 1-c6: -",
            "insert 1-c9: from{scale=0} easeOut 0.2s",
        ])
        #expect(values.dropFirst(2).map { if case .string(let s) = $0 { s } else { "?" } } == ["animator: cascade", "table"])
    }

    @Test func anAnimatorCanBeChangedOnTheEngineAndAProviderAndAScrollCarriesTheScrollHook() throws {
        let values = try run("""
        local p = t.provider{ data = { 1, 2, 3, 4, 5, 6 }, layout = t.flow{}, size = cells }
        local e = t.engine{ provider = p, viewport = { 100, 100 } }
        e:layout()
        e.animator = "wobble"   -- schedules a reload
        e:layout()
        local wobble = timeline(e:scroll(0, 40))
        p.animator = { scroll = function(ev) return { to = { ty = ev.velocity[2] }, duration = 1, curve = "linear" } end }
        e:layout()
        return wobble, timeline(e:scroll(0, 50)), e.animator
        """)
        // Wobble pushes by velocity × min(|distance from the centre| / 1000, 1) (× 8 scrolling in)
        // and springs back: velocity 40, centre at y 90, rows' centres at 25, 75 and 125.
        let spring = "spring 0.948683/0.397384"
        #expect(lines(values.first) == [
            "scroll 0: from{tx=0,ty=2.6} to{tx=0,ty=0} \(spring)", "scroll 1: from{tx=0,ty=2.6} to{tx=0,ty=0} \(spring)",
            "scroll 2: from{tx=0,ty=0.6} to{tx=0,ty=0} \(spring)", "scroll 3: from{tx=0,ty=0.6} to{tx=0,ty=0} \(spring)",
            "insert 4: from{tx=0,ty=11.2} to{tx=0,ty=0} \(spring)", "insert 5: from{tx=0,ty=11.2} to{tx=0,ty=0} \(spring)",
        ])
        // Views scrolling out are not the scroll hook's: no animation.
        #expect(lines(values.dropFirst().first) == ["delete 0: -", "delete 1: -",
                                                    "scroll 2: to{ty=10} linear 1s", "scroll 3: to{ty=10} linear 1s",
                                                    "scroll 4: to{ty=10} linear 1s", "scroll 5: to{ty=10} linear 1s"])
        #expect(values.dropFirst(2).first == .string("wobble"))   // as assigned
    }

    /// The product specification's example animator, verbatim: its scroll hook's `transform`
    /// sets each kept view's look at once on every tick, and its update springs in its duration.
    @Test func theSpecificationsExampleAnimatorRunsAsWritten() throws {
        let values = try run("""
        local spec = {
          params = { duration = 0.3 },
          insert = function(e, p) return { from = { alpha = 0, scale = 0.8 }, duration = p.duration } end,
          delete = function(e, p) return { to = { alpha = 0 }, duration = p.duration } end,
          update = function(e, p) return { duration = p.duration, curve = "spring" } end,  -- frame changed
          shift  = function(e, p) return nil end,          -- content offset adjusted during a reload
          scroll = function(e, p) return { transform = { ty = 0 } } end,                   -- every scroll tick
        }
        local p = t.provider{ data = { 1, 2, 3, 4, 5, 6 }, id = ids("p"), layout = t.flow{}, size = cells }
        local e = t.engine{ provider = p, viewport = { 100, 100 }, animator = spec }
        e:layout()
        local scrolled = timeline(e:scroll(0, 50))
        p.data = { 2, 3, 4, 5, 6 }
        return scrolled, timeline(e:layout())
        """)
        #expect(lines(values.first) == [
            "delete p1: to{alpha=0} easeInOut 0.3s", "delete p2: to{alpha=0} easeInOut 0.3s",
            "scroll p3: transform{ty=0}", "scroll p4: transform{ty=0}",
            "insert p5: from{alpha=0,scale=0.8} easeInOut 0.3s", "insert p6: from{alpha=0,scale=0.8} easeInOut 0.3s",
        ])
        // The reload: p1 is gone and every other view moves up a place, springing there in 0.3 s.
        #expect(lines(values.dropFirst().first) == [
            "update p3: spring 0.8/- 0.3s", "move p4: spring 0.8/- 0.3s", "update p4: spring 0.8/- 0.3s",
            "move p5: spring 0.8/- 0.3s", "update p5: spring 0.8/- 0.3s", "move p6: spring 0.8/- 0.3s", "update p6: spring 0.8/- 0.3s",
        ])
    }

    /// An animator set on a provider after the first pass animates the next reload's deletes as
    /// well as its inserts, moves and updates.
    @Test func anAnimatorSetAfterTheFirstPassAnimatesTheNextReloadsDeletes() throws {
        let values = try run("""
        local p = t.provider{ data = { 1, 2, 3 }, id = ids("p"), layout = t.flow{}, size = cells }
        local e = t.engine{ provider = p, viewport = { 100, 49 } }
        e:layout()
        p.animator = t.animator("fade", { duration = 0.5 })
        p.data = { 4, 2 }
        return timeline(e:layout())
        """)
        #expect(lines(values.first) == ["delete p1: to{alpha=0} easeInOut 0.5s", "insert p4: from{alpha=0} easeInOut 0.5s"])
    }

    @Test func aFailingHookFailsThePassAndTheEngineKeepsItsState() throws {
        let values = try run("""
        local p = t.provider{ data = { 1, 2 }, layout = t.flow{}, size = cells }
        local e = t.engine{ provider = p, viewport = { 100, 49 }, animator = {
          delete = function(ev) error("no delete for " .. ev.id) end,
        } }
        e:layout()
        p.data = { 9 }
        local ok, message = pcall(e.layout, e)
        local shown = {}
        for _, v in ipairs(e:views()) do shown[#shown + 1] = v.id .. "=" .. tostring(v.data) end
        return ok, message, table.concat(shown, ","), e.reloadCount
        """)
        #expect(values.first == .boolean(false))
        guard case .string(let message)? = values.dropFirst().first else { Issue.record("no message"); return }
        #expect(message.hasPrefix("test:28: no delete for 1\nstack traceback:"))
        // The pass that met the error is not kept: the views and the reload count are the last good pass's.
        #expect(Array(values.dropFirst(2)) == [.string("0=1,1=2"), .integer(1)])
    }

    /// A file name where `t.animator` takes a name gets the name it may have meant, as
    /// `--animator cascad.lua` does; a built-in's shadows the script of its name, which a name
    /// cannot reach.
    @Test func aFileNameGetsTheNameItMayHaveMeant() throws {
        func message(_ source: String) -> String? {
            scriptError { _ = try run(source) }?.message
        }
        let names = "expected a built-in (fade, scale, wobble), or a script by name (cascade, edge-shrink, zoom)"
        let cascade = "(did you mean cascade, the animator script \(repositoryRoot)/animators/cascade.lua?)"
        #expect(message("return t.animator('cascad.lua')") == "test:26: t.animator: no animator 'cascad.lua' \(cascade); \(names)")
        #expect(message("return t.animator('cascade.lua')") == "test:26: t.animator: no animator 'cascade.lua' \(cascade); \(names)")
        #expect(message("return t.animator('fade.lua')") == "test:26: t.animator: no animator 'fade.lua' (did you mean fade, the built-in animator?); \(names)")
        #expect(message("return t.animator('nothing-like-it.lua')") == "test:26: t.animator: no animator 'nothing-like-it.lua'; \(names)")
    }

    @Test func badAnimatorsAreRejectedWithOneSentence() throws {
        func message(_ source: String) -> String? {
            scriptError { _ = try run(source) }?.message
        }
        #expect(message("return t.animator('fadee')") == "test:26: t.animator: no animator 'fadee' (did you mean fade?); expected a built-in (fade, scale, wobble), or a script by name (cascade, edge-shrink, zoom)")
        // The names as `--animator` lists them, and a long name cut as every message cuts one.
        #expect(message("return t.animator(string.rep('b', 100000))") == "test:26: t.animator: no animator '\(String(repeating: "b", count: 64))… (100,000 characters)'; expected a built-in (fade, scale, wobble), or a script by name (cascade, edge-shrink, zoom)")
        // A misspelt script name gets the closest script, as --animator cascde does.
        #expect(message("return t.animator('cascde')") == "test:26: t.animator: no animator 'cascde' (did you mean cascade?); expected a built-in (fade, scale, wobble), or a script by name (cascade, edge-shrink, zoom)")
        #expect(message("return t.animator('fade', { alpah = 1 })") == "test:26: t.animator(\"fade\"): unknown param 'alpah' (did you mean alpha?); known params: alpha, duration")
        #expect(message("return t.animator('cascade', { spread = 'far' })") == "test:26: \(repositoryRoot)/animators/cascade.lua:5: param 'spread' expects a number, got \"far\"")
        #expect(message("return t.animator{ insrt = function() end }") == "test:26: t.animator: field 'insrt' is unknown (did you mean insert?); known fields: name, params, choices, insert, delete, update, shift, scroll")
        #expect(message("return t.animator(3)") == "test:26: t.animator: argument #1 (animator) must be a built-in animator (fade, scale, wobble), an animator script's name, or a table of hooks, got number")
        #expect(message("return t.provider{ animator = true }") == "test:26: t.provider: field 'animator' must be t.animator(...), a built-in animator (fade, scale, wobble), an animator script's name, or a table of hooks, got boolean")
        #expect(message("local e = t.engine{}; e.animator = { update = 1 }") == "test:26: engine: field 'update' must be a function(e, params), got number")
    }

    @Test func transitionInterpolatesSharedItemsAndFadesTheOthers() throws {
        // Items are known by id, else by position: 1 moves, "y" and 3 fade in, 2 and "x" fade out.
        let values = try run("""
        local from = { { 0, 0, 10, 10 }, { 10, 0, 10, 10 }, { id = "x", frame = { 0, 20, 10, 10 } } }
        local to = { { 20, 0, 10, 30 }, { id = "y", frame = { 0, 40, 10, 10 } }, { x = 0, y = 0, w = 30, h = 10 } }
        local out = {}
        for _, item in ipairs(t.transition(from, to, 0.25)) do
          local f = item.frame
          out[#out + 1] = string.format("%s %g,%g,%g,%g a=%g", tostring(item.id), f[1], f[2], f[3], f[4], item.alpha)
        end
        local ends = {}
        for _, p in ipairs({ 0, 1 }) do
          local items = t.transition(from, to, p)
          ends[#ends + 1] = string.format("%g,%g %g", items[1].frame[1], items[1].frame[4], items[#items].alpha)
        end
        return table.concat(out, "; "), table.concat(ends, "; ")
        """)
        #expect(values == [.string("1 5,0,10,15 a=1; y 0,40,10,10 a=0.25; 3 0,0,30,10 a=0.25; 2 10,0,10,10 a=0.75; x 0,20,10,10 a=0.75"),
                           .string("0,10 1; 20,30 0")])
    }

    @Test func transitionRejectsDuplicateIdsAndBadFrames() throws {
        func message(_ source: String) -> String? { scriptError { _ = try run(source) }?.message }
        #expect(message("return t.transition({ { id = 'a', frame = { 0, 0, 1, 1 } }, { id = 'a', frame = { 0, 0, 1, 1 } } }, {}, 0.5)")
                == "test:26: t.transition: argument #1 (from) has the id \"a\" twice; ids must be unique within a layout")
        #expect(message("local id = string.rep('b', 70) .. '\\n'; return t.transition({}, { { id = id, frame = { 0, 0, 1, 1 } }, { id = id, frame = { 0, 0, 1, 1 } } }, 0.5)")
                == "test:26: t.transition: argument #2 (to) has the id \"\(String(repeating: "b", count: 64))\"… (71 characters) twice; ids must be unique within a layout")
        #expect(message("return t.transition({ { id = 7, frame = { 0, 0, 1, 1 } }, { id = 7, frame = { 0, 0, 1, 1 } } }, {}, 0.5)")
                == "test:26: t.transition: argument #1 (from) has the id 7 twice; ids must be unique within a layout")
        #expect(message("return t.transition({}, { { 0, 0, -1, 1 } }, 0.5)")
                == "test:26: t.transition: argument #2 (to)[1] needs a frame {x, y, w, h} of finite numbers with a non-negative size")
        #expect(message("return t.transition({}, 'grid', 0.5)")
                == "test:26: t.transition: argument #2 (to) must be a list of frames or of {id =, frame =} tables, or a result with :frames(), got string")
    }
}
