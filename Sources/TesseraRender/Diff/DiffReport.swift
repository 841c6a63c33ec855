import TesseraCore

/// What `tessera diff` prints: the JSON document (the batch, or with `--staged` the stages, as
/// `DatasetChanges.jsonValue` gives them) or the text summary (`DiffSummary`).
package struct DiffReport {
    package typealias Key = DatasetDiff.Key
    package let changes: DatasetChanges
    package let batch: Changeset
    /// The stages: computed for `--staged` and for the text summary, which counts them.
    package let stages: StagedChangeset<Key, Key>?
    /// `--staged`: the JSON is the stages, and the summary lists them.
    package let showsStages: Bool

    /// The report of `changes`; `summary` when the text summary will be asked for.
    /// - Complexity: the batch, and the stages when shown or summarised: O(S + n + m + f) each.
    package init(changes: DatasetChanges, staged: Bool, summary: Bool) {
        self.changes = changes
        batch = changes.batch()
        stages = staged || summary ? changes.staged() : nil
        showsStages = staged
    }

    /// The JSON document, indices 0-based.
    package var json: JSONValue {
        showsStages ? changes.jsonValue(of: stages!) : changes.jsonValue(of: batch)
    }

    /// Writes the JSON document, pretty-printed as `PrettyJSONObject` prints.
    package func write(to out: BufferedWriter) {
        PrettyJSONObject.write(json, to: out)
    }

    /// Writes the text summary of the files `oldName` and `newName`, loaded and diffed in
    /// `milliseconds`, as it goes.
    package func writeText(oldName: String, newName: String, milliseconds: Double, to out: BufferedWriter) {
        DiffSummary(oldName: oldName, newName: newName, changes: changes, batch: batch,
                    stages: stages ?? changes.staged(), showStages: showsStages, milliseconds: milliseconds).write(to: out)
    }
}
