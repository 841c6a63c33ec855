import Foundation
import TesseraCore

/// `tessera bench load`: reading a JSON dataset (parse, validation, duplicate check, the
/// `Dataset` with its size arrays) from bytes already in memory, against Foundation's
/// `JSONSerialization` parsing the same bytes into untyped objects (no validation).
///
/// Cases: 300,000 sections of one item each (the shape that was quadratic, then 3 s), and 1M
/// items as 1 section, as 1,000 sections of 1,000 and as 1,000,000 sections of one. Items are
/// `{"id": "i17", "h": 57}`; sections `{"id": 17, "items": [...]}`. Notes: `ns_per_item`,
/// `mb` (the document's size), `mb_per_s`, and for the 1M rows `vs_one_section`, the median
/// over the median of the one-section file: how much the sectioning costs (the one-item-section
/// file is twice as long, since every item brings its section's own JSON), and `cpu_ms`, the
/// median process CPU time of a load (user + system), which a busy machine inflates far less
/// than wall time. Then the peak memory of whole 1M-item runs (`MemoryBench`).
enum LoadBench: BenchSuite {
    static let name = "load"

    static func run(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        let quick = size.quick
        let cases: [(label: String, sectionOfItem: (Int) -> Int, count: Int)] = [
            ("300k sections of 1 item", { $0 }, 300_000),
            ("1M items, 1 section", { _ in 0 }, 1_000_000),
            ("1M items, 1,000 sections of 1,000", { $0 / 1_000 }, 1_000_000),
            ("1M items, 1M sections of 1", { $0 }, 1_000_000),
        ]
        var oneSectionMedian: Double?
        for c in cases {
            // A smoke run loads a five-hundredth of the items, on the same branches as --quick.
            let count = size.count(c.count, smoke: c.count / 500)
            let bytes = document(count: count, sectionOfItem: c.sectionOfItem)
            let big = c.count >= 1_000_000
            let repeats = quick ? (big ? 3 : 5) : (big ? 7 : 11)
            var dataset: Dataset?
            var cpu: [Double] = []
            let samples = try BenchClock.milliseconds(repeats: repeats, warmUp: !(quick && big)) {
                dataset = nil
                cpu.append(try Stopwatch.processCPU.milliseconds {
                    dataset = try DatasetLoader.parse(data: bytes, fileName: "bench.json", format: .json)
                })
            }
            let median = BenchClock.median(samples)
            guard dataset?.count == count else {
                throw CLIError("bench load: the dataset has \(dataset?.count ?? 0) items; expected \(count)")
            }
            dataset = nil
            // Foundation needs about ten times as long and as much memory: in --quick only for 300k.
            var foundation: Double?
            if !(quick && big) {
                let data = Data(bytes)
                foundation = try BenchClock.medianMilliseconds(repeats: 1, warmUp: false) {
                    blackHole(try JSONSerialization.jsonObject(with: data))
                }
            }
            let mb = Double(bytes.count) / 1_048_576
            var notes: [String: Double] = [
                "ns_per_item": median * 1e6 / Double(count), "mb": mb, "mb_per_s": mb / (median / 1000),
                "spread": samples.max()! / median, "cpu_ms": BenchClock.median(cpu.suffix(repeats)),
            ]
            if big {
                if oneSectionMedian == nil { oneSectionMedian = median }
                notes["vs_one_section"] = median / oneSectionMedian!
            }
            report(BenchResult(suite: name, name: c.label, n: count, median: median,
                               baseline: foundation == nil ? "none (JSONSerialization in a full run)" : "JSONSerialization, 1 run",
                               baselineMedian: foundation, notes: notes))
        }
        // The memory rows run this executable as a child: in the tests that is the test runner,
        // not tessera, so a smoke run leaves them out.
        if size != .smoke { try MemoryBench.run(quick: quick, report: report) }
    }

    /// The JSON text of `count` items grouped into consecutive sections by `sectionOfItem`.
    static func document(count: Int, sectionOfItem: (Int) -> Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count * 48)
        func append(_ s: String) { out.append(contentsOf: s.utf8) }
        append("{\"sections\":[")
        var k = 0
        while k < count {
            let section = sectionOfItem(k)
            if k > 0 { append(",") }
            append("{\"id\":\(section),\"items\":[")
            var first = true
            while k < count && sectionOfItem(k) == section {
                append(first ? "" : ",")
                append("{\"id\":\"i\(k)\",\"h\":\(40 + k % 50)}")
                first = false
                k += 1
            }
            append("]}")
        }
        append("]}")
        return out
    }
}
