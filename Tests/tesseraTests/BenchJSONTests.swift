import Foundation
import Testing
@testable import tessera

/// `tessera bench --format json`: every row carries the same keys, so a reader of `row.ratio`
/// gets null, not a missing key, for a row with nothing to compare with.
@Suite struct BenchJSONTests {
    /// A row as a suite reports it, its peak memory fixed so the text is exact.
    func row(_ name: String, median: Double, baseline: String, baselineMedian: Double?, notes: [String: Double]? = nil) -> BenchResult {
        var row = BenchResult(suite: "diff", name: name, n: 100, median: median, baseline: baseline,
                              baselineMedian: baselineMedian, notes: notes)
        row.peak_rss_mb = 41
        return row
    }

    @Test func aRowWithoutABaselineHasANullRatioAndBaselineMedian() throws {
        let json = try BenchResult.json([row("no baseline", median: 2, baseline: "none (measured in a full run)", baselineMedian: nil)])
        #expect(json == #"{"results":[{"baseline":"none (measured in a full run)","baseline_median_ms":null,"median_ms":2,"#
                + #""n":100,"name":"no baseline","peak_rss_mb":41,"ratio":null,"suite":"diff"}]}"#)
    }

    @Test func aRowWithABaselineHasItsRatioAndNotes() throws {
        let json = try BenchResult.json([row("measured", median: 2, baseline: "difference", baselineMedian: 50, notes: ["spread": 1.5])])
        #expect(json == #"{"results":[{"baseline":"difference","baseline_median_ms":50,"median_ms":2,"#
                + #""n":100,"name":"measured","notes":{"spread":1.5},"peak_rss_mb":41,"ratio":25,"suite":"diff"}]}"#)
    }

    /// A median under the clock's tick has no ratio rather than an infinite one JSON cannot hold.
    @Test func aRowTooFastToTimeHasANullRatio() throws {
        let json = try BenchResult.json([row("instant", median: 0, baseline: "difference", baselineMedian: 50)])
        #expect(json == #"{"results":[{"baseline":"difference","baseline_median_ms":50,"median_ms":0,"#
                + #""n":100,"name":"instant","peak_rss_mb":41,"ratio":null,"suite":"diff"}]}"#)
    }

    /// Rows with and without a baseline, side by side, have the same keys (notes aside).
    @Test func everyRowHasTheSameKeys() throws {
        let json = try BenchResult.json([row("a", median: 1, baseline: "x", baselineMedian: 3),
                                         row("b", median: 1, baseline: "none (x)", baselineMedian: nil)])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [[String: Any]]])
        let keys = try #require(object["results"]).map { $0.keys.sorted() }
        let expected = ["baseline", "baseline_median_ms", "median_ms", "n", "name", "peak_rss_mb", "ratio", "suite"]
        #expect(keys == [expected, expected])
        #expect(object["results"]?[1]["ratio"] is NSNull)
    }
}
