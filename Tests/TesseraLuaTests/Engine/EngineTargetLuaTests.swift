import Testing
import TesseraCore
@testable import TesseraLua

/// The engine methods that name an item or an element agree: e:frame takes what e:scrollTo takes
/// (a 1-based index or an id) and refuses what it refuses in the same words, e:measure refuses an
/// id no element has with the same hint, and e:scroll refuses offsets that are not finite. Exact
/// frames and messages.
@Suite struct EngineTargetLuaTests {
    /// `rows(ids)`: rows 375 x 50 with those ids in a 375 x 400 viewport, not laid out yet;
    /// `fruit()`: "apple", "banana" and "cherry", laid out; `frame(f)` as text; `all(...)`: the
    /// values as text.
    static let prelude = """
    local t = require("tessera")
    local function frame(f) return string.format("%g,%g,%g,%g", f[1], f[2], f[3], f[4]) end
    local function all(...)
      local out = table.pack(...)
      for i = 1, out.n do out[i] = tostring(out[i]) end
      return table.unpack(out, 1, out.n)
    end
    local function rows(ids)
      local items = {}
      for i, id in ipairs(ids) do items[i] = { id = id } end
      local p = t.provider{ data = items, layout = t.flow{}, size = { "100%", 50 } }
      return t.engine{ provider = p, viewport = { 375, 400 } }, p, items
    end
    local function fruit()
      local e, p, items = rows{ "apple", "banana", "cherry" }
      e:layout()
      return e, p, items
    end

    """

    /// What `source` returns, each value as `all` writes it.
    func run(_ source: String) throws -> [String] {
        try evaluate(Self.prelude + source, chunkName: "=test").map { value in
            if case .string(let text) = value { text } else { "\(value)" }
        }
    }

    /// The message `source` raises (after the chunk's name and line), or nil.
    func message(_ source: String) -> String? {
        scriptError { _ = try run(source) }?.message
    }

    /// The line a one-line case appended to the prelude runs on.
    static var caseLine: Int { prelude.split(separator: "\n", omittingEmptySubsequences: false).count }

    /// Each case, after `prefix` on the same line, raises exactly its message at that line.
    func refusals(_ prefix: String, _ cases: [(String, String)]) {
        for (source, expected) in cases {
            #expect(message(prefix + source) == "test:\(Self.caseLine): " + expected, "\(source)")
        }
    }

    @Test func frameTakesAnIdOrAnIndexAsScrollToDoes() throws {
        let out = try run("""
            local e = fruit()
            local byIndex, byID = e:frame(2), e:frame("banana")
            e:scrollTo("cherry", "bottom")
            return all(frame(byIndex), frame(byID), frame(e:frame(3)), frame(e:frame("cherry")), e.offset[2])
            """)
        // All the content fits: scrollTo leaves the offset at 0.
        #expect(out == ["0,50,375,50", "0,50,375,50", "0,100,375,50", "0,100,375,50", "0"])
    }

    @Test func anIntegerIdIsNamedByItsTextInFrameAsInScrollTo() throws {
        let out = try run("""
            local e = t.engine{ provider = t.provider{ data = { 10, 11, 12 }, id = function(n) return n end, size = { 100, 50 } },
                                viewport = { 100, 400 } }
            e:layout()
            return all(frame(e:frame("12")), frame(e:frame(1)))
            """)
        #expect(out == ["0,100,100,50", "0,0,100,50"])
    }

