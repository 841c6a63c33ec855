import Testing
import TesseraCore
@testable import TesseraLua

/// t.split{}: plain values go through the built-in's parameters; side, sections, header, footer
/// and leftSideRatio may be Lua functions.
@Suite struct SplitModuleTests {
    let folder = ScriptFolder()

    /// Three sections ("a": 2 items, "b": 1, "c": 1) of 10×10 items.
    func context(width: Double) -> LayoutContext {
        let dataset = Dataset(items: (0..<4).map { Item(id: .int($0), fields: ["w": 10, "h": 10]) },
                              sections: [.init(id: .string("a"), range: 0..<2), .init(id: .string("b"), range: 2..<3),
                                         .init(id: .string("c"), range: 3..<4)])
        return LayoutContext(dataset: dataset, collectionSize: Size(width: width, height: 100))
    }

    func layout(_ source: String, _ name: String, width: Double = 200) throws -> any LayoutResult {
        let host = try LuaHost()
        let path = folder.write(name, "local t = require('tessera')\nreturn " + source)
        return try host.loadLayoutScript(path: path).configured().layout(context(width: width))
    }

    @Test func tablesGiveTheSameFramesAsTheBuiltin() throws {
        let result = try layout("t.split{ leftSideRatio = 0.4, splitSpacing = 10, side = { 'left', 'right', 'right' } }", "table.lua", width: 110)
        #expect(try result.allFrames == [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 0, width: 10, height: 10),
                                     Rect(x: 50, y: 0, width: 10, height: 10), Rect(x: 50, y: 10, width: 10, height: 10)])
    }

    @Test func functionsChooseSidesOverridesHeadersAndTheRatio() throws {
        let source = """
        t.split{
          leftSideRatio = function(width) return width < 300 and 1 or 0.5 end,
          side = function(index, section) return section.id == 'a' and 'left' or 'right' end,
          sections = function(index, section) if index == 3 then return { sectionInset = 5 } end end,
          header = function(index, section) return { height = 20 * index, pinned = index == 1 } end,
        }
        """
        let wide = try layout(source, "wide.lua", width: 400)
        #expect(try wide.allFrames.map(\.origin) == [Point(x: 0, y: 20), Point(x: 10, y: 20), Point(x: 200, y: 40), Point(x: 205, y: 115)])
        #expect(wide.elements.filter { $0.kind == "header" }.map(\.pinned) == [true, false, false])
        // Narrow: one column, the right-hand sections flow into it.
        let narrow = try layout(source, "narrow.lua", width: 200)
        #expect(try narrow.allFrames.map(\.x) == [0, 10, 0, 5])
    }

    /// Checked after the function returned, at layout time: the error names the line that
    /// defines the function (not the line of t.split{), as a script's own error would.
    @Test func aBadFunctionResultNamesTheFunctionsLineAndSection() throws {
        func message(_ name: String, _ fields: String, width: Double = 200) -> String? {
            scriptError { _ = try layout("t.split{\n  splitSpacing = 4,\n" + fields + "\n}", name, width: width) }?.message
        }
        #expect(message("side.lua", "  side = function() return 'middle' end,") ==
                "\(folder.path)/side.lua:4: t.split: the side function's result for section 1 must be \"left\" or \"right\", got \"middle\"")
        #expect(message("header.lua", "  leftSideRatio = 0.5,\n  header = function(index)\n    return { height = 10, pinned = 'yes' }\n  end,") ==
                "\(folder.path)/header.lua:5: t.split: the header function's result for section 1.pinned expects true or false, got \"yes\"")
        #expect(message("footer.lua", "  footer = function() return true end,") ==
                "\(folder.path)/footer.lua:4: t.split: the footer function's result for section 1 expects a height or {height = 44, pinned = true}, got true")
        #expect(message("sections.lua", "  sections = function() return { sectionInset = 'wide' } end,") ==
                "\(folder.path)/sections.lua:4: t.split: the sections function's result for section 1: split param 'sectionInset' "
                + "expects a finite number or {top=, left=, bottom=, right=}, got a string")
        #expect(message("ratio.lua", "  leftSideRatio = function(width) return 'half' end,", width: 300) ==
                "\(folder.path)/ratio.lua:4: t.split: the leftSideRatio function's result for viewport width 300 must be a number from 0 to 1, got string")
        #expect(message("wide.lua", "  leftSideRatio = function(width)\n    return width / 100\n  end,", width: 300) ==
                "\(folder.path)/wide.lua:4: t.split: the leftSideRatio function's result for viewport width 300 must be a number from 0 to 1, got 3")
    }

    /// Laid out from Lua (an engine's layout()), the same error is raised as it is: the
    /// function's line, once, not the calling line in front of it.
    @Test func aBadFunctionResultLaidOutFromLuaNamesTheFunctionsLineOnce() throws {
        let out = try evaluate("""
        local t = require('tessera')
        local split = t.split{
          header = function() return { height = -1 } end,
        }
        local e = t.engine{ provider = t.provider{ data = { 1 }, size = { 10, 10 }, layout = split }, viewport = { 100, 100 } }
        local ok, message = pcall(function() e:layout() end)
        return message
        """, chunkName: "=engine")
        #expect(out == [.string("engine:3: t.split: the header function's result for section 1.height expects a finite number >= 0, got -1")])
    }

    @Test func aHeaderTableSaysWhatIsWrongWithIt() {
        let misspelt = scriptError { _ = try layout("t.split{ header = { heigth = 20 } }", "misspelt.lua") }
        #expect(misspelt?.message == "\(folder.path)/misspelt.lua:2: t.split: split param 'header' expects a height or "
            + "{height = 44, pinned = true}, got an object with an unknown key \"heigth\" (did you mean height?)")
        let word = scriptError { _ = try layout("t.split{ footer = { height = 'tall' } }", "word.lua") }
        #expect(word?.message == "\(folder.path)/word.lua:2: t.split: split param 'footer'.height expects a finite number >= 0, got \"tall\"")
    }

    /// Refused when t.split reads the table, not when a section is laid out (never, for a
    /// dataset without sections).
    @Test func aNegativeNaNOrInfiniteHeaderHeightIsRefusedByTSplit() throws {
        let host = try LuaHost()
        func refusal(_ name: String, _ options: String) -> String? {
            scriptError { _ = try host.loadLayoutScript(path: folder.write(name, "return require('tessera').split{ \(options) }")) }?.message
        }
        for (height, shown) in [("-5", "-5"), ("0/0", "nan"), ("math.huge", "inf"), ("-math.huge", "-inf")] {
            #expect(refusal("bare.lua", "header = \(height)") == "\(folder.path)/bare.lua:1: t.split: split param 'header' expects "
                + "a finite height >= 0 or {height = 44, pinned = true}, got \(shown)")
            #expect(refusal("table.lua", "footer = { height = \(height) }")
                == "\(folder.path)/table.lua:1: t.split: split param 'footer'.height expects a finite number >= 0, got \(shown)")
        }
        let function = scriptError { _ = try layout("t.split{ header = function() return { height = 0/0 } end }", "function.lua") }
        #expect(function?.message == "\(folder.path)/function.lua:2: t.split: the header function's result for section 1.height expects a finite number >= 0, got nan")
    }
}
