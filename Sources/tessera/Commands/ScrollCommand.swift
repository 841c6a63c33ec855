import ArgumentParser
import Foundation
import TesseraCore
import TesseraLua
import TesseraRender

/// `tessera scroll LAYOUT [--data FILE] [--from Y] [--to Y] [--rtl] [--steps N] [--animator FILE|NAME]
/// [--duplicates POLICY] [--measured SIZES.json] [--format json|text] [--safe-area T,L,B,R] [--layout-margins T,L,B,R]
/// [--readable-width W]`: drives the engine through evenly spaced
/// offsets and prints each step and a summary of created and reused views and step times; with `--measured` it plays a
/// host that measures each cell when it first enters the viewport.
struct ScrollCommand: ParsableCommand, LayoutCommand {
    static let configuration = CommandConfiguration(
        commandName: "scroll",
        abstract: "Scroll the engine through a dataset: entering and leaving ids per step, view reuse and step times.")

    @Argument(help: layoutArgument)
    var layoutName: String

    @OptionGroup var shape: LayoutShapeOptions

    @OptionGroup var limits: ScriptLimitFlags

    @Option(help: dataHelp)
    var data: String?

    @OptionGroup var dataset: DatasetOptions

    @OptionGroup var guides: GuideOptions

    // Unconditional: a negative offset (`--to -100`) is the option's value, not an unknown flag.
    @Option(parsing: .unconditional, help: ArgumentHelp("The first content offset on the scroll axis: y, or x for a layout whose content overflows only sideways (a row).", valueName: "Y"))
    var from = Checked(ScrollStart(value: 0))

    @Option(parsing: .unconditional, help: ArgumentHelp("The last content offset on the scroll axis. (default: the last screen of the content)", valueName: "Y"))
    var to: Checked<ScrollEnd>?

    @Flag(help: rightToLeftHelp)
    var rtl = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Number of steps, the first pass included.", valueName: "N"))
    var steps = Checked(StepCount(value: 100))

    @Option(help: ArgumentHelp("A built-in animator (fade, scale, wobble), a script in animators/ by name (cascade), or a .lua file. (default: none)", valueName: "NAME"))
    var animator: String?

    @Option(name: .customLong("animator-param"), help: ArgumentHelp("An animator script param K=V. Repeatable.", valueName: "K=V"))
    var animatorParams: [Checked<AnimatorParameter>] = []

    @Option(help: ArgumentHelp("json or text.", valueName: "FORMAT"))
    var format = Checked(ReportFormat.text)

    @Option(help: ArgumentHelp("Measured sizes, a JSON object from id to [w, h]: each cell is measured when it first enters the viewport, as a UI measures it; steps print their adjustment and the summary the largest jump.",
                               valueName: "SIZES.json"))
    var measured: String?

    func validate() throws {
        try checkLayoutNamed()
        try steps.checkUsage()
        try from.checkUsage()
        try to?.checkUsage()
        try animatorParams.checkUsage()
        try format.checkUsage()
    }

    func run() throws {
        let format = try format.get()
        let rule = try shape.sizingRule()
        let size = try shape.viewport.get().size
        let options = limits.options
        let chosen = try layoutTellingAnimatorParams(animator, options) { try layout.resolve(rightToLeft: rtl) }
        let items = try dataset.loadOrSample(data)
        let provider = BasicProvider(data: ItemSource(dataset: items), layout: chosen, size: .rule(ItemSizing(rule: rule)))
        let engine = CollectionEngine(provider: provider, viewport: size, guides: try guides.guides())
        if let animator {
            engine.animator = try animatorNamed(animator, params: AnimatorParameter.byName(try animatorParams.get()), options)
        }
        let sizes = try measured.map { try dataset.loadMeasuredSizes($0, ids: items.ids) }
        let bar = ProgressBar(label: "scroll")
        let run = try ScrollRun(engine: engine, from: try from.get().value, to: try to?.get().value, count: try steps.get().value,
                                clock: Stopwatch.wall.nanoseconds, progress: bar.update,
                                measured: sizes.map { sizes in { sizes[$0.description] } })
        bar.finish()
        let report = ScrollReport(run: run)
        switch format {
        case .json: try emit(to: nil) { report.write(to: $0) }
        case .text: try emit(report.text, to: nil)
        }
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
