import Foundation
import OrderedCollections
import Testing
import TesseraCore
@testable import TesseraLua

/// ctx:item's proxies and ctx:column give exactly the values a table of the item's fields
/// would, stay read-only, and ctx:size equals the context's own size rule.
@Suite struct DataAccessTests {
    /// 100 items: integral and fractional w, h (absent on every 10th), a nested tag list,
    /// a text on odd items.
    var dataset: Dataset {
        Dataset(items: (0..<100).map { i in
            var fields: OrderedDictionary<String, JSONValue> = ["id": .int(i)]
            if i % 10 != 0 {
                fields["w"] = i % 3 == 0 ? .double(Double(i) + 0.5) : .int(i)
                fields["h"] = .int(2 * i)
            }
            if i % 2 == 1 { fields["text"] = .string("item \(i)") }
            fields["tags"] = .array([.string("t\(i)")])
            return Item(id: .int(i), fields: fields)
        })
    }

    func run(_ body: String, sizing: ItemSizing = ItemSizing(), reference: Bool = false) throws -> [String] {
        let host = try LuaHost()
        host.referenceDataAccess = reference
        var lines: [String] = []
        host.output = { lines.append($0) }
        let layout = try host.evaluate("""
        return { simpleLayout = function(ctx)
          \(body)
          for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end
        end }
        """, environment: host.newEnvironment())[0]
        _ = try host.layout(from: layout).layout(LayoutContext(dataset: dataset, collectionSize: Size(width: 300, height: 400),
                                                               sizing: sizing))
        return lines
    }

    /// The simple reference paths (a table of every field per ctx:item call, columns read item
    /// by item) read what the fast ones read: values, integer or float, absent fields, keys.
    @Test func theReferencePathsReadWhatTheFastPathsRead() throws {
        let body = """
        local ws, texts, item = ctx:column("w"), ctx:column("text"), ctx:item(4)
        local keys = {}
        for k in pairs(item) do keys[#keys + 1] = k end
        table.sort(keys)
        print(ws[1], ws[2], math.type(ws[2]), ws[4], math.type(ws[4]), texts[2], texts[3], ctx:column("nothing")[5])
        print(item.w, item.text, item.tags[1], table.concat(keys, ","), ctx:item(11).w, ctx:item(12).text)
        """
        let expected = ["nil\t1\tinteger\t3.5\tfloat\titem 1\tnil\tnil",
                        "3.5\titem 3\tt3\th,id,tags,text,w\tnil\titem 11"]
        #expect(try run(body) == expected)
        #expect(try run(body, reference: true) == expected)
    }

