@_spi(Testing) import TesseraCore
import Foundation

/// `tessera bench diff`: Tessera's linear diff against Swift's `difference(from:).inferringMoves()`
/// (Myers), measured in the same run on the same arrays.
///
/// Recipe (the benchmark of DifferenceKit's README, with a seeded
/// generator): `n` unique ids; NEW is OLD with a contiguous block of ids deleted, the same number
/// of fresh ids inserted as one block, then a prefix of NEW shuffled (the moves).
/// - 5k: 1,000 deleted (2000..<3000), 1,000 inserted (at 3000), 200 shuffled.
/// - 100k: 10,000 deleted (20000..<30000), 10,000 inserted (at 30000), 2,000 shuffled.
/// - 1M: 10,000 deleted (200000..<210000), 10,000 inserted (at 300000), 2,000 shuffled.
/// Ids are random 64-bit integers, or UUID strings (36 characters).
///
/// Measured: `Changeset(from:to:)` on the two arrays (hashing and the duplicate check included,
/// output is the full batch in UIKit semantics) against `new.difference(from: old).inferringMoves()`.
/// Notes: `ns_per_element` (median / n), `spread` (slowest timed run / median),
/// `cpu_ns_per_element` (the process's CPU time per diff over n: what a busy machine's
/// preemption does not inflate, page faults included), `moves` reported
/// by each side, `stages` of the staged changeset, and `snapshot_ms` (`snapshot_ns_per_element`),
/// the same diff from two prebuilt `Snapshot`s, at every size. Myers takes seconds from 100k on, so a full run measures its 1M baseline
/// directly (3 runs, no warm-up) and `--quick` measures none there: those rows have no ratio.
///
/// The sectioned row is DifferenceKit's own sectioned measurement: 5 sections of 20,001 random
/// 64-bit ids; in NEW each section loses the ids at offsets 2000..<5000 and gains 3,000 fresh ids
/// as one block where the deleted ones were. Measured: both snapshots built from the plain
/// arrays with `Snapshot(sections:)`, then `Changeset(from:to:)`; `ns_per_element` is that time
/// over OLD's 100,005 ids. It has no baseline in this run (DifferenceKit does not build here).
enum DiffBench: BenchSuite {
    static let name = "diff"

    private struct Case {
        var n: Int
        var deleted: Range<Int>
        var insertAt: Int
        var inserted: Int
        var shuffled: Int
        var label: String

        /// The same edit on `n / factor` ids: every count divided, so the label's shares hold.
        func scaled(down factor: Int) -> Case {
            Case(n: n / factor, deleted: (deleted.lowerBound / factor)..<(deleted.upperBound / factor), insertAt: insertAt / factor,
                 inserted: inserted / factor, shuffled: shuffled / factor, label: label)
        }
    }

    static func run(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        if let only = ProcessInfo.processInfo.environment["TESSERA_BENCH_DIFF_ONLY"] {
            return try profile(only)
        }
        try sectioned(size, report: report)
        // A smoke run's cases are the same edits at a tenth, a fiftieth and a five-hundredth of the size.
        let sized = size == .smoke ? zip(cases, [10, 50, 500]).map { $0.scaled(down: $1) } : cases
        for c in sized { try measure(c, quick: size.quick, report: report) }
    }

    private static let cases = [
            Case(n: 5_000, deleted: 2_000..<3_000, insertAt: 3_000, inserted: 1_000, shuffled: 200,
                 label: "20% del, 20% ins, 4% shuffled"),
            Case(n: 100_000, deleted: 20_000..<30_000, insertAt: 30_000, inserted: 10_000, shuffled: 2_000,
                 label: "10% del, 10% ins, 2% shuffled"),
            Case(n: 1_000_000, deleted: 200_000..<210_000, insertAt: 300_000, inserted: 10_000, shuffled: 2_000,
                 label: "1% del, 1% ins, 0.2% shuffled"),
    ]

    /// The Int and UUID string rows of one size.
    private static func measure(_ c: Case, quick: Bool, report: (BenchResult) -> Void) throws {
        let ((oldInts, newInts), (oldStrings, newStrings)) = inputs(c)
        try measure(c, kind: "Int", old: oldInts, new: newInts, quick: quick, report: report)
        try measure(c, kind: "UUID string", old: oldStrings, new: newStrings, quick: quick, report: report)
    }

