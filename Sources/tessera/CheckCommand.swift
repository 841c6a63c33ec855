import ArgumentParser
import TesseraCore
import TesseraLua
import TesseraRender

/// `tessera check LAYOUT [--data FILE]`: loads the script (or a built-in) in the sandbox,
/// lays out the dataset (or 100 generated items), validates every frame, and warns about
/// overlapping items and items outside the content bounds.
///
/// Errors (the script fails, a frame is NaN, infinite or negative, the frame count is wrong,
/// `visible` returns an index out of range) exit with status 1 and name the script's line.
/// Warnings do not change the exit status.
struct CheckCommand: ParsableCommand {
    // Declared as ArgumentParser wants: every command alike in shape, each with its own options and help.
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run a .lua layout in the sandbox on a dataset and validate its frames.")

    @Argument(help: ArgumentHelp(layoutArgumentHelp))
    var layout: String

    @OptionGroup var input: LayoutInputOptions

    @Option(help: "How many warnings of each kind to list.")
    var maxWarnings: Int = 10

    func run() throws {
        let run = try input.layOut(layout)
        let dataset = run.dataset
        let check = try LayoutCheck(checking: run.result, id: { $0 < dataset.count ? dataset.id(at: $0) : nil })
        let source = input.data ?? "100 generated items"
        for warning in check.warnings(limit: max(0, maxWarnings)) { printLine("warning: \(warning)") }
        let size = run.result.contentSize
        let warnings = check.overlapsTruncated ? "\(check.warningCount)+ warnings" : NumberText.counted(check.warningCount, "warning")
        printLine("\(layout): ok on \(source): \(NumberText.counted(run.result.count, "item")), "
              + "content \(LayoutCheck.size(size)), \(warnings)")
    }
}