    @Test func itemsAndColumnsAgree() throws {
        // Reading w of every item twice crosses the switch from single reads to the column.
        let lines = try run("""
        local ws, hs, texts, tags = ctx:column("w"), ctx:column("h"), ctx:column("text"), ctx:column("tags")
        local bad = 0
        for pass = 1, 2 do
          for i = 1, ctx.count do
            local item = ctx:item(i)
            local fields = {}
            for k, v in pairs(item) do fields[k] = v end
            if item.w ~= ws[i] or math.type(item.w) ~= math.type(ws[i]) or item.h ~= hs[i] or item.text ~= texts[i]
               or fields.w ~= item.w or fields.text ~= item.text or fields.id ~= i - 1 or item.tags[1] ~= tags[i][1] then
              bad = bad + 1
            end
          end
        end
        print(bad, #ws, ws[2], math.type(ws[2]), ws[4], ws[1], type(ctx:item(1)), #ctx:item(3))
        print(ctx:column("w") == ws, ctx:column("nothing")[1], #ctx:column("nothing"))
        print(pcall(function() ctx:item(2).w = 5 end))
        print(pcall(function() ws[2] = 5 end))
        print(pcall(function() ctx:item(2).tags[1] = 5 end))
        local ok, message = pcall(setmetatable, ctx:item(2), {})
        print(ok, (message:gsub("^.*: ", "")))
        """)
        // The exact lines printed, written out: each test states its own.
        #expect(lines == [
            "0\t100\t1\tinteger\t3.5\tnil\tuserdata\t0",
            "true\tnil\t0",
            "false\tstdin:17: attempt to modify a read-only item (key 'w')",
            "false\tstdin:18: attempt to modify a read-only table (key '2')",
            "false\tstdin:19: attempt to modify a read-only table (key '1')",
            "false\tbad argument #1 to '?' (table expected, got tessera.item)",
        ])
    }

    /// Fields read often enough to get their own column (numbers copied into a C array, or a
    /// plain array where some item has a text there) give what ctx:column gives: the same
    /// values and number types (3.5 a float, 2 an integer), nil where an item lacks the field,
    /// in a context over part of the dataset (items 37..96) too; four names in turn through
    /// the two remembered columns.
    @Test func hotFieldsReadAsTheirColumns() throws {
        for range in [0..<100, 37..<97] {
            let host = try LuaHost()
            var lines: [String] = []
            host.output = { lines.append($0) }
            let layout = try host.evaluate("""
            return { simpleLayout = function(ctx)
              local reads = {}
              for pass = 1, 2 do
                for i = 1, ctx.count do local it = ctx:item(i); reads[i] = { it.w, it.h, it.id, it.text } end
              end
              local ws, hs, ids, texts = ctx:column("w"), ctx:column("h"), ctx:column("id"), ctx:column("text")
              local bad = 0
              for i = 1, ctx.count do
                local r = reads[i]
                if r[1] ~= ws[i] or math.type(r[1]) ~= math.type(ws[i]) or r[2] ~= hs[i] or math.type(r[2]) ~= math.type(hs[i])
                   or r[3] ~= ids[i] or math.type(r[3]) ~= "integer" or r[4] ~= texts[i] then bad = bad + 1 end
              end
              local function show(i) local it = ctx:item(i); return (math.type(it.w) or "nil") .. " " .. tostring(it.w) .. " " .. tostring(it.text) end
              print(bad, show(1), show(2), show(3), show(4), show(11))
              for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end
            end }
            """, environment: host.newEnvironment())[0]
            _ = try host.layout(from: layout).layout(LayoutContext(dataset: dataset, range: range,
                                                                   collectionSize: Size(width: 300, height: 400),
                                                                   sizing: ItemSizing()))
            #expect(lines == (range.lowerBound == 0
                ? ["0\tnil nil nil\tinteger 1 item 1\tinteger 2 nil\tfloat 3.5 item 3\tnil nil nil"]
                : ["0\tinteger 37 item 37\tinteger 38 nil\tfloat 39.5 item 39\tnil nil nil\tinteger 47 item 47"]))
        }
    }

    /// Fields read by name stay right whichever names come in turn: three names through the two
    /// remembered columns, a long name (not interned by Lua), a number key, and items kept from
    /// before the columns were built.
    @Test func keptItemsReadTheirOwnFields() throws {
        let lines = try run("""
        local kept, long, bad = {}, string.rep("w", 50), 0
        for i = 1, ctx.count do kept[i] = ctx:item(i) end
        for pass = 1, 3 do
          for i = ctx.count, 1, -1 do
            local item = kept[i]
            local h = (i - 1) % 10 ~= 0 and 2 * (i - 1) or nil
            if item.h ~= h or item.id ~= i - 1 or item[1] ~= nil or item[long] ~= nil or item.h ~= h then bad = bad + 1 end
          end
        end
        print(bad, kept[3].h, kept[3].id, ctx:item(3).h)
        """)
        #expect(lines == ["0\t4\t2\t4"])
    }

    /// An item is one value per index (equal each call, one table key), and asking for items
    /// allocates nothing: 300 calls leave the state's memory as it was (a userdata each took
    /// 40 bytes or more).
    @Test func itemsAreValuesThatCostNoMemory() throws {
        let host = try LuaHost()
        var lines: [String] = [], used: [Int] = []
        host.output = { lines.append($0); used.append(host.memoryUsed) }
        let layout = try host.evaluate("""
        return { simpleLayout = function(ctx)
          local seen = {}
          seen[ctx:item(2)] = "second"
          print(ctx:item(2) == ctx:item(2), rawequal(ctx:item(2), ctx:item(2)), ctx:item(2) == ctx:item(3), seen[ctx:item(2)])
          print("before")
          for pass = 1, 3 do
            for i = 1, ctx.count do local item = ctx:item(i) end
          end
          print("after")
          for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end
        end }
        """, environment: host.newEnvironment())[0]
        _ = try host.layout(from: layout).layout(LayoutContext(dataset: dataset, collectionSize: Size(width: 300, height: 400)))
        #expect(lines == ["true\ttrue\tfalse\tsecond", "before", "after"])
        #expect(used.count == 3 && used[2] - used[1] < 300, "\(used)")
    }

    /// An item can be read while its pass runs: one kept in a global and read after the pass
    /// raises the one message for a field, `pairs`, `#` and a conversion to data, as does an
    /// item a ctx kept after its pass gives; the next pass's items read as usual.
    @Test func itemsKeptAfterTheirPassRaise() throws {
        let host = try LuaHost()
        let environment = try host.newEnvironment()
        let layout = try host.evaluate("""
        return { simpleLayout = function(ctx)
          kept, keptCtx = ctx:item(3), ctx
          print(kept.h, ctx:item(4).h)
          for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end
        end }
        """, environment: environment)[0]
        var lines: [String] = []
        host.output = { lines.append($0) }
        let scripted = try host.layout(from: layout)
        let context = LayoutContext(dataset: dataset, collectionSize: Size(width: 300, height: 400))
        _ = try scripted.layout(context)
        let message = "ctx:item(3) was kept after its layout pass: an item can be read only while that pass runs"
        let results = try host.evaluate("""
        local function failure(f) local ok, e = pcall(f) return (ok and "no error" or e) end
        return failure(function() return kept.h end), failure(function() return pairs(kept) end),
          failure(function() return #kept end), failure(function() return keptCtx:item(3).id end),
          failure(function() return require("tessera").diff({kept}, {}) end), type(kept)
        """, environment: environment)
        #expect(results == [.string("stdin:2: \(message)"), .string(message), .string("stdin:3: \(message)"),
                            .string("stdin:3: \(message)"), .string("stdin:4: t.diff: old[1]: \(message)"),
                            .string("userdata")])
        _ = try scripted.layout(context)
        #expect(lines == ["4\t6", "4\t6"])
    }

    /// Two passes open at once (a layout run inside another's pass): their items read their own
    /// fields whichever pass's item comes next (every read of `h` switches the remembered
    /// columns), and the outer pass's items still read after the inner pass ends.
    @Test func itemsOfNestedPassesReadTheirOwnFields() throws {
        let repl = try ReplRecorder(dataset: dataset)
        repl.feed("log = {}", """
        run({ simpleLayout = function(ctx) local outer, bad = ctx:item(2), 0; \
        run({ simpleLayout = function(inner) for i = 1, inner.count do local item = inner:item(i); \
        local h = item.id % 10 ~= 0 and 2 * item.id or nil; if outer.h ~= 2 or item.h ~= h then bad = bad + 1 end; \
        inner.set(i, 0, 0, 1, 1) end end }); \
        log[#log + 1] = bad .. " " .. outer.h .. " " .. ctx:item(3).h; for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end end })
        """, "print(table.concat(log))")
        #expect(repl.err == [])
        #expect(repl.out.last == "0 2 4")
    }

    /// Items are userdata (no table per item) that read as the tables the host gave before:
    /// t.diff and every conversion to data take them with their fields; tostring names them.
    @Test func itemsConvertWithTheirFields() throws {
        let lines = try run("""
        local t = require("tessera")
        local d = t.diff({ctx:item(1), ctx:item(2), ctx:item(3)}, {ctx:item(3), ctx:item(2)})
        local ids = t.diff({0, 1, 2}, {2, 1})
        local alike = #d.changes == #ids.changes
        for k, c in ipairs(ids.changes) do alike = alike and d.changes[k].op == c.op and d.changes[k].id == c.id end
        print(d.summary.deleted, d.summary.moved, d.summary.updated, #d.changes, alike)
        local same = t.diff({ctx:item(2)}, {{id = 1, w = 1, h = 2, text = "item 1", tags = {"t1"}}})
        print(same.summary.updated, #same.changes)
        print((tostring(ctx:item(2)):gsub("0x%x+", "ADDRESS")), ctx:item(2).tags[1])
        """)
        // The exact lines printed, written out: each test states its own.
        #expect(lines == ["1\t1\t0\t2\ttrue", "0\t0", "tessera.item: ADDRESS\tt1"])
    }

    /// ctx:size (and ctx:item's index) take numbers as ctx.set and lauxlib do (a numeric string converts), reads
    /// omitted proposals as the collection size, and still words a bad argument in the one shape.
    @Test func sizeTakesNumbersAsSetDoes() throws {
        let lines = try run("""
        print(ctx:size(42, 20, 80))
        print(ctx:size("42", "20", "80"))
        print(ctx:size(42.0, 20))
        print(ctx:size(42, 20, ctx.height))
        print(pcall(function() return ctx:size(4, "wide") end))
        print(pcall(function() return ctx:size(4, 50, -1) end))
        print(pcall(function() return ctx:size(4.5) end))
        print(ctx:item("42").w, ctx:item(42.0).h)
        """)
        // The exact lines printed, written out: each test states its own.
        #expect(lines == [
            "20.0\t40.0", "20.0\t40.0", "20.0\t40.0", "20.0\t40.0",
            "false\tstdin:6: ctx:size: argument #2 (pw) must be a finite, non-negative number, got string",
            "false\tstdin:7: ctx:size: argument #3 (ph) must be a finite, non-negative number, got -1",
            "false\tstdin:8: ctx:size: argument #1 (i) must be an integer, got 4.5",
            "41\t82",
        ])
    }

    /// A ctx.set kept past its pass (its writer closed) is refused with the one message, also
    /// for indices that were valid during the pass; a ctx.set of a pass with no items names the range.
    @Test func setOutsideItsPassIsRefused() throws {
        let host = try LuaHost()
        let environment = try host.newEnvironment()
        let layout = try host.evaluate("""
        return { simpleLayout = function(ctx)
          kept = ctx.set
          for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end
          if ctx.count == 0 then empty = { pcall(ctx.set, 1, 0, 0, 1, 1) } end
        end }
        """, environment: environment)[0]
        let scripted = try host.layout(from: layout)
        _ = try scripted.layout(LayoutContext(dataset: dataset, collectionSize: Size(width: 300, height: 400)))
        _ = try scripted.layout(LayoutContext(dataset: Dataset(items: []), collectionSize: Size(width: 300, height: 400)))
        let results = try host.evaluate("""
        local ok, message = pcall(kept, 1, 0, 0, 1, 1)
        return ok, message, empty[1], empty[2]
        """, environment: environment)
        #expect(results == [.boolean(false), .string("ctx.set can only be called while simpleLayout runs"),
                            .boolean(false), .string("ctx.set: argument #1 (i) must be an item index, got 1 (the data is empty: no index names one)")])
    }

    @Test func sizeMatchesTheContext() throws {
        let context = LayoutContext(dataset: dataset, collectionSize: Size(width: 300, height: 400))
        let lines = try run("""
        for i = 1, ctx.count do local w, h = ctx:size(i, 50, 80); print(string.format("%a %a", w, h)) end
        """)
        #expect(try lines == (0..<100).map { i in
            let s = try context.size(at: i, proposed: Size(width: 50, height: 80))
            return String(format: "%a %a", s.width, s.height)
        })
    }

    /// ctx:size answers the hot case (fit, both sizes positive, positive proposals) and every
    /// other one (each rule, zero and huge proposals, omitted ones, items with no size) as the
    /// context's own size rule does.
    @Test func sizeMatchesTheContextUnderEveryRule() throws {
        let proposals: [(Double, Double)] = [(50, 80), (0, 80), (50, 0), (0, 0), (1000, 1000), (0.5, 1e300)]
        for rule in SizingRule.allCases {
            let sizing = ItemSizing(rule: rule)
            let context = LayoutContext(dataset: dataset, collectionSize: Size(width: 300, height: 400), sizing: sizing)
            let calls = proposals.map { "ctx:size(i, \($0.0), \($0.1))" } + ["ctx:size(i)"]
            let lines = try run("""
            for i = 1, ctx.count do
              \(calls.map { "do local w, h = \($0); print(string.format('%a %a', w, h)) end" }.joined(separator: "\n  "))
            end
            """, sizing: sizing)
            let expected = try (0..<100).flatMap { i in
                try (proposals + [(300, 400)]).map { pw, ph in
                    let s = try context.size(at: i, proposed: Size(width: pw, height: ph))
                    return String(format: "%a %a", s.width, s.height)
                }
            }
            #expect(lines == expected, "rule \(rule)")
        }
    }

    /// ctx.set writes every valid frame as given: the hot case and the checked one (a zero size,
    /// numeric strings, an item written twice) alike.
    @Test func setWritesEveryValidFrameAsGiven() throws {
        let host = try LuaHost()
        let layout = try host.evaluate("""
        return { simpleLayout = function(ctx)
          ctx.set(1, 0, 0, 0, 0)
          ctx.set(2, -3.5, 7, 0, 12)
          ctx.set(3, "4", "0x10", "2.5", 0)
          ctx.set(4, 1, 2, 3, 4)
          ctx.set(4.0, 10, 20, 30, 40)
          for i = 5, ctx.count do ctx.set(i, i, 2 * i, 1e300, 0.25) end
        end }
        """, environment: host.newEnvironment())[0]
        let context = LayoutContext(dataset: Dataset(items: (0..<6).map { Item(id: .int($0), fields: [:]) }),
                                    collectionSize: Size(width: 300, height: 400))
        let frames = try #require(try host.layout(from: layout) as? ScriptedLayout).frames(context)
        #expect(frames == [
            Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: -3.5, y: 7, width: 0, height: 12),
            Rect(x: 4, y: 16, width: 2.5, height: 0), Rect(x: 10, y: 20, width: 30, height: 40),
            Rect(x: 5, y: 10, width: 1e300, height: 0.25), Rect(x: 6, y: 12, width: 1e300, height: 0.25),
        ])
    }
}
