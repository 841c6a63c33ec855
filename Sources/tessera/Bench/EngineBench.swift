import Foundation
@_spi(Testing) import TesseraCore
import TesseraLua

/// `tessera bench engine`: the headless engine on big data.
///
/// - scroll: a 1M-item waterfall feed (3 columns in 375 points, spacing 4.5, heights uniform in
///   [50, 400)) scrolled from top to bottom in 10,000 steps, one engine pass per step, no
///   animator. Reported: the median and 99th-percentile step, and views created against the
///   largest visible count (the target: created ≤ max visible + one per kind). The baseline is
///   the visible query alone at the same offsets, so the ratio shows what the reconciliation
///   (diff, reuse pools, binding) costs on top of the query.
/// - scroll App Store kinds: the App Store screen's section kinds (`bench compositional`'s
///   layout: shelves that scroll sideways, pinned headers, backgrounds) repeated to 100k items
///   in 2,000 sections, every shelf scrolled to a random offset, scrolled from top to bottom in
///   10,000 steps (2,000 with `--quick`). Views are cells, headers and backgrounds; reported as
///   the feed row is, with the number of view kinds seen (the target: created ≤ max visible +
///   one per kind). The baseline is the element query alone at the same scroll states.
/// - reload: 100k items, 10% of them changed (new ids), reloaded through the engine (flatten, lay
///   out, diff the visible views), against the dataset diff of the same two versions alone.
/// - reload from a Lua array: 100k `{id, width, height}` tables as a provider's `data`, one item
///   replaced; each repeat assigns the other array and runs the pass (the bridge converts every
///   item, then the engine reloads). The baseline is the same reload of the same items given as
///   Swift values (their sources made, and their sizes read, before the timing), so the ratio is
///   what the conversion and reading the sizes add.
/// - measure: a 1M-item feed (one column of full-width items, heights uniform in [50, 400))
///   scrolled to its middle; each repeat measures 20 cells near the viewport (the visible ones
///   and those just above, each a new height) and runs the one pass they schedule (relayout and
///   anchoring). The baseline is a relayout of the same feed with nothing measured anew.
enum EngineBench: BenchSuite {
    static let name = "engine"
    static let viewport = Size(width: 375, height: 812)

    static func run(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        try runScroll(size, report: report)
        try runAppStoreScroll(size, report: report)
        try runReload(size, report: report)
        try runLuaReload(size, report: report)
        try runMeasure(size, report: report)
    }

    static func feed(count: Int, seed: UInt64) -> Dataset {
        var random = SplitMix64(seed: seed)
        return Dataset.synthetic(count: count) { _ in Size(width: 120, height: 50 + 350 * random.unit()) }
    }

    static func runScroll(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        let count = size.count(1_000_000, smoke: 2_000), steps = size.count(10_000, smoke: 100)
        let provider = BasicProvider(data: ItemSource(dataset: feed(count: count, seed: 4242)),
                                     layout: WaterfallLayout(columns: 3, spacing: 4.5), size: .rule(ItemSizing(rule: .fillWidth)))
        let engine = CollectionEngine(provider: provider, viewport: viewport)
        try engine.layout()
        let clock = Stopwatch.wall.nanoseconds
        let run = try ScrollRun(engine: engine, from: 0, to: nil, count: steps, clock: clock)
        // Baseline: the visible query alone at the same offsets.
        let result = engine.layoutResult
        var queries: [Double] = []
        queries.reserveCapacity(steps)
        for step in run.steps {
            let start = clock()
            blackHole(try result.visible(in: Rect(origin: step.offset, size: viewport)))
            queries.append(Double(clock() - start) / 1000)
        }
        let median = run.medianMicroseconds
        report(BenchResult(suite: name, name: "scroll 1M waterfall, \(steps) steps", n: count, median: median / 1000,
                           baseline: "visible query alone", baselineMedian: BenchClock.median(queries) / 1000,
                           notes: ["median_step_us": median, "p99_step_us": run.p99Microseconds,
                                   "created": Double(run.stats.created), "max_visible": Double(run.maxVisible), "kinds": 1]))
    }

    static func runAppStoreScroll(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        let steps = size.count(size.quick ? 2_000 : 10_000, smoke: 100)
        let dataset = CompositionalBench.dataset(sections: size.count(CompositionalBench.sections, smoke: 20))
        let provider = BasicProvider(data: ItemSource(dataset: dataset), layout: CompositionalBench.appStoreLayout())
        let engine = CollectionEngine(provider: provider, viewport: viewport)
        try engine.layout()
        var random = SplitMix64(seed: 77)
        for shelf in engine.layoutResult.orthogonalSections {
            let room = max(0, shelf.contentSize.width - shelf.frame.width)
            engine.setOffset(Point(x: (room * random.unit()).rounded(), y: 0), ofSection: shelf.section)
        }
        let clock = Stopwatch.wall.nanoseconds
        let run = try ScrollRun(engine: engine, from: 0, to: nil, count: steps, clock: clock)
        // Baseline: the element query alone at the same scroll states.
        let result = engine.layoutResult
        var state = engine.scrollState
        var queries: [Double] = []
        queries.reserveCapacity(steps)
        for step in run.steps {
            state.contentOffset = step.offset
            let start = clock()
            blackHole(try result.elements(in: Rect(origin: step.offset, size: viewport), scroll: state))
            queries.append(Double(clock() - start) / 1000)
        }
        let median = run.medianMicroseconds
        report(BenchResult(suite: name, name: "scroll App Store kinds 100k, \(steps) steps", n: dataset.count, median: median / 1000,
                           baseline: "element query alone", baselineMedian: BenchClock.median(queries) / 1000,
                           notes: ["median_step_us": median, "p99_step_us": run.p99Microseconds,
                                   "created": Double(run.stats.created), "max_visible": Double(run.maxVisible),
                                   "kinds": Double(run.kinds)]))
    }

