import ArgumentParser
import Foundation

/// `tessera bench [SUITE]... [--quick] [--format table|json]`.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Measure Tessera against baselines in the same run.")

    /// Every suite, in the order `tessera bench` runs them. Add a suite here.
    static var suites: [BenchSuite.Type] {
        [LayoutBench.self, VisibleBench.self, DiffBench.self, LoadBench.self, LuaBench.self, AnimatorBench.self, EngineBench.self,
         CompositionalBench.self, PreviewBench.self, TestBench.self]
    }

    @Argument(help: ArgumentHelp("Suites to run: " + BenchCommand.suites.map { $0.name }.joined(separator: ", ") + " (default: all).", valueName: "suite"))
    var suite: [String] = []
    @Flag(help: "Smaller sizes and fewer repeats; finishes in under 30 s per suite.") var quick = false
    @Option(help: ArgumentHelp("table or json.", valueName: "FORMAT")) var format = Checked(BenchFormat.table)

    func validate() throws {
        let known = Self.suites.map { $0.name }
        for name in suite where !known.contains(name) {
            throw ValidationError("unknown bench suite '\(name)'; known suites: \(known.joined(separator: ", "))")
        }
        try format.checkUsage()
    }

    func run() throws {
        let format = try format.get()
        let chosen = suite.isEmpty ? Self.suites : Self.suites.filter { suite.contains($0.name) }
        var rows: [BenchResult] = []
        let showProgress = isatty(STDERR_FILENO) == 1
        for s in chosen {
            if showProgress { reportError("bench: running \(s.name)...") }
            try s.run(quick: quick) { row in
                // The header comes with the first row: a run that reports none (diff's
                // TESSERA_BENCH_DIFF_ONLY, which only runs diffs for a profiler) prints nothing.
                if rows.isEmpty, let note = Self.debugBuildNote { reportError(note) }
                if format == .table && rows.isEmpty { printTableHeader() }
                rows.append(row)
                if format == .table { printTableRow(row) }
            }
        }
        if format == .json { printLine(try BenchResult.json(rows)) }
    }

    /// Said once, with the first row, by a debug build: its figures are far below a release
    /// build's, and a first `tessera bench` through the debug build the README's alias names would
    /// otherwise read as Tessera's own.
    static var debugBuildNote: String? {
        #if DEBUG
        return "note: this is a debug build, many times slower than a release one; for figures that mean something, "
            + "build with swift build -c release (scripts/bench does)"
        #else
        return nil
        #endif
    }

    private func printTableHeader() {
        printLine(pad("suite", 8) + pad("case", 44) + pad("n", 9, right: true) + pad("median ms", 12, right: true)
              + "  " + pad("baseline", 30) + pad("base ms", 12, right: true) + pad("ratio", 10, right: true)
              + pad("RSS MB", 9, right: true) + "  notes")
    }

    private func printTableRow(_ r: BenchResult) {
        let notes = (r.notes ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\(fmt($0.value))" }.joined(separator: " ")
        printLine(pad(r.suite, 8) + pad(r.name, 44) + pad(String(r.n), 9, right: true)
              + pad(fmt(r.median_ms), 12, right: true) + "  " + pad(r.baseline, 30)
              + pad(r.baseline_median_ms.map(fmt) ?? "-", 12, right: true)
              + pad(r.ratio.map { fmt($0) + "x" } ?? "-", 10, right: true)
              + pad(fmt(r.peak_rss_mb), 9, right: true) + "  " + notes)
        fflush(nil)   // every output stream: Swift 6 forbids touching the C global `stdout`
    }

    private func fmt(_ v: Double) -> String {
        if !v.isFinite { return "inf" }
        if abs(v) >= 100 { return String(format: "%.0f", v) }
        if abs(v) >= 1 { return String(format: "%.2f", v) }
        return String(format: "%.4f", v)
    }

    private func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(1, width - s.count))
        return right ? padding + s : s + padding
    }
}
