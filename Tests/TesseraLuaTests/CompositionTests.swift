import OrderedCollections
import Testing
import TesseraCore
@testable import TesseraLua

/// Issue 3 point 3: the tessera module gives the built-ins' frames, and composition works both
/// ways (native decorators around scripts, scripts arranging native layouts).
@Suite struct CompositionTests {
    let folder = ScriptFolder()
    let sizes: [Size] = (0..<17).map { (i: Int) -> Size in
        let w: Int = 30 + (i * 13) % 50
        let h: Int = 20 + (i * 29) % 60
        return Size(width: Double(w), height: Double(h))
    }
    var context: LayoutContext { sizedContext(sizes, viewport: Size(width: 200, height: 300)) }

    func frames(of source: String, _ name: String = "layout.lua", context: LayoutContext? = nil) throws -> [Rect] {
        let host = try LuaHost()
        let path = folder.write(name, source)
        return try host.loadLayoutScript(path: path).configured().layout(context ?? self.context).allFrames
    }

    func native(_ layout: any Layout, context: LayoutContext? = nil) throws -> [Rect] {
        try layout.layout(context ?? self.context).allFrames
    }

    @Test func builtinsMatchTheRegistry() throws {
        let cases: [(String, String, OrderedDictionary<String, JSONValue>)] = [
            ("t.flow{ spacing = 4, justifyContent = 'center', alignItems = 'end' }", "flow",
             ["alignItems": "end", "justifyContent": "center", "spacing": 4]),
            ("t.row{ spacing = 2, fill = { 3, 5 } }", "row", ["fill": [3, 5], "spacing": 2]),
            ("t.waterfall{ columns = 3, spacing = 4.5 }", "waterfall", ["columns": 3, "spacing": 4.5]),
            ("t.overlay{}", "overlay", [:]),
        ]
        for (k, (expression, name, params)) in cases.enumerated() {
            let scripted = try frames(of: "local t = require('tessera')\nreturn \(expression)", "builtin\(k).lua")
            #expect(scripted == (try native(BuiltinLayouts.make(name: name, params: params))), "\(expression)")
        }
    }