    static func runReload(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        let quick = size.quick, count = size.count(100_000, smoke: 1_000)
        let old = feed(count: count, seed: 99)
        var items = Array(old.items)
        var random = SplitMix64(seed: 7)
        for i in 0..<count where random.unit() < 0.1 { items[i].id = .int(count + i) }
        let new = Dataset(items: items, sections: old.sections, metadata: old.metadata, sourceName: old.sourceName)
        let repeats = quick ? 5 : 15
        let (reload, engine) = try medianReload(flipping: [ItemSource(dataset: old), ItemSource(dataset: new)], repeats: repeats)
        let diff = try BenchClock.medianMilliseconds(repeats: repeats) {
            blackHole(try DatasetDiff.changeset(from: old, to: new))
        }
        report(BenchResult(suite: name, name: "reload 100k items, 10% changed", n: count, median: reload,
                           baseline: "dataset diff alone", baselineMedian: diff,
                           notes: ["visible_views": Double(engine.views.count)]))
    }

    /// The median of `repeats` reloads of a 3-column waterfall scrolled to y = 20,000, each to the
    /// other of the two `sources`; the engine after them.
    static func medianReload(flipping sources: [ItemSource], repeats: Int) throws -> (median: Double, engine: CollectionEngine) {
        let provider = BasicProvider(data: sources[0], layout: WaterfallLayout(columns: 3, spacing: 4.5),
                                     size: .rule(ItemSizing(rule: .fillWidth)))
        let engine = CollectionEngine(provider: provider, viewport: viewport)
        try engine.scroll(to: Point(x: 0, y: 20_000))
        var flip = 1
        let median = try BenchClock.medianMilliseconds(repeats: repeats) {
            provider.data = sources[flip]
            flip = 1 - flip
            blackHole(try engine.layout())
        }
        return (median, engine)
    }

    /// engine-reload.lua, beside this file (compiled in by SwiftPM: `.embedInCode`).
    private static let luaReloadSource = String(decoding: PackageResources.engine_reload_lua, as: UTF8.self)

    static func runLuaReload(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        let count = size.count(100_000, smoke: 1_000), changed = count / 2, repeats = size.quick ? 5 : 15
        let host = try LuaHost(limits: ScriptLimits(maxMemoryBytes: 4096 * 1_048_576, timeLimit: nil))
        let build = try host.evaluate(luaReloadSource, chunkName: "=bench-engine-reload", environment: host.newEnvironment())[0]
        let reload = try host.call(build, [.integer(count), .integer(changed)])[0]
        let lua = try BenchClock.medianMilliseconds(repeats: repeats) { blackHole(try host.call(reload)) }

        let old = (0..<count).map { i in JSONValue.object(["height": .int(50 + (i + 1) * 37 % 350), "id": .int(i + 1), "width": .int(120)]) }
        var new = old
        new[changed] = .object(["height": .int(99), "id": .int(-1), "width": .int(120)])
        let swift = try medianReload(flipping: [ItemSource(values: old), ItemSource(values: new)], repeats: repeats).median
        report(BenchResult(suite: name, name: "reload 100k items from a Lua array, one changed", n: count, median: lua,
                           baseline: "the same reload of Swift values", baselineMedian: swift,
                           notes: ["x_slower": lua / swift]))
    }

    static func runMeasure(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        let quick = size.quick, count = size.count(1_000_000, smoke: 2_000)
        let provider = BasicProvider(data: ItemSource(dataset: feed(count: count, seed: 4343)),
                                     layout: FlowLayout(), size: .rule(ItemSizing(rule: .fillWidth)))
        let engine = CollectionEngine(provider: provider, viewport: viewport)
        try engine.layout()
        // A long session: the host has measured every hundredth item on its way down.
        for i in stride(from: 0, to: count, by: 100) {
            try engine.measure(.int(i), size: Size(width: viewport.width, height: Double(60 + i % 250)))
        }
        try engine.layout()
        try engine.scroll(to: Point(x: 0, y: engine.contentSize.height / 2))
        let repeats = quick ? 15 : 51
        var round = 0
        let measure = try BenchClock.medianMilliseconds(repeats: repeats) {
            round += 1
            let first = engine.views.compactMap(\.index).min() ?? 0
            for i in max(0, first - 8)..<min(count, first + 12) {
                try engine.measure(.int(i), size: Size(width: viewport.width, height: Double(60 + (i * 7 + round * 13) % 300)))
            }
            blackHole(try engine.layout())
        }
        let relayout = try BenchClock.medianMilliseconds(repeats: quick ? 5 : 15) {
            provider.setNeedsRelayout()
            blackHole(try engine.layout())
        }
        report(BenchResult(suite: name, name: "apply 20 measurements near the viewport, 1M-item feed", n: count, median: measure,
                           baseline: "relayout, nothing measured anew", baselineMedian: relayout,
                           notes: ["measured": Double(engine.measuredSizes.count)]))
    }
}
