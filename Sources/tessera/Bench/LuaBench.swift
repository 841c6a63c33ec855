@_spi(Testing) import TesseraCore
import TesseraLua

/// `tessera bench lua`: what a scripted layout costs against the physical limit,
/// the same Lua loop over a plain Lua array with no host call and its frames thrown away.
///
/// Every scripted row reports its ratio to that baseline (`x_slower`) and ns per item, all
/// from one round-robin run (each round times every variant once, after an untimed full
/// collection), so noise on a shared machine hits them alike:
/// - the waterfall of docs/scripts.md: `ctx:size` + `ctx.set`;
/// - the same loop asking `ctx:size` but discarding frames (the cost of `ctx:size` alone);
/// - the waterfall over unsized text items (no `w`, no `h`: `ctx:size` measures each item's
///   text by the context's sizing, reading that one field of the dataset) against the same plain
///   loop over their heights (its own baseline row), and against the native waterfall of them;
/// - the waterfall written plainly (`ctx:size` as a method, params read in the loop) against
///   the same plainly written loop over a plain array (its own baseline row);
/// - a justified-rows script reading `w` and `h` of every item through `ctx:column` (the
///   hot-loop path the tutorial recommends), through `ctx:item(i).w`, and from plain arrays.
/// Then the `{x,y,w,h}`-returning form, the native layout, what bounding a runaway script
/// costs (nothing for the time limit, a count hook for the instruction budget), and an analytic
/// script's `visible` function against the native visible query (`scriptedVisible`).
enum LuaBench: BenchSuite {
    static let name = "lua"

    /// lua-bench.lua, beside this file (compiled in by SwiftPM: `.embedInCode`). Each variant is
    /// written out in full (no shared helper called per item), so the baseline pays no call the
    /// scripted rows don't.
    static let script = String(decoding: PackageResources.lua_bench_lua, as: UTF8.self)

    /// `count` items with integral `w` and `h` fields (what the justified rows read).
    static func sizedItems(count: Int) -> Dataset {
        var random = BenchRandom(seed: 54321)
        func next(_ range: Int) -> Int { random.below(range) }
        return Dataset(items: (0..<count).map { i in
            Item(id: .int(i), fields: ["id": .int(i), "w": .int(100 + next(300)), "h": .int(50 + next(350))])
        }, sourceName: "<generated>")
    }

    /// `count` items with a `text` field of 3 to 14 words and no size, so `fit` measures the
    /// text at the proposed width, from a fixed LCG.
    static func textItems(count: Int) -> Dataset {
        var random = BenchRandom(seed: 98765)
        func next(_ range: Int) -> Int { random.below(range) }
        let words = ["paint", "stamp", "editor", "a", "small", "tool", "for", "the", "desktop", "music",
                     "player", "with", "plugins", "and", "themes", "viewer", "of", "maps", "games", "chess"]
        return Dataset(items: (0..<count).map { i in
            let text = (0..<(3 + next(12))).map { _ in words[next(words.count)] }.joined(separator: " ")
            return Item(id: .int(i), fields: ["id": .int(i), "text": .string(text)])
        }, sourceName: "<generated>")
    }

    static func run(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        try run(counts: size.itemCounts, quick: size.quick, report: report)
    }