    @Test func decoratorsMatchTheNativeTypes() throws {
        let waterfall = WaterfallLayout(columns: 2, spacing: 3)
        let cases: [(String, any Layout)] = [
            ("t.inset(w, 8)", InsetLayout(waterfall, insets: EdgeInsets(all: 8))),
            ("t.inset(w, { top = 1, left = 2, bottom = 3, right = 4 })",
             InsetLayout(waterfall, insets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))),
            ("t.transpose(w)", TransposeLayout(waterfall)),
            ("w:inset(4):transposed()", TransposeLayout(InsetLayout(waterfall, insets: EdgeInsets(all: 4)))),
            ("t.sticky(w)", PinnedLayout(waterfall)),
            ("w:sticky(function(i) return i % 3 == 1 end)", PinnedLayout(waterfall, isPinned: { $0 % 3 == 0 })),
            ("t.visibleFrameInset(w, -50)", VisibleFrameInsetLayout(waterfall, insets: EdgeInsets(all: -50))),
        ]
        for (k, (expression, layout)) in cases.enumerated() {
            let source = "local t = require('tessera')\nlocal w = t.waterfall{ columns = 2, spacing = 3 }\nreturn \(expression)"
            let host = try LuaHost()
            let result = try host.loadLayoutScript(path: folder.write("decorated\(k).lua", source)).configured().layout(context)
            let expected = try layout.layout(context)
            #expect(try result.allFrames == expected.allFrames, "\(expression)")
            #expect(result.contentSize == expected.contentSize, "\(expression)")
            let viewport = Rect(x: 0, y: 40, width: 200, height: 100)
            #expect(try result.visible(in: viewport) == expected.visible(in: viewport), "\(expression)")
            let drawn = try (0..<result.count).map { try result.frame(at: $0, viewport: viewport) }
            #expect(try drawn == (0..<expected.count).map { try expected.frame(at: $0, viewport: viewport) }, "\(expression)")
        }
    }

    @Test func nativeDecoratorAroundAScript() throws {
        let host = try LuaHost()
        let script = try host.loadLayoutScript(path: folder.write("waterfall.lua", specWaterfall))
        let scripted = try script.configured(["columns": 3, "spacing": 2])
        let wrapped = try TransposeLayout(InsetLayout(scripted, insets: EdgeInsets(all: 5))).layout(context)
        let reference = try TransposeLayout(InsetLayout(WaterfallLayout(columns: 3, spacing: 2),
                                                        insets: EdgeInsets(all: 5))).layout(context)
        #expect(try wrapped.allFrames == reference.allFrames)
        #expect(wrapped.contentSize == reference.contentSize)
    }

    @Test func decoratorsAroundARequiredScript() throws {
        folder.write("columns.lua", specWaterfall)
        let scripted = try frames(of: "local t = require('tessera')\nreturn t.inset(require('columns'), 8)")
        #expect(scripted == (try native(InsetLayout(WaterfallLayout(columns: 2, spacing: 8), insets: EdgeInsets(all: 8)))))
    }

    /// A script's table is a layout, so a required one has the layout methods.
    @Test func aRequiredScriptHasTheLayoutMethods() throws {
        folder.write("columns.lua", specWaterfall)
        let cases: [(String, String)] = [
            ("require('columns'):inset(8)", "t.inset(require('columns'), 8)"),
            ("require('columns'):inset({ top = 1, left = 2, bottom = 3, right = 4 })",
             "t.inset(require('columns'), { top = 1, left = 2, bottom = 3, right = 4 })"),
            ("require('columns'):transposed()", "t.transpose(require('columns'))"),
            ("require('columns'):sticky(function(i) return i % 3 == 1 end)",
             "t.sticky(require('columns'), function(i) return i % 3 == 1 end)"),
            ("require('columns'):sticky()", "t.sticky(require('columns'))"),
            ("require('columns'):inset(4):transposed()", "t.transpose(t.inset(require('columns'), 4))"),
        ]
        for (k, (method, function)) in cases.enumerated() {
            let a = try frames(of: "local t = require('tessera')\nreturn \(method)", "method\(k).lua")
            let b = try frames(of: "local t = require('tessera')\nreturn \(function)", "function\(k).lua")
            #expect(a == b, "\(method)")
            #expect(!a.isEmpty)
        }
        #expect(try frames(of: "return require('columns'):inset(8)", "plain.lua") ==
                (try native(InsetLayout(WaterfallLayout(columns: 2, spacing: 8), insets: EdgeInsets(all: 8)))))
    }

    /// The table a script returns gets the methods once the host has seen it as a layout.
    @Test func aReturnedScriptTableHasTheLayoutMethods() throws {
        let host = try LuaHost()
        let env = try host.newEnvironment(directory: folder.path)
        let table = try host.evaluate("M = { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 10, ctx.width, 10) end end }\nreturn M",
                                      environment: env)[0]
        #expect(try host.evaluate("return M.inset", environment: env) == [.nil])
        let plain = try host.layout(from: table).layout(context)
        let inset = try host.evaluate("return M:inset(8)", environment: env)[0]
        let reference = try host.evaluate("return require('tessera').inset(M, 8)", environment: env)[0]
        #expect(try host.layout(from: inset).layout(context).allFrames == (try host.layout(from: reference).layout(context).allFrames))
        #expect(try host.layout(from: inset).layout(context).allFrames ==
                plain.allFrames.map { Rect(x: $0.x + 8, y: $0.y + 8, width: $0.width - 16, height: $0.height) })
    }

    /// A script's own metatable and its own fields are left alone; a module that is not a
    /// layout gets no methods.
    @Test func ownMetatablesAndFieldsWin() throws {
        let body = "simpleLayout = function(ctx) end"
        folder.write("own.lua", "return setmetatable({ \(body) }, { __index = { inset = function(self, n) return 'mine' .. n end } })")
        folder.write("field.lua", "return { \(body), inset = function(self, n) return 'field' .. n end }")
        folder.write("util.lua", "return { double = function(x) return 2 * x end }")
        let host = try LuaHost()
        let env = try host.newEnvironment(directory: folder.path)
        #expect(try host.evaluate("return require('own'):inset(8), require('own').transposed", environment: env) ==
                [.string("mine8"), .nil])
        let values = try host.evaluate("local f = require('field')\nreturn f:inset(8), type(f:transposed())", environment: env)
        #expect(values == [.string("field8"), .string("userdata")])
        #expect(try host.evaluate("return require('util').inset, require('util').double(2)", environment: env) ==
                [.nil, .integer(4)])
        // the script's own metatable also survives being used as a layout by the host
        #expect(try host.evaluate("local o = require('own')\nrequire('tessera').inset(o, 1)\nreturn o:inset(2)", environment: env) ==
                [.string("mine2")])
    }

    @Test func aScriptArrangesNativeLayoutsPerSection() throws {
        let items = (0..<9).map { Item(id: .int($0), fields: ["w": .int(40 + $0), "h": .int(30 + 2 * $0)]) }
        let dataset = Dataset(items: items, sections: [
            .init(id: .string("photos"), range: 0..<4), .init(id: .string("people"), range: 4..<6),
            .init(id: .string("places"), range: 6..<9),
        ])
        let ctx = LayoutContext(dataset: dataset, collectionSize: Size(width: 200, height: 300))
        folder.write("columns.lua", specWaterfall)
        let byFunction = try frames(of: """
        local t = require('tessera')
        local columns = require('columns')
        return t.sections{
          spacing = 10,
          sections = function(index, section)
            if section.id == "photos" then return t.waterfall{ columns = 3 } end
            if index == 2 then return t.flow{ spacing = 2 } end
            return columns
          end,
        }
        """, "byfunction.lua", context: ctx)
        let byID = try frames(of: """
        local t = require('tessera')
        return t.sections{ spacing = 10, default = require('columns'),
                           sections = { photos = t.waterfall{ columns = 3 }, people = t.flow{ spacing = 2 } } }
        """, "byid.lua", context: ctx)
        let reference = try native(SectionsLayout(spacing: 10) { index, _ in
            switch index {
            case 0: return WaterfallLayout(columns: 3)
            case 1: return try BuiltinLayouts.make(name: "flow", params: ["spacing": 2])
            default: return WaterfallLayout(columns: 2, spacing: 8)
            }
        }, context: ctx)
        #expect(byFunction == reference)
        #expect(byID == reference)
    }

    /// The table t.sections gives its function has the shape of a `ctx.sections` entry.
    @Test func sectionTablesMatchContextSections() throws {
        let items = (0..<9).map { Item(id: .int($0), fields: ["w": .int(40 + $0), "h": .int(30)]) }
        let dataset = Dataset(items: items, sections: [
            .init(id: .string("photos"), fields: ["title": "Photos"], range: 0..<4),
            .init(id: .int(2), range: 4..<6),
            .init(id: .string("places"), fields: ["title": "Places", "first": "ignored"], range: 6..<9),
        ])
        let ctx = LayoutContext(dataset: dataset, collectionSize: Size(width: 200, height: 300))
        let host = try LuaHost()
        let env = try host.newEnvironment(directory: folder.path)
        let values = try host.evaluate("""
        local t = require('tessera')
        local function show(s)
          local keys = {}
          for k in pairs(s) do keys[#keys + 1] = k end
          table.sort(keys)
          for k, key in ipairs(keys) do keys[k] = key .. '=' .. tostring(s[key]) end
          return table.concat(keys, ' ')
        end
        local fromSections, fromContext = {}, {}
        S = t.sections{ sections = function(i, s) fromSections[i] = show(s); return t.flow{} end }
        C = { simpleLayout = function(ctx)
          for i, s in ipairs(ctx.sections) do fromContext[i] = show(s) end
          for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end
        end }
        function shown() return table.concat(fromSections, '; '), table.concat(fromContext, '; ') end
        return S, C
        """, environment: env)
        _ = try host.layout(from: values[0]).layout(ctx)
        _ = try host.layout(from: values[1]).layout(ctx)
        let shown = try host.evaluate("return shown()", environment: env)
        let expected = "count=4 first=1 id=photos title=Photos; count=2 first=5 id=2; count=3 first=7 id=places title=Places"
        #expect(shown == [.string(expected), .string(expected)])
    }

    /// A t.sections function gets the pass's environment third, the table a compositional
    /// section provider gets: the container, that less the safe area across, and the reading
    /// direction ("rtl" under a mirror, as `--rtl` lays out).
    @Test func sectionFunctionsGetTheEnvironment() throws {
        let host = try LuaHost()
        let env = try host.newEnvironment(directory: folder.path)
        let values = try host.evaluate("""
        local t = require('tessera')
        seen = {}
        return t.sections{ sections = function(i, s, env)
          local written = pcall(function() env.width = 1 end)
          seen[#seen + 1] = string.format('%d %s %g %g %g %g %s %s', i, s.id, env.width, env.height,
                                          env.effectiveWidth, env.effectiveHeight, env.layoutDirection, written)
          return t.flow{}
        end }
        """, environment: env)
        let layout = try host.layout(from: values[0])
        var ctx = context
        ctx.guides = ViewportGuides(safeArea: EdgeInsets(top: 20, left: 10, bottom: 30, right: 5))
        _ = try layout.layout(ctx)
        _ = try MirroredLayout(layout).layout(ctx.with(collectionSize: Size(width: 1, height: 1)))
        _ = try layout.inset(EdgeInsets(all: 4)).layout(context)
        let shown = try host.evaluate("return table.concat(seen, '; ')", environment: env)
        #expect(shown == [.string("1 0 200 300 185 300 ltr false; 1 0 1 1 0 1 rtl false; 1 0 192 292 192 292 ltr false")])
    }

    @Test func closureLayout() throws {
        let scripted = try frames(of: """
        local t = require('tessera')
        return t.closure(function(i, ctx) return 0, (i - 1) * 20, ctx.width, 20 end)
        """)
        #expect(scripted == (0..<sizes.count).map { Rect(x: 0, y: Double($0) * 20, width: 200, height: 20) })
    }

    // A table of calls and exact messages, as every message test here has.
    @Test func moduleErrorsNameTheCaller() throws {
        let cases = [
            ("t.waterfall{ colums = 3 }", "t.waterfall: argument #1 (params) has an unknown field 'colums' (did you mean columns?); known fields: columns, spacing"),
            ("t.inset(5, 8)", "t.inset: argument #1 (layout) must be a layout (a t.* value or a script table with simpleLayout), got number"),
            ("t.inset(t.overlay{}, 'x')", "t.inset: argument #2 (insets) must be a number or a table {top=, left=, bottom=, right=}, got string"),
            ("t.sections{ sectoins = {} }", "t.sections: argument #1 (options) has an unknown field 'sectoins' (did you mean sections?); known fields: default, footer, header, layout, sections, spacing"),
            ("t.sections{ spacing = -1, default = t.flow{} }", "t.sections: field 'spacing' must be a finite, non-negative number, got -1"),
            ("t.distribute('center', 'x', 1, 1, 1)", "t.distribute: argument #2 (length) must be a finite number, got string"),
            ("t.distribute('center', 0/0, 1, 1, 1)", "t.distribute: argument #2 (length) must be a finite number, got nan"),
            ("t.distribute('centre', 1, 1, 1, 1)", "t.distribute: argument #1 (mode) must be one of start, center, end, spaceBetween, spaceAround, spaceEvenly, stretch, got 'centre' (did you mean center?)"),
            ("t.distribute('center', 1, 1, 1, 1, 5)", "t.distribute: argument #6 (rule) must be one of collectionKit, css, got number"),
            ("t.flow{}:inset('x')", "layout:inset: argument #1 (insets) must be a number or a table {top=, left=, bottom=, right=}, got string"),
            ("t.flow{}:inset({ top = 0.1 + 0.2, leftt = 1 })", "layout:inset: argument #1 (insets) has an unknown field 'leftt' (did you mean left?); known fields: bottom, left, right, top"),
            ("t.closure(3)", "t.closure: argument #1 (frame) must be a function(i, ctx) returning x, y, w, h, got number"),
            // A script's long name or text is cut as every message cuts one, not echoed whole.
            ("t.waterfall{ [string.rep('c', 100000)] = 3 }", "t.waterfall: argument #1 (params) has an unknown field '\(String(repeating: "c", count: 64))… (100,000 characters)'; known fields: columns, spacing"),
            ("t.distribute(string.rep('x', 100000), 1, 1, 1, 1)", "t.distribute: argument #1 (mode) must be one of start, center, end, spaceBetween, spaceAround, spaceEvenly, stretch, got '\(String(repeating: "x", count: 64))… (100,000 characters)'"),
        ]
        for (k, (expression, message)) in cases.enumerated() {
            let e = scriptError { _ = try frames(of: "local t = require('tessera')\nreturn \(expression)", "bad\(k).lua") }
            #expect(e?.message == "\(folder.path)/bad\(k).lua:2: \(message)")
        }
        let e = scriptError { _ = try frames(of: "local t = require('tessera')\nt.flow = nil\nreturn t.flow{}", "ro.lua") }
        #expect(e?.message == "\(folder.path)/ro.lua:2: attempt to modify a read-only table (key 'flow')")
    }

    @Test func helpersMatchLayoutHelper() throws {
        let host = try LuaHost()
        let env = try host.newEnvironment()
        let values = try host.evaluate("""
        local t = require('tessera')
        local o, s, st = t.distribute('spaceBetween', 100, 40, 5, 3)
        local c, e = t.distribute('center', 100, 40, 5, 3, 'css')
        local start, length = t.align('center', 10, 0, 30)
        local frames = t.align('end', { {10, 5}, { w = 20, h = 10 } }, 2, 4, 0, 30)
        return o, s, st, c, start, length, frames[2][1], frames[2][2], #frames
        """, environment: env)
        let between = LayoutHelper.distribute(AlignContent.spaceBetween, length: 100, total: 40, spacing: 5, count: 3)
        let centered = LayoutHelper.distribute(AlignContent.center, length: 100, total: 40, spacing: 5, count: 3, rule: .css)
        let aligned = LayoutHelper.align(.end, sizes: [Size(width: 10, height: 5), Size(width: 20, height: 10)], x: 2, spacing: 4,
                            lineStart: 0, lineLength: 30)
        #expect(values == [.number(between.offset), .number(between.spacing), .number(between.stretch),
                           .number(centered.offset), .number(10), .number(10),
                           .number(aligned[1].x), .number(aligned[1].y), .integer(2)])
    }
}
