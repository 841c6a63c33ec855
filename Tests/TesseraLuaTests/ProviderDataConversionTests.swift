import CLua
import OrderedCollections
import Testing
import TesseraCore
@testable import TesseraLua

/// A provider's Lua array becomes items field by field: the objects keep their keys sorted, a
/// reload after one change gives exactly the events and frames of that change.
@Suite struct ProviderDataConversionTests {
    /// The first result of `body` (Lua statements ending in `return ...`, with `t`) as JSON.
    func luaValue(_ body: String) throws -> JSONValue {
        let host = try LuaHost(limits: ScriptLimits(timeLimit: nil))
        let chunk = try host.load("local t = require('tessera')\n" + body, chunkName: "=test", environment: try host.newEnvironment())
        let results = try host.call(.function(chunk), [])
        host.push(results[0])
        defer { lua_settop(host.L, 0) }
        return try LuaStack.json(host.L, -1, path: "result")
    }

    @Test func fieldsInAnyOrderBecomeAnObjectWithSortedKeys() {
        let object = LuaStack.object(["c", "a", "b"], [.array([.int(2)]), .int(1), .string("x")])
        #expect(Array(object.keys) == ["a", "b", "c"])
        #expect(Array(object.values) == [.int(1), .string("x"), .array([.int(2)])])
    }

    /// Past 16 fields the keys are sorted by a permutation rather than in place.
    @Test func manyFieldsAreSortedToo() {
        let names = (0..<20).map { "k" + String(100 + $0) }
        let object = LuaStack.object(ContiguousArray(names.reversed()), ContiguousArray((0..<20).reversed().map { JSONValue.int($0) }))
        #expect(Array(object.keys) == names)
        #expect(Array(object.values) == (0..<20).map { .int($0) })
    }

    /// "é" precomposed and decomposed are distinct Lua keys but one Swift key: the first
    /// spelling met stays, with the last value, sorted after "z" as Swift orders it.
    @Test func canonicallyEqualKeysKeepTheFirstSpellingAndTheLastValue() {
        let object = LuaStack.object(["z", "\u{E9}", "a", "e\u{301}"], [.int(3), .int(1), .int(0), .int(2)])
        #expect(object.count == 3)
        #expect(object.keys.map { Array($0.unicodeScalars) } == [["a"], ["z"], ["\u{E9}"]])
        #expect(Array(object.values) == [.int(0), .int(3), .int(2)])
        let many = LuaStack.object(ContiguousArray((0..<18).map { "k" + String(100 + $0) } + ["e\u{301}", "\u{E9}"]),
                                   ContiguousArray((0..<20).map { JSONValue.int($0) }))
        #expect(many.count == 19 && many.keys.map { Array($0.unicodeScalars) }.last == ["e", "\u{301}"] && many.values.last == .int(19))
    }

    @Test func itemTablesBecomeObjectsWithSortedKeysAndArraysInOrder() throws {
        let value = try luaValue("""
        local p = t.provider{ data = { { z = 1, id = "a", list = { 3, 2, 1 }, m = { y = true, x = 1.5 } } },
                              layout = t.flow{}, size = { 10, 10 } }
        local e = t.engine{ provider = p, viewport = { 100, 100 } }
        e:layout()
        return e:views()[1].data
        """)
        guard case .object(let object) = value else { Issue.record("not an object: \(value)"); return }
        #expect(Array(object.keys) == ["id", "list", "m", "z"])
        #expect(object["list"] == .array([.int(3), .int(2), .int(1)]))
        guard case .object(let inner)? = object["m"] else { Issue.record("m is not an object"); return }
        #expect(Array(inner.keys) == ["x", "y"] && inner["x"] == .double(1.5) && inner["y"] == .bool(true))
    }

