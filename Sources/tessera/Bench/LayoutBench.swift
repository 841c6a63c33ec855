@_spi(Testing) import TesseraCore

/// `tessera bench layout`: native layouts against the same loop over a preallocated buffer.
///
/// The baseline is the waterfall algorithm written as a bare loop over an array of heights into
/// an `UnsafeMutableBufferPointer` — what a C programmer would write. "frames" rows time only
/// computing frames through the real `LayoutContext` size path; "layout+index" rows time the
/// whole `layout(_:)` call (validation and spatial index included); at the largest size, one
/// row times that validation and index alone (`resultBuild`). The last row times the 1M-item
/// waterfall's `run --format json` document streamed out (`OutputBench`).
enum LayoutBench: BenchSuite {
    static let name = "layout"

    static func run(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        let quick = size.quick, counts = size.itemCounts
        for n in counts {
            let repeats = quick ? (n >= 1_000_000 ? 3 : 5) : (n >= 1_000_000 ? 7 : 15)
            let dataset = benchDataset(count: n)
            let context = LayoutContext(dataset: dataset, collectionSize: Size(width: 375, height: 812))
            let heights = dataset.heights.map { $0 * 122 / 300 }   // fit-scaled to the column width
            let waterfall = WaterfallLayout(columns: 3, spacing: 4.5)

            let loop = plainWaterfallLoopMilliseconds(heights: heights, repeats: repeats)
            let frames = try BenchClock.medianMilliseconds(repeats: repeats) { blackHole(try waterfall.frames(context)) }
            report(BenchResult(suite: name, name: "waterfall frames (3 columns)", n: n, median: frames,
                               baseline: "plain loop, preallocated buffer", baselineMedian: loop))
            var laidOut: (any LayoutResult)?
            let full = try BenchClock.medianMilliseconds(repeats: repeats) { laidOut = try waterfall.layout(context) }
            var notes: [String: Double] = ["frames_mb": Double(n * MemoryLayout<Rect>.stride) / 1_048_576]
            if let r = laidOut?.unwrapped as? FramesResult { notes["index_mb"] = Double(r.index.memoryBytes) / 1_048_576 }
            report(BenchResult(suite: name, name: "waterfall layout+index", n: n, median: full,
                               baseline: "plain loop, preallocated buffer", baselineMedian: loop, notes: notes))

            let flowSizes = dataset.heights.map { Size(width: 300, height: $0) }   // fit leaves them as they are
            let flowLoop = plainFlowLoopMilliseconds(sizes: flowSizes, width: 375, spacing: 4, repeats: repeats)
            let flow = FlowLayout(spacing: 4)
            let flowMs = try BenchClock.medianMilliseconds(repeats: repeats) { blackHole(try flow.layout(context)) }
            report(BenchResult(suite: name, name: "flow layout+index", n: n, median: flowMs,
                               baseline: "plain flow loop, preallocated", baselineMedian: flowLoop))
            if n == counts.last { try resultBuild(frames: try waterfall.frames(context), repeats: repeats, report: report) }
        }
        try OutputBench.jsonThroughput(size, report: report)
    }

    /// Building a layout result from frames a layout gave (`FramesResult.init`: every frame
    /// validated, the content size, the spatial index) against copying those frames into a new
    /// array, the least any result that owned its frames would do. The two alternate.
    static func resultBuild(frames: [Rect], repeats: Int, report: (BenchResult) -> Void) throws {
        let (build, copy) = try VisibleBench.alternatingMedians(repeats: repeats, {
            blackHole(try FramesResult(frames: frames))
        }, {
            blackHole(frames.withUnsafeBufferPointer { Array($0) })
        })
        report(BenchResult(suite: name, name: "FramesResult.init (validation + index)", n: frames.count, median: build,
                           baseline: "copy of the frames array", baselineMedian: copy,
                           notes: ["x_slower": build / copy, "ns_per_item": build * 1e6 / Double(frames.count)]))
    }

    /// Items of width 300 and heights in [50, 400) from a fixed LCG, so runs are comparable.
    static func benchDataset(count: Int) -> Dataset {
        var random = BenchRandom(seed: 12345)
        return Dataset.synthetic(count: count) { _ in Size(width: 300, height: 50 + random.unit() * 350) }
    }

    /// The baseline: the waterfall as a bare loop writing into a preallocated buffer.
    static func plainWaterfallLoopMilliseconds(heights: [Double], repeats: Int) -> Double {
        let buffer = UnsafeMutableBufferPointer<Rect>.allocate(capacity: heights.count)
        defer { buffer.deallocate() }
        let columnWidth = (375 - 2 * 4.5) / 3
        return BenchClock.medianMilliseconds(repeats: repeats) {
            var tops = (0.0, 0.0, 0.0)
            heights.withUnsafeBufferPointer { hs in
                for i in 0..<hs.count {
                    let h = hs[i]
                    var c = 0
                    var top = tops.0
                    if tops.1 < top { c = 1; top = tops.1 }
                    if tops.2 < top { c = 2; top = tops.2 }
                    buffer[i] = Rect(x: Double(c) * (columnWidth + 4.5), y: top, width: columnWidth, height: h)
                    switch c {
                    case 0: tops.0 += h + 4.5
                    case 1: tops.1 += h + 4.5
                    default: tops.2 += h + 4.5
                    }
                }
            }
            blackHole(buffer[heights.count - 1])
        }
    }

    /// The flow baseline: greedy line breaking, start-aligned, written into a preallocated buffer.
    static func plainFlowLoopMilliseconds(sizes: [Size], width: Double, spacing: Double, repeats: Int) -> Double {
        let buffer = UnsafeMutableBufferPointer<Rect>.allocate(capacity: sizes.count)
        defer { buffer.deallocate() }
        return BenchClock.medianMilliseconds(repeats: repeats) {
            var x = 0.0, y = 0.0, lineHeight = 0.0, onLine = 0
            for i in 0..<sizes.count {
                let s = sizes[i]
                if onLine > 0 && x + s.width > width {
                    y += lineHeight + spacing; x = 0; lineHeight = 0; onLine = 0
                }
                buffer[i] = Rect(x: x, y: y, width: s.width, height: s.height)
                x += s.width + spacing
                lineHeight = max(lineHeight, s.height)
                onLine += 1
            }
            blackHole(buffer[sizes.count - 1])
        }
    }
}
