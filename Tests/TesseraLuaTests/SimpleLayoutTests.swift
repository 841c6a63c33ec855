import Testing
import OrderedCollections
import TesseraCore
@testable import TesseraLua

/// docs/scripts.md's example script: a waterfall through `ctx.set`.
let specWaterfall = """
local t = require("tessera")
return {
  name = "waterfall",
  params = { columns = 2, spacing = 8 },
  simpleLayout = function(ctx, p)
    local w = (ctx.width - (p.columns - 1) * p.spacing) / p.columns
    local tops = {}
    for c = 1, p.columns do tops[c] = 0 end
    local set = ctx.set
    for i = 1, ctx.count do
      local c = 1
      for k = 2, p.columns do if tops[k] < tops[c] then c = k end end
      local _, h = ctx:size(i, w, ctx.height)
      set(i, (c - 1) * (w + p.spacing), tops[c], w, h)
      tops[c] = tops[c] + h + p.spacing
    end
  end,
}
"""

@Suite struct SimpleLayoutTests {
    let folder = ScriptFolder()
    let sizes = (0..<23).map { Size(width: 100, height: Double(40 + ($0 * 37) % 90)) }

    @Test func setFormMatchesTheNativeWaterfall() throws {
        let host = try LuaHost()
        let script = try host.loadLayoutScript(path: folder.write("waterfall.lua", specWaterfall))
        let context = sizedContext(sizes, viewport: Size(width: 375, height: 812))
        for (columns, spacing) in [(2, 8.0), (3, 4.0), (1, 0.0)] {
            let scripted = try script.configured(["columns": .int(columns), "spacing": .double(spacing)]).layout(context)
            let native = try WaterfallLayout(columns: columns, spacing: spacing).layout(context)
            #expect(try scripted.allFrames == native.allFrames)
            #expect(scripted.contentSize == native.contentSize)
            #expect(scripted.base is FramesResult)
        }
        #expect(script.name == "waterfall")
        #expect(script.defaultParams == ["columns": 2, "spacing": 8])
    }

    @Test func returnedFramesPositionalAndNamed() throws {
        let host = try LuaHost()
        let positional = folder.write("positional.lua", """
        return { simpleLayout = function(ctx)
          local frames = {}
          for i = 1, ctx.count do frames[i] = { (i - 1) * 10, 0, 10, 20 } end
          return frames
        end }
        """)
        let named = folder.write("named.lua", """
        return { simpleLayout = function(ctx)
          local frames = {}
          for i = 1, ctx.count do
            if i % 2 == 0 then frames[i] = { x = (i - 1) * 10, y = 0, w = 10, h = 20 }
            else frames[i] = { x = (i - 1) * 10, y = 0, width = 10, height = 20 } end
          end
          return frames
        end }
        """)
        let context = sizedContext(Array(repeating: Size(width: 5, height: 5), count: 4))
        let expected = (0..<4).map { Rect(x: Double($0) * 10, y: 0, width: 10, height: 20) }
        for path in [positional, named] {
            let result = try host.loadLayoutScript(path: path).configured().layout(context)
            #expect(try result.allFrames == expected)
            #expect(result.contentSize == Size(width: 40, height: 20))
            #expect(try result.visible(in: Rect(x: 15, y: 0, width: 10, height: 1)) == [1, 2])
        }
    }
}
