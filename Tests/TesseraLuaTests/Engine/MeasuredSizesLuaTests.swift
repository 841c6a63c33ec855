import Testing
import TesseraCore
@testable import TesseraLua

/// Measured sizes and scroll anchoring through the Lua API, as a host drives them: exact
/// offsets, events, frames and messages.
@Suite struct MeasuredSizesLuaTests {
    /// A feed of `n` items ("m1"...) estimated at 375 x 50, in a 375 x 400 viewport.
    static let prelude = """
    local t = require("tessera")
    local function feed(n)
      local items = {}
      for i = 1, n do items[i] = { id = "m" .. i } end
      return t.provider{ data = items, layout = t.flow{}, size = { "100%", 50 } }
    end
    local function events(list)
      local out = {}
      for _, ev in ipairs(list) do
        if ev.type == "adjust" then
          out[#out + 1] = string.format("adjust %g,%g to %g,%g", ev.dx, ev.dy, ev.offset[1], ev.offset[2])
        else
          out[#out + 1] = ev.type .. " " .. tostring(ev.id)
        end
      end
      return table.concat(out, ", ")
    end
    local function top(e, i) return e:frame(i)[2] - e.offset[2] end

    """

    func run(_ source: String) throws -> [String] {
        let host = try LuaHost()
        let env = try host.newEnvironment()
        return try host.evaluate(Self.prelude + source, chunkName: "=test", environment: env).map { value in
            switch value {
            case .string(let s): return s
            case .integer(let i): return String(i)
            case .number(let d): return String(d)
            default: return "\(value)"
            }
        }
    }

    func message(_ source: String) -> String? {
        do { _ = try run(source); return nil } catch let error as LuaScriptError { return error.message } catch { return "\(error)" }
    }

