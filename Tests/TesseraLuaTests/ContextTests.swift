import OrderedCollections
import Testing
import TesseraCore
@testable import TesseraLua

/// The ctx API, params typing, and a script's own size rule.
@Suite struct ContextTests {
    let folder = ScriptFolder()

    /// Two sections: "s1" (title "One") with items a, b; "s2" with item c.
    var dataset: Dataset {
        let items = [
            Item(id: .string("a"), fields: ["w": 100, "h": 50]),
            Item(id: .string("b"), fields: ["w": 200, "h": 100, "text": "hello", "tags": ["x", "y"]]),
            Item(id: .int(7), fields: ["text": "a longer text that wraps"]),
        ]
        return Dataset(items: items, sections: [
            .init(id: .string("s1"), fields: ["title": "One"], range: 0..<2),
            .init(id: .string("s2"), range: 2..<3),
        ])
    }

    /// Runs `body` (Lua statements with `ctx` in scope) inside a simpleLayout; returns what it printed.
    func printed(_ body: String, params: OrderedDictionary<String, JSONValue> = [:], extra: String = "",
                 data: Dataset? = nil) throws -> [String] {
        let host = try LuaHost()
        var lines: [String] = []
        host.output = { lines.append($0) }
        let path = folder.write("ctx.lua", """
        return {
          params = { columns = 2, gap = 1.5, title = "t", flag = false, list = {} },
          \(extra)
          simpleLayout = function(ctx, p)
            \(body)
            for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end
          end,
        }
        """)
        _ = try host.loadLayoutScript(path: path).configured(params).layout(
            LayoutContext(dataset: data ?? dataset, collectionSize: Size(width: 300, height: 400)))
        return lines
    }

