import ArgumentParser
import OrderedCollections
import TesseraCore
import TesseraLua
import TesseraRender

/// `tessera animate LAYOUT (--data OLD --to NEW | [--data OLD] --to-layout LAYOUT2) [--animator FILE|NAME]
/// [--offset X,Y] [--fps N] [--duplicates POLICY] [--format json|html] [--out FILE] [--safe-area T,L,B,R]
/// [--layout-margins T,L,B,R] [--readable-width W]`: runs the engine to OLD (the generated sample
/// without `--data`) at the offset, then reloads it to NEW (or relays it out with LAYOUT2), and
/// prints that pass's timeline. A reload needs both datasets: generated items to NEW shows
/// nothing of the user's data, so `--to` without `--data` is a usage error.
struct AnimateCommand: ParsableCommand, LayoutCommand {
    static let configuration = CommandConfiguration(
        commandName: "animate",
        abstract: "Print (or play in a page) the animation of a reload from one dataset to another, or of a layout change.")

    @Argument(help: layoutArgument)
    var layoutName: String

    @OptionGroup var shape: LayoutShapeOptions

    @OptionGroup var limits: ScriptLimitFlags

    @Option(help: dataHelp)
    var data: String?

    @OptionGroup var dataset: DatasetOptions

    @OptionGroup var guides: GuideOptions

    @Option(help: ArgumentHelp("The dataset reloaded to from --data OLD, which is shown first.", valueName: "NEW"))
    var to: String?

    @Option(help: ArgumentHelp("The layout to relay the same data out with, instead of --to.", valueName: "LAYOUT2"))
    var toLayout: String?

    @Option(help: ArgumentHelp("A built-in animator (fade, scale, wobble), a script in animators/ by name (cascade), or a .lua file.", valueName: "NAME"))
    var animator: String = "fade"