    @Test func measuringAboveTheViewportAdjustsAndKeepsTheFirstVisibleCellInPlace() throws {
        let out = try run("""
            local e = t.engine{ provider = feed(50), viewport = { 375, 400 } }
            e:layout(); e:scroll(0, 500)
            local before = top(e, 11)
            e:measure("m2", 375, 150)
            local list = e:layout()
            return events(list), before, top(e, 11), e.offset[2], e:views()[1].id
            """)
        // m11 was at the viewport's top; m2 grew by 100 above it: the offset moves by as much.
        // Views below the grown item move in the content, with the offset: an update each.
        #expect(out == ["adjust 0,100 to 0,600, update m11, update m12, update m13, update m14, update m15, update m16, update m17, update m18",
                        "0", "0", "600", "m11"])
    }

    @Test func measurementsBetweenTwoPassesCostOnePassAndTheAnchorKeepsItsTopWhenItGrows() throws {
        let out = try run("""
            local e = t.engine{ provider = feed(50), viewport = { 375, 400 } }
            e:layout(); e:scroll(0, 500); e:scroll(0, 499); e:scroll(0, 500)
            e:measure{ { "m11", 375, 80 }, { "m3", 375, 10 }, { "m4", 375, 20 } }
            local list = e:layout()
            local again = e:layout()
            return list[1].type, list[1].dy, e.offset[2], top(e, 11), e:frame(11)[4], #again
            """)
        // m3 and m4 shrank by 70 above the anchor, m11 (drawn for three passes): it grew by 30
        // and kept its top.
        #expect(out == ["adjust", "-70.0", "430", "0", "80", "0"])
    }

    @Test func aCellMeasuredAsItEntersDoesNotAnchorButGrowsAwayFromWhatWasDrawn() throws {
        let out = try run("""
            local e = t.engine{ provider = feed(50), viewport = { 375, 400 } }
            e:layout(); e:scroll(0, 500)
            e:scroll(0, 420)       -- m9 enters, cut by the top; m10 enters whole
            e:measure{ { "m9", 375, 110 }, { "m10", 375, 90 } }
            local list = e:layout()
            return list[1].dy, top(e, 11), top(e, 10), e:frame(10)[4]
            """)
        // m11 was drawn at 80 on screen before the pass and stays there: m10 and m9 grow upwards.
        #expect(out == ["100.0", "80", "-10", "90"])
    }

    @Test func endAnchoredListsOpenAtTheEndStayThereAndMoveNothingWhenScrolledAway() throws {
        let out = try run("""
            local items = {}
            for i = 1, 20 do items[i] = { id = "m" .. i } end
            local chat = t.provider{ data = items, layout = t.flow{}, size = { "100%", 50 } }
            local e = t.engine{ provider = chat, viewport = { 375, 400 }, anchor = "end" }
            e:layout()
            local opened = e.offset[2]
            items[21] = { id = "m21" }; chat.data = items
            local arrived = events(e:layout())
            e:measure("m21", 375, 130)
            local grew = events(e:layout())
            local atEnd = e.offset[2] + 400 == e.contentSize[2]
            e:scroll(0, 100)
            local first = top(e, 3)
            items[22] = { id = "m22" }; chat.data = items
            local away = events(e:layout())
            return opened, arrived, grew, tostring(atEnd), e.offset[2], top(e, 3) - first, away, e.anchor
            """)
        // At the end, the list follows what arrives and grows (m13, then m14, leave at the top:
        // m13 on the reload, m14 on the measured relayout, each as a move out of view, its item
        // being still there); scrolled away, an arrival moves nothing.
        #expect(out == ["600", "adjust 0,50 to 0,650, update m13, insert m21", "adjust 0,80 to 0,730, update m14, update m21", "true",
                        "100", "0", "", "end"])
    }

    @Test func scrollToAnIdLandsExactlyAfterMeasurementsAroundAndAbove() throws {
        let out = try run("""
            local e = t.engine{ provider = feed(60), viewport = { 375, 400 } }
            e:layout()
            e:scrollTo("m30", "top")
            local first = top(e, 30)
            e:measure{ { "m1", 375, 300 }, { "m5", 375, 1 }, { "m29", 375, 77 }, { "m30", 375, 90 }, { "m31", 375, 12 } }
            local list = e:layout()
            local after = top(e, 30)
            e:measure("m2", 375, 240); e:layout()
            local still = top(e, 30)
            e:scrollTo("m40", "bottom")
            e:measure("m39", 375, 500); e:layout()
            local f = e:frame(40)
            return first, after, list[1].type, still, f[2] + f[4] - e.offset[2]
            """)
        #expect(out == ["0", "0", "adjust", "0", "400"])
    }

    @Test func aMeasurementSurvivesAResizeAndForgettingItRestoresTheEstimate() throws {
        let out = try run("""
            local e = t.engine{ provider = feed(10), viewport = { 375, 400 } }
            e:layout()
            e:measure("m2", 375, 150); e:layout()
            e:resize(300, 500)
            local kept = e:frame(2)[4]
            e:measure("m2", nil); e:layout()
            return kept, e:frame(2)[4], e:frame(2)[3]
            """)
        #expect(out == ["150", "50", "300"])
    }

    @Test func aReloadThatBindsOtherDataForgetsTheMeasurement() throws {
        let out = try run("""
            local items = {}
            for i = 1, 5 do items[i] = { id = "m" .. i, text = "a" } end
            local p = t.provider{ data = items, layout = t.flow{}, size = { "100%", 50 } }
            local e = t.engine{ provider = p, viewport = { 375, 400 } }
            e:layout()
            e:measure("m2", 375, 150); e:measure("m3", 375, 90); e:layout()
            local measured = e:frame(2)[4]
            local copy = {}
            for i = 1, 5 do copy[i] = { id = "m" .. i, text = "a" } end
            copy[2].text = "a longer text"
            p.data = copy; e:layout()
            return measured, e:frame(2)[4], e:frame(3)[4]
            """)
        #expect(out == ["150", "50", "90"])
    }

    @Test func aHeadersProviderHeaderIsMeasuredByItsElementId() throws {
        let out = try run("""
            local h = t.headers{ sections = { feed(3), feed(3) }, header = { size = { "100%", 30 } } }
            local e = t.engine{ provider = h, viewport = { 375, 400 } }
            e:layout()
            local before = e:frame(4)[2]
            e:measure("1-header", 375, 64); e:layout()
            return before, e:frame(4)[2]
            """)
        // Section 1's header grew by 34 above its first item.
        #expect(out == ["210", "244"])
    }

    @Test func theShiftHookAnimatesViewsKeptInPlaceByAnAdjustment() throws {
        let out = try run("""
            local asked = {}
            local e = t.engine{ provider = feed(30), viewport = { 375, 200 }, animator = t.animator{
              shift = function(ev) asked[#asked + 1] = ev.id .. "+" .. ev.delta[2]; return { duration = 0.2 } end,
            } }
            e:layout(); e:scroll(0, 300)
            e:measure("m1", 375, 90)
            local list = e:layout()
            return table.concat(asked, " "), list[2].type, list[2].animation.duration
            """)
        #expect(out == ["m7+40.0 m8+40.0 m9+40.0 m10+40.0", "update", "0.2"])
    }

    @Test func badMeasurementsGetOneClearSentence() {
        let prefix = "local e = t.engine{ provider = feed(5), viewport = { 375, 400 } }; e:layout(); "
        let cases: [(String, String)] = [
            ("e:measure('m1', 0/0, 10)", "engine:measure: argument #2 (width) must be a number from 0 to 1e7, got nan"),
            ("e:measure('m1', 10, -1)", "engine:measure: argument #3 (height) must be a number from 0 to 1e7, got -1"),
            ("e:measure('m1', 10, 1e9)", "engine:measure: argument #3 (height) must be a number from 0 to 1e7, got 1000000000"),
            ("e:measure({ { 'm1', 10 } })",
             "engine:measure: argument #1 (measurements) must be a list of {id, width, height} with sizes from 0 to 1e7, got entry 1: {m1, 10, nil}"),
            ("e:measure({ 'm1' })",
             "engine:measure: argument #1 (measurements) must be a list of {id, width, height} with sizes from 0 to 1e7, got entry 1: string"),
            ("e:measure({ { 'm1', 10, 10 }, { 'm2', 1e308, 10 } })",
             "engine:measure: argument #1 (measurements) must be a list of {id, width, height} with sizes from 0 to 1e7, got entry 2: {m2, 1e+308, 10}"),
            ("e:measure(true, 1, 1)", "engine:measure: argument #1 (id) must be a string or a number, got boolean"),
            ("e:scrollTo('zz')", "engine:scrollTo: argument #1 (id) must be the id of one of the 5 items, got \"zz\""),
            ("e:scrollTo({})", "engine:scrollTo: argument #1 (target) must be an item index (an integer) or an id (a string), got table"),
            ("e.anchor = 'bottom'", "engine: field 'anchor' must be one of none, firstVisible, end, got 'bottom'"),
        ]
        // Every message names the script's line (the prelude's lines, then the case's).
        let line = Self.prelude.split(separator: "\n", omittingEmptySubsequences: false).count
        for (source, expected) in cases {
            #expect(message(prefix + source) == "test:\(line): " + expected, "\(source)")
        }
    }
}
