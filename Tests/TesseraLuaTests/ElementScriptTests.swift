import Testing
import TesseraCore
@testable import TesseraLua

/// Scripts produce elements: t.sections headers and footers, ctx.supplementary and
/// ctx.decoration, with exact frames.
@Suite struct ElementScriptTests {
    let folder = ScriptFolder()

    /// Two sections of 10x10 items (2 and 3 items) in a 30-wide container.
    var sectioned: LayoutContext {
        let items = (0..<5).map { Item(id: .int($0), fields: ["w": .int(10), "h": .int(10)]) }
        let dataset = Dataset(items: items, sections: [.init(id: .string("a"), fields: ["title": "A"], range: 0..<2),
                                                       .init(id: .string("b"), range: 2..<5)])
        return LayoutContext(dataset: dataset, collectionSize: Size(width: 30, height: 100), sizing: ItemSizing(rule: .intrinsic))
    }

    func result(_ source: String, _ name: String = "layout.lua", context: LayoutContext? = nil) throws -> any LayoutResult {
        let host = try LuaHost()
        return try host.loadLayoutScript(path: folder.write(name, source)).configured().layout(context ?? sectioned)
    }

    @Test func sectionsGiveHeadersAndFooters() throws {
        let r = try result("""
        local t = require('tessera')
        return t.sections{
          spacing = 4,
          sections = { t.waterfall{ columns = 3 }, t.waterfall{ columns = 3 } },
          header = { height = 12, pinned = true },
          footer = function(i, section) if section.title then return { height = 6, zIndex = 3 } end end,
        }
        """)
        #expect(try r.allFrames == [Rect(x: 0, y: 12, width: 10, height: 10), Rect(x: 10, y: 12, width: 10, height: 10),
                                Rect(x: 0, y: 44, width: 10, height: 10), Rect(x: 10, y: 44, width: 10, height: 10),
                                Rect(x: 20, y: 44, width: 10, height: 10)])
        #expect(r.elements == [
            .supplementary("header", section: 0, frame: Rect(x: 0, y: 0, width: 30, height: 12), pinned: true),
            .supplementary("footer", section: 0, frame: Rect(x: 0, y: 22, width: 30, height: 6), zIndex: 3),
            .supplementary("header", section: 1, frame: Rect(x: 0, y: 32, width: 30, height: 12), pinned: true),
        ])
    }

    @Test func badHeadersAreClearErrors() throws {
        let unknown = scriptError { _ = try result("return require('tessera').sections{ default = require('tessera').flow{}, header = { hieght = 3 } }", "h1.lua") }
        #expect(unknown?.message.hasSuffix("t.sections: field 'header': field 'hieght' is unknown (did you mean height?); known fields: height, pinned, zIndex") == true, "\(String(describing: unknown))")
        let returned = scriptError { _ = try result("return require('tessera').sections{ default = require('tessera').flow{}, header = function() return 44 end }", "h2.lua") }
        #expect(returned?.message == "\(folder.path)/h2.lua:1: t.sections: the header function's result for section 1 must be a table {height =, pinned =, zIndex =} or nil, got number")
        // A function's result is checked after it returned: the error names the function's line.
        let table = scriptError { _ = try result("local t = require('tessera')\nreturn t.sections{ default = t.flow{},\n  footer = function()\n    return { height = 2, zIndex = 'top' }\n  end }", "h4.lua") }
        #expect(table?.message == "\(folder.path)/h4.lua:3: t.sections: the footer of section 1: field 'zIndex' must be an integer, got string")
        let negative = scriptError { _ = try result("return require('tessera').sections{ default = require('tessera').flow{}, header = { height = -1 } }", "h3.lua") }
        #expect(negative?.message.hasSuffix("t.sections: field 'header': field 'height' must be a finite, non-negative number, got -1") == true, "\(String(describing: negative))")
    }

    // ElementOutputTests (the CLI's test target) runs the same list without the badge; targets share no code.
    /// A list with a header and a background per section, as docs/scripts.md shows it.
    static let headerAndBackground = """
    return {
      simpleLayout = function(ctx)
        local y = 0
        for s, section in ipairs(ctx.sections) do
          local top = y
          ctx.supplementary("header", s, 0, y, ctx.width, 20, { pinned = true })
          y = y + 20
          for i = section.first, section.first + section.count - 1 do
            ctx.set(i, 0, y, ctx.width, 10)
            y = y + 10
          end
          ctx.decoration("background", s, 0, top, ctx.width, y - top, { zIndex = -1 })
        end
        ctx.supplementary("badge", 2, 25, 50, 5, 5, { item = 4, zIndex = 2 })
      end,
      layout = function(ctx) return ctx.width, 100 end,   -- room below the last section
    }
    """

    @Test func ctxEmitsSupplementariesAndDecorations() throws {
        let r = try result(Self.headerAndBackground)
        #expect(try r.allFrames == [Rect(x: 0, y: 20, width: 30, height: 10), Rect(x: 0, y: 30, width: 30, height: 10),
                                Rect(x: 0, y: 60, width: 30, height: 10), Rect(x: 0, y: 70, width: 30, height: 10),
                                Rect(x: 0, y: 80, width: 30, height: 10)])
        #expect(r.elements == [
            .supplementary("header", section: 0, frame: Rect(x: 0, y: 0, width: 30, height: 20), pinned: true),
            .decoration("background", section: 0, frame: Rect(x: 0, y: 0, width: 30, height: 40), zIndex: -1),
            .supplementary("header", section: 1, frame: Rect(x: 0, y: 40, width: 30, height: 20), pinned: true),
            .decoration("background", section: 1, frame: Rect(x: 0, y: 40, width: 30, height: 50), zIndex: -1),
            .supplementary("badge", section: 1, index: 3, frame: Rect(x: 25, y: 50, width: 5, height: 5), zIndex: 2),
        ])
        // layout() next to simpleLayout gives the content size (the bounding box would be 90).
        #expect(r.contentSize == Size(width: 30, height: 100))
        // Scrolled to 30: section 1's header is pushed up by its background's end (40).
        let shown = try r.elements(in: Rect(x: 0, y: 30, width: 30, height: 20), scroll: ScrollState(contentOffset: Point(x: 0, y: 30)))
        #expect(shown == [
            .decoration("background", section: 0, frame: Rect(x: 0, y: 0, width: 30, height: 40), zIndex: -1),
            .decoration("background", section: 1, frame: Rect(x: 0, y: 40, width: 30, height: 50), zIndex: -1),
            .item(1, section: 0, frame: Rect(x: 0, y: 30, width: 30, height: 10)),
            .supplementary("header", section: 0, frame: Rect(x: 0, y: 20, width: 30, height: 20), pinned: true),
            .supplementary("header", section: 1, frame: Rect(x: 0, y: 40, width: 30, height: 20), pinned: true),
        ])
    }

    @Test func badElementsAreClearErrors() throws {
        func message(_ call: String, _ k: Int) -> String? {
            scriptError { _ = try result("return { simpleLayout = function(ctx)\n  \(call)\nend }", "bad\(k).lua") }?.message
        }
        let dir = folder.path
        #expect(message("ctx.supplementary('header', 3, 0, 0, 1, 1)", 1) == "\(dir)/bad1.lua:2: ctx.supplementary: argument #2 (section) must be a section index in 1..2, got 3")
        #expect(message("ctx.decoration('bg', 1, 0, 0, -1, 1)", 2) == "\(dir)/bad2.lua:2: ctx.decoration: argument #5 (w) must be a finite, non-negative number, got -1")
        #expect(message("ctx.decoration('bg', 1, 0, 0, 1, 1, { pinned = true })", 3)?.hasPrefix("\(dir)/bad3.lua:2: ctx.decoration: argument #7 (options) has an unknown field 'pinned'") == true)
        #expect(message("ctx.supplementary('badge', 1, 0, 0, 1, 1, { item = 3 })", 4) == "\(dir)/bad4.lua:2: ctx.supplementary: field 'item' must be the index of an item of section 1 in 1..2, got 3")
        #expect(message("ctx.supplementary('badge', 1, 0, 0, 1, 1, { item = 0 })", 5) == "\(dir)/bad5.lua:2: ctx.supplementary: field 'item' must be the index of an item of section 1 in 1..2, got 0")
        #expect(message("ctx.supplementary('badge', 1, 0, 0, 1, 1, { item = math.mininteger })", 6) == "\(dir)/bad6.lua:2: ctx.supplementary: field 'item' must be the index of an item of section 1 in 1..2, got -9223372036854775808")
        #expect(message("ctx.supplementary('badge', 1, 0, 0, 1, 1, { item = math.maxinteger })", 7) == "\(dir)/bad7.lua:2: ctx.supplementary: field 'item' must be the index of an item of section 1 in 1..2, got 9223372036854775807")
        #expect(message("ctx.supplementary('badge', 1, 0, 0, 1, 1, { item = 1.5 })", 8) == "\(dir)/bad8.lua:2: ctx.supplementary: field 'item' must be the index of an item of section 1, got 1.5")
        #expect(message("ctx.supplementary('badge', 1, 0, 0, 1, 1, { item = '1' })", 9) == "\(dir)/bad9.lua:2: ctx.supplementary: field 'item' must be the index of an item of section 1, got string")
        #expect(try result("return { simpleLayout = function(ctx)\n  for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end\n  ctx.supplementary('badge', 1, 0, 0, 1, 1, { item = 2.0 })\nend }", "float.lua").supplementaries.map(\.index) == [1])
    }

    @Test func stickyPredicateGetsTheItem() throws {
        let items = (0..<4).map { Item(id: .int($0), fields: ["h": .int(10), "kind": .string($0 % 2 == 0 ? "header" : "card")]) }
        let ctx = LayoutContext(dataset: Dataset(items: items), collectionSize: Size(width: 30, height: 100), sizing: ItemSizing(rule: .intrinsic))
        let r = try result("""
        local t = require('tessera')
        return t.waterfall{ columns = 1 }:sticky(function(i, item) return item.kind == "header" end)
        """, "sticky.lua", context: ctx)
        #expect(r.supplementaries.map(\.index) == [0, 2])
    }
}
