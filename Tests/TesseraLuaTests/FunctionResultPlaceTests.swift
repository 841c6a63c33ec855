import Testing
@testable import TesseraLua

/// A value a script's function returned to the engine is checked after the function returned,
/// when no line of it runs: the error names the line that defines the function, and the
/// traceback still shows the call that reached it.
@Suite struct FunctionResultPlaceTests {
    func error(_ source: String) -> LuaScriptError? {
        scriptError { _ = try TesseraLuaTests.evaluate(source, chunkName: "=blame") }
    }

    /// The traceback of an engine's layout() called on `line` of the main chunk.
    func laidOut(at line: Int) -> String {
        "stack traceback:\n\t[C]: in method 'layout'\n\tblame:\(line): in main chunk"
    }

    /// `e` says `message`, with the traceback of an engine's layout() called on `line`.
    func expect(_ e: LuaScriptError?, _ message: String, calledAt line: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(e?.message == message, sourceLocation: sourceLocation)
        #expect(e?.traceback == laidOut(at: line), sourceLocation: sourceLocation)
    }

    /// A provider of two items `fields` (from line 4 on) configure, laid out by an engine.
    func provider(_ fields: String) -> String {
        """
        local t = require("tessera")
        local feed = t.provider{
          data = {{id="a"},{id="b"}},
        \(fields)
        }
        local e = t.engine{ provider = feed, viewport = {375, 812} }
        e:layout()
        """
    }

    @Test func aProviderSizeFunctionsResult() {
        let e = error(provider("""
          layout = t.flow{},
          size = function(item, i, pw, ph)
            return 10, 0/0
          end,
        """))
        expect(e, "blame:5: t.provider: the size function's result for item 1 must be a finite, non-negative width and height, got 10, nan", calledAt: 10)
    }

    @Test func aProviderIdFunctionsResult() {
        let e = error(provider("""
          size = {10, 10},
          id = function(item, i)
            return {}
          end,
        """))
        expect(e, "blame:5: t.provider: the id function's result for item 1 must be a string or a number, got table", calledAt: 10)
    }

    @Test func aViewKindsSizeFunctionsResult() {
        let e = error(provider("""
          view = {
            { kind = "card",
              size = function(item, i, pw, ph)
                return -1, 5
              end },
          },
        """))
        expect(e, "blame:6: t.provider: the size function's result for item 1 must be a finite, non-negative width and height, got -1, 5", calledAt: 12)
    }

    @Test func aHeaderSizeFunctionsResult() {
        let e = error("""
        local t = require("tessera")
        local s1 = t.provider{ data = { 1 }, size = { 50, 50 } }
        local H = t.headers{ sections = { s1 },
          header = { size = function(header, s, pw, ph)
            return pw, "tall"
          end } }
        local e = t.engine{ provider = H, viewport = { 300, 400 } }
        e:layout()
        """)
        expect(e, "blame:4: t.headers: the header size function's result for section 1 must be a finite, non-negative width and height, got 300, string", calledAt: 8)
    }

    /// A layout `build` (Lua source returning a layout) laid out by an engine on line 7.
    func laidOut(_ build: String) -> LuaScriptError? {
        error("""
        local t = require("tessera")
        local layout = \(build)
        local feed = t.provider{ data = { 1, 2 }, size = { 50, 50 }, layout = layout }
        local e = t.engine{ provider = feed, viewport = { 300, 400 } }
        e:layout()
        """)
    }

    @Test func aSectionsFunctionsLayout() {
        let e = laidOut("""
        t.sections{
          sections = function(index, section, env)
            return 42
          end,
        }
        """)
        expect(e, "blame:3: the layout t.sections got for section 1 must be a layout (a t.* value or a script table with simpleLayout), got number", calledAt: 9)
    }

    @Test func aCompositionalSectionFunctionsResult() {
        let e = laidOut("""
        t.compositional{
          section = function(index, section, env)
            return "nope"
          end,
        }
        """)
        expect(e, "blame:3: t.compositional: the section function's result for section 1 must be a t.section{...}, got string", calledAt: 9)
    }

    /// A section provider with no line of its own (a C function) is blamed where it was given,
    /// the t.compositional call on line 2, and nowhere else: the call of e:layout() on line 5
    /// is in the traceback, not in the message.
    @Test func aCompositionalSectionCFunctionIsBlamedWhereItWasGiven() {
        let e = laidOut("t.compositional{ section = math.type }")
        expect(e, "blame:2: t.compositional: the section function's result for section 1 must be a t.section{...}, got string", calledAt: 5)
    }

    /// A custom group's C function, the same way.
    @Test func aCustomGroupCFunctionIsBlamedWhereItWasGiven() {
        let e = laidOut("t.compositional{ section = t.section{ group = t.customGroup(math.type) } }")
        expect(e, "blame:2: t.customGroup: the group function's result for its frames must be a list of frames, got nil", calledAt: 5)
    }

    @Test func aCustomGroupsFrames() {
        let e = laidOut("""
        t.compositional{
          section = t.section{
            group = t.customGroup(function(env)
              return { { 0, 0, -5, 10 } }
            end),
          },
        }
        """)
        expect(e, "blame:4: t.customGroup: the group function's result for frame 1 must be finite numbers with a non-negative size, got (0.0, 0.0, -5.0, 10.0)", calledAt: 11)
    }

    @Test func whatAVisibleItemsHandlerSet() {
        let e = laidOut("""
        t.compositional{
          section = t.section{
            group = t.hgroup{ size = { 100, 50 }, items = { t.item{} } },
            orthogonalScrolling = "continuous",
            visibleItemsHandler = function(items, offset, env)
              items[1].alpha = 2
            end,
          },
        }
        """)
        expect(e, "blame:6: t.section: field 'alpha' of item 1 set by visibleItemsHandler must be a number from 0 to 1, got 2", calledAt: 13)
    }

    /// layout:sized's function is checked by the bridge, which names its line the same way.
    @Test func aSizedFunctionsResult() {
        let e = laidOut("""
        t.flow{}:sized(function(item, i, pw, ph)
          return 10, nil
        end)
        """)
        expect(e, "blame:2: size returned h = nil for item 1 (Lua index; item 0 in the output); a size needs two numbers from 0 to 1e7", calledAt: 7)
    }

    /// A function with no line of its own (a C function) leaves the place of the call.
    @Test func aFunctionWithoutALineLeavesTheCallingLine() {
        let e = error(provider("""
          size = math.type,
        """))
        expect(e, "blame:7: t.provider: the size function's result for item 1 must be a finite, non-negative width and height, got nil, nil", calledAt: 7)
    }

    /// An error the function raises names its own line, as before.
    @Test func anErrorInsideTheFunctionKeepsItsLine() {
        let e = error(provider("""
          size = function(item, i, pw, ph)
            error("no size for " .. item.id)
          end,
        """))
        #expect(e?.message == "blame:5: no size for a")
        #expect(e?.traceback == "stack traceback:\n\t[C]: in function 'error'\n\tblame:5: in function <blame:4>\n"
                + "\t[C]: in method 'layout'\n\tblame:9: in main chunk")
    }
}
