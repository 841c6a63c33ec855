import Testing
import TesseraCore
@testable import TesseraLua
import CLua

/// The inspector's script line: where a script set one item's frame, found by a hook installed
/// for that run only.
@Suite struct FrameOriginTests {
    let folder = ScriptFolder()
    let context = sizedContext(Array(repeating: Size(width: 10, height: 10), count: 5))

    func origin(_ source: String, index: Int, name: String = "layout.lua") throws -> (FrameOrigin?, String) {
        let host = try LuaHost()
        let path = folder.write(name, source)
        let layout = try host.layout(named: path)
        let found = try host.recordingFrameOrigin(of: index) { arm in
            let result = try layout.layout(context)
            arm()
            _ = try result.frame(at: index)
        }
        #expect(lua_gethook(host.mainState) == nil, "the hook is gone after the recording")
        return (found, path)
    }

    @Test func theLastCtxSetCallForTheItemWins() throws {
        let (found, path) = try origin("""
        local function place(set, i, y) set(i, 0, y, 10, 10) end
        return { simpleLayout = function(ctx)
          for i = 1, ctx.count do
            ctx.set(i, 0, 0, 10, 10)
          end
          place(ctx.set, 3, 50)
        end }
        """, index: 2)
        #expect(found == FrameOrigin(file: path, line: 1, via: "ctx.set"))
        let (other, _) = try origin("""
        return { simpleLayout = function(ctx)
          local set = ctx.set
          for i = 1, ctx.count do
            set(i, 0, 0, 10, 10)
          end
        end }
        """, index: 4, name: "other.lua")
        #expect(other?.line == 4 && other?.via == "ctx.set")
    }

    @Test func aReturnedFramesTableGivesTheLineThatStoredTheFrame() throws {
        let (found, path) = try origin("""
        return { simpleLayout = function(ctx)
          local out, heights = {}, {}
          for i = 1, ctx.count do
            heights[i] = i
            out[#out + 1] = { 0, (i - 1) * 10, 10, 10 }
          end
          return out
        end }
        """, index: 1)
        #expect(found == FrameOrigin(file: path, line: 5, via: "frames table"))
    }

    @Test func anAnalyticFrameGivesItsReturnLine() throws {
        let (found, path) = try origin("""
        return {
          layout = function(ctx) return ctx.width, ctx.count * 10 end,
          frame = function(i, ctx)
            if i == 2 then
              return 5, 10, 10, 10
            end
            return 0, (i - 1) * 10, 10, 10
          end,
          visible = function(x, y, w, h, ctx) local r = {} for i = 1, ctx.count do r[i] = i end return r end,
        }
        """, index: 1)
        #expect(found == FrameOrigin(file: path, line: 5, via: "frame"))
    }

    @Test func aLayoutBuiltFromModuleLayoutsHasNoLine() throws {
        let (found, _) = try origin("""
        local t = require("tessera")
        return { build = function() return t.waterfall{ columns = 2 } end }
        """, index: 0)
        #expect(found == nil)
    }
}
