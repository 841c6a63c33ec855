import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// The analytic form: frame(i), visible(x, y, w, h), optional layout(ctx, p).
@Suite struct AnalyticTests {
    let folder = ScriptFolder()

    let grid = """
    return {
      params = { columns = 1000, cell = 10 },
      layout = function(ctx, p)
        return p.columns * p.cell, math.ceil(ctx.count / p.columns) * p.cell
      end,
      frame = function(i, ctx, p)
        local k = i - 1
        return (k % p.columns) * p.cell, (k // p.columns) * p.cell, p.cell, p.cell
      end,
      visible = function(x, y, w, h, ctx, p)
        local result = {}
        local c0, c1 = math.max(0, x // p.cell), math.min(p.columns - 1, (x + w) // p.cell)
        local r0, r1 = math.max(0, y // p.cell), (y + h) // p.cell
        for r = r0, r1 do
          for c = c0, c1 do
            local i = r * p.columns + c + 1
            if i <= ctx.count then result[#result + 1] = i end
          end
        end
        return result
      end,
    }
    """

    @Test func tenMillionCellsWithoutMaterialisingFrames() throws {
        // An instruction budget per call far below what ten million frames would take: a count,
        // not a clock, so a loaded machine cannot fail it.
        let host = try LuaHost(limits: ScriptLimits(timeLimit: nil, maxInstructions: 1_000_000))
        let script = try host.loadLayoutScript(path: folder.write("grid.lua", grid))
        let n = 10_000_000
        let context = LayoutContext(collectionSize: Size(width: 375, height: 812), count: n,
                                    item: { _ in nil }, size: { _, p in p })
        let before = host.memoryUsed
        let result = try #require(try script.configured().layout(context).base as? ScriptedAnalyticResult)
        #expect(result.count == n)
        #expect(result.contentSize == Size(width: 10_000, height: 100_000))
        #expect(try result.frame(at: n - 1) == Rect(x: 9_990, y: 99_990, width: 10, height: 10))
        // Out of range: the script is not asked; the one error names the index.
        #expect(throws: LayoutError.indexOutOfRange(index: n, count: n)) { try result.frame(at: n) }
        #expect(throws: LayoutError.indexOutOfRange(index: -1, count: n)) { try result.section(ofItem: -1) }
        // A viewport's worth: rows 500..501 (y 5000..5015 overlaps rows 500 and 501), columns 0..3.
        let visible = try result.visible(in: Rect(x: 0, y: 5000, width: 35, height: 15))
        #expect(visible == [500_000, 500_001, 500_002, 500_003, 501_000, 501_001, 501_002, 501_003])
        // Touching edges do not count: x = 40 only touches column 3's right edge.
        #expect(try result.visible(in: Rect(x: 40, y: 0, width: 0.5, height: 0.5)) == [4])
        #expect(host.memoryUsed - before < 1_048_576)   // nothing per item
    }

    @Test func contentSizeWithoutLayoutIsTheBoundingBox() throws {
        let host = try LuaHost()
        let path = folder.write("diag.lua", """
        return {
          frame = function(i) return i * 10, i * 5, 10, 5 end,
          visible = function(x, y, w, h) return { 1, 2, 3 } end,
        }
        """)
        let context = sizedContext(Array(repeating: Size(width: 1, height: 1), count: 3))
        let result = try host.loadLayoutScript(path: path).configured().layout(context)
        #expect(result.contentSize == Size(width: 40, height: 20))
        // visible over-approximates; the host keeps only real overlaps, ascending.
        #expect(try result.visible(in: Rect(x: 0, y: 0, width: 25, height: 12)) == [0, 1])
    }

    @Test func badFramesAndContentSizes() throws {
        let host = try LuaHost()
        let path = folder.write("bad.lua", """
        return {
          layout = function(ctx) return -1, 10 end,
          frame = function(i) return 0, 0/0, 1, 1 end,
          visible = function() return {} end,
        }
        """)
        let context = sizedContext([Size(width: 1, height: 1)])
        let e = scriptError { _ = try host.loadLayoutScript(path: path).configured().layout(context) }
        #expect(e?.message == "\(folder.path)/bad.lua:2: layout must return the content size as two finite, non-negative numbers w, h, got -1, 10")
        let framePath = folder.write("badframe.lua", """
        return {
          frame = function(i)
            return 0, 0/0, 1, 1
          end,
          visible = function() return {} end,
        }
        """)
        let f = scriptError { _ = try host.loadLayoutScript(path: framePath).configured().layout(context) }
        #expect(f?.message == "\(folder.path)/badframe.lua:2: frame(1) returned y = nan; a frame needs finite numbers and a non-negative size")
        #expect(f?.traceback == "")   // the driver refused what frame(1) returned
    }
}