    /// Every row, at each of `counts` items (tests run it on a few hundred).
    static func run(counts: [Int], quick: Bool, report: (BenchResult) -> Void) throws {
        let limits = ScriptLimits(maxMemoryBytes: 4096 * 1_048_576, timeLimit: nil)
        let host = try LuaHost(limits: limits)
        let bench = try host.evaluate(script, chunkName: "=bench-lua", environment: host.newEnvironment())[0]
        guard case .table(let benchRef) = bench else { return }
        func layout(_ key: String) throws -> ScriptedLayout { try host.layout(from: host.field(key, of: benchRef)) as! ScriptedLayout }
        let scripted = try layout("waterfall"), tables = try layout("tables"), asWritten = try layout("asWritten")
        let columns = try layout("columns"), items = try layout("items")
        let params = host.value(["columns": 3, "spacing": 4.5, "rowHeight": 120])

        // The same script under the two ways to bound a runaway script: a time limit (a
        // watchdog thread; free until it fires) and an instruction budget (a count hook).
        func makeScripted(_ limits: ScriptLimits) throws -> ScriptedLayout {
            let other = try LuaHost(limits: limits)
            let value = try other.evaluate(script, chunkName: "=bench-lua", environment: other.newEnvironment())[0]
            guard case .table(let ref) = value else { throw BenchError.unexpected }
            return try other.layout(from: other.field("waterfall", of: ref)) as! ScriptedLayout
        }
        let timed = try makeScripted(ScriptLimits(maxMemoryBytes: limits.maxMemoryBytes, timeLimit: 30))
        let budgeted = try makeScripted(ScriptLimits(maxMemoryBytes: limits.maxMemoryBytes, timeLimit: nil,
                                                     maxInstructions: Int(Int32.max)))

        let native = WaterfallLayout(columns: 3, spacing: 4.5)
        for n in counts {
            // Short runs are noisier on a shared machine: more of them.
            let repeats = quick ? (n >= 1_000_000 ? 3 : n >= 100_000 ? 5 : 15) : (n >= 1_000_000 ? 7 : 15)
            let context = LayoutContext(dataset: LayoutBench.benchDataset(count: n), collectionSize: Size(width: 375, height: 812))
            let rows = LayoutContext(dataset: sizedItems(count: n), collectionSize: Size(width: 375, height: 812))
            let heights = try host.call(host.field("heights", of: benchRef), context: context, [params])[0]
            let sizes = try host.call(host.field("sizes", of: benchRef), context: rows, [params])
            let texts = LayoutContext(dataset: textItems(count: n), collectionSize: Size(width: 375, height: 812))
            let textHeights = try host.call(host.field("heights", of: benchRef), context: texts, [params])[0]

            // One round-robin run of every variant; the first round warms up.
            let variants: [(String, () throws -> Void)] = [
                ("plain", { try host.call(host.field("plain", of: benchRef), context: context, [params, heights]) }),
                ("sizeOnly", { try host.call(host.field("sizeOnly", of: benchRef), context: context, [params]) }),
                ("waterfall", { blackHole(try scripted.frames(context)) }),
                ("columns", { blackHole(try columns.frames(rows)) }),
                ("items", { blackHole(try items.frames(rows)) }),
                ("justifiedPlain", { try host.call(host.field("justifiedPlain", of: benchRef), context: rows, [params] + sizes) }),
                ("plainAsWritten", { try host.call(host.field("plainAsWritten", of: benchRef), context: context, [params, heights]) }),
                ("asWritten", { blackHole(try asWritten.frames(context)) }),
                ("plainUnsized", { try host.call(host.field("plain", of: benchRef), context: texts, [params, textHeights]) }),
                ("unsized", { blackHole(try scripted.frames(texts)) }),
            ]
            // The Lua targets are stated at 1M items, where a quick median of three
            // rounds swung by a third from run to run: five rounds there.
            let rounds = quick && n >= 1_000_000 ? 5 : repeats
            var samples: [String: [Double]] = [:]
            for round in 0...rounds {
                for (key, body) in variants {
                    host.collectGarbage()
                    let ms = try BenchClock.medianMilliseconds(repeats: 1, warmUp: false, body)
                    if round > 0 { samples[key, default: []].append(ms) }
                }
            }
            let ms = samples.mapValues(BenchClock.median)
            let plainMs = ms["plain"]!
            let baselineName = "Lua waterfall over a plain Lua array, frames discarded"
            /// A row measured against a plain-array baseline: its ratio and ns per item.
            func row(_ title: String, _ median: Double, baseline: String = baselineName, baselineMedian base: Double = plainMs) {
                report(BenchResult(suite: name, name: title, n: n, median: median, baseline: baseline, baselineMedian: base,
                                   notes: ["x_slower": median / base, "ns_per_item": median * 1e6 / Double(n)]))
            }
            row("baseline: " + baselineName, plainMs)
            row("scripted waterfall frames (ctx:size + ctx.set)", ms["waterfall"]!)
            row("same loop, ctx:size only, frames discarded", ms["sizeOnly"]!)
            row("justified rows, w and h via ctx:column (ctx.set)", ms["columns"]!)
            row("justified rows, w and h via ctx:item(i).w (ctx.set)", ms["items"]!)
            row("justified rows, w and h from plain arrays, frames discarded", ms["justifiedPlain"]!)
            let asWrittenBaseline = "the plainly written loop over a plain Lua array, frames discarded"
            let asWrittenMs = ms["plainAsWritten"]!
            row("baseline: " + asWrittenBaseline, asWrittenMs, baseline: asWrittenBaseline, baselineMedian: asWrittenMs)
            row("waterfall written plainly (ctx:size(i, w, ctx.height), p.* in the loop; ctx.set)", ms["asWritten"]!,
                baseline: asWrittenBaseline, baselineMedian: asWrittenMs)
            let unsizedBaseline = "the same loop over a plain Lua array of the text items' heights, frames discarded"
            let plainUnsizedMs = ms["plainUnsized"]!
            row("baseline: " + unsizedBaseline, plainUnsizedMs, baseline: unsizedBaseline, baselineMedian: plainUnsizedMs)
            row("scripted waterfall frames, unsized text items (ctx:size + ctx.set)", ms["unsized"]!,
                baseline: unsizedBaseline, baselineMedian: plainUnsizedMs)
            let frames = try scripted.frames(context)
            let nativeFrames = try native.frames(context)
            precondition(frames == nativeFrames, "the scripted waterfall differs from the native one")
            let byColumn = try columns.frames(rows), byItem = try items.frames(rows)
            precondition(byColumn == byItem, "ctx:column and ctx:item give different rows")
            let textFrames = try scripted.frames(texts), nativeTextFrames = try native.frames(texts)
            precondition(textFrames == nativeTextFrames, "the scripted waterfall measures text items otherwise than the native one")
            let setMs = ms["waterfall"]!

            let nativeMs = try BenchClock.medianMilliseconds(repeats: repeats) { blackHole(try native.frames(context)) }
            report(BenchResult(suite: name, name: "scripted waterfall frames (ctx.set)", n: n, median: setMs,
                               baseline: "native WaterfallLayout frames", baselineMedian: nativeMs))

            let nativeTextMs = try BenchClock.medianMilliseconds(repeats: repeats) { blackHole(try native.frames(texts)) }
            report(BenchResult(suite: name, name: "scripted waterfall frames, unsized text items (ctx.set)", n: n,
                               median: ms["unsized"]!, baseline: "native WaterfallLayout frames, same text items",
                               baselineMedian: nativeTextMs))

            let scriptedFull = try BenchClock.medianMilliseconds(repeats: repeats) { blackHole(try scripted.layout(context)) }
            let nativeFull = try BenchClock.medianMilliseconds(repeats: repeats) { blackHole(try native.layout(context)) }
            report(BenchResult(suite: name, name: "scripted waterfall layout+index", n: n, median: scriptedFull,
                               baseline: "native waterfall layout+index", baselineMedian: nativeFull))

            if n <= (quick ? 100_000 : 1_000_000) {
                // Each run starts from a collected heap; the collection itself is not timed
                // (that garbage is what this form costs later: 30-35 ns per item).
                var tableTimes: [Double] = []
                for round in 0...repeats {
                    host.collectGarbage()
                    let t = try BenchClock.medianMilliseconds(repeats: 1, warmUp: false) { blackHole(try tables.frames(context)) }
                    if round > 0 { tableTimes.append(t) }
                }
                let tablesMs = BenchClock.median(tableTimes)
                row("scripted waterfall frames (returns {x,y,w,h})", tablesMs)
                let timedMs = try BenchClock.medianMilliseconds(repeats: repeats) { blackHole(try timed.frames(context)) }
                report(BenchResult(suite: name, name: "scripted waterfall frames, --time-limit 30", n: n,
                                   median: timedMs, baseline: "scripted waterfall frames (ctx.set)", baselineMedian: setMs,
                                   notes: ["x_slower": timedMs / setMs]))
                let budgetMs = try BenchClock.medianMilliseconds(repeats: repeats) { blackHole(try budgeted.frames(context)) }
                report(BenchResult(suite: name, name: "scripted waterfall frames, --max-instructions", n: n,
                                   median: budgetMs, baseline: "scripted waterfall frames (ctx.set)", baselineMedian: setMs,
                                   notes: ["x_slower": budgetMs / setMs]))
            }
            // A few thousand items (the tests' smoke runs) get a handful of queries.
            try scriptedVisible(host: host, context: context, queries: n < 10_000 ? 20 : quick ? 200 : 1_000, quick: quick, report: report)
        }
    }

