import ArgumentParser
import Foundation
import TesseraCore
import TesseraLua
import TesseraRender

/// `tessera scroll LAYOUT --data FILE [--from Y] [--to Y] [--steps N] [--animator FILE|NAME]
/// [--duplicates POLICY] [--measured SIZES.json] [--format json|text]`: drives the engine through evenly spaced
/// offsets and prints each step and a summary of created and reused views and step times; with `--measured` it plays a
/// host that measures each cell when it first enters the viewport.
struct ScrollCommand: ParsableCommand {
    // Declared as ArgumentParser wants: every command alike in shape, each with its own options and help.
    static let configuration = CommandConfiguration(
        commandName: "scroll",
        abstract: "Scroll the engine through a dataset: entering and leaving ids per step, view reuse and step times.")

    @Argument(help: ArgumentHelp(layoutArgumentHelp))
    var layout: String

    @Option(help: "The dataset (.json, .jsonl or .csv).")
    var data: String

    @Option(help: "The first content offset's y.")
    var from: Double = 0

    @Option(help: "The last content offset's y (default: the last screen of the content).")
    var to: Double?

    @Option(help: "Number of steps, the first pass included.")
    var steps: Int = 100

    @Option(help: "A built-in animator (fade, scale, wobble), a script in animators/ by name (cascade), or a .lua file (default: none).")
    var animator: String?

    @Option(name: .customLong("animator-param"), help: "An animator script parameter K=V. Repeatable.")
    var animatorParams: [String] = []

    @OptionGroup var shape: LayoutShapeOptions

    @Option(help: "json or text.")
    var format: String = "text"

    @Option(help: "Duplicate ids: reject, pairInOrder or suffix.")
    var duplicates: String = "reject"

    @Option(help: ArgumentHelp("Measured sizes, a JSON object from id to [w, h]: each cell is measured when it first enters the viewport, as a UI measures it; steps print their adjustment and the summary the largest jump.",
                               valueName: "SIZES.json"))
    var measured: String?

    @OptionGroup var limits: ScriptLimitFlags
    @OptionGroup var dataLimit: DataLimitFlags

    func run() throws {
        guard format == "json" || format == "text" else { throw CLIError("unknown --format '\(format)'; expected json or text") }
        guard steps >= 1 && steps <= 10_000_000 else { throw CLIError("--steps expects a whole number from 1 to 10000000, got \(steps)") }
        try checkOffset(from, flag: "--from")
        if let to { try checkOffset(to, flag: "--to") }
        let policy = try parseDuplicatePolicy(duplicates)
        let rule = try parseSizingRule(shape.sizing)
        let size = try parseViewport(shape.viewport)
        let options = try limits.parsed()
        let chosen = try resolveLayout(layout, params: try parseParameters(shape.params), limits: options)
        let dataset = try dataLimit.load(data, duplicatePolicy: policy)
        let provider = BasicProvider(data: ItemSource(dataset: dataset), layout: chosen, size: .rule(ItemSizing(rule: rule)))
        let engine = CollectionEngine(provider: provider, viewport: size)
        if let animator { engine.animator = try animatorNamed(animator, params: animatorParams, options) }
        let sizes = try measured.map { try dataLimit.loadMeasuredSizes($0) }
        let bar = ProgressBar(label: "scroll")
        let run = try ScrollRun(engine: engine, from: Point(x: 0, y: from), to: to, count: steps,
                                clock: { DispatchTime.now().uptimeNanoseconds }, progress: bar.update,
                                measured: sizes.map { sizes in { sizes[$0.description] } })
        bar.finish()
        let report = ScrollReport(run: run)
        if format == "json" { try emit(to: nil) { report.write(to: $0) } } else { try emit(report.text, to: nil) }
    }
}

/// A one-line progress bar on stderr, shown only when stderr is a terminal.
final class ProgressBar {
    let label: String
    private var shown = -1
    init(label: String) { self.label = label }

    func update(_ done: Int, _ total: Int) {
        guard StandardStream.error.isTerminal, total > 0 else { return }
        let percent = done * 100 / total
        guard percent != shown else { return }
        shown = percent
        let filled = percent * 30 / 100
        let line = "\r\(label) [" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled) + "] \(percent)%"
        try? StandardStream.error.writeAll(Array(line.utf8))
    }

    func finish() {
        guard StandardStream.error.isTerminal, shown >= 0 else { return }
        try? StandardStream.error.writeAll(Array(("\r" + String(repeating: " ", count: label.count + 38) + "\r").utf8))
    }
}
