import ArgumentParser
import Foundation
import OrderedCollections
import TesseraCore
import TesseraRender

/// `tessera run LAYOUT [--data FILE] [--viewport WxH] [--offset X,Y] [--section-offset S=X,Y]...
/// [--param K=V]... [--sizing RULE] [--rtl] [--format json|text|svg|html] [--out FILE]`.
struct RunCommand: ParsableCommand, LayoutCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Lay out a dataset with a built-in layout or a .lua script and print or draw the result.")

    @Argument(help: layoutArgument)
    var layoutName: String

    @OptionGroup var shape: LayoutShapeOptions

    @OptionGroup var limits: ScriptLimitFlags

    @Option(help: dataHelp)
    var data: String?

    @OptionGroup var dataset: DatasetOptions

    @OptionGroup var guides: GuideOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("The visible rectangle's origin X,Y; adds `visible` to the output.", valueName: "X,Y"))
    var offset: Checked<ContentOffset>?

    @Option(name: .customLong("section-offset"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Scroll orthogonal section S (0-based) to X,Y for `visible`, `visibleElements` and the svg and html pictures. Repeatable.",
                               valueName: "S=X,Y"))
    var sectionOffsets: [Checked<SectionOffset>] = []

    @Flag(help: rightToLeftHelp)
    var rtl = false

    @Option(help: ArgumentHelp("json, text, svg or html. (default: what --out's extension names, else json)", valueName: "FORMAT"))
    var format: Checked<RunFormat>?

    @OptionGroup var output: PictureOutputOptions

    func validate() throws {
        try checkLayoutNamed()
        try offset?.checkUsage()
        try sectionOffsets.checkUsage()
        try format?.checkUsage()
        try checkUsage(writtenFormat)
    }

    /// `--format`, else what `--out`'s extension names, else json.
    func writtenFormat() throws(CLIError) -> RunFormat {
        if let format { return try format.get() }
        return try .written(to: output.out, by: "run", otherwise: .json)
    }

    func run() throws {
        let format = try writtenFormat()
        let origin = try offset?.get().point
        let askedOffsets = SectionOffset.bySection(try sectionOffsets.get())
        let out = output.out
        let inputs = [InputFile.dataset(data), InputFile.script("the layout script", layoutName)].compactMap { $0 }
        try checkOutput(out, sparing: inputs)
        let run = try layOut(data: data, rightToLeft: rtl)
        try SectionOffset.check(askedOffsets, scrollers: run.result.orthogonalSections.map(\.section))
        // Each section drawn where a scroll view keeps it, within its own content. The content
        // offset is the rectangle `visible` answers for, taken as given.
        let offsets = run.result.clampedSectionOffsets(askedOffsets)
        let viewport = origin.map { Rect(x: $0.x, y: $0.y, width: run.viewport.width, height: run.viewport.height) }
        let labels = ItemLabels(field: output.label)
        if format == .svg || format == .html { try labels.check(run.dataset) }
        switch format {
        case .json: try emit(to: out, sparing: inputs) { try RunReport(run: run, viewport: viewport, sectionOffsets: offsets).write(to: $0) }
        case .text: try emit(to: out, sparing: inputs) { try TextSummary(run: run, viewport: viewport).write(to: $0) }
        case .svg: try emit(to: out, sparing: inputs) { try SVGPicture(run: run, viewport: viewport, labels: labels, sectionOffsets: offsets).write(to: $0) }
        case .html: try emit(to: out, sparing: inputs) { try HTMLPage(run: run, viewport: viewport, labels: labels, sectionOffsets: offsets).write(to: $0) }
        }
    }
}

/// `--label FIELD` and `--out FILE` of the commands that draw items (run, animate).
struct PictureOutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The item field the pictures and pages write on items; @index for flattened indices.",
                               valueName: "FIELD"))
    var label: String = "id"

    @Option(help: ArgumentHelp("Write the output to FILE (atomically) instead of stdout.", valueName: "FILE"))
    var out: String?

    func validate() throws {
        if out?.isEmpty == true { throw ValidationError(emptyFileNameMessage("--out")) }
    }
}

extension LayoutCommand {
    /// Loads the dataset in `data` (100 generated items when nil), resolves the layout and lays
    /// it out (mirrored when `rightToLeft`).
    func layOut(data: String?, rightToLeft: Bool = false) throws -> LayoutRun {
        let viewportSize = try shape.viewport.get().size
        let rule = try shape.sizingRule()
        let dataset = try self.dataset.loadOrSample(data)
        let resolved = try layout.resolve(rightToLeft: rightToLeft)
        var context = LayoutContext(dataset: dataset, collectionSize: viewportSize, sizing: ItemSizing(rule: rule))
        context.guides = try guides.guides()
        let (result, elapsed) = try Stopwatch.wall.timed { try resolved.layout(context) }
        return LayoutRun(layoutName: layout.name, dataset: dataset, viewport: viewportSize, result: result,
                         milliseconds: elapsed)
    }
}