    /// The Int pair and the UUID string pair of one size, from the size's seed.
    private static func inputs(_ c: Case) -> (([UInt64], [UInt64]), ([String], [String])) {
        var random = SplitMix64(seed: 20_240_601 &+ UInt64(c.n))
        let intIDs = (0..<(c.n + c.inserted)).map { _ in random.next() }
        let ints = makePair(intIDs, c, &random)
        let stringIDs = intIDs.map { _ in random.uuidString() }
        return (ints, makePair(stringIDs, c, &random))
    }

    /// `TESSERA_BENCH_DIFF_ONLY=KIND-N-PATH[-REPEATS]` (`uuid-100000-array`, `int-5000-snapshot`):
    /// only that diff, untimed, for counting instructions inside `profiledDiff` (docs/howto/benchmarks.md
    /// gives the callgrind line; divide by REPEATS (default 10) times N).
    private static func profile(_ spec: String) throws {
        let parts = spec.split(separator: "-").map(String.init)
        guard parts.count >= 3, let n = Int(parts[1]), let c = cases.first(where: { $0.n == n }),
              ["int", "uuid"].contains(parts[0]), ["array", "snapshot"].contains(parts[2]) else {
            throw CLIError("TESSERA_BENCH_DIFF_ONLY: expected KIND-N-PATH[-REPEATS], KIND int or uuid, "
                + "N one of \(cases.map(\.n)), PATH array or snapshot; got '\(spec)'")
        }
        let repeats = parts.count > 3 ? Int(parts[3]) ?? 10 : 10
        let ((oldInts, newInts), (oldStrings, newStrings)) = inputs(c)
        if parts[0] == "int" {
            try profiledDiffs(old: oldInts, new: newInts, snapshots: parts[2] == "snapshot", repeats: repeats)
        }
        else {
            try profiledDiffs(old: oldStrings, new: newStrings, snapshots: parts[2] == "snapshot", repeats: repeats)
        }
    }

    private static func profiledDiffs<ID: Hashable>(old: [ID], new: [ID], snapshots: Bool, repeats: Int) throws {
        let a = try Snapshot(section: 0, items: old), b = try Snapshot(section: 0, items: new)
        for _ in 0..<repeats { blackHole(try profiledDiff(old: old, new: new, snapshots: snapshots ? (a, b) : nil)) }
    }

    /// One diff: the function callgrind's `--toggle-collect` names.
    @inline(never)
    private static func profiledDiff<ID: Hashable>(old: [ID], new: [ID], snapshots: (Snapshot<Int, ID>, Snapshot<Int, ID>)?) throws
        -> Changeset
    {
        if let (a, b) = snapshots { return Changeset(from: a, to: b) }
        return try Changeset(from: old, to: new)
    }

    /// The sectioned row (see the type's documentation).
    static func sectioned(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        let quick = size.quick
        let (sections, perSection, lost) = size == .smoke ? (5, 201, 20..<50) : (5, 20_001, 2_000..<5_000)
        var random = SplitMix64(seed: 20_240_601)
        var old: [(Int, [UInt64])] = [], new: [(Int, [UInt64])] = []
        for s in 0..<sections {
            let items = (0..<perSection).map { _ in random.next() }
            var changed = items
            changed.replaceSubrange(lost, with: (0..<lost.count).map { _ in random.next() })
            old.append((s, items))
            new.append((s, changed))
        }
        var batch = Changeset()
        let samples = try BenchClock.milliseconds(repeats: quick ? 15 : 31) {
            batch = try sectionedDiff(old, new)
        }
        let median = BenchClock.median(samples)
        let n = sections * perSection
        guard batch.itemsDeleted.count == sections * lost.count, batch.itemsInserted.count == sections * lost.count,
              batch.itemsMoved.isEmpty else {
            throw CLIError("bench diff: the sectioned batch has \(batch.itemsDeleted.count) deletes, "
                + "\(batch.itemsInserted.count) inserts and \(batch.itemsMoved.count) moves; expected \(sections * lost.count), \(sections * lost.count) and 0")
        }
        report(BenchResult(suite: name, name: "Int ids, 5 sections x 20,001, 15% replaced", n: n, median: median,
                           baseline: "none (DifferenceKit: not here)", baselineMedian: nil,
                           notes: ["ns_per_element": median * 1e6 / Double(n), "spread": samples.max()! / median]))
    }