    /// The shipped analytic grid (layouts/grid.lua, 4 columns) over the context's items: its
    /// `visible` function through the bridge (with the host's check of every returned index's
    /// `frame`) against the native visible query over the same frames (every item's `frame(i)`
    /// in a `FramesResult`), on the same `queries` viewports at random heights, alternating; per query.
    static func scriptedVisible(host: LuaHost, context: LayoutContext, queries count: Int, quick: Bool,
                                report: (BenchResult) -> Void) throws {
        let scripted = try host.layout(named: "grid", params: ["columns": 4, "spacing": 1]).layout(context)
        let native = try FramesResult(frames: (0..<scripted.count).map { try scripted.frame(at: $0) })
        let viewport = context.collectionSize
        var random = SplitMix64(seed: 31337)
        let queries = (0..<count).map { _ in
            Rect(origin: Point(x: 0, y: random.unit() * max(0, scripted.contentSize.height - viewport.height)), size: viewport)
        }
        // Never report a fast wrong answer.
        for q in queries.prefix(20) where try scripted.visible(in: q) != native.visible(in: q) {
            throw CLIError("bench lua: the grid script's visible disagrees with the native query at \(q)")
        }
        var hits = 0
        let (scriptedMs, nativeMs) = try VisibleBench.alternatingMedians(repeats: quick ? 7 : 21, {
            hits = 0
            for q in queries { hits += try scripted.visible(in: q).count }
        }, {
            for q in queries { blackHole(native.visible(in: q)) }
        })
        let perQuery = scriptedMs / Double(count), nativePerQuery = nativeMs / Double(count)
        report(BenchResult(suite: name, name: "scripted visible (layouts/grid.lua), viewport query", n: scripted.count,
                           median: perQuery, baseline: "native visible query, same frames", baselineMedian: nativePerQuery,
                           notes: ["x_slower": perQuery / nativePerQuery, "query_us": perQuery * 1000,
                                   "hits_per_query": Double(hits) / Double(count)]))
    }

    enum BenchError: Error { case unexpected }
}
