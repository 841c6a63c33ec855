import OrderedCollections
import Testing
import TesseraCore
@testable import TesseraLua

/// A script that composes `t.*` layouts takes params through `build(params)`.
@Suite struct BuildHookTests {
    let folder = ScriptFolder()
    let context = LayoutContext(dataset: Dataset.synthetic(count: 5) { _ in Size(width: 10, height: 10) },
                                collectionSize: Size(width: 100, height: 400))

    func load(_ build: String) throws -> LayoutScript {
        try LuaHost().loadLayoutScript(path: folder.write("built.lua", """
        local t = require("tessera")
        return {
          params = { columns = 2, spacing = 0 },
          build = function(p)
            \(build)
          end,
        }
        """))
    }

    @Test func buildGetsTheResolvedParamsOnEveryPass() throws {
        let script = try load("return t.waterfall{ columns = p.columns, spacing = p.spacing }")
        #expect(script.defaultParams == ["columns": 2, "spacing": 0])
        #expect(try script.configured().layout(context).frame(at: 1) == Rect(x: 50, y: 0, width: 50, height: 10))
        let three = try script.configured(["columns": 3, "spacing": 5]).layout(context)
        #expect(try three.frame(at: 2) == Rect(x: 70, y: 0, width: 30, height: 10))
    }

    @Test func badParamsAndBadResultsAreOneSentenceErrors() throws {
        let script = try load("if p.columns > 9 then error('at most 9 columns') end return p.columns")
        let file = "\(folder.path)/built.lua"
        #expect(scriptError { _ = try script.configured(["colums": 3]) }?.message ==
                "\(file):3: unknown param 'colums' (did you mean columns?); known params: columns, spacing")
        // A parameter error is placed at the script's params table.
        let param = scriptError { _ = try script.configured(["colums": 3]) }
        #expect(param?.file == file && param?.line == 3)
        let runtime = scriptError { _ = try script.configured(["columns": 10]).layout(context) }
        #expect(runtime?.file == file && runtime?.line == 5)
        let umbrella: (any TesseraError)? = runtime
        #expect(umbrella?.scriptError?.line == 5 && umbrella?.layoutError == nil)
        #expect(scriptError { _ = try script.configured().layout(context) }?.message ==
                "\(file):4: build must return a layout built with the tessera module (t.waterfall{...}), got number")
        #expect(scriptError { _ = try script.configured(["columns": 10]).layout(context) }?.message ==
                "\(file):5: at most 9 columns")
    }

    /// A `build` that makes its layout but leaves out the `return` is told so, not only "got nil".
    @Test func aBuildWithoutReturnIsToldToReturnItsLayout() throws {
        let script = try load("t.waterfall{ columns = p.columns }")
        #expect(scriptError { _ = try script.configured().layout(context) }?.message ==
                "\(folder.path)/built.lua:4: build must return a layout built with the tessera module (t.waterfall{...}), got nil (build returns nothing: return the layout it makes)")
    }

    /// The script's `size(item, pw, ph, i)` sizes what `build` returns, as it answers `ctx:size`
    /// in the other forms (it was ignored: every item kept the sizing rule's 50 x 10), and its
    /// wrong answers stop the script at the function's line (line 4).
    @Test func sizeSizesTheBuiltLayout() throws {
        let path = folder.write("sized.lua", """
        local t = require("tessera")
        return {
          build = function(p) return t.waterfall{ columns = 2 } end,
          size = function(item, pw, ph, i)
            if i == 5 and ph ~= 400 then return -1, 0 end
            return pw, 10 * i
          end,
        }
        """)
        let result = try LuaHost().loadLayoutScript(path: path).configured().layout(context)
        #expect(try (0..<5).map { try result.frame(at: $0) } == [
            Rect(x: 0, y: 0, width: 50, height: 10), Rect(x: 50, y: 0, width: 50, height: 20),
            Rect(x: 0, y: 10, width: 50, height: 30), Rect(x: 50, y: 20, width: 50, height: 40),
            Rect(x: 0, y: 40, width: 50, height: 50),
        ])
        let tall = LayoutContext(dataset: Dataset.synthetic(count: 5) { _ in Size(width: 10, height: 10) },
                                 collectionSize: Size(width: 100, height: 300))
        let error = scriptError { _ = try LuaHost().loadLayoutScript(path: path).configured().layout(tall) }
        #expect(error?.line == 4)
        #expect(error?.message.hasPrefix("\(path):4: size returned w = -1 for item 5 (Lua index; item 4 in the output); a size needs two numbers from 0 to 1e7") == true,
                "\(String(describing: error))")
    }

    /// A build-form script's `size` is bounded as a dataset's sizes are: 1e308 stopped no script
    /// and overflowed the waterfall's column sum, reported as "waterfall layout produced an
    /// invalid frame (0, 1e+308, ...) for item 2" with no line of the script.
    @Test func aBuildScriptsSizeBeyondTheLargestSizeStopsAtItsLine() throws {
        let path = folder.write("huge.lua", """
        local t = require("tessera")
        return {
          build = function(p) return t.waterfall{ columns = 2 } end,
          size = function(item, pw, ph, i) return 1e308, 1e308 end,
        }
        """)
        let context = LayoutContext(dataset: Dataset.synthetic(count: 3) { _ in Size(width: 10, height: 10) },
                                    collectionSize: Size(width: 100, height: 300))
        let error = scriptError { _ = try LuaHost().loadLayoutScript(path: path).configured().layout(context) }
        #expect(error?.line == 4)
        #expect(error?.message == "\(path):4: size returned w = 1e+308 for item 1 (Lua index; item 0 in the output); a size needs two numbers from 0 to 1e7")
    }
}
