import Foundation

/// One row of `tessera bench`: Tessera's median against a baseline measured in the same run.
/// Encodes to the `tessera bench --format json` shape docs/outputs.md shows; `ratio` is baseline / median (above 1: Tessera is faster).
/// A row without a baseline of its own (nil `baselineMedian`) has `baseline_median_ms` and
/// `ratio` null: a ratio against a baseline measured on other input would mislead. Every row
/// carries every key, so a reader of `row.ratio` gets null rather than a missing key.
struct BenchResult: Codable {
    var suite: String
    var name: String
    var n: Int
    var median_ms: Double
    var baseline: String
    var baseline_median_ms: Double?
    var ratio: Double?
    var peak_rss_mb: Double
    /// Extra figures a suite wants to show (for example ns per returned item, index MB).
    var notes: [String: Double]?

    init(suite: String, name: String, n: Int, median: Double, baseline: String,
         baselineMedian: Double?, notes: [String: Double]? = nil) {
        self.suite = suite; self.name = name; self.n = n
        self.median_ms = median; self.baseline = baseline
        self.baseline_median_ms = baselineMedian
        // A median under the clock's tick has no ratio (JSON has no infinity to write).
        self.ratio = median > 0 ? baselineMedian.map { $0 / median } : nil
        self.peak_rss_mb = BenchClock.peakRSSMegabytes()
        self.notes = notes
    }

    /// Writes null for a missing baseline and ratio (the synthesised encoding would leave the keys out).
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(suite, forKey: .suite); try c.encode(name, forKey: .name); try c.encode(n, forKey: .n)
        try c.encode(median_ms, forKey: .median_ms); try c.encode(baseline, forKey: .baseline)
        try c.encode(baseline_median_ms, forKey: .baseline_median_ms); try c.encode(ratio, forKey: .ratio)
        try c.encode(peak_rss_mb, forKey: .peak_rss_mb); try c.encodeIfPresent(notes, forKey: .notes)
    }

    /// `{"results": [...]}`, as `tessera bench --format json` prints it: keys sorted.
    static func json(_ rows: [BenchResult]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(["results": rows]), as: UTF8.self)
    }
}

/// A named group of benchmarks (`tessera bench SUITE`).
protocol BenchSuite {
    static var name: String { get }
    /// Runs every case, calling `report` once per finished row, at `size`.
    static func run(_ size: BenchSize, report: (BenchResult) -> Void) throws
}

/// How big a bench run is.
enum BenchSize: Equatable {
    /// The sizes and repeats the figures in docs/speed.md come from.
    case full
    /// `--quick`: fewer repeats and sizes, under 30 s per suite.
    case quick
    /// A few hundred to a few thousand items with `--quick`'s repeats: no figure worth reading,
    /// but every case's code runs, so a debug build's internal checks and the suites' own checks
    /// see the benches' data (the tests run every suite so). Rows keep their names; `n` is the
    /// count that ran.
    case smoke

    /// Fewer repeats: `--quick` and smoke runs.
    var quick: Bool { self != .full }

    /// `count`, or `smoke` in a smoke run.
    func count(_ count: Int, smoke: Int) -> Int { self == .smoke ? smoke : count }

    /// The item counts a suite that climbs the sizes runs: 10k, 100k and 1M, or 300 and 2,000 in
    /// a smoke run.
    var itemCounts: [Int] { self == .smoke ? [300, 2_000] : [10_000, 100_000, 1_000_000] }
}

/// Timing helpers shared by every suite.
enum BenchClock {
    /// Median wall time in milliseconds of `repeats` runs of `body`, after one warm-up run.
    static func medianMilliseconds(repeats: Int, warmUp: Bool = true, _ body: () throws -> Void) rethrows -> Double {
        median(try milliseconds(repeats: repeats, warmUp: warmUp, body))
    }

    /// The wall time in milliseconds of each of `repeats` runs of `body`, after one warm-up run.
    static func milliseconds(repeats: Int, warmUp: Bool = true, _ body: () throws -> Void) rethrows -> [Double] {
        if warmUp { try body() }
        var samples: [Double] = []
        samples.reserveCapacity(repeats)
        for _ in 0..<max(1, repeats) { samples.append(try Stopwatch.wall.milliseconds(body)) }
        return samples
    }

    /// The median of samples (the mean of the middle two for an even count). O(n log n).
    static func median(_ samples: [Double]) -> Double {
        let s = samples.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// Peak resident set size of this process so far (VmHWM on Linux), in MB.
    static func peakRSSMegabytes() -> Double {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kb = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
            return kb / 1024
        }
        return 0
        #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1_048_576
        #endif
    }
}

/// Keeps the optimiser from deleting a computation whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