    /// One item replaced and one resized in a six-item column: the replaced one leaves and its
    /// successor enters, the resized one and those below it move, nothing else happens.
    @Test func aReloadWithOneChangeGivesExactlyItsEventsAndFrames() throws {
        let value = try luaValue("""
        local items = {}
        for i = 1, 6 do items[i] = { id = i, width = 50, height = 10 * i } end
        local p = t.provider{ data = items, layout = t.flow{}, size = "fillWidth" }
        local e = t.engine{ provider = p, viewport = { 50, 1000 } }
        e:layout()
        local next = {}
        for i = 1, 6 do next[i] = items[i] end
        next[3] = { id = 30, width = 50, height = 30 }
        next[4] = { id = 4, width = 50, height = 5 }
        p.data = next
        local out = {}
        for _, ev in ipairs(e:layout()) do out[#out + 1] = ev.type .. " " .. ev.id end
        for _, v in ipairs(e:views()) do
          out[#out + 1] = string.format("%s@%g,%g,%g,%g", v.id, v.frame[1], v.frame[2], v.frame[3], v.frame[4])
        end
        return table.concat(out, " | ")
        """)
        #expect(value == .string("delete 3 | insert 30 | update 4 | update 5 | update 6 | "
                                 + "1@0,0,50,10 | 2@0,10,50,20 | 30@0,30,50,30 | 4@0,60,50,5 | 5@0,65,50,50 | 6@0,115,50,60"))
    }
    /// A provider's items as the engine's views bind them, for `data` (a Lua expression).
    func boundItems(_ data: String) throws -> JSONValue {
        try luaValue("""
        local p = t.provider{ data = \(data), layout = t.flow{}, size = { 10, 10 } }
        local e = t.engine{ provider = p, viewport = { 100, 1000 } }
        e:layout()
        local out = {}
        for i, v in ipairs(e:views()) do out[i] = v.data end
        return out
        """)
    }

    /// Items of one shape read their names from the previous item's: a same-shaped item gets the
    /// same sorted object, one with other names (same count, same length, one more, one fewer,
    /// another order) gets its own, and integers stay integers beside floats.
    @Test func itemsOfOneShapeAndItemsThatDifferConvertAlike() throws {
        let value = try boundItems("""
        { { id = 1, w = 2, h = 3.5 }, { id = 2, w = 2.0, h = 3 }, { id = 3, x = 1, h = 3 },
          { id = 4, w = 1 }, { id = 5, w = 1, h = 2, text = "a" }, { h = 1, w = 2, id = 6 },
          { id = 7, w = { 1, 2 }, h = { a = 1 } }, { id = 8, w = { 1, 2 }, h = { b = 2 } },
          { id = 9, width = 1, height = 2, text = "x" }, { id = 10, width = 3, height = 4.5, text = "y" } }
        """)
        let o = { (pairs: KeyValuePairs<String, JSONValue>) in JSONValue.object(OrderedDictionary(uniqueKeysWithValues: pairs.map { ($0.key, $0.value) })) }
        #expect(value == .array([
            o(["h": .double(3.5), "id": .int(1), "w": .int(2)]),
            o(["h": .int(3), "id": .int(2), "w": .double(2)]),
            o(["h": .int(3), "id": .int(3), "x": .int(1)]),
            o(["id": .int(4), "w": .int(1)]),
            o(["h": .int(2), "id": .int(5), "text": .string("a"), "w": .int(1)]),
            o(["h": .int(1), "id": .int(6), "w": .int(2)]),
            o(["h": o(["a": .int(1)]), "id": .int(7), "w": .array([.int(1), .int(2)])]),
            o(["h": o(["b": .int(2)]), "id": .int(8), "w": .array([.int(1), .int(2)])]),
            o(["height": .int(2), "id": .int(9), "text": .string("x"), "width": .int(1)]),
            o(["height": .double(4.5), "id": .int(10), "text": .string("y"), "width": .int(3)]),
        ]))
        guard case .array(let items) = value, case .object(let first) = items[0], case .object(let second) = items[1] else { return }
        #expect(Array(first.keys) == ["h", "id", "w"] && Array(second.keys) == ["h", "id", "w"])
    }

    /// Non-finite numbers are data like any other number (sizes read them as not given); they
    /// are not rejected, in a first item or one of a known shape.
    @Test func nonFiniteNumbersConvertAsDoubles() throws {
        let value = try luaValue("""
        local p = t.provider{ data = { { id = 1, w = 1 }, { id = 2, w = 1/0 }, { id = 3, w = -1/0 } },
                              layout = t.flow{}, size = { 10, 10 } }
        local e = t.engine{ provider = p, viewport = { 100, 1000 } }
        e:layout()
        local out = {}
        for i, v in ipairs(e:views()) do out[i] = tostring(v.data.w) end
        local nan = t.provider{ data = { { id = 1, w = 1 }, { id = 2, w = 0/0 } }, layout = t.flow{}, size = { 10, 10 } }
        local e2 = t.engine{ provider = nan, viewport = { 100, 1000 } }
        e2:layout()
        local w = e2:views()[2].data.w
        out[#out + 1] = tostring(w ~= w)
        return table.concat(out, " ")
        """)
        #expect(value == .string("1 inf -inf true"))
    }

    /// What cannot be data fails with its exact path, whether the item's shape was met before
    /// or not: a function, a mixed table, an array with holes, a key that is neither a string
    /// nor a positive integer, a table nested too deeply.
    @Test(arguments: [
        ("{ { id = 1, w = 1 }, { id = 2, w = print } }",
         "t.provider: data[2].w must be plain data (numbers, strings, booleans, tables), got function"),
        ("{ { id = 1, w = 1 }, { id = 2, w = { 1, x = 2 } } }", "t.provider: data[2].w mixes array items and named fields"),
        ("{ { id = 1, w = 1 }, { id = 2, w = 1, [3] = 4 } }", "t.provider: data[2] mixes array items and named fields"),
        ("{ { id = 1, w = 1 }, { [1] = 1, id = 2, w = 1 } }", "t.provider: data[2] mixes array items and named fields"),
        ("{ { id = 1, w = 1 }, { id = 2, w = { [1] = 1, [3] = 3 } } }", "t.provider: data[2].w is an array with holes"),
        ("{ { id = 1, w = 1 }, { id = 2, w = 1, [0] = 1 } }",
         "t.provider: data[2] has a key that is neither a string nor a positive integer"),
        ("{ { id = 1, w = 1 }, { id = 2, w = 1, [1.5] = 1 } }",
         "t.provider: data[2] has a key that is neither a string nor a positive integer"),
        ("{ { id = 1, w = 1 }, (function() local r = {} r.w = r return r end)() }",
         "t.provider: data[2].w.w.w.w.w.w.w.w.w.w.w.w.w.w.w.w.w.w.w.w.w.w.w.w.w.w.w.w.w.w.w.w is nested too deeply (a cycle?)"),
    ])
    func badDataFailsWithItsPath(data: String, message: String) throws {
        let host = try LuaHost(limits: ScriptLimits(timeLimit: nil))
        let chunk = try host.load("local t = require('tessera')\nlocal ok, e = pcall(t.provider, { data = \(data), layout = t.flow{}, size = { 10, 10 } })\n"
                                  + "return tostring(e)", chunkName: "=test", environment: try host.newEnvironment())
        let results = try host.call(.function(chunk), [])
        host.push(results[0])
        defer { lua_settop(host.L, 0) }
        let got = try LuaStack.json(host.L, -1, path: "result")
        guard case .string(let text) = got else { Issue.record("not a string: \(got)"); return }
        #expect(text.hasSuffix(message), "\(text)")
    }
}