    /// Both snapshots from plain arrays, then the batch: what the sectioned row times.
    @inline(never)
    static func sectionedDiff(_ old: [(Int, [UInt64])], _ new: [(Int, [UInt64])]) throws -> Changeset {
        Changeset(from: try Snapshot(sections: old), to: try Snapshot(sections: new))
    }

    /// OLD is the first `n` ids; NEW deletes, inserts the remaining ids as a block, shuffles a prefix.
    private static func makePair<ID>(_ ids: [ID], _ c: Case, _ random: inout SplitMix64) -> ([ID], [ID]) {
        let old = Array(ids[0..<c.n])
        var new = old
        new.removeSubrange(c.deleted)
        new.insert(contentsOf: ids[c.n..<(c.n + c.inserted)], at: c.insertAt - c.deleted.count)
        var prefix = Array(new[0..<c.shuffled])
        prefix.shuffle(using: &random)
        new.replaceSubrange(0..<c.shuffled, with: prefix)
        return (old, new)
    }

    private static func measure<ID: Hashable>(
        _ c: Case, kind: String, old: [ID], new: [ID], quick: Bool, report: (BenchResult) -> Void
    ) throws {
        let big = c.n >= 1_000_000
        let repeats = c.n <= 5_000 ? (quick ? 31 : 61) : big ? (quick ? 5 : 9) : (quick ? 15 : 31)
        var batch = Changeset()
        var samples: [Double] = []
        let cpu = try Stopwatch.processCPU.milliseconds {
            samples = try BenchClock.milliseconds(repeats: repeats) { batch = try Changeset(from: old, to: new) }
        }
        let cpuPerRun = cpu / Double(repeats + 1)   // the warm-up ran too
        let ours = BenchClock.median(samples)
        var notes: [String: Double] = [
            "moves": Double(batch.itemsMoved.count),
            "ns_per_element": ours * 1e6 / Double(c.n),
            "spread": samples.max()! / ours,
            "cpu_ns_per_element": cpuPerRun * 1e6 / Double(c.n),
        ]
        var baseline: Double?
        var label = "none (measured in a full run)"
        if !(quick && big) {
            // Myers takes seconds from 100k on: fewer runs, and no warm-up there.
            let runs = c.n <= 5_000 ? (quick ? 5 : 15) : (quick ? 1 : 3)
            var inferred = 0
            baseline = BenchClock.medianMilliseconds(repeats: runs, warmUp: c.n <= 5_000) {
                let difference = new.difference(from: old).inferringMoves()
                inferred = difference.reduce(0) { count, change in
                    if case .insert(_, _, let associated) = change, associated != nil { return count + 1 }
                    return count
                }
            }
            label = runs == 1 ? "difference.inferringMoves, 1 run" : "difference.inferringMoves, median of \(runs)"
            notes["baseline_moves"] = Double(inferred)
        }
        // The snapshot path at every size, 1M included, so each row compares the two paths.
        let a = try Snapshot(section: 0, items: old), b = try Snapshot(section: 0, items: new)
        let snapshot = BenchClock.medianMilliseconds(repeats: repeats) { blackHole(Changeset(from: a, to: b)) }
        notes["snapshot_ms"] = snapshot
        notes["snapshot_ns_per_element"] = snapshot * 1e6 / Double(c.n)
        notes["stages"] = Double(StagedChangeset(staging: batch, from: a, to: b).count)
        report(BenchResult(suite: name, name: "\(kind) ids, \(c.label)", n: c.n, median: ours,
                           baseline: label, baselineMedian: baseline, notes: notes))
    }
}

/// Reproducible UUID strings from the shared seeded generator (whose outputs, a bijection of
/// its counter, also serve as unique 64-bit ids).
extension SplitMix64 {
    /// A version-4-shaped UUID string, `XXXXXXXX-XXXX-4XXX-YXXX-XXXXXXXXXXXX`.
    mutating func uuidString() -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        let bits = (next(), next())
        for k in 0..<32 {
            if k == 8 || k == 12 || k == 16 || k == 20 { bytes.append(UInt8(ascii: "-")) }
            let source = k < 16 ? bits.0 : bits.1
            var nibble = Int((source >> UInt64((k % 16) * 4)) & 0xF)
            if k == 12 { nibble = 4 }
            if k == 16 { nibble = 8 | (nibble & 3) }
            bytes.append(hex[nibble])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
