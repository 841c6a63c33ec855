import ArgumentParser
import Foundation
import OrderedCollections
import TesseraCore
import TesseraRender

/// `tessera run LAYOUT [--data FILE] [--viewport WxH] [--offset X,Y] [--section-offset S=X,Y]...
/// [--param K=V]... [--sizing RULE] [--rtl] [--format json|text|svg|html] [--out FILE]`.
struct RunCommand: ParsableCommand {
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
        let viewport = origin.map { Rect(x: $0.0, y: $0.1, width: run.viewport.width, height: run.viewport.height) }
        let text: String
        switch outputFormat {
        case .json: text = try RunReport(run: run, viewport: viewport, sectionOffsets: offsets).json()
        case .text: text = try TextSummary(run: run, viewport: viewport).render()
        case .svg: text = try SVGPicture(run: run, viewport: viewport, labels: ItemLabels(field: label), sectionOffsets: offsets).render()
        case .html: text = try HTMLPage(run: run, viewport: viewport, labels: ItemLabels(field: label), sectionOffsets: offsets).render()
        }
        try emit(text, to: out)
    }
}

/// What a LAYOUT argument accepts (run, check, scroll, animate resolve it alike).
let layoutArgumentHelp = "A built-in layout (\(BuiltinLayouts.names.joined(separator: ", "))), a layout script by name "
    + "(appstore; `tessera layouts` lists them), or a .lua file."

enum OutputFormat: String {
    case json, text, svg, html
}

/// The options every command that lays out a dataset shares (run, check, repl).
struct LayoutInputOptions: ParsableArguments {
    @Option(help: "Dataset: .json, .jsonl or .csv (default: 100 generated items).")
    var data: String?

    @OptionGroup var shape: LayoutShapeOptions

    @Option(help: "Duplicate ids: reject, pairInOrder or suffix.")
    var duplicates: String = "reject"

    @OptionGroup var limits: ScriptLimitFlags

    @OptionGroup var dataLimit: DataLimitFlags

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

/// The options that shape one layout pass, shared by every command that lays a dataset out:
/// the collection size, the layout's parameters and the sizing rule.
struct LayoutShapeOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "The collection size WxH.")
    var viewport: String = "375x812"

    @Option(name: .customLong("param"), help: "A layout parameter K=V (V is JSON, a comma list, or a string). Repeatable.")
    var params: [String] = []

    @Option(help: "Sizing rule: fit, fillWidth, intrinsic or fill.")
    var sizing: String = "fit"
}

extension Dataset {
    /// 100 items with a repeating mix of sizes, for `run` without `--data`.
    static let generatedSample = Dataset.synthetic(count: 100) { i in
        Size(width: 100 + Double((i * 37) % 5) * 40, height: 80 + Double((i * 53) % 7) * 30)
    }
}

/// Parses `K=V` pairs; V as `--param` reads it (JSON, else a comma list, else a string).
func parseParameters(_ raw: [String]) throws -> OrderedDictionary<String, JSONValue> {
    var result: OrderedDictionary<String, JSONValue> = [:]
    for entry in raw {
        guard let eq = entry.firstIndex(of: "="), eq != entry.startIndex else {
            throw CLIError("--param \(quotedArgument(entry)) is not K=V; expected for example --param columns=3")
        }
        result[String(entry[..<eq])] = JSONValue.parseParameter(String(entry[entry.index(after: eq)...]))
    }
    return result
}

/// Parses `--section-offset S=X,Y` values into offsets by 0-based section.
func parseSectionOffsets(_ raw: [String]) throws -> [Int: Point] {
    var offsets: [Int: Point] = [:]
    for entry in raw {
        guard let eq = entry.firstIndex(of: "="), let section = Int(entry[..<eq]), section >= 0,
              let (x, y) = try? parsePair(String(entry[entry.index(after: eq)...]), separator: ",", what: "", example: "") else {
            throw CLIError("--section-offset \(quotedArgument(entry)) is not valid; expected S=X,Y with a 0-based section and two finite numbers, for example 1=120,0")
        }
        offsets[section] = Point(x: x, y: y)
    }
    return offsets
}

/// Parses `--viewport WxH` (shared by run, check and repl).
func parseViewport(_ text: String) throws -> Size {
    let size = try parsePair(text, separator: "x", what: "--viewport", example: "375x812")
    guard size.0 >= 0, size.1 >= 0 else {
        throw CLIError("--viewport \(quotedArgument(text)) must not be negative; expected WxH, for example 375x812")
    }
    return Size(width: size.0, height: size.1)
}

/// Parses `--sizing RULE` (shared by run, scroll and animate).
func parseSizingRule(_ text: String) throws -> SizingRule {
    guard let rule = SizingRule(rawValue: text) else {
        throw CLIError("unknown --sizing '\(text)'; expected one of \(SizingRule.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return rule
}

/// The largest `--offset` coordinate: beyond it a double's spacing exceeds a point, so the
/// viewport's far edge would round onto its origin.
let maxOffset = 1e15

/// Parses `--offset X,Y`, each within ±`maxOffset`.
func parseOffset(_ text: String) throws -> (Double, Double) {
    let origin = try parsePair(text, separator: ",", what: "--offset", example: "0,2000")
    guard abs(origin.0) <= maxOffset, abs(origin.1) <= maxOffset else {
        throw CLIError("--offset \(quotedArgument(text)) is too far out; expected coordinates from -1e15 to 1e15 (beyond, a viewport's edges lose their precision)")
    }
    return origin
}

/// Parses `--duplicates` (shared by run, check, diff, scroll and animate).
func parseDuplicatePolicy(_ text: String) throws -> DuplicatePolicy {
    guard let policy = DuplicatePolicy(rawValue: text) else {
        throw CLIError("unknown --duplicates '\(text)'; expected reject, pairInOrder or suffix")
    }
    return policy
}

/// Parses "AxB" style pairs of finite numbers.
func parsePair(_ text: String, separator: Character, what: String, example: String) throws -> (Double, Double) {
    let parts = text.split(separator: separator, omittingEmptySubsequences: false)
    guard parts.count == 2, let a = Double(parts[0].trimmingCharacters(in: .whitespaces)),
          let b = Double(parts[1].trimmingCharacters(in: .whitespaces)), a.isFinite, b.isFinite else {
        throw CLIError("\(what) \(quotedArgument(text)) is not valid; expected two finite numbers like \(example)")
    }
    return (a, b)
}