    @Test func frameAndScrollToRefuseTheSameTargetsInTheSameWords() {
        let prefix = "local e = fruit(); "
        refusals(prefix, [
            ("e:frame(0)", "engine:frame: argument #1 (index) must be an item index from 1 to 3, got 0"),
            ("e:scrollTo(0)", "engine:scrollTo: argument #1 (index) must be an item index from 1 to 3, got 0"),
            ("e:frame(4)", "engine:frame: argument #1 (index) must be an item index from 1 to 3, got 4"),
            ("e:scrollTo(4)", "engine:scrollTo: argument #1 (index) must be an item index from 1 to 3, got 4"),
            ("e:frame(math.mininteger)", "engine:frame: argument #1 (index) must be an item index from 1 to 3, got -9223372036854775808"),
            ("e:frame('banan')", "engine:frame: argument #1 (id) must be the id of one of the 3 items, got \"banan\" (did you mean \"banana\"?)"),
            ("e:scrollTo('banan')", "engine:scrollTo: argument #1 (id) must be the id of one of the 3 items, got \"banan\" (did you mean \"banana\"?)"),
            ("e:frame('kiwi')", "engine:frame: argument #1 (id) must be the id of one of the 3 items, got \"kiwi\""),
            ("e:frame({})", "engine:frame: argument #1 (target) must be an item index (an integer) or an id (a string), got table"),
            ("e:scrollTo({})", "engine:scrollTo: argument #1 (target) must be an item index (an integer) or an id (a string), got table"),
            ("e:frame(1.5)", "engine:frame: argument #1 (target) must be an item index (an integer) or an id (a string), got 1.5"),
            ("e:scrollTo(0/0)", "engine:scrollTo: argument #1 (target) must be an item index (an integer) or an id (a string), got nan"),
        ])
        refusals("local e = t.engine{ provider = t.provider{ data = {} }, viewport = { 100, 100 } }; e:layout(); ", [
            ("e:frame(1)", "engine:frame: argument #1 (index) must be an item index (the engine has no items), got 1"),
            ("e:scrollTo('a')", "engine:scrollTo: argument #1 (id) must be the id of an item (the engine has none), got \"a\""),
        ])
    }

    /// A refused scrollTo changes nothing: a value that names no item runs no pending pass either.
    @Test func aRefusedScrollToLeavesTheEngineAsItWas() throws {
        let out = try run("""
            local e, p, items = fruit()
            e:scroll(0, 20)
            items[4] = { id = "date" }; p.data = items
            local ok = pcall(e.scrollTo, e, {})
            local reloads = e.reloadCount
            local missing = pcall(e.scrollTo, e, "dat")
            return all(tostring(ok), reloads, tostring(missing), e.reloadCount, e.offset[2])
            """)
        // The table is refused before the reload; the misspelt id after it, which found "date".
        #expect(out == ["false", "1", "false", "2", "20"])
    }

    @Test func measureRefusesAnIdNoElementHasBeforeStoringAnything() throws {
        let prefix = "local e = fruit(); "
        refusals(prefix, [
            ("e:measure('banan', 375, 80)", "engine:measure: argument #1 (id) must be the id of one of the 3 items, got \"banan\" (did you mean \"banana\"?)"),
            ("e:measure('banan', nil)", "engine:measure: argument #1 (id) must be the id of one of the 3 items, got \"banan\" (did you mean \"banana\"?)"),
            ("e:measure(7, 375, 80)", "engine:measure: argument #1 (id) must be the id of one of the 3 items, got 7"),
            ("e:measure{ { 'apple', 375, 80 }, { 'cheery', 375, 90 } }",
             "engine:measure: argument #1 (measurements)[2][1] must be the id of one of the 3 items, got \"cheery\" (did you mean \"cherry\"?)"),
        ])
        let out = try run("""
            local e = fruit()
            local ok = pcall(e.measure, e, { { "apple", 375, 80 }, { "cheery", 375, 90 } })
            local events = e:layout()
            return all(tostring(ok), #events, frame(e:frame("apple")), frame(e:frame("cherry")))
            """)
        #expect(out == ["false", "0", "0,0,375,50", "0,100,375,50"])
    }

