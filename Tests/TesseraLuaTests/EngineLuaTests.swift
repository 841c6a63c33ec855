import Testing
import TesseraCore
@testable import TesseraLua

/// Issue 13's acceptance cases through the Lua API: exact frames, bound data and counts.
@Suite struct EngineLuaTests {
    /// Helpers every case gets: `views(e)` and `events(list)` as one line of text.
    static let prelude = """
    local t = require("tessera")
    local function frame(f) return string.format("%g,%g,%g,%g", f[1], f[2], f[3], f[4]) end
    local function views(e)
      local out = {}
      for _, v in ipairs(e:views()) do
        out[#out + 1] = string.format("%d %s#%d=%s@%s", v.view, v.id, v.index, tostring(v.data), frame(v.frame))
      end
      return table.concat(out, " | ")
    end
    local function events(list)
      local out = {}
      for _, ev in ipairs(list) do out[#out + 1] = ev.type .. " " .. ev.id end
      return table.concat(out, ", ")
    end
    local cells = { 50, 50 }

    """

    func run(_ source: String) throws -> [String] {
        let host = try LuaHost()
        host.pictures = .ascii
        var printed: [String] = []
        host.output = { printed.append($0) }
        let env = try host.newEnvironment()
        let values = try host.evaluate(Self.prelude + source, chunkName: "=test", environment: env)
        return values.map { value -> String in
            switch value {
            case .string(let s): return s
            case .integer(let i): return String(i)
            case .number(let d): return String(d)
            case .boolean(let b): return String(b)
            case .nil: return "nil"
            default: return value.typeName
            }
        } + printed
    }

