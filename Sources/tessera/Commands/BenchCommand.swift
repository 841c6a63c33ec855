import ArgumentParser
import Foundation
import TesseraCore

/// `tessera bench [SUITE]... [--quick] [--format table|json]`, or
/// `tessera bench LAYOUT.lua --data FILE [--param K=V]... [--viewport WxH] [--section-by F] ...`:
/// a team's own layout script on its own data (`ScriptBench`).
struct BenchCommand: GivenFlagsChecked {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Measure Tessera, or a layout script on a dataset, against baselines in the same run.")

    /// Every suite, in the order `tessera bench` runs them. Add a suite here.
    static var suites: [BenchSuite.Type] {
        [LayoutBench.self, VisibleBench.self, DiffBench.self, LoadBench.self, LuaBench.self, AnimatorBench.self, EngineBench.self,
         CompositionalBench.self, PreviewBench.self, TestBench.self]
    }

    @Argument(help: ArgumentHelp("Suites to run: " + BenchCommand.suites.map { $0.name }.joined(separator: ", ")
                                 + "; or one layout script (a .lua file) to bench on --data. (default: all)", valueName: "suite"))
    var suite: [String] = []
    @Flag(help: "Smaller sizes and fewer repeats; finishes in under 30 s per suite.") var quick = false
    @Option(help: ArgumentHelp("table or json.", valueName: "FORMAT")) var format = Checked(BenchFormat.table)

    /// The flags only a layout script's bench takes: every flag declared here is refused with
    /// the suites (`scriptFlags`).
    struct ScriptOptions: ParsableArguments {
        @Option(help: ArgumentHelp("The dataset a layout script is benched on: .json, .jsonl or .csv (with a script only, which needs it).",
                                   valueName: "FILE"))
        var data: String?

        @OptionGroup var shape: LayoutShapeOptions

        @OptionGroup var dataset: DatasetOptions

        /// Not `ScriptLimitFlags`: its default, a second, is not the bench's.
        @Option(parsing: .unconditional,
                help: ArgumentHelp("Time limit per call into the script, in seconds of CPU time, at most \(NumberText.grouped(Int(TimeLimit.maxSeconds))). "
                                   + "(default: none, so a busy machine does not fail the bench)", valueName: "SECONDS"))
        var timeLimit: Checked<TimeLimit>?
    }

    @OptionGroup var scriptOptions: ScriptOptions

    var data: String? { scriptOptions.data }
    var shape: LayoutShapeOptions { scriptOptions.shape }
    var dataset: DatasetOptions { scriptOptions.dataset }
    var timeLimit: Checked<TimeLimit>? { scriptOptions.timeLimit }

    func validate() throws {
        try checkArgumentsNotEmpty(suite.map { ("<suite>", $0, "a bench suite or a layout script") })
        try format.checkUsage()
        try timeLimit?.checkUsage()
        guard let script = try benchedScript() else { return }
        if data == nil {
            throw ValidationError("bench \(script) needs --data FILE: a layout script is benched on a dataset of yours")
        }
    }

    /// The layout script the arguments name, or nil for suites; throws the usage error of a name
    /// that is neither, of two scripts, or of a script given with suites. An argument is a
    /// script when it ends in `.lua`, as `LuaHost.layout(named:)` loads a path only then.
    func benchedScript() throws -> String? {
        let known = Self.suites.map { $0.name }
        var scripts: [String] = []
        for name in suite where !known.contains(name) {
            if name.hasSuffix(".lua") {
                scripts.append(name)
                continue
            }
            if DatasetFormat(fileName: name) != nil {
                throw ValidationError("'\(name)' is a dataset, not a bench suite or a layout script" + datasetFlagNote(name))
            }
            throw ValidationError("unknown bench suite '\(name)'\(DidYouMean.hint(for: name, among: known)); known suites: \(known.joined(separator: ", "))")
        }
        guard let script = scripts.first else { return nil }
        if scripts.count > 1 {
            throw ValidationError("bench takes one layout script at a time; '\(script)' was given with '\(scripts[1])'")
        }
        if let other = suite.first(where: known.contains) {
            throw ValidationError("a layout script is benched alone; '\(script)' was given with the suite \(other)")
        }
        return script
    }

    /// The long names (without `--`) of the flags only a layout script's bench takes, as
    /// ArgumentParser declares `ScriptOptions` (less the `--help` it gives every command), so a
    /// flag added there is refused with the suites without a list to update.
    static let scriptFlags: Set<String> = {
        struct NoOptions: ParsableArguments {}
        let every = Tessera.longNames(of: NoOptions.self) { _ in true }
        return Tessera.longNames(of: ScriptOptions.self) { _ in true }.subtracting(every)
    }()

    /// The suites with a flag only a layout script takes: whether it was given is read from the
    /// command line (`given`, its long flags in order), as a flag set to its default value
    /// parses to the same value as none.
    func usageError(givenFlags given: [String]) throws -> String? {
        guard try benchedScript() == nil, let flag = given.first(where: Self.scriptFlags.contains) else { return nil }
        return "--\(flag) is for a layout script to bench (tessera bench LAYOUT.lua --data FILE); the suites bring their own data"
    }

    func run() throws {
        let format = try format.get()
        var rows: [BenchResult] = []
        let showProgress = isatty(STDERR_FILENO) == 1
        let report = { (row: BenchResult) in
            // The header comes with the first row: a run that reports none (diff's
            // TESSERA_BENCH_DIFF_ONLY, which only runs diffs for a profiler) prints nothing.
            if rows.isEmpty, let note = Self.debugBuildNote { reportError(note) }
            if format == .table && rows.isEmpty { printTableHeader() }
            rows.append(row)
            if format == .table { printTableRow(row) }
        }
        if let script = try benchedScript() {
            if showProgress { reportError("bench: running \(script)...") }
            try benchScript(script, report: report)
        } else {
            let chosen = suite.isEmpty ? Self.suites : Self.suites.filter { suite.contains($0.name) }
            for s in chosen {
                if showProgress { reportError("bench: running \(s.name)...") }
                try s.run(quick ? .quick : .full, report: report)
            }
        }
        if format == .json { printLine(try BenchResult.json(rows)) }
    }

    /// Benches `script` on `--data` as `tessera run` lays it out, under `run`'s memory cap but
    /// with no time limit unless `--time-limit` gives one, as the lua and preview suites run
    /// theirs: a measurement should not fail because the machine is busy.
    private func benchScript(_ script: String, report: (BenchResult) -> Void) throws {
        let items = try dataset.loadOrSample(data)
        let limits = ScriptLimitOptions(timeLimitSeconds: try timeLimit?.get().seconds ?? 0)
        let host = try scriptHost(limits: limits)
        let layout = try host.layout(named: script, params: try shape.parameters())
        let context = LayoutContext(dataset: items, collectionSize: try shape.viewport.get().size,
                                    sizing: ItemSizing(rule: try shape.sizingRule()))
        try ScriptBench.run(layout, context: context, quick: quick, collectGarbage: host.collectGarbage, report: report)
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
        printLine(pad("suite", 8) + pad("case", 44) + pad("n", 10, right: true) + pad("median ms", 12, right: true)
              + "  " + pad("baseline", 30) + pad("base ms", 12, right: true) + pad("ratio", 10, right: true)
              + pad("RSS MB", 9, right: true) + "  notes")
    }

    private func printTableRow(_ r: BenchResult) {
        let notes = (r.notes ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\(fmt($0.value))" }.joined(separator: " ")
        printLine(pad(r.suite, 8) + pad(r.name, 44) + pad(NumberText.grouped(r.n), 10, right: true)
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