    @Test func aHeaderIsMeasuredByItsElementIdAndAMisspeltOneIsRefused() throws {
        refusals("""
            local h = t.headers{ sections = { t.provider{ data = { 1, 2 }, size = { 100, 50 } }, t.provider{ data = { 3 }, size = { 100, 50 } } }, header = { size = { "100%", 30 } } }; local e = t.engine{ provider = h, viewport = { 100, 400 } }; e:layout();\u{20}
            """, [
            ("e:measure('1-heder', 100, 64)",
             "engine:measure: argument #1 (id) must be the id of one of the 3 items or 2 headers, got \"1-heder\" (did you mean \"1-header\"?)"),
        ])
    }

    /// Before the first pass, or after a data change no pass has laid out, the ids to come are not
    /// known: the measurement waits for its element, and sizes it in the pass that brings it.
    @Test func anIdOfDataNotYetLaidOutIsKeptForThePassThatBringsIt() throws {
        let out = try run("""
            local e, p, items = rows{ "apple" }
            e:measure("apple", 375, 70)
            e:layout()
            items[2] = { id = "banana" }; p.data = items
            e:measure("banana", 375, 90)
            e:measure("later", nil)
            e:layout()
            return all(frame(e:frame("apple")), frame(e:frame("banana")))
            """)
        #expect(out == ["0,0,375,70", "0,70,375,90"])
    }

    @Test func forgettingAKeptMeasurementOfAnIdNotInTheDataIsAllowed() throws {
        let out = try run("""
            local e, p, items = rows{ "apple" }
            e:measure("banana", 375, 90)
            e:layout()
            e:measure("banana", nil)
            items[2] = { id = "banana" }; p.data = items
            e:layout()
            return all(frame(e:frame("banana")))
            """)
        #expect(out == ["0,50,375,50"])
    }

    @Test func measuredSizesThatAreNotFiniteOrAreNegativeAreRefusedInBothForms() {
        refusals("local e = fruit(); ", [
            ("e:measure('apple', 0/0, 10)", "engine:measure: argument #2 (width) must be a number from 0 to 1e7, got nan"),
            ("e:measure('apple', math.huge, 10)", "engine:measure: argument #2 (width) must be a number from 0 to 1e7, got inf"),
            ("e:measure('apple', 10, -1)", "engine:measure: argument #3 (height) must be a number from 0 to 1e7, got -1"),
            ("e:measure{ { 'apple', 0/0, 10 } }",
             "engine:measure: argument #1 (measurements) must be a list of {id, width, height} with sizes from 0 to 1e7, got entry 1: {apple, nan, 10}"),
            ("e:measure{ { 'apple', 10, 10 }, { 'banana', 10, -math.huge } }",
             "engine:measure: argument #1 (measurements) must be a list of {id, width, height} with sizes from 0 to 1e7, got entry 2: {banana, 10, -inf}"),
            ("e:measure{ { 'apple', -1, 10 } }",
             "engine:measure: argument #1 (measurements) must be a list of {id, width, height} with sizes from 0 to 1e7, got entry 1: {apple, -1, 10}"),
        ])
    }

    /// Offsets that are not finite are refused; finite ones out of the content's range are taken
    /// as given (a bounce), as UIKit's setContentOffset takes them.
    @Test func scrollRefusesOffsetsThatAreNotFiniteAndTakesOthersAsGiven() throws {
        refusals("local e = fruit(); ", [
            ("e:scroll(0/0, 0)", "engine:scroll: argument #1 (x) must be a finite number, got nan"),
            ("e:scroll(0, math.huge)", "engine:scroll: argument #2 (y) must be a finite number, got inf"),
            ("e:scroll(0, -math.huge)", "engine:scroll: argument #2 (y) must be a finite number, got -inf"),
        ])
        let out = try run("""
            local e = fruit()
            e:scroll(0, 30)
            local ok = pcall(e.scroll, e, 0, 0/0)
            local kept = e.offset[2]
            e:scroll(-10, 5000)
            return all(tostring(ok), kept, e.offset[1], e.offset[2], #e:views())
            """)
        #expect(out == ["false", "30", "-10", "5000", "0"])
    }
}
