import TesseraCore
import TesseraRender

/// The last row of `tessera bench layout`: writing `run --format json`'s document for the default waterfall of
/// 1M generated items through `RunReport.write(to:)` into a writer that drops its buffers,
/// against the same document built whole (`RunReport.document()`, then `JSONWriter`), as `run`
/// did before it streamed. Notes: `mb` (the output), `mb_per_s`, `ns_per_item`. (The peak
/// memory of whole runs is `tessera bench memory`.)
enum OutputBench {
    static let name = LayoutBench.name

    static func jsonThroughput(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        let quick = size.quick, count = size.count(1_000_000, smoke: 2_000)
        let dataset = Dataset.synthetic(count: count) { i in Size(width: 100 + Double(i % 7) * 20, height: 60 + Double(i % 11) * 15) }
        let viewport = Size(width: 375, height: 812)
        let result = try WaterfallLayout().layout(LayoutContext(dataset: dataset, collectionSize: viewport))
        let runReport = RunReport(run: LayoutRun(layoutName: "waterfall", dataset: dataset, viewport: viewport, result: result,
                                              milliseconds: 0), viewport: nil)
        var bytes = 0
        let samples = try BenchClock.milliseconds(repeats: quick ? 3 : 7) {
            bytes = 0
            let out = BufferedWriter { bytes += $0.count }
            try runReport.write(to: out)
            try out.finish()
        }
        let median = BenchClock.median(samples)
        var whole = 0
        let baseline = try BenchClock.medianMilliseconds(repeats: quick ? 1 : 3, warmUp: false) {
            whole = JSONWriter.write(try runReport.document(), options: .pretty).utf8.count
        }
        guard whole == bytes else { throw CLIError("bench output: the streamed JSON has \(bytes) bytes, the whole one \(whole)") }
        let mb = Double(bytes) / 1_048_576
        report(BenchResult(
            suite: name, name: "JSON output, 1M items (waterfall)", n: count, median: median,
            baseline: quick ? "document built whole, 1 run" : "document built whole, median of 3", baselineMedian: baseline,
            notes: ["mb": mb, "mb_per_s": mb / (median / 1000), "ns_per_item": median * 1e6 / Double(count)]))
    }
}