    @Test func a49HighViewportShowsTwoViewsThenScrollingShowsItems3And4() throws {
        let out = try run("""
        local p = t.provider{ data = { 1, 2, 3, 4 }, layout = t.flow{}, size = cells }
        local e = t.engine{ provider = p, viewport = { 100, 49 } }
        local first = events(e:layout())
        local a = views(e)
        local scrolled = events(e:scroll(0, 51))
        return first, a, scrolled, views(e), e.reloadCount, e.stats.created, e.stats.reused
        """)
        #expect(out == ["insert 0, insert 1", "0 0#1=1@0,0,50,50 | 1 1#2=2@50,0,50,50",
                        "delete 0, delete 1, insert 2, insert 3", "1 2#3=3@0,50,50,50 | 0 3#4=4@50,50,50,50",
                        "1", "2", "2"])
    }

    @Test func aViewFadingOutIsNotTakenByAViewEnteringInTheSamePass() throws {
        // 2 fades out, still drawn as view 1: 5 enters as a new view 2; at the next pass view 1
        // is back in its pool and 6 takes it.
        let out = try run("""
        local function numbered(list)
          local out = {}
          for _, ev in ipairs(list) do out[#out + 1] = ev.type .. " " .. ev.id .. " #" .. ev.view end
          return table.concat(out, ", ")
        end
        local p = t.provider{ data = { 1, 2, 3, 4 }, id = function(item) return tostring(item) end, size = cells }
        local e = t.engine{ provider = p, viewport = { 100, 49 }, animator = t.animator("fade") }
        e:layout()
        p.data = { 5, 1, 3 }
        local reload = numbered(e:layout())
        local stats = e.stats.created .. " " .. e.stats.reused
        p.data = { 6, 5 }
        return reload, stats, numbered(e:layout()), e.stats.created .. " " .. e.stats.reused
        """)
        #expect(out == ["delete 2 #1, insert 5 #2, move 1 #0, update 1 #0", "3 0",
                        "delete 1 #0, insert 6 #1, move 5 #2, update 5 #2", "3 1"])
    }

    @Test func aShelfScrollsSidewaysOnItsOwn() throws {
        let out = try run("""
        local shelf = t.compositional{ section = t.section{
          group = t.hgroup{ size = { 100, 50 }, items = { t.item{ size = { "100%", "100%" } } } },
          orthogonalScrolling = "continuous" } }
        local e = t.engine{ provider = t.provider{ data = { 1, 2, 3, 4, 5, 6 }, layout = shelf }, viewport = { 250, 100 } }
        local first = events(e:layout())
        local moved = events(e:scrollSection(1, 150, 0))
        local ok, message = pcall(e.scrollSection, e, 2, 0, 0)
        return first, moved, views(e), message
        """)
        #expect(out == ["insert 0, insert 1, insert 2", "delete 0, scroll 1, scroll 2, insert 3",
                        "1 1#2=2@-50,0,100,50 | 2 2#3=3@50,0,100,50 | 0 3#4=4@150,0,100,50",
                        "engine:scrollSection: argument #1 (section) must be a section that scrolls sideways (1), got 2"])
    }

    @Test func aShelfsAnchorMovedByAMeasurementComesInTheAdjustEvent() throws {
        let out = try run("""
        local shelf = t.compositional{ section = t.section{
          group = t.hgroup{ size = { t.estimated(100), 50 }, items = { t.item{ size = { t.estimated(100), "100%" } } } },
          orthogonalScrolling = "continuous" } }
        local e = t.engine{ provider = t.provider{ data = { 1, 2, 3, 4, 5, 6 }, layout = shelf }, viewport = { 250, 100 } }
        e:layout(); e:scrollSection(1, 150, 0)
        e:measure("0", 150, 50)
        local a = e:layout()[1]
        return a.type, a.dx, a.dy, a.sections[1][1], a.sections[1][2], e.sectionOffsets[1][1]
        """)
        // Item 0 scrolled out at the shelf's leading edge grew by 50: the shelf's offset follows
        // (150 to 200) and the event says so; the content offset stays.
        #expect(out == ["adjust", "0.0", "0.0", "200", "0", "200"])
    }

    @Test func resizingRelaysOutWithoutAReload() throws {
        let out = try run("""
        local e = t.engine{ provider = t.provider{ data = { 1, 2, 3, 4 }, size = cells }, viewport = { 100, 49 } }
        e:layout()
        local ev = events(e:resize(50, 149))
        return ev, views(e), e.contentSize[1] .. "x" .. e.contentSize[2], e.reloadCount
        """)
        // Item 2 moves into view from where it was laid out: an update, not an insert.
        #expect(out == ["update 1, update 2", "0 0#1=1@0,0,50,50 | 1 1#2=2@0,50,50,50 | 2 2#3=3@0,100,50,50", "50x200", "1"])
    }

    // Starts, as the tests around it, from four cells laid out once in a small engine.
    @Test func indexIdsRebindTheSameTwoViews() throws {
        let out = try run("""
        local p = t.provider{ data = { 1, 2, 3, 4 }, size = cells }
        local e = t.engine{ provider = p, viewport = { 100, 49 } }
        e:layout()
        p.data = { 9, 8, 7, 6 }
        local before = views(e)
        local ev = events(e:layout())
        return before, ev, views(e), e.reloadCount
        """)
        #expect(out == ["0 0#1=1@0,0,50,50 | 1 1#2=2@50,0,50,50", "update 0, update 1",
                        "0 0#1=9@0,0,50,50 | 1 1#2=8@50,0,50,50", "2"])
    }

    @Test func aDuplicateVisibleIdGetsASuffix() throws {
        let out = try run("""
        local e = t.engine{ provider = t.provider{ data = { "x", "y", "z" }, id = function(item, i) return "a" end,
                                                   size = cells }, viewport = { 100, 100 } }
        e:layout()
        return views(e)
        """)
        #expect(out == ["0 a#1=x@0,0,50,50 | 1 a(1)#2=y@50,0,50,50 | 2 a(2)#3=z@0,50,50,50"])
    }

    @Test func valueIdsKeepTheViewWithItsItemWhenTheDataIsReversed() throws {
        let out = try run("""
        local p = t.provider{ data = { 0, 1, 2, 3, 4, 5 }, id = function(item) return tostring(item) end, size = cells }
        local e = t.engine{ provider = p, viewport = { 100, 150 } }
        e:layout()
        local zero = e:views()[1]
        p.data = { 5, 4, 3, 2, 1, 0 }
        local ev = e:layout()
        for _, v in ipairs(e:views()) do
          if v.id == "0" then return zero.view, zero.index, v.view, v.index, frame(v.frame), events(ev) end
        end
        """)
        #expect(out == ["0", "1", "0", "6", "50,100,50,50",
                        "move 5, update 5, move 4, update 4, move 3, update 3, move 2, update 2, move 1, update 1, move 0, update 0"])
    }

    @Test func aTapReachesTheRightProviderWithItsLocalIndex() throws {
        let out = try run("""
        local log = {}
        local a = t.provider{ data = { "a1", "a2" }, size = cells, tap = function(item, i) log[#log + 1] = "a " .. item .. " " .. i end }
        local b = t.provider{ data = { "b1", "b2", "b3" }, size = cells, tap = function(item, i) log[#log + 1] = "b " .. item .. " " .. i end }
        local e = t.engine{ provider = t.composed{ sections = { a, b } }, viewport = { 100, 200 } }
        e:layout()
        local i, id = e:tap(60, 60)
        local j, jd = e:tap(10, 10)
        local none = e:tap(60, 120)
        return i, id, j, jd, tostring(none), table.concat(log, "; ")
        """)
        #expect(out == ["4", "1-1", "1", "0-0", "nil", "b b2 2; a a1 1"])
    }

    // The placeholder fills the viewport as a view of the kind `view` names and takes the tap;
    // once the content has items they replace it.
    @Test func anEmptyStateShowsItsPlaceholderKindAndTakesItsTap() throws {
        let out = try run("""
        local log = {}
        local content = t.provider{ data = {}, size = cells }
        local empty = t.emptyState{ content = content, view = "nothing", tap = function() log[#log + 1] = "tapped" end }
        local e = t.engine{ provider = empty, viewport = { 100, 80 } }
        e:layout()
        local v = e:views()[1]
        local placeholder = v.kind .. " " .. v.id .. " " .. frame(v.frame)
        local i, id = e:tap(10, 10)
        content.data = { 1 }
        e:layout()
        return placeholder, i, id, table.concat(log, "; "), views(e)
        """)
        #expect(out == ["nothing empty 0,0,100,80", "1", "empty", "tapped", "1 0#1=1@0,0,50,50"])
    }

    @Test func composedProvidersNestAndOneDataChangeTriggersOneReload() throws {
        let out = try run("""
        local leaf = t.provider{ data = { { id = "a" } }, size = cells }
        local inner = t.composed{ sections = { t.provider{ data = { 7 }, size = cells }, leaf } }
        local root = t.composed{ sections = { t.provider{ data = { 1 }, size = cells }, inner } }
        local e = t.engine{ provider = root, viewport = { 100, 300 } }
        e:layout()
        local ids = {}
        for _, v in ipairs(e:views()) do ids[#ids + 1] = v.id end
        leaf.data = { { id = "a" }, { id = "b" } }
        leaf.data = { { id = "a" }, { id = "b" }, { id = "c" } }
        local ev = events(e:layout())
        local again = #e:layout()
        return table.concat(ids, " "), ev, e.reloadCount, again
        """)
        #expect(out == ["0-0 1-0-0 1-1-a", "insert 1-1-b, insert 1-1-c", "2", "0"])
    }

    // Starts, as the tests around it, from four cells laid out once in a small engine.
    @Test func settingTheLayoutOnlyRelaysOut() throws {
        let out = try run("""
        local p = t.provider{ data = { 1, 2, 3, 4 }, size = cells }
        local e = t.engine{ provider = p, viewport = { 100, 100 } }
        e:layout()
        p.layout = t.flow{}:transposed()
        local ev = events(e:layout())
        p.size = { 50, 25 }
        local ev2 = events(e:layout())
        return ev, views(e), e.reloadCount, ev2
        """)
        #expect(out == ["update 1, update 2",
                        "0 0#1=1@0,0,50,25 | 1 1#2=2@0,25,50,25 | 2 2#3=3@0,50,50,25 | 3 3#4=4@0,75,50,25",
                        "1", "update 0, update 1, update 2, update 3"])
    }

    @Test func theHeadersProviderPlacesItsSectionsUnderHeaders() throws {
        let out = try run("""
        local s1 = t.provider{ data = { 1, 2, 3, 4 }, size = { "100%", 50 } }
        local s2 = t.provider{ data = { 5, 6 }, size = { "100%", 50 } }
        local e = t.engine{ provider = t.headers{ sections = { s1, s2 }, header = { size = { "100%", 20 } } },
                            viewport = { 100, 100 } }
        e:layout()
        e:scroll(0, 230)
        local first = e:views()[1]
        return first.id, frame(first.frame), e.contentSize[2]
        """)
        #expect(out == ["1-0", "0,240,100,50", "340"])
    }

    @Test func aHeadersProvidersLayoutArrangesItsSections() throws {
        // As CollectionKit's ComposedHeaderProvider: headers and sections are the layout's items.
        let out = try run("""
        local s1 = t.provider{ data = { 1, 2 }, size = { 50, 50 } }
        local H = t.headers{ sections = { s1 }, header = { size = { "100%", 20 } } }
        local e = t.engine{ provider = H, viewport = { 300, 200 } }
        local function placed()
          local out = {}
          for _, v in ipairs(e:views()) do out[#out + 1] = v.id .. "@" .. frame(v.frame) end
          return table.concat(out, " | ")
        end
        e:layout()
        local before = placed()
        H.layout = t.flow{ justifyContent = "center" }
        e:layout()
        return before, placed()
        """)
        #expect(out == ["0-0@0,20,50,50 | 0-1@50,20,50,50 | 0-header@0,0,300,20",
                        "0-0@100,20,50,50 | 0-1@150,20,50,50 | 0-header@0,0,300,20"])
    }

    @Test func aHeaderSizeMayBeAFunctionOfTheHeaderAndTheProposal() throws {
        let out = try run("""
        local s1 = t.provider{ data = { 1 }, size = { 50, 50 } }
        local s2 = t.provider{ data = { 2 }, size = { 50, 50 } }
        local H = t.headers{ sections = { s1, s2 },
          header = { size = function(header, s, pw, ph) return pw / 2, 10 * s + header.section end } }
        local e = t.engine{ provider = H, viewport = { 300, 400 } }
        e:layout()
        local out = {}
        for _, v in ipairs(e:views()) do out[#out + 1] = v.id .. "@" .. frame(v.frame) end
        H.header = { size = function() return 0/0, 1 end }
        local ok, err = pcall(e.layout, e)
        return table.concat(out, " | "), err
        """)
        #expect(out == ["0-0@0,10,50,50 | 1-0@0,81,50,50 | 0-header@0,0,150,10 | 1-header@0,60,150,21",
                        "test:24: t.headers: the header size function's result for section 1 must be a finite, non-negative width and height, got nan, 1"])
    }

    /// An integer id is named by its text (an integer argument of scrollTo is an index), and a
    /// default id, the index as a string, by an integer.
    @Test func idsAreNamedByTheirOtherSpelling() throws {
        let out = try run("""
        local ints = {}
        for n = 10, 24 do ints[#ints + 1] = n end
        local e = t.engine{ provider = t.provider{ data = ints, id = function(n) return n end, size = { 100, 50 } },
                            viewport = { 100, 120 } }
        e:layout()
        e:scrollTo("14")
        local byText = e.offset[2]
        e:scrollTo(14)
        local byIndex = e.offset[2]
        local _, missing = pcall(e.scrollTo, e, "014")
        local plain = t.engine{ provider = t.provider{ data = { 7, 8, 9 }, size = { 100, 50 } }, viewport = { 100, 400 } }
        plain:layout()
        plain:measure(1, 100, 20)
        plain:layout()
        return byText, byIndex, missing, views(plain)
        """)
        #expect(out == ["200", "630", "engine:scrollTo: argument #1 (id) must be the id of one of the 15 items, got \"014\" (did you mean \"14\"?)",
                        "0 0#1=7@0,0,100,50 | 1 1#2=8@0,50,100,20 | 2 2#3=9@0,70,100,50"])
    }

    @Test func engineMessagesWriteIntegersAndNanAsLuaDoes() throws {
        let out = try run("""
        local e = t.engine{ provider = t.provider{ data = { 1, 2 }, size = { 10, 10 } }, viewport = { 100, 100 } }
        e:layout()
        local _, a = pcall(function() e:scrollTo(math.maxinteger) end)
        local s = t.engine{ provider = t.provider{ data = { 1 }, size = { 10, 10 }, layout = t.split{ leftSideRatio = { ["0"] = 0/0 } } },
                            viewport = { 100, 100 } }
        local _, b = pcall(function() s:layout() end)
        return a, b
        """)
        #expect(out == ["test:18: engine:scrollTo: argument #1 (index) must be an item index from 1 to 2, got 9223372036854775807",
                        "test:21: split layout leftSideRatio must be a number from 0 to 1, got nan for viewport width 100"])
    }

    /// A tree of `levels` levels, each a composed provider holding the level below twice, over a
    /// leaf of `items` items: 2^levels places of one leaf.
    static func sharedTree(levels: Int, items: Int) -> String {
        """
        local t = require("tessera")
        local data = {}
        for i = 1, \(items) do data[i] = i end
        local p = t.provider{ data = data, size = { 10, 10 } }
        for _ = 1, \(levels) do p = t.composed{ sections = { p, p } } end
        local e = t.engine{ provider = p, viewport = { 100, 100 } }
        e:layout()
        """
    }

    @Test func aProviderSharedInManyPlacesIsRefusedPastTheMemoryLimit() throws {
        let host = try LuaHost()
        let error = #expect(throws: LuaScriptError.self) {
            try host.evaluate(Self.sharedTree(levels: 16, items: 100), chunkName: "=test", environment: host.newEnvironment())
        }
        #expect(error?.message == "test:6: t.engine: the engine's providers lay out 6,553,600 items, 100 of them distinct (a provider in several sections is laid out at each place); the memory limit of 256 MB holds at most 1,048,576")
    }

    @Test func aProviderSharedInManyPlacesIsLaidOutWithinTheTimeLimit() throws {
        // 2^18 places of a one-item leaf: within the memory estimate, seconds of layout.
        let host = try LuaHost(limits: ScriptLimits(timeLimit: 0.05))
        let error = #expect(throws: LuaScriptError.self) {
            try host.evaluate(Self.sharedTree(levels: 18, items: 1), chunkName: "=test", environment: host.newEnvironment())
        }
        #expect(error?.kind == .timeLimit)
        #expect(error?.message == "test:7: time limit of 0.05 s of CPU time exceeded")
    }

    @Test func registrationByDataTypeAndReusePerKind() throws {
        let out = try run("""
        local data = {}
        for i = 1, 40 do data[i] = { id = "i" .. i, video = (i % 4 == 0) } end
        local p = t.provider{ data = data, size = { "100%", 50 },
          view = { { kind = "video", when = function(item) return item.video end, size = { "100%", 100 } }, { kind = "card" } } }
        local e = t.engine{ provider = p, viewport = { 100, 120 } }
        e:layout()
        local kinds = {}
        for _, v in ipairs(e:views()) do kinds[#kinds + 1] = v.kind .. "@" .. v.frame[4] end
        for y = 0, 2500, 30 do e:scroll(0, y) end
        return table.concat(kinds, " "), e.stats.created, e.stats.created + e.stats.reused
        """)
        #expect(out[0] == "card@50 card@50 card@50")
        #expect(Int(out[1])! <= 6)
        #expect(out[2] == "40")
    }

    @Test func aKeptItemWhoseViewKindChangedGetsANewView() throws {
        let out = try run("""
        local p = t.provider{ data = { "x", "y", "z" }, size = { "100%", 50 }, view = "a" }
        local e = t.engine{ provider = p, viewport = { 100, 99 } }
        e:layout()
        local function described(list)
          local out = {}
          for _, ev in ipairs(list) do out[#out + 1] = string.format("%s %d %s %s", ev.type, ev.view, ev.kind, ev.id) end
          return table.concat(out, ", ")
        end
        p.view = "b"
        local changed = described(e:layout())
        p.view = { { kind = "a", when = function(item) return item == "y" end }, { kind = "b" } }
        return changed, described(e:layout()), e:views()[2].kind, e.stats.created, e.stats.reused
        """)
        #expect(out == ["delete 0 a 0, delete 1 a 1, insert 2 b 0, insert 3 b 1", "delete 3 b 1, insert 1 a 1", "a", "4", "1"])
    }

    @Test func scrollHelpersAndShow() throws {
        let out = try run("""
        local data = {}
        for i = 1, 20 do data[i] = i end
        local e = t.engine{ provider = t.provider{ data = data, size = { "100%", 50 } }, viewport = { 100, 120 } }
        e:layout()
        e:scrollTo(8, "center")
        local f = e:frame(8)
        e:show(20)
        return e.offset[2], frame(f)
        """)
        #expect(out[0] == "315" && out[1] == "0,350,100,50")
        #expect(out.contains("viewport 100x120 at 0,315; content 100x1000; 3 views; reloads 1; created 3, reused 3"))
        #expect(out.contains("A view 2 cell #7 6 (0, 300, 100, 50)"))
    }

    /// e:scroll takes an offset past the end as given (a bounce); the empty picture it shows says
    /// why, where it used to look like a layout that placed nothing. A bounce that still shows
    /// views, and an empty viewport within the content, say nothing more.
    @Test func showSaysWhenTheOffsetIsPastTheContent() throws {
        let out = try run("""
        local data = {}
        for i = 1, 20 do data[i] = i end
        local e = t.engine{ provider = t.provider{ data = data, size = { "100%", 50 } }, viewport = { 100, 120 } }
        e:scroll(0, 5000)
        e:show(8)
        e:scroll(0, -100)
        e:show(8)
        e.provider = t.provider{ data = data, size = { "100%", 50 }, layout = t.waterfall{ columns = 1, spacing = 200 } }
        e:scroll(0, 310)
        e:show(8)
        return #e:views()
        """)
        let statuses = out.filter { $0.hasPrefix("viewport") }
        #expect(statuses == [
            "viewport 100x120 at 0,5000; content 100x1000; 0 views (the offset is past the content, which scrolls from 0,0 to 0,880); reloads 1; created 0, reused 0",
            "viewport 100x120 at 0,-100; content 100x1000; 1 views; reloads 1; created 1, reused 0",
            "viewport 100x120 at 0,310; content 100x4800; 0 views; reloads 2; created 1, reused 0",
        ])
        #expect(out.first == "0")
    }

    // A table of calls and exact messages, as every message test here has.
    @Test func badInputGetsOneClearSentence() throws {
        let cases: [(String, String)] = [
            ("t.provider{ data = 3 }", "t.provider: field 'data' must be a list of items, got number"),
            ("t.provider{ dta = {} }", "t.provider: argument #1 (options) has an unknown field 'dta' (did you mean data?)"),
            ("t.provider{ size = 'huge' }", "t.provider: field 'size' must be one of fit, fillWidth, intrinsic, fill, a size {w, h} or a function, got string"),
            ("t.composed{ sections = { 3 } }", "t.composed: field 'sections[1]' must be a provider (t.provider{}, t.composed{}, ...), got number"),
            ("t.provider{ view = 3 }", "t.provider: field 'view' must be a kind name or a list of {kind =, when =, size =}, got number"),
            ("t.spacer{ width = -1 }", "t.spacer: field 'width' must have non-negative numbers or percentages like \"100%\" as sizes"),
            ("t.spacer{ height = '50 %' }", "t.spacer: field 'height' must have non-negative numbers or percentages like \"100%\" as sizes"),
            ("t.emptyState{ content = t.spacer{}, view = 3 }", "t.emptyState: field 'view' must be a string, got number"),
            ("t.emptyState{ content = t.spacer{}, tap = 'go' }", "t.emptyState: field 'tap' must be a function, got string"),
            ("t.engine{ provider = t.provider{ data = {1}, id = function() error('boom') end } }:layout()", "boom"),
            ("t.engine{}.nope", "engine: field 'nope' is unknown; known fields: reloadCount, contentSize, offset, viewport, sectionOffsets, stats, anchor, guides, provider, animator, layout, views, scroll, resize, tap, frame, scrollTo, show, scrollSection, measure"),
        ]
        for (source, message) in cases {
            let error = scriptError { _ = try run("return " + source) }
            #expect(error?.message.contains(message) == true, "\(source): \(error?.message ?? "no error")")
        }
    }

    @Test func aSectionInsertedInANestedProviderBringsItsHeaderWithTheAnimatorsInsert() throws {
        let out = try run("""
        local L = t.compositional{ section = function()
          return t.section{ group = t.hgroup{ size = { "100%", 50 }, items = { t.item{ size = { "100%", "100%" } } } },
                            headers = { t.boundary{ kind = "header", size = { "100%", 20 }, align = "top", pinned = true } } }
        end }
        local p = t.provider{ data = { { id = "a" }, { id = "b" }, sections = { { id = "x", count = 2 } } }, layout = L }
        local root = t.composed{ sections = { t.headers{ sections = { p }, header = { size = { "100%", 10 }, view = "title" } } } }
        local seen = {}
        local e = t.engine{ provider = root, viewport = { 100, 400 }, animator = {
          insert = function(ev)
            seen[#seen + 1] = ev.category .. " " .. tostring(ev.kind) .. " " .. tostring(ev.id) .. " s" .. tostring(ev.section) .. " " .. tostring(ev.index)
            return { duration = ev.category == "supplementary" and 0.5 or 0.25 }
          end,
        } }
        e:layout()
        local first = #seen
        p.data = { { id = "a" }, { id = "b" }, { id = "c" }, sections = { { id = "x", count = 2 }, { id = "y", count = 1 } } }
        seen = {}
        local events = e:layout()
        local inserted = {}
        for _, ev in ipairs(events) do
          if ev.type == "insert" then
            inserted[#inserted + 1] = string.format("%s %s %s s%d %s %g", ev.category, ev.kind, tostring(ev.id), ev.section,
              tostring(ev.index), ev.animation.duration)
          end
        end
        return first, e.reloadCount, table.concat(inserted, " | "), table.concat(seen, " | ")
        """)
        // First pass: the headers provider's title, section x's header, a and b.
        #expect(out == ["4", "2", "cell cell 0-0-c s2 3 0.25 | supplementary header 0-0-y-header s2 nil 0.5",
                        // The hook: a cell has no element kind or section; a header's index is its section's first item.
                        "cell nil 0-0-c snil 3 | supplementary header 0-0-y-header s2 3"])
    }

    /// `t.engine{ safeArea =, layoutMargins =, readableWidth = }` take the viewport's guides in
    /// t.run's shapes: a compositional section from the layout margins (safe area 20 and 40, then
    /// 10 more each side) is 220 wide, its rows half as tall; bad guides name the field.
    @Test func anEngineTakesTheViewportsGuides() throws {
        let out = try run("""
        local rows = t.compositional{ contentInsetsReference = "layoutMargins", section = t.section{
          group = t.hgroup{ size = { "100%", t.fw(0.5) }, items = { t.item{ size = { "100%", "100%" } } } } } }
        local p = t.provider{ data = { 1, 2, 3 }, layout = rows }
        local e = t.engine{ provider = p, viewport = { 300, 250 }, safeArea = { left = 20, right = 40 }, layoutMargins = 10,
                            readableWidth = 1000 }
        e:layout()
        local plain = t.engine{ provider = t.provider{ data = { 1, 2, 3 }, layout = rows }, viewport = { 300, 250 } }
        plain:layout()
        local messages = {}
        for _, options in ipairs{ { safeArea = { top = 1, left = -1 } }, { layoutMargins = "wide" }, { layoutMargins = 0/0 },
                                  { safeArea = { leading = 1 } }, { readableWidth = -5 } } do
          local _, message = pcall(t.engine, options)
          messages[#messages + 1] = message
        end
        return views(e), e.contentSize[2], views(plain), table.unpack(messages)
        """)
        #expect(out == ["0 0#1=1@30,0,220,110 | 1 1#2=2@30,110,220,110 | 2 2#3=3@30,220,220,110", "330",
                        "0 0#1=1@0,0,300,150 | 1 1#2=2@0,150,300,150",
                        "t.engine: field 'safeArea.left' must be a finite, non-negative number, got -1",
                        "t.engine: field 'layoutMargins' must be a non-negative length or a table {top =, left =, bottom =, right =}, got string",
                        "t.engine: field 'layoutMargins' must be a non-negative length or a table {top =, left =, bottom =, right =}, got nan",
                        "t.engine: field 'safeArea' has an unknown field 'leading'; known fields: bottom, left, right, top",
                        "t.engine: field 'readableWidth' must be a finite, non-negative number, got -5"])
    }

    /// `e.guides` reads the engine's guides in the shape t.engine{} takes them and assigns new
    /// ones (absent fields zero, nil none), which the next pass lays out with, as
    /// `CollectionEngine.guides` does: rows measured from the layout margins go from 300 wide
    /// to 220 (safe area 20 and 40, margins 10) and back.
    @Test func anEnginesGuidesAreReadAndAssigned() throws {
        let out = try run("""
        local function insets(i) return string.format("%g,%g,%g,%g", i.top, i.left, i.bottom, i.right) end
        local function guides(e)
          local g = e.guides
          return insets(g.safeArea) .. " " .. insets(g.layoutMargins) .. " " .. (g.readableWidth and string.format("%g", g.readableWidth) or "none")
        end
        local rows = t.compositional{ contentInsetsReference = "layoutMargins", section = t.section{
          group = t.hgroup{ size = { "100%", t.fw(0.5) }, items = { t.item{ size = { "100%", "100%" } } } } } }
        local e = t.engine{ provider = t.provider{ data = { 1, 2, 3 }, layout = rows }, viewport = { 300, 250 } }
        e:layout()
        local before, plain = guides(e), views(e)
        e.guides = { safeArea = { left = 20, right = 40 }, layoutMargins = 10, readableWidth = 1000 }
        local set = guides(e)
        e:layout()
        local inset, reloads = views(e), e.reloadCount
        local g = e.guides
        g.safeArea.left = 99   -- a copy: nothing changes until it is assigned
        local copy = guides(e)
        e.guides = nil
        e:layout()
        return before, plain, set, inset, reloads, copy, guides(e), views(e)
        """)
        #expect(out == ["0,0,0,0 0,0,0,0 none", "0 0#1=1@0,0,300,150 | 1 1#2=2@0,150,300,150",
                        "0,20,0,40 10,10,10,10 1000", "0 0#1=1@30,0,220,110 | 1 1#2=2@30,110,220,110 | 2 2#3=3@30,220,220,110", "1",
                        "0,20,0,40 10,10,10,10 1000", "0,0,0,0 0,0,0,0 none", "0 0#1=1@0,0,300,150 | 1 1#2=2@0,150,300,150"])
    }

    /// A bad `e.guides` is refused at the script's line, in t.engine{}'s words under the field's
    /// name, and the engine keeps its guides.
    @Test func aBadGuidesAssignmentNamesTheFieldAtTheScriptsLine() throws {
        let cases: [(String, String)] = [
            ("e.guides = 5", "test:2: engine: field 'guides' must be a table like {safeArea = {top = 47, bottom = 34}, layoutMargins = 16, readableWidth = 672}, got number"),
            ("e.guides = { safeArea = { left = -1 } }", "test:2: engine: field 'guides.safeArea.left' must be a finite, non-negative number, got -1"),
            ("e.guides = { layoutMargins = 'wide' }", "test:2: engine: field 'guides.layoutMargins' must be a non-negative length or a table {top =, left =, bottom =, right =}, got string"),
            ("e.guides = { readableWidth = 0/0 }", "test:2: engine: field 'guides.readableWidth' must be a finite, non-negative number, got nan"),
            ("e.guides = { safeArea = { leading = 1 } }", "test:2: engine: field 'guides.safeArea' has an unknown field 'leading'; known fields: bottom, left, right, top"),
            ("e.guides = { safearea = 1 }", "test:2: engine: field 'guides' has an unknown field 'safearea' (did you mean safeArea?); known fields: layoutMargins, readableWidth, safeArea"),
        ]
        for (line, message) in cases {
            let host = try LuaHost()
            let error = scriptError {
                _ = try host.evaluate("local t = require('tessera'); local e = t.engine{ safeArea = 3 }\n\(line)\n", chunkName: "=test",
                                      environment: try host.newEnvironment())
            }
            #expect(error?.message == message, "\(line): \(error?.message ?? "no error")")
            #expect(error?.traceback.contains("test:2: in main chunk") == true, "\(error?.traceback ?? "")")
        }
        let kept = try run("""
        local e = t.engine{ safeArea = 3 }
        local ok = pcall(function() e.guides = { safeArea = 1, layoutMargins = -2 } end)
        return tostring(ok), string.format("%g %g", e.guides.safeArea.left, e.guides.layoutMargins.left)
        """)
        #expect(kept == ["false", "3 0"])
    }
}
