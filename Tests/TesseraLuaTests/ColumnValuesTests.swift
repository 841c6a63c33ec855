import OrderedCollections
import Testing
import TesseraCore
@testable import TesseraLua

/// A field whose values are integers, floats, texts, nested values or missing, item by item,
/// reads back through ctx:column and ctx:item with each value's Lua type and subtype.
@Suite struct ColumnValuesTests {
    /// Runs `body` in a simple layout over items whose field `v` is `values[i]` (nil: none).
    func run(_ values: [JSONValue?], _ body: String) throws -> [String] {
        let dataset = Dataset(items: values.enumerated().map { i, value in
            var fields: OrderedDictionary<String, JSONValue> = ["id": .int(i)]
            if let value { fields["v"] = value }
            return Item(id: .int(i), fields: fields)
        })
        let host = try LuaHost()
        var lines: [String] = []
        host.output = { lines.append($0) }
        let layout = try host.evaluate("""
        local function show(v)
          if type(v) == "table" then return "table " .. tostring(v[1]) end
          return (math.type(v) or type(v)) .. " " .. tostring(v)
        end
        return { simpleLayout = function(ctx)
          \(body)
          for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end
        end }
        """, environment: host.newEnvironment())[0]
        _ = try host.layout(from: layout).layout(LayoutContext(dataset: dataset, collectionSize: Size(width: 300, height: 400)))
        return lines
    }

    @Test func mixedValuesKeepTheirTypes() throws {
        let values: [JSONValue?] = [.int(7), .double(2.5), nil, .string("x"), .double(3), .int(-4), .int(1 << 53),
                                    .double(-0.0), .double(1e300), .array([.int(1)]), nil, .int(0)]
        // Single reads of ctx:item first, then enough reads to switch it to the column.
        let lines = try run(values, """
        local column, single, many = ctx:column("v"), {}, {}
        for i = 1, ctx.count do single[i] = show(ctx:item(i).v) end
        for _ = 1, 4 do for i = 1, ctx.count do many[i] = show(ctx:item(i).v) end end
        local shown = {}
        for i = 1, ctx.count do shown[i] = show(column[i]) end
        print(table.concat(shown, ", "))
        print(table.concat(single, ", "))
        print(table.concat(many, ", "))
        """)
        let expected = "integer 7, float 2.5, nil nil, string x, float 3.0, integer -4, integer 9007199254740992, "
            + "float -0.0, float 1e+300, table 1, nil nil, integer 0"
        #expect(lines == [expected, expected, expected])
    }

    /// Thousands of items, the field's kind changing every few items and across the blocks the
    /// column is copied in: every value where the item put it.
    @Test func longMixedColumnsReadBackExactly() throws {
        func value(_ i: Int) -> JSONValue? {
            if i % 11 == 0 { return nil }
            if i % 7 == 3 { return .double(Double(i) + 0.25) }
            return i % 13 == 5 ? .string("s\(i)") : .int(i)
        }
        let values = (0..<5000).map(value)
        let lines = try run(values, """
        local column, bad = ctx:column("v"), 0
        for i = 1, ctx.count do
          local k = i - 1
          local want = k % 11 == 0 and "nil nil" or k % 7 == 3 and ("float " .. (k + 0.25))
            or k % 13 == 5 and ("string s" .. k) or ("integer " .. k)
          if show(column[i]) ~= want or show(ctx:item(i).v) ~= want then bad = bad + 1 end
        end
        print(bad, ctx.count)
        """)
        #expect(lines == ["0\t5000"])
    }

    /// Building a column polls the script's time limit: called from the host (no Lua
    /// instruction runs, so only the poll can stop it) with a limit that has passed before its
    /// first poll, a column of many items stops with the limit's error.
    @Test func aColumnOfManyItemsStopsAtTheTimeLimit() throws {
        let host = try LuaHost(limits: ScriptLimits(timeLimit: nil))
        let method = try host.evaluate("return function(ctx) return ctx.column, ctx end", chunkName: "=test",
                                       environment: host.newEnvironment())[0]
        let dataset = Dataset(items: (0..<20_000).map { Item(id: .int($0), fields: ["v": .int($0)]) })
        let v = try host.call(method, context: LayoutContext(dataset: dataset, collectionSize: Size(width: 300, height: 400)))
        host.limits.timeLimit = 1e-9
        let error = scriptError { _ = try host.call(v[0], [v[1], .string("v")]) }
        #expect(error?.kind == .timeLimit)
        #expect(error?.message == "time limit of 1e-09 s of CPU time exceeded")
        // The stop belonged to that call: without the limit the same column is built.
        host.limits.timeLimit = nil
        _ = try host.call(v[0], [v[1], .string("v")])
    }
}
