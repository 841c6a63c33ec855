@_spi(Testing) import TesseraCore

/// `tessera bench LAYOUT.lua --data FILE`: a team's own layout script on its own data, stated as
/// ratios against baselines measured in the same run on the same items, as every suite states
/// Tessera's own targets (wall time on a shared CI machine is noisy; a ratio much less so).
///
/// Two rows, suite `script`:
/// - `layout+index`: the script's whole pass (the run of the script, the frames' check and the
///   spatial index) against the built-in flow layout of the same items, sizes and viewport,
///   sampled alternately in one round-robin, each sample after an untimed Lua collection;
/// - `viewport query`: viewport-sized queries at seeded offsets over the script's result
///   against a linear scan of the same frames (as the visible suite's). Each query the scan
///   times is asked again, untimed, of the index and of a scan of the frames as drawn there
///   (pinned items pinned, a sideways section's items seen through its scroller): a layout
///   whose index disagrees fails the bench, naming the viewport.
///
/// A small dataset's pass takes microseconds: each sample runs enough passes to last
/// `shortestSampleMilliseconds` and reports the time of one.
enum ScriptBench {
    static let suite = "script"
    static let layoutBaseline = "built-in flow layout+index, same items"
    static let queryBaseline = "linear scan, same frames"
    static let shortestSampleMilliseconds = 20.0

    /// Times `script` over `context` and reports its rows. `collectGarbage` runs the script's Lua
    /// collection, untimed, before each sample. A script that fails fails its first, untimed
    /// pass, before any row is reported.
    static func run(_ script: any Layout, context: LayoutContext, quick: Bool,
                    collectGarbage: () -> Void, report: (BenchResult) -> Void) throws {
        let flow = FlowLayout()
        var result: (any LayoutResult)?
        var flowResult: (any LayoutResult)?
        let scriptPasses = passesPerSample(try BenchClock.medianMilliseconds(repeats: 1, warmUp: false) {
            result = try script.layout(context)
        })
        let flowPasses = passesPerSample(try BenchClock.medianMilliseconds(repeats: 1, warmUp: false) {
            flowResult = try flow.layout(context)
        })
        guard let laidOut = result else { return }
        let n = laidOut.count

        var samples: (script: [Double], flow: [Double]) = ([], [])
        for _ in 0..<repeats(count: n, quick: quick) {
            collectGarbage()
            samples.script.append(try Stopwatch.threadCPU.milliseconds {
                for _ in 0..<scriptPasses { result = try script.layout(context) }
            } / Double(scriptPasses))
            collectGarbage()
            samples.flow.append(try Stopwatch.threadCPU.milliseconds {
                for _ in 0..<flowPasses { flowResult = try flow.layout(context) }
            } / Double(flowPasses))
        }
        blackHole(flowResult)
        let scriptMs = BenchClock.median(samples.script), flowMs = BenchClock.median(samples.flow)
        var notes: [String: Double] = [:]
        if n > 0 { notes["ns_per_item"] = scriptMs * 1e6 / Double(n) }
        if flowMs > 0 { notes["x_slower"] = scriptMs / flowMs }
        report(BenchResult(suite: suite, name: "layout+index", n: n, median: scriptMs, baseline: layoutBaseline,
                           baselineMedian: flowMs, notes: notes))
        try measureQueries(laidOut, viewport: context.collectionSize, quick: quick, report: report)
    }

