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
        return LayoutContext(dataset: dataset, viewport: Size(width: 30, height: 100), sizing: ItemSizing(rule: .intrinsic))
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
        #expect(r.allFrames == [Rect(x: 0, y: 12, width: 10, height: 10), Rect(x: 10, y: 12, width: 10, height: 10),
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
        #expect(unknown?.message.hasSuffix("t.sections: field 'header': unknown field 'hieght'; known fields: height, pinned, zIndex") == true, "\(String(describing: unknown))")
        let returned = scriptError { _ = try result("return require('tessera').sections{ default = require('tessera').flow{}, header = function() return 44 end }", "h2.lua") }
        #expect(returned?.message == "t.sections: the header function returned number for section 1; expected a table {height =, pinned =, zIndex =} or nil")
        let negative = scriptError { _ = try result("return require('tessera').sections{ default = require('tessera').flow{}, header = { height = -1 } }", "h3.lua") }
        #expect(negative?.message.hasSuffix("t.sections: field 'header': field 'height' must be a finite, non-negative number, got -1") == true, "\(String(describing: negative))")
    }
}
