import TesseraCore
import TesseraLua

/// `tessera bench lua` (SPEC §11, issue 3 point 8): the scripted waterfall of SPEC §7 against
/// the same Lua loop with its frames thrown away (the Lua-side limit; target: at most 1.7×
/// slower at 1M items) and against the native `WaterfallLayout`.
///
/// Both Lua loops ask `ctx:size` per item, so the difference between them is exactly the cost
/// of getting frames out of Lua: `ctx.set` plus its checks. "frames" rows stop at a checked
/// `[Rect]`; "layout+index" rows include the spatial index, as the layout suite's do. The
/// last rows show what bounding a runaway script costs: nothing for the time limit (the
/// watchdog arms a hook only once the deadline passes), a count hook for the budget.
enum LuaBench: BenchSuite {
    static let name = "lua"

    /// The SPEC §7 waterfall (with `ctx.set`), the same loop discarding its frames, and the
    /// convenience form that returns `{x, y, w, h}` tables.
    static let script = """
    local function loop(ctx, p, set)
      local w = (ctx.width - (p.columns - 1) * p.spacing) / p.columns
      local tops = {}
      for c = 1, p.columns do tops[c] = 0 end
      local size, height = ctx.size, ctx.height
      for i = 1, ctx.count do
        local c = 1
        for k = 2, p.columns do if tops[k] < tops[c] then c = k end end
        local _, h = size(ctx, i, w, height)
        local x, y = (c - 1) * (w + p.spacing), tops[c]
        if set then set(i, x, y, w, h) end
        tops[c] = y + (h + p.spacing)   -- as the native loop adds
      end
    end
    return {
      params = { columns = 3, spacing = 4.5 },
      simpleLayout = function(ctx, p) loop(ctx, p, ctx.set) end,
      discard = function(ctx, p) loop(ctx, p, nil) end,
      tables = { params = { columns = 3, spacing = 4.5 }, simpleLayout = function(ctx, p)
        local frames = {}
        loop(ctx, p, function(i, x, y, w, h) frames[i] = { x, y, w, h } end)
        return frames
      end },
    }
    """

    static func run(quick: Bool, report: (BenchResult) -> Void) throws {
        let host = try LuaHost(limits: ScriptLimits(maxMemoryBytes: 2048 * 1_048_576, timeLimit: nil))
        let env = try host.newEnvironment()
        let table = try host.evaluate(script, chunkName: "=bench-waterfall", environment: env)[0]
        guard case .table(let tableRef) = table else { return }
        let scripted = try host.layout(from: table) as! ScriptedLayout
        let tables = try host.layout(from: host.field("tables", of: tableRef)) as! ScriptedLayout
        let discard = host.field("discard", of: tableRef)
        let params = host.value(["columns": 3, "spacing": 4.5])

        // The same script under the two ways to bound a runaway script: a time limit (a
        // watchdog thread; free until it fires) and an instruction budget (a count hook).
        func makeScripted(_ limits: ScriptLimits) throws -> ScriptedLayout {
            let other = try LuaHost(limits: limits)
            let value = try other.evaluate(script, chunkName: "=bench-waterfall", environment: other.newEnvironment())[0]
            return try other.layout(from: value) as! ScriptedLayout
        }
        let timed = try makeScripted(ScriptLimits(maxMemoryBytes: 2048 * 1_048_576, timeLimit: 30))
        let budgeted = try makeScripted(ScriptLimits(maxMemoryBytes: 2048 * 1_048_576, timeLimit: nil,
                                                 maxInstructions: Int(Int32.max)))

        let native = WaterfallLayout(columns: 3, spacing: 4.5)
        for n in [10_000, 100_000, 1_000_000] {
            // Short runs are noisier on a shared machine: more of them.
            let repeats = quick ? (n >= 1_000_000 ? 3 : n >= 100_000 ? 5 : 15) : (n >= 1_000_000 ? 7 : 15)
            let dataset = LayoutBench.benchDataset(count: n)
            let context = LayoutContext(dataset: dataset, viewport: Size(width: 375, height: 812))

            // Interleave the Lua runs so that noise on the shared machine hits both alike.
            var loopTimes: [Double] = [], setTimes: [Double] = []
            var frames: [Rect] = []
            for round in 0...repeats {
                host.collectGarbage()
                let loop = try BenchClock.medianMilliseconds(repeats: 1, warmUp: false) {
                    try host.call(discard, context: context, [params])
                }
                host.collectGarbage()
                let set = try BenchClock.medianMilliseconds(repeats: 1, warmUp: false) {
                    frames = try scripted.frames(context)
                }
                if round > 0 { loopTimes.append(loop); setTimes.append(set) }
            }
            let loopMs = BenchClock.median(loopTimes), setMs = BenchClock.median(setTimes)
            precondition(frames == native.frames(context), "the scripted waterfall differs from the native one")
            report(BenchResult(suite: name, name: "scripted waterfall frames (ctx.set)", n: n, median: setMs,
                               baseline: "same Lua loop, frames discarded", baselineMedian: loopMs,
                               notes: ["x_slower": setMs / loopMs, "ns_per_item": setMs * 1e6 / Double(n)]))

            let nativeMs = BenchClock.medianMilliseconds(repeats: repeats) { blackHole(native.frames(context)) }
            report(BenchResult(suite: name, name: "scripted waterfall frames (ctx.set)", n: n, median: setMs,
                               baseline: "native WaterfallLayout frames", baselineMedian: nativeMs))

            let scriptedFull = try BenchClock.medianMilliseconds(repeats: repeats) { blackHole(try scripted.layout(context)) }
            let nativeFull = try BenchClock.medianMilliseconds(repeats: repeats) { blackHole(try native.layout(context)) }
            report(BenchResult(suite: name, name: "scripted waterfall layout+index", n: n, median: scriptedFull,
                               baseline: "native waterfall layout+index", baselineMedian: nativeFull))

            if n <= (quick ? 100_000 : 1_000_000) {
                // Each run starts from a collected heap; the collection itself is not timed
                // (that garbage is what this form costs later, 30-35 ns/item in lua.md §6).
                var tableTimes: [Double] = []
                for round in 0...repeats {
                    host.collectGarbage()
                    let ms = try BenchClock.medianMilliseconds(repeats: 1, warmUp: false) {
                        blackHole(try tables.frames(context))
                    }
                    if round > 0 { tableTimes.append(ms) }
                }
                let tablesMs = BenchClock.median(tableTimes)
                report(BenchResult(suite: name, name: "scripted waterfall frames (returns {x,y,w,h})", n: n,
                                   median: tablesMs, baseline: "same Lua loop, frames discarded", baselineMedian: loopMs,
                                   notes: ["x_slower": tablesMs / loopMs]))
                let timedMs = try BenchClock.medianMilliseconds(repeats: repeats) { blackHole(try timed.frames(context)) }
                report(BenchResult(suite: name, name: "scripted waterfall frames, --time-limit 30", n: n,
                                   median: timedMs, baseline: "scripted waterfall frames (ctx.set)", baselineMedian: setMs,
                                   notes: ["x_slower": timedMs / setMs]))
                let budgetMs = try BenchClock.medianMilliseconds(repeats: repeats) { blackHole(try budgeted.frames(context)) }
                report(BenchResult(suite: name, name: "scripted waterfall frames, --max-instructions", n: n,
                                   median: budgetMs, baseline: "scripted waterfall frames (ctx.set)", baselineMedian: setMs,
                                   notes: ["x_slower": budgetMs / setMs]))
            }
        }
    }
}
