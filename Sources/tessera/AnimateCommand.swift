import ArgumentParser
import OrderedCollections
import TesseraCore
import TesseraLua
import TesseraRender

/// `tessera animate LAYOUT --data OLD [--to NEW | --to-layout LAYOUT2] [--animator FILE|NAME]
/// [--offset X,Y] [--fps N] [--format json|html] [--out FILE]`: runs the engine to OLD at the
/// offset, then reloads it to NEW (or relays it out with LAYOUT2), and prints that pass's timeline.
struct AnimateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animate",
        abstract: "Print (or play in a page) the animation of a reload from one dataset to another, or of a layout change.")

    static let builtinAnimators = ["fade", "scale", "wobble"]

    @Argument(help: "A .lua layout script, or a built-in layout: \(BuiltinLayouts.names.joined(separator: ", ")).")
    var layout: String

    @Option(help: "The dataset shown first (.json, .jsonl or .csv).")
    var data: String

    @Option(help: "The dataset reloaded to.")
    var to: String?

    @Option(help: "The layout to relay the same data out with, instead of --to.")
    var toLayout: String?

    @Option(help: "An animator script (.lua) or a built-in animator: fade, scale, wobble (default fade).")
    var animator: String = "fade"

    @Option(name: .customLong("animator-param"), help: "An animator script parameter K=V. Repeatable.")
    var animatorParams: [String] = []

    @Option(parsing: .unconditional, help: "The content offset X,Y (default 0,0).")
    var offset: String = "0,0"

    @Option(help: "Add samples at N frames per second (json); the page's frame rate (html, default 60).")
    var fps: Double?

    @Option(parsing: .unconditional, help: "The collection size WxH.")
    var viewport: String = "375x812"

    @Option(name: .customLong("param"), help: "A parameter K=V of LAYOUT. Repeatable.")
    var params: [String] = []

    @Option(help: "Sizing rule: fit, fillWidth, intrinsic or fill.")
    var sizing: String = "fit"

    @Option(parsing: .unconditional, help: "Give every item this size WxH instead of --sizing (for data with no sizes).")
    var itemSize: String?

    @Option(help: "json or html.")
    var format: String = "json"

    @Option(help: "Write the output to FILE (atomically) instead of stdout.")
    var out: String?

    @OptionGroup var limits: ScriptLimitFlags
    @OptionGroup var dataLimit: DataLimitFlags

    func run() throws {
        guard format == "json" || format == "html" else { throw CLIError("unknown --format '\(format)'; expected json or html") }
        guard (to == nil) != (toLayout == nil) else { throw CLIError("animate needs exactly one of --to NEW or --to-layout LAYOUT2") }
        if let fps, !(fps > 0 && fps <= 1000) { throw CLIError("--fps expects a number of frames per second greater than 0 and at most 1000, got \(JSONWriter.format(fps))") }
        guard let rule = SizingRule(rawValue: sizing) else {
            throw CLIError("unknown --sizing '\(sizing)'; expected one of \(SizingRule.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let size = try parseViewport(viewport)
        let origin = try parsePair(offset, separator: ",", what: "--offset", example: "0,2000")
        let options = try limits.parsed()
        let first = try resolveLayout(layout, params: try parseParameters(params), limits: options)
        let old = try dataLimit.load(data, duplicatePolicy: .reject)

        let itemSizing = try itemSize.map { text -> ItemSize in
            let cell = try parsePair(text, separator: "x", what: "--item-size", example: "60x60")
            guard cell.0 >= 0, cell.1 >= 0 else { throw CLIError("--item-size \(quotedArgument(text)) must not be negative; expected WxH, for example 60x60") }
            return .fixed(.absolute(cell.0), .absolute(cell.1))
        } ?? .rule(ItemSizing(rule: rule))
        let provider = BasicProvider(data: ItemSource(dataset: old), layout: first, size: itemSizing)
        let engine = CollectionEngine(provider: provider, viewport: size)
        engine.animator = try resolveAnimator(options)
        _ = try engine.scroll(to: Point(x: origin.0, y: origin.1))
        if let to {
            provider.data = ItemSource(dataset: try dataLimit.load(to, duplicatePolicy: .reject))
        } else if let toLayout {
            provider.layout = try resolveLayout(toLayout, params: [:], limits: options)
        }
        let events = try engine.layout()
        if let error = engine.animatorError { throw error }
        let timeline = Timeline(events: events, views: engine.views)
        let visible = engine.viewport.rect
        let text = format == "html"
            ? TimelinePage(title: "\(layout) \(data) -> \(to ?? toLayout ?? "")", timeline: timeline, viewport: visible, fps: fps ?? 60).render()
            : JSONWriter.write(timeline.json(viewport: size, fps: fps))
        try emit(text, to: out)
    }

    /// A built-in animator by name, else an animator script (with `--animator-param`s).
    func resolveAnimator(_ options: ScriptLimitOptions) throws -> any Animator {
        try animatorNamed(animator, params: animatorParams, options)
    }
}

/// An animator by name: a built-in (`fade`, `scale`, `wobble`), else an animator script with
/// its `K=V` parameters (`tessera animate`, `tessera scroll`).
func animatorNamed(_ animator: String, params: [String], _ options: ScriptLimitOptions) throws -> any Animator {
    switch animator {
    case "fade": return FadeAnimator()
    case "scale": return FadeAnimator.scaling()
    case "wobble": return WobbleAnimator()
    default:
        guard animator.hasSuffix(".lua") else {
            throw CLIError("unknown --animator '\(animator)'; expected a .lua script or one of \(AnimateCommand.builtinAnimators.joined(separator: ", "))")
        }
        let host = try LuaHost(limits: options.scriptLimits)
        host.output = { line in try? StandardStream.error.write(line: line) }
        return try AnimatorScript(host: host, path: animator, params: try parseParameters(params))
    }
}
