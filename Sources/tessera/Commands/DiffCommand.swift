import ArgumentParser
import Foundation
import TesseraCore
import TesseraRender

/// `tessera diff OLD NEW [--format json|text] [--staged] [--duplicates reject|pairInOrder|suffix]`.
///
/// Loads both datasets with the same loader as `run` (a dataset's sections are the sections),
/// diffs them, and prints one batch in UIKit's `performBatchUpdates` semantics: as docs/outputs.md's
/// JSON shape, or as a readable summary with counts per section and the first few changes of
/// each kind.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Diff two datasets: deleted, inserted, moved and updated sections and items, as one UIKit batch.")

    @Argument(help: "The old dataset (.json, .jsonl or .csv).")
    var old: String

    @Argument(help: "The new dataset (.json, .jsonl or .csv).")
    var new: String

    @Option(help: ArgumentHelp("json or text.", valueName: "FORMAT"))
    var format = Checked(ReportFormat.json)

    @Flag(help: "Print the stages that keep moves and updates apart, each with the data it leaves.")
    var staged = false

    @OptionGroup var dataset: DatasetOptions

    func validate() throws {
        try checkArgumentsNotEmpty([("<old>", old, "a file name"), ("<new>", new, "a file name")])
        try format.checkUsage()
    }

    func run() throws {
        let format = try format.get()
        let policy = try dataset.duplicates.get()
        let (report, milliseconds) = try Stopwatch.wall.timed {
            let oldData = try dataset.loadOrSample(old)
            let newData = try dataset.loadOrSample(new)
            let oldSnapshot = try Self.snapshot(oldData, file: old, policy)
            let newSnapshot = try Self.snapshot(newData, file: new, policy)
            let changes = DatasetChanges(old: oldData, new: newData, oldSnapshot: oldSnapshot, newSnapshot: newSnapshot)
            return DiffReport(changes: changes, staged: staged, summary: format == .text)
        }
        switch format {
        case .json: try emit(to: nil) { report.write(to: $0) }
        case .text: try emit(to: nil) { report.writeText(oldName: old, newName: new, milliseconds: milliseconds, to: $0) }
        }
    }

    private static func snapshot(_ dataset: Dataset, file: String, _ policy: DuplicatePolicy) throws
        -> Snapshot<DatasetDiff.Key, DatasetDiff.Key>
    {
        do {
            return try DatasetDiff.snapshot(of: dataset, duplicates: policy)
        }
        catch let error as SnapshotError {
            throw CLIError("\(file): \(error.description)")
        }
    }
}
