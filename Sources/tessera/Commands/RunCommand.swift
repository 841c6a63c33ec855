import ArgumentParser
import Foundation
import OrderedCollections
import TesseraCore
import TesseraRender

/// `tessera run LAYOUT [--data FILE] [--viewport WxH] [--offset X,Y] [--section-offset S=X,Y]...
/// [--param K=V]... [--sizing RULE] [--rtl] [--format json|text|svg|html] [--out FILE]`.
struct RunCommand: ParsableCommand {
    // Declared as ArgumentParser wants: every command alike in shape, each with its own options and help.
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Lay out a dataset with a built-in layout or a .lua script and print or draw the result.")

    @Argument(help: ArgumentHelp(layoutArgumentHelp))
    var layout: String

    @OptionGroup var input: LayoutInputOptions

    @Option(parsing: .unconditional, help: "The visible rectangle's origin X,Y; adds `visible` to the output.")
    var offset: String?

    @Option(name: .customLong("section-offset"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Scroll orthogonal section S (0-based) to X,Y for `visible`, `visibleElements` and the svg and html pictures. Repeatable.",
                               valueName: "S=X,Y"))
    var sectionOffsets: [String] = []

    @Flag(help: "Right to left: mirror the layout around the viewport width (x' = W - x - w).")
    var rtl = false

    // --format, --label and --out as animate has them, with this command's own help texts.
    @Option(help: "json, text, svg or html.")
    var format: String = "json"

    @Option(help: ArgumentHelp("The item field the svg and html pictures write on items (default id; @index for flattened indices).",
                               valueName: "FIELD"))
    var label: String = "id"

    @Option(help: "Write the output to FILE (atomically) instead of stdout.")
    var out: String?

    func run() throws {
        guard let outputFormat = OutputFormat(rawValue: format) else {
            throw CLIError("unknown --format '\(format)'; expected json, text, svg or html")
        }
        let origin = try offset.map { try parseOffset($0) }
        let offsets = try parseSectionOffsets(sectionOffsets)
        let run = try input.layOut(layout, rightToLeft: rtl)
        let viewport = origin.map { Rect(x: $0.x, y: $0.y, width: run.viewport.width, height: run.viewport.height) }
        switch outputFormat {
        case .json: try emit(to: out) { try RunReport(run: run, viewport: viewport, sectionOffsets: offsets).write(to: $0) }
        case .text: try emit(to: out) { try TextSummary(run: run, viewport: viewport).write(to: $0) }
        case .svg: try emit(to: out) { try SVGPicture(run: run, viewport: viewport, labels: ItemLabels(field: label), sectionOffsets: offsets).write(to: $0) }
        case .html: try emit(to: out) { try HTMLPage(run: run, viewport: viewport, labels: ItemLabels(field: label), sectionOffsets: offsets).write(to: $0) }
        }
    }
}

/// What a LAYOUT argument accepts (run, check, scroll, animate resolve it alike).
let layoutArgumentHelp = "A built-in layout (\(BuiltinLayouts.names.joined(separator: ", "))), a layout script by name "
    + "(appstore; `tessera layouts` lists them), or a .lua file."

extension LayoutInputOptions {
    /// Loads the dataset, resolves the layout and lays it out (mirrored when `rightToLeft`).
    func layOut(_ layoutName: String, rightToLeft: Bool = false) throws -> LayoutRun {
        let viewportSize = try parseViewport(shape.viewport)
        let rule = try parseSizingRule(shape.sizing)
        let policy = try parseDuplicatePolicy(duplicates)
        let parameters = try parseParameters(shape.params)
        let dataset = try data.map { try dataLimit.load($0, duplicatePolicy: policy) } ?? .generatedSample
        let resolved = try resolveLayout(layoutName, params: parameters, limits: limits.options)
        let layout: any Layout = rightToLeft ? MirroredLayout(resolved) : resolved
        let context = LayoutContext(dataset: dataset, collectionSize: viewportSize, sizing: ItemSizing(rule: rule))
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try layout.layout(context)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        return LayoutRun(layoutName: layoutName, dataset: dataset, viewport: viewportSize, result: result,
                         milliseconds: elapsed)
    }
}

