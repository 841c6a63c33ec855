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

    @Test func aBadFunctionResultNamesTheFunctionAndSection() throws {
        let error = scriptError { _ = try layout("t.split{ side = function() return 'middle' end }", "bad.lua") }
        #expect(error?.message.contains("t.split: the side function's result for section 1 must be \"left\" or \"right\", got \"middle\"") == true)
    }

    @Test func aHeaderTableSaysWhatIsWrongWithIt() {
        let misspelt = scriptError { _ = try layout("t.split{ header = { heigth = 20 } }", "misspelt.lua") }
        #expect(misspelt?.message == "\(folder.path)/misspelt.lua:2: t.split: split parameter 'header' expects a height or "
            + "{height = 44, pinned = true}, got an object with an unknown key \"heigth\" (did you mean height?)")
        let word = scriptError { _ = try layout("t.split{ footer = { height = 'tall' } }", "word.lua") }
        #expect(word?.message == "\(folder.path)/word.lua:2: t.split: split parameter 'footer'.height expects a finite number >= 0, got \"tall\"")
    }

    /// Refused when t.split reads the table, not when a section is laid out (never, for a
    /// dataset without sections).
    @Test func aNegativeNaNOrInfiniteHeaderHeightIsRefusedByTSplit() throws {
        let host = try LuaHost()
        func refusal(_ name: String, _ options: String) -> String? {
            scriptError { _ = try host.loadLayoutScript(path: folder.write(name, "return require('tessera').split{ \(options) }")) }?.message
        }
        for (height, shown) in [("-5", "-5"), ("0/0", "nan"), ("math.huge", "inf"), ("-math.huge", "-inf")] {
            #expect(refusal("bare.lua", "header = \(height)") == "\(folder.path)/bare.lua:1: t.split: split parameter 'header' expects "
                + "a finite height >= 0 or {height = 44, pinned = true}, got \(shown)")
            #expect(refusal("table.lua", "footer = { height = \(height) }")
                == "\(folder.path)/table.lua:1: t.split: split parameter 'footer'.height expects a finite number >= 0, got \(shown)")
        }
        let function = scriptError { _ = try layout("t.split{ header = function() return { height = 0/0 } end }", "function.lua") }
        #expect(function?.message == "t.split: the header function's result for section 1.height expects a finite number >= 0, got nan")
    }
}
