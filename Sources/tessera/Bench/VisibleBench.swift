@_spi(Testing) import TesseraCore

/// `tessera bench visible`: the spatial index's viewport query against a linear scan over the
/// same frames, and its build time, on 1M laid-out items:
///
/// - a waterfall (3 columns in 375 points, spacing 4.5, heights uniform in [50, 400)) laid out by
///   the real `WaterfallLayout`, queried at x = 0 and random y;
/// - a 2-D scatter (10,000 × 10,000, sizes uniform in [5, 50)) whose item order has nothing to
///   do with position, queried at random x and y. A viewport holds about 3,400 items here, so
///   the fair figure is the time per returned item (`ns_per_hit`), not the ratio alone.
///
/// Queries are 375 × 812 viewports from a seeded generator; each sample runs many queries and
/// the row reports the median per query. The build baseline is the cheapest real index: sorting
/// item ids by minY (a band index).
enum VisibleBench: BenchSuite {
    static let name = "visible"
    static let viewport = Size(width: 375, height: 812)

    static func run(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        try runWaterfall(size, report: report)
        try runScatter(size, report: report)
    }

    /// One function per case, so that each case's frames are gone before the next is built
    /// and the RSS column shows one case at a time.
    static func runWaterfall(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        let frames = try waterfallFrames(count: size.count(1_000_000, smoke: 2_000))
        let contentHeight = frames.reduce(0) { max($0, $1.maxY) }
        var random = SplitMix64(seed: 777)
        let queries = (0..<10_000).map { _ in
            Rect(origin: Point(x: 0, y: random.unit() * (contentHeight - viewport.height)), size: viewport)
        }
        try measure(name: "waterfall 3 columns", frames: frames, queries: queries,
                    indexQueries: size.count(10_000, smoke: 50), quick: size.quick, report: report)
    }

    static func runScatter(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        let frames = scatterFrames(count: size.count(1_000_000, smoke: 2_000))
        var random = SplitMix64(seed: 888)
        let queries = (0..<10_000).map { _ in
            Rect(origin: Point(x: random.unit() * (10_000 - viewport.width),
                               y: random.unit() * (10_000 - viewport.height)), size: viewport)
        }
        try measure(name: "scatter 2-D shuffled", frames: frames, queries: queries,
                    indexQueries: size.count(size.quick ? 500 : 2_000, smoke: 50), quick: size.quick, report: report)
    }

    /// Build row and query row for one frame set.
    static func measure(name caseName: String, frames: [Rect], queries: [Rect], indexQueries: Int,
                        quick: Bool, report: (BenchResult) -> Void) throws {
        let n = frames.count
        // Build timing first, so that no other index is alive meanwhile (RSS shows one).
        let (build, sortBaseline) = alternatingMedians(repeats: quick ? 5 : 11, {
            blackHole(SpatialIndex(frames: frames))
        }, {
            blackHole(frames.indices.sorted { frames[$0].minY < frames[$1].minY })
        })

        let index = SpatialIndex(frames: frames)
        let indexMB = Double(index.memoryBytes) / 1_048_576
        let framesMB = Double(n * MemoryLayout<Rect>.stride) / 1_048_576
        let memory = ["index_mb": indexMB, "frames_mb": framesMB, "frames_plus_index_mb": framesMB + indexMB]
        report(BenchResult(suite: name, name: "\(caseName): index build", n: n, median: build,
                           baseline: "sort ids by minY (band index)", baselineMedian: sortBaseline, notes: memory))

        // Never report a fast wrong answer.
        for q in queries.prefix(20) where index.query(q) != linearScan(frames, q) {
            throw CLIError("bench visible: the index disagrees with the linear scan on \(caseName) at \(q)")
        }

        let batch = Array(queries.prefix(indexQueries))
        let scans = Array(queries.prefix(quick ? 8 : 30))
        var hits = 0
        let (perBatch, perScanBatch) = alternatingMedians(repeats: quick ? 7 : 21, {
            hits = 0
            for q in batch { hits += index.query(q).count }
        }, {
            for q in scans { blackHole(linearScan(frames, q)) }
        })
        let perQuery = perBatch / Double(batch.count)
        let hitsPerQuery = Double(hits) / Double(batch.count)
        var notes = memory
        notes["hits_per_query"] = hitsPerQuery
        notes["ns_per_hit"] = hitsPerQuery > 0 ? perQuery * 1e6 / hitsPerQuery : 0
        notes["query_us"] = perQuery * 1000
        report(BenchResult(suite: name, name: "\(caseName): viewport query", n: n, median: perQuery,
                           baseline: "linear scan, same frames", baselineMedian: perScanBatch / Double(scans.count),
                           notes: notes))
    }

    /// Median milliseconds of `a` and of `b`, sampled alternately after one warm-up run each,
    /// so that load from other processes on a shared machine hits both sides of a ratio alike.
    static func alternatingMedians(repeats: Int, clock: Stopwatch = .wall,
                                   _ a: () throws -> Void, _ b: () throws -> Void) rethrows -> (Double, Double) {
        var samples: ([Double], [Double]) = ([], [])
        try a(); try b()
        for _ in 0..<repeats {
            samples.0.append(try clock.milliseconds(a))
            samples.1.append(try clock.milliseconds(b))
        }
        return (BenchClock.median(samples.0), BenchClock.median(samples.1))
    }

    /// The baseline: every frame tested, hits collected in order. The four comparisons are
    /// combined without branches (Bool bits ANDed), then one well-predicted branch appends a
    /// hit: the fastest plain scan we tried (a short-circuit `&&` mispredicts on the scatter).
    static func linearScan(_ frames: [Rect], _ q: Rect) -> [Int] {
        let minX = q.x, minY = q.y, maxX = q.x + q.width, maxY = q.y + q.height
        var hits: [Int] = []
        frames.withUnsafeBufferPointer { all in
            for i in 0..<all.count {
                let f = all[i]
                let inX = bit(f.x < maxX) & bit(minX < f.x + f.width)
                let inY = bit(f.y < maxY) & bit(minY < f.y + f.height)
                if inX & inY != 0 { hits.append(i) }
            }
        }
        return hits
    }

    @inline(__always)
    private static func bit(_ b: Bool) -> UInt8 { unsafeBitCast(b, to: UInt8.self) }

    /// 1M items through the real `WaterfallLayout`; heights uniform in [50, 400), seed 12345.
    static func waterfallFrames(count: Int) throws -> [Rect] {
        var random = SplitMix64(seed: 12345)
        let heights = (0..<count).map { _ in 50 + random.unit() * 350 }
        let context = LayoutContext(collectionSize: viewport, count: count, item: { _ in nil },
                                    size: { i, proposal in Size(width: proposal.width, height: heights[i]) })
        return try WaterfallLayout(columns: 3, spacing: 4.5).frames(context)
    }

    /// Sizes uniform in [5, 50), positions uniform inside 10,000 × 10,000, seed 54321.
    static func scatterFrames(count: Int) -> [Rect] {
        var random = SplitMix64(seed: 54321)
        return (0..<count).map { _ in
            let w = 5 + random.unit() * 45, h = 5 + random.unit() * 45
            return Rect(x: random.unit() * (10_000 - w), y: random.unit() * (10_000 - h), width: w, height: h)
        }
    }
}