    @Option(name: .customLong("animator-param"), help: ArgumentHelp("An animator script param K=V. Repeatable.", valueName: "K=V"))
    var animatorParams: [Checked<AnimatorParameter>] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("The content offset X,Y. (default: with --to, the first changed item a third of the way down the viewport; else 0,0)", valueName: "X,Y"))
    var offset: Checked<ContentOffset>?

    // Unconditional, so `--fps -1` reaches validate() and its range message rather than "Missing value".
    @Option(parsing: .unconditional, help: ArgumentHelp("Add samples at N frames per second, 1 to 1000 (json); the page's frame rate (html, default 60).", valueName: "N"))
    var fps: Checked<FrameRate>?

    @Option(parsing: .unconditional, help: ArgumentHelp("Give every item this size WxH instead of --sizing. Without it, an item with no size and no text is sized as a \(JSONWriter.format(AnimateCommand.unsizedCell.width))x\(JSONWriter.format(AnimateCommand.unsizedCell.height)) cell.", valueName: "WxH"))
    var itemSize: Checked<ItemSize>?

    /// The intrinsic size of items with no size and no text: a card, so that a reload of plain
    /// records (ids and names) shows views appearing and moving, rather than one view per screen.
    static let unsizedCell = Size(width: 60, height: 60)

    @Option(help: ArgumentHelp("json or html. (default: what --out's extension names, else json)", valueName: "FORMAT"))
    var format: Checked<TimelineFormat>?

    @OptionGroup var output: PictureOutputOptions

    func validate() throws {
        try checkLayoutNamed()
        guard (to == nil) != (toLayout == nil) else { throw ValidationError("animate needs exactly one of --to NEW or --to-layout LAYOUT2") }
        if to != nil && data == nil { throw ValidationError(Self.reloadWithoutOldMessage) }
        try fps?.checkUsage()
        try animatorParams.checkUsage()
        try offset?.checkUsage()
        try itemSize?.checkUsage()
        if itemSize != nil && shape.sizing != nil {
            throw ValidationError("--item-size and --sizing both say how to size items; give one of them")
        }
        try format?.checkUsage()
        try checkUsage(writtenFormat)
    }

    /// Why `--to NEW` without `--data OLD` is refused: the reload it plays starts from OLD.
    static let reloadWithoutOldMessage = "--to NEW reloads from the dataset --data OLD names, and no --data was given; "
        + "expected --data OLD too (without --data, --to-layout LAYOUT2 animates \(Dataset.generatedSampleName))"

    /// `--format`, else what `--out`'s extension names, else json.
    func writtenFormat() throws(CLIError) -> TimelineFormat {
        if let format { return try format.get() }
        return try .written(to: output.out, by: "animate", otherwise: .json)
    }

    func run() throws {
        let format = try writtenFormat()
        let inputs = [InputFile.dataset(data), InputFile.dataset(to, flag: "--to"),
                      InputFile.script("the layout script", layoutName), InputFile.script("the --to-layout script", toLayout),
                      InputFile.script("the --animator script", animator)].compactMap { $0 }
        try checkOutput(output.out, sparing: inputs)
        let rule = try shape.sizingRule()
        let size = try shape.viewport.get().size
        let options = limits.options
        let first = try layoutTellingAnimatorParams(animator, options) { try layout.resolve() }
        let old = try dataset.loadOrSample(data)

        let itemSizing = try itemSize.map { checked -> SizeSource in
            let cell = try checked.get().size
            return .fixed(.absolute(cell.width), .absolute(cell.height))
        } ?? .rule(ItemSizing(rule: rule, unsizedItem: AnimateCommand.unsizedCell))
        let provider = BasicProvider(data: ItemSource(dataset: old), layout: first, size: itemSizing)
        let engine = CollectionEngine(provider: provider, viewport: size, guides: try guides.guides())
        engine.animator = try resolveAnimator(options)
        let new = try to.map { try dataset.loadOrSample($0) }
        if format == .html { try ItemLabels(field: output.label).check(old, new ?? old) }
        if let offset {
            // Played within the content, as a scroll view keeps its offset: the first pass lays
            // the content out, and one beyond it is moved back in.
            try engine.scroll(to: try offset.get().point)
            let kept = engine.layoutResult.scrollRange(viewport: size).clamped(engine.scrollState.contentOffset)
            if kept != engine.scrollState.contentOffset { try engine.scroll(to: kept) }
        } else {
            try engine.layout()
            try engine.scroll(to: try new.map { try AnimateCommand.offsetShowingFirstChange(from: old, to: $0, in: engine) } ?? .zero)
        }
        // The frame rate the output samples at: the page's always, the JSON's when asked.
        let fps = try fps?.get().perSecond
        let sampled = format == .html ? fps ?? 60 : fps
        let played = try ChangeTimeline(engine: engine, old: old, new: new ?? old, fps: sampled) {
            if let new {
                provider.data = ItemSource(dataset: new)
            } else if let toLayout {
                provider.layout = try resolveLayout(toLayout, params: [:], limits: options)
                // Played as a reload of the same items, as an animator's reload hooks expect of a
                // layout transition; the views it moves out of view or into it move there, or
                // from where they were (the data is the same: nothing enters or leaves).
                engine.setNeedsReload()
            }
        }
        let timeline = played.timeline, viewsBefore = played.viewsBefore
        let visible = engine.visibleRect
        let labels = TimelineLabels(field: ItemLabels(field: output.label), before: viewsBefore, after: engine.views,
                                    old: old, new: new ?? old)
        switch format {
        case .html:
            let page = TimelinePage(title: "\(layoutName) \(old.sourceName) -> \(to ?? toLayout ?? "")", timeline: timeline, viewport: visible,
                                    fps: sampled ?? 60, labels: labels)
            try emit(to: output.out, sparing: inputs) { try page.write(to: $0) }
        case .json:
            // Where the tracks are seen: a reload that shrank the content past the offset moved it.
            let report = TimelineReport(timeline: timeline, viewport: size, offset: visible.origin, fps: fps)
            try emit(to: output.out, sparing: inputs) { try report.write(to: $0) }
        }
    }

    /// The offset that shows where `new` first differs from `old` (the first flattened position
    /// whose item differs, as laid out before the reload) a third of the way down the viewport,
    /// within the content; zero when nothing differs or that item has no frame.
    static func offsetShowingFirstChange(from old: Dataset, to new: Dataset, in engine: CollectionEngine) throws -> Point {
        let common = min(old.items.count, new.items.count)
        let first = (0..<common).first { old.items[$0] != new.items[$0] }
            ?? (old.items.count != new.items.count ? common : nil)
        guard let first, let frame = try engine.frame(at: min(first, old.items.count - 1)) else { return .zero }
        let size = engine.viewportSize, content = engine.contentSize
        func clamp(_ v: Double, _ limit: Double) -> Double { max(0, min(v, limit)) }
        return Point(x: clamp(frame.x + frame.width / 2 - size.width / 2, content.width - size.width),
                     y: clamp((frame.y - size.height / 3).rounded(.down), content.height - size.height))
    }

    /// A built-in animator by name, else an animator script (with `--animator-param`s).
    func resolveAnimator(_ options: ScriptLimitOptions) throws -> any Animator {
        try animatorNamed(animator, params: AnimatorParameter.byName(try animatorParams.get()), options)
    }
}