    /// The `viewport query` row: queries of `viewport`'s size at seeded offsets inside the
    /// content of `result`, against the linear scan of its resting frames.
    static func measureQueries(_ result: any LayoutResult, viewport: Size, quick: Bool,
                               report: (BenchResult) -> Void) throws {
        let frames = try (0..<result.count).map { try result.frame(at: $0) }
        let origin = result.contentOrigin, content = result.contentSize
        var random = SplitMix64(seed: 777)
        let queries = (0..<(quick ? 500 : 2_000)).map { _ in
            Rect(x: origin.x + random.unit() * max(0, content.width - viewport.width),
                 y: origin.y + random.unit() * max(0, content.height - viewport.height),
                 width: viewport.width, height: viewport.height)
        }
        let scans = Array(queries.prefix(quick ? 8 : 30))
        var hits = 0
        let (perBatch, perScanBatch) = try VisibleBench.alternatingMedians(repeats: quick ? 7 : 21, clock: .threadCPU, {
            hits = 0
            for q in queries { hits += try result.visible(in: q).count }
        }, {
            for q in scans { blackHole(VisibleBench.linearScan(frames, q)) }
        })
        // Never report a fast wrong answer: the queries both sides timed, checked untimed.
        try crossCheck(scans, index: { try result.visible(in: $0) }, scan: { try drawnScan(result, $0) })
        let perQuery = perBatch / Double(queries.count)
        let hitsPerQuery = Double(hits) / Double(queries.count)
        var notes = ["query_us": perQuery * 1000, "hits_per_query": hitsPerQuery]
        if hits > 0 { notes["ns_per_hit"] = perQuery * 1e6 / hitsPerQuery }
        report(BenchResult(suite: suite, name: "viewport query", n: result.count, median: perQuery,
                           baseline: queryBaseline, baselineMedian: perScanBatch / Double(scans.count), notes: notes))
    }

    /// Throws at the first of `queries` where `index` and `scan` find different items, naming
    /// the viewport and the items only one of them finds. O(queries × their costs).
    static func crossCheck(_ queries: [Rect], index: (Rect) throws -> [Int], scan: (Rect) throws -> [Int]) throws {
        for q in queries {
            let found = Set(try index(q)), scanned = Set(try scan(q))
            guard found != scanned else { continue }
            func listed(_ items: Set<Int>) -> String {
                let first = items.sorted().prefix(5).map(String.init).joined(separator: ", ")
                return items.count > 5 ? "\(first) and \(items.count - 5) more" : first.isEmpty ? "none" : first
            }
            func number(_ v: Double) -> String { JSONWriter.format(v) }
            throw CLIError("bench: the spatial index and a linear scan of the frames disagree on the viewport "
                           + "\(number(q.width))x\(number(q.height)) at \(number(q.x)),\(number(q.y)): items only the index finds: "
                           + "\(listed(found.subtracting(scanned))); only the scan: \(listed(scanned.subtracting(found)))")
        }
    }

    /// `visible(in:)` by definition, one item at a time: the items whose frame as drawn when
    /// scrolled to `q`'s origin (a pinned item pinned, sideways sections at offset 0) overlaps
    /// `q`, an item of a sideways section only where it shows through its scroller. O(n).
    static func drawnScan(_ result: any LayoutResult, _ q: Rect) throws -> [Int] {
        let scroll = ScrollState(showing: q)
        let scrollers = Dictionary(result.orthogonalSections.map { ($0.section, $0.frame) }, uniquingKeysWith: { a, _ in a })
        var hits: [Int] = []
        for (section, items) in result.sectionRanges.enumerated() {
            let seen = scrollers[section].map { q.clipped(to: $0) } ?? q
            for i in items where try result.frame(at: i, scroll: scroll).overlapsWithPositiveArea(seen) { hits.append(i) }
        }
        return hits
    }

    /// Samples per row, as the lua suite takes them: short runs are noisier, so more of them.
    static func repeats(count n: Int, quick: Bool) -> Int {
        quick ? (n >= 1_000_000 ? 3 : n >= 100_000 ? 5 : 15) : (n >= 1_000_000 ? 7 : 15)
    }

    /// Passes in one sample for a pass that took `milliseconds`: enough to last the shortest
    /// sample, at most 10,000.
    static func passesPerSample(_ milliseconds: Double) -> Int {
        milliseconds >= shortestSampleMilliseconds ? 1
            : min(10_000, Int((shortestSampleMilliseconds / max(milliseconds, 0.000_5)).rounded(.up)))
    }
}