    @Test func fieldsAndSections() throws {
        #expect(try printed("""
        print(ctx.width, ctx.height, ctx.count, #ctx.sections)
        for s, sec in ipairs(ctx.sections) do print(s, sec.id, sec.first, sec.count, sec.title) end
        """) == ["300.0\t400.0\t3\t2", "1\ts1\t1\t2\tOne", "2\ts2\t3\t1\tnil"])
    }

    /// `id`, `first` and `count` replace a section's fields of those names; every other field,
    /// nested tables too, reads as the file gave it, read-only.
    @Test func sectionEntriesHoldTheirFieldsAndTheirPlace() throws {
        let items = (0..<4).map { Item(id: .int($0), fields: ["w": 10, "h": 10]) }
        let data = Dataset(items: items, sections: [
            .init(id: .string("s1"), fields: ["count": 99, "title": "One", "first": "no", "tags": ["x", ["k": 1]], "z": 2.5],
                  range: 0..<2),
            .init(id: .int(5), fields: ["id": "shadowed", "alpha": 1], range: 2..<4),
        ])
        #expect(try printed("""
        for s, sec in ipairs(ctx.sections) do
          local keys = {}
          for k in pairs(sec) do keys[#keys + 1] = k end
          table.sort(keys)
          print(s, table.concat(keys, ","), sec.id, math.type(sec.first), sec.first, sec.count, sec.title, sec.z, sec.alpha)
        end
        local sec = ctx.sections[1]
        print(sec.tags[1], sec.tags[2].k, pcall(function() sec.z = 1 end))
        print(pcall(function() sec.tags[2].k = 2 end))
        """, data: data) == [
            "1\tcount,first,id,tags,title,z\ts1\tinteger\t1\t2\tOne\t2.5\tnil",
            "2\talpha,count,first,id\t5\tinteger\t3\t2\tnil\tnil\t1",
            "x\t1\tfalse\t\(folder.path)/ctx.lua:12: attempt to modify a read-only table (key 'z')",
            "false\t\(folder.path)/ctx.lua:13: attempt to modify a read-only table (key 'k')",
        ])
    }

    @Test func itemsAreReadOnly() throws {
        let lines = try printed("""
        local item = ctx:item(2)
        print(item.id, item.w, item.h, item.text, item.tags[1], #item.tags)
        local keys = {}
        for k in pairs(item) do keys[#keys + 1] = k end
        table.sort(keys)
        print(table.concat(keys, ","))
        print(pcall(function() item.w = 5 end))
        print(pcall(function() item.tags[3] = "z" end))
        """)
        #expect(lines == [
            "b\t200\t100\thello\tx\t2", "h,id,tags,text,w",
            "false\t\(folder.path)/ctx.lua:11: attempt to modify a read-only item (key 'w')",
            "false\t\(folder.path)/ctx.lua:12: attempt to modify a read-only table (key '3')",
        ])
    }

    // pairs hands out the view itself as its state, never the data table behind it, so nothing
    // can be written through what pairs returns.
    @Test func pairsOfAViewHandsOutNoWritableTable() throws {
        let lines = try printed("""
        local iter, state = pairs(ctx.sections)
        print(state == ctx.sections, pcall(function() state[1] = 5 end))
        local n = 0
        for s, sec in pairs(ctx.sections) do n = n + 1 end
        print(n, ctx.sections[1].id, #ctx.sections)
        print(pcall(iter, {}))
        """)
        #expect(lines == [
            "true\tfalse\t\(folder.path)/ctx.lua:6: attempt to modify a read-only table (key '1')",
            "2\ts1\t2",
            "false\tbad argument #1 to '?' (read-only table expected, got table)",
        ])
    }

    /// rawset refuses every read-only view the host hands a script, as an assignment does:
    /// a raw write into a view's empty proxy would shadow the data behind it (for the rest of
    /// the pass, and for the script's life on its module view). Plain tables still take it.
    @Test func rawsetRefusesEveryReadOnlyView() throws {
        let lines = try printed("""
        local t = require("tessera")
        local views = { t = t, builtins = t.builtins, sections = ctx.sections, section = ctx.sections[1],
                        column = ctx:column("w"), tags = ctx:item(2).tags }
        for _, name in ipairs({ "t", "builtins", "sections", "section", "column", "tags" }) do
          print(name, pcall(function() rawset(views[name], 1, "x") end))
        end
        print(pcall(function() rawset(t, "flow", 1) end))
        print(type(t.flow), views.builtins[1], ctx.sections[1].id, ctx:column("w")[1], ctx:item(2).tags[1], rawget(t, "flow"))
        print(pcall(function() rawset(ctx:item(1), "w", 1) end))
        local plain = {}
        print(rawset(plain, "k", 1) == plain, plain.k, ctx.width)
        """)
        let at = "\(folder.path)/ctx.lua:9: attempt to modify a read-only table (key '1')"
        #expect(lines == [
            "t\tfalse\t\(at)", "builtins\tfalse\t\(at)", "sections\tfalse\t\(at)", "section\tfalse\t\(at)",
            "column\tfalse\t\(at)", "tags\tfalse\t\(at)",
            "false\t\(folder.path)/ctx.lua:11: attempt to modify a read-only table (key 'flow')",
            "function\tflow\ts1\t100\tx\tnil",
            "false\t\(folder.path)/ctx.lua:13: bad argument #1 to 'rawset' (table expected, got tessera.item)",
            "true\t1\t300.0",
        ])
    }

    @Test func idsSectionsSizesAndText() throws {
        #expect(try printed("""
        print(ctx:id(1), ctx:id(3), math.type(ctx:id(3)))
        print(ctx:section(1)); print(ctx:section(2)); print(ctx:section(3))
        print(ctx:size(2, 50, 100))
        print(ctx:size(2))
        print(ctx:textHeight("hello world", 40), ctx:textHeight("hello", 100, { lineHeight = 10 }))
        """) == ["a\t7\tinteger", "1\t1", "1\t2", "2\t1", "50.0\t25.0", "200.0\t100.0", "40.0\t10.0"])
    }

    // A table of calls and exact messages, as every message test here has.
    @Test func methodErrorsNameTheCaller() throws {
        let cases = [
            ("ctx:item(4)", "ctx:item: argument #1 (i) must be an item index in 1..3, got 4"),
            ("ctx.size(2)", "ctx:size: argument #1 (i) must be an integer, got no value (call it with a colon: ctx:size(i))"),
            // Called with a dot, a nil index is in the wrong slot: the colon hint alone, from the
            // Swift methods as from the bridge's; called with a colon, the nil hint alone.
            ("ctx.id(5, nil)", "ctx:id: argument #1 (i) must be an integer, got nil (call it with a colon: ctx:id(i))"),
            ("ctx.size(5, nil)", "ctx:size: argument #1 (i) must be an integer, got nil (call it with a colon: ctx:size(i))"),
            ("ctx:id(nil)", "ctx:id: argument #1 (i) must be an integer, got nil (a variable never set, or an item field that is misspelt or missing, reads as nil)"),
            ("ctx:size(1, -5)", "ctx:size: argument #2 (pw) must be a finite, non-negative number, got -5"),
            ("ctx:textHeight(5, 10)", "ctx:textHeight: argument #1 (text) must be a string, got number"),
            // item "a" has no text: the field reads as nil, and the message says so
            ("ctx:textHeight(ctx:item(1).text, 40)",
             "ctx:textHeight: argument #1 (text) must be a string, got nil (a variable never set, or an item field that is misspelt or missing, reads as nil)"),
        ]
        for (call, message) in cases {
            let e = scriptError { _ = try printed(call) }
            #expect(e?.message == "\(folder.path)/ctx.lua:5: \(message)")
        }
    }

    /// A field ctx doesn't have is an error naming the closest one, as every t.* table's
    /// unknown field is; fields the script set on ctx itself still read back, and reads of
    /// ctx's own fields are unchanged.
    @Test func aMisspeltFieldSaysDidYouMean() throws {
        let known = "column, count, decoration, height, id, item, section, sections, set, size, supplementary, textHeight, textSize, width"
        #expect(scriptError { _ = try printed("print(ctx.widht)") }?.message ==
                "\(folder.path)/ctx.lua:5: ctx: field 'widht' is unknown (did you mean width?); known fields: \(known)")
        #expect(scriptError { _ = try printed("local n = ctx.cuont") }?.message ==
                "\(folder.path)/ctx.lua:5: ctx: field 'cuont' is unknown (did you mean count?); known fields: \(known)")
        #expect(scriptError { _ = try printed("print(ctx[string.rep('w', 1000000)])") }?.message ==
                "\(folder.path)/ctx.lua:5: ctx: field '\(String(repeating: "w", count: 64))… (1,000,000 characters)' is unknown; known fields: \(known)")
        #expect(scriptError { _ = try printed("print(ctx.colour)") }?.message.contains("ctx: field 'colour' is unknown; known fields: ") == true)
        #expect(scriptError { _ = try printed("print(ctx[1])") }?.message.hasSuffix("ctx: argument #2 (key) must be a string, got number") == true)
        #expect(try printed("ctx.mine = 3\nprint(ctx.mine, ctx.width, rawget(ctx, 'widht'))") == ["3\t300.0\tnil"])
    }

    @Test func paramsAreTyped() throws {
        #expect(try printed("print(math.type(p.columns), p.gap, p.title, p.flag, #p.list)") ==
                ["integer\t1.5\tt\tfalse\t0"])
        #expect(try printed("print(math.type(p.columns), p.gap, p.title, p.flag, p.list[2])",
                            params: ["columns": 3, "gap": 2, "title": 42, "flag": true, "list": ["a", "b"]]) ==
                ["integer\t2\t42\ttrue\tb"])
        let file = "\(folder.path)/ctx.lua"
        #expect(scriptError { _ = try printed("", params: ["columns": "three"]) }?.message ==
                "\(file):2: param 'columns' expects a number, got \"three\"")
        #expect(scriptError { _ = try printed("", params: ["flag": 1]) }?.message ==
                "\(file):2: param 'flag' expects true or false, got 1")
        // Non-finite numbers come from Lua (1/0), never from JSON; messages spell them out.
        #expect(scriptError { _ = try printed("", params: ["flag": .double(.infinity)]) }?.message ==
                "\(file):2: param 'flag' expects true or false, got inf")
        #expect(scriptError { _ = try printed("", params: ["columns": .double(.nan)]) }?.message ==
                "\(file):2: param 'columns' expects a finite number, got nan")
        #expect(try printed("print(p.title)", params: ["title": .double(-.infinity)]) == ["-inf"])
        #expect(scriptError { _ = try printed("", params: ["colums": 3]) }?.message ==
                "\(file):2: unknown param 'colums' (did you mean columns?); known params: columns, flag, gap, list, title")
    }

    @Test func aScriptsOwnSizeRule() throws {
        let lines = try printed("print(ctx:size(1, 10, 20)); print(ctx:size(2))",
                                extra: "size = function(item, pw, ph) return pw, (item.h or 0) * 2 end,")
        #expect(lines == ["10\t100", "300.0\t200"])
    }

    /// The script's size gets the item's Lua index as its fourth argument, as scripts.md says (it
    /// was nil); `:sized`'s function takes it second, as a provider's `size` does.
    @Test func aScriptsOwnSizeGetsTheIndex() throws {
        let lines = try printed("print(ctx:size(3, 10, 20)); print(ctx:size(1))",
                                extra: "size = function(item, pw, ph, i) return i, i * 10 end,")
        #expect(lines == ["3\t30", "1\t10"])
    }
}
