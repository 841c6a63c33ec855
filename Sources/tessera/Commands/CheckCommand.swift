import ArgumentParser
import Foundation
import TesseraCore
import TesseraLua
import TesseraRender

/// `tessera check LAYOUT [--data FILE] [--rtl] [--strict | --fail-on KINDS]`: loads the script (or a
/// built-in) in the sandbox, lays out the dataset (or 100 generated items), validates every
/// frame, and warns about overlapping items, items outside the content bounds, headers covering
/// items, pinned elements drawn over each other while scrolling, and dataset item fields one edit
/// from a size field (`"wdth"`: no error, as items may carry any field, but its size is never read).
///
/// Errors (the script fails, a frame is NaN, infinite or negative, the frame count is wrong,
/// `visible` returns an index out of range) exit with status 1 and name the script's line.
/// Warnings exit 1 only with `--strict` (every kind) or `--fail-on` (the kinds it lists), so a
/// CI job can fail on them; the summary line says "problems" whenever there are any.
struct CheckCommand: ParsableCommand, LayoutCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lay a dataset out with a built-in layout or a .lua script (in the sandbox) and validate its frames.")

    @Argument(help: layoutArgument)
    var layoutName: String

    @OptionGroup var shape: LayoutShapeOptions

    @OptionGroup var limits: ScriptLimitFlags

    @Option(help: dataHelp)
    var data: String?

    @OptionGroup var dataset: DatasetOptions

    @OptionGroup var guides: GuideOptions

    @Flag(help: rightToLeftHelp)
    var rtl = false

    @Flag(help: "Exit 1 on any warning (a CI job fails on them).")
    var strict = false

    @Option(help: ArgumentHelp("Exit 1 on warnings of these kinds: a comma list of \(WarningKinds.names).",
                               valueName: "KINDS"))
    var failOn: Checked<WarningKinds>?

    // Unconditional: `-1` is this flag's (refused) value, not a flag of its own ("Missing value").
    @Option(parsing: .unconditional, help: ArgumentHelp("How many warnings of each kind to list; the rest are counted.", valueName: "N"))
    var maxWarnings = Checked(WarningLimit(value: 10))

    /// The kinds that fail the run.
    func failingKinds() -> Set<LayoutCheck.Kind> {
        strict ? Set(LayoutCheck.Kind.allCases) : (try? failOn?.get().kinds) ?? []
    }

    func validate() throws {
        try checkLayoutNamed()
        try failOn?.checkUsage()
        try maxWarnings.checkUsage()
    }

    func run() throws {
        let run = try layOut(data: data, rightToLeft: rtl)
        let layout = layoutName
        let dataset = run.dataset
        var check = try LayoutCheck(checking: run.result, id: { $0 < dataset.count ? dataset.id(at: $0) : nil })
        check.checkSizeFields(of: dataset)
        let source = dataset.sourceName
        for warning in check.warnings(limit: try maxWarnings.get().value) { printLine("warning: \(warning)") }
        let size = run.result.contentSize
        let facts = "\(NumberText.counted(run.result.count, "item")), content \(LayoutCheck.bounds(origin: run.result.contentOrigin, size: size))"
        guard check.warningCount > 0 else {
            printLine("\(layout): ok on \(source): \(facts), 0 warnings")
            return
        }
        let warnings = check.overlapsTruncated ? "\(NumberText.grouped(check.warningCount))+ warnings" : NumberText.counted(check.warningCount, "warning")
        printLine("\(layout): problems on \(source): \(facts), \(warnings) (\(check.summary))")
        let failing = failingKinds().filter { check.count(of: $0) > 0 }
        guard failing.isEmpty else {
            let kinds = LayoutCheck.Kind.allCases.filter(failing.contains).map(\.rawValue).joined(separator: ", ")
            throw CLIError("\(layout): failed on \(kinds) warnings (\(strict ? "--strict" : "--fail-on"))")
        }
    }
}
