import TesseraCore

/// `tessera diff --format text`: totals, counts per section, and the first few changes of each kind.
/// Ids are written as messages write them (`describeIdentifier`): integers bare, strings quoted as
/// JSON quotes them, so the integer 0 and the string "0" read apart, and a long id is cut.
package struct DiffSummary {
    package typealias Key = DatasetDiff.Key
    package var oldName: String
    package var newName: String
    package var changes: DatasetChanges
    package var batch: Changeset
    package var stages: StagedChangeset<Key, Key>
    package var showStages: Bool
    package var milliseconds: Double
    var old: Snapshot<Key, Key> { changes.oldSnapshot }
    var new: Snapshot<Key, Key> { changes.newSnapshot }
    /// How many changes of each kind are listed by id.
    let shown = 5

    package init(oldName: String, newName: String, changes: DatasetChanges, batch: Changeset,
                stages: StagedChangeset<Key, Key>, showStages: Bool, milliseconds: Double) {
        self.oldName = oldName; self.newName = newName; self.changes = changes; self.batch = batch
        self.stages = stages; self.showStages = showStages; self.milliseconds = milliseconds
    }

    /// Writes the summary as it goes: the section table (one row per section) is never held
    /// whole, so a diff of a million sections costs memory for its counts only.
    package func write(to out: BufferedWriter) {
        let lines = LineWriter(out)
        lines.add("\(oldName) -> \(newName)")
        lines.add("sections: \(old.numberOfSections) -> \(new.numberOfSections): "
            + "\(batch.sectionsDeleted.count) deleted, \(batch.sectionsInserted.count) inserted, "
            + "\(batch.sectionsMoved.count) moved, \(batch.sectionsUpdated.count) updated")
        lines.add("items: \(old.numberOfItems) -> \(new.numberOfItems): "
            + "\(batch.itemsDeleted.count) deleted, \(batch.itemsInserted.count) inserted, "
            + "\(batch.itemsMoved.count) moved, \(batch.itemsUpdated.count) updated")
        let batches = "one batch (an item both moved and updated is deleted and inserted, and so is a section moved with changes inside or updated among other changes), or "
            + "\(NumberText.counted(stages.count, "stage")) with --staged"
        lines.add("apply as: \(batches); loaded and diffed in \(NumberText.fixed(milliseconds, decimals: 1)) ms")
        lines.add("")
        writeSectionTable(to: lines)
        lines.add(contentsOf: firstChanges())
        if showStages { lines.add(contentsOf: stageLines()) }
    }

    /// One line per stage: what it does and the data it leaves.
    private func stageLines() -> [String] {
        var lines = ["", "stages:"]
        for (k, stage) in stages.enumerated() {
            let c = stage.changeset
            var parts: [String] = []
            func add(_ count: Int, _ noun: String, _ verb: String) {
                if count > 0 { parts.append("\(NumberText.counted(count, noun)) \(verb)") }
            }
            add(c.sectionsDeleted.count, "section", "deleted")
            add(c.sectionsInserted.count, "section", "inserted")
            add(c.sectionsMoved.count, "section", "moved")
            add(c.sectionsUpdated.count, "section", "updated")
            add(c.itemsDeleted.count, "item", "deleted")
            add(c.itemsInserted.count, "item", "inserted")
            add(c.itemsMoved.count, "item", "moved")
            add(c.itemsUpdated.count, "item", "updated")
            lines.append("  \(k + 1). \(parts.joined(separator: ", ")); leaves \(NumberText.counted(stage.snapshot.numberOfSections, "section")), "
                + "\(NumberText.counted(stage.snapshot.numberOfItems, "item"))")
        }
        return lines
    }

    /// One row per section: NEW's sections in order, then the deleted ones, then an empty line.
    /// The rows are made twice (once for the column widths, once to write them) rather than held.
    private func writeSectionTable(to lines: LineWriter) {
        let oldCount = old.numberOfSections, newCount = new.numberOfSections
        var deleted = [Int](repeating: 0, count: oldCount), updated = [Int](repeating: 0, count: oldCount)
        var movedOut = [Int](repeating: 0, count: oldCount)
        var inserted = [Int](repeating: 0, count: newCount), movedIn = [Int](repeating: 0, count: newCount)
        var movedWithin = [Int](repeating: 0, count: newCount)
        // A kept id can still be deleted and inserted whole (moved and changed in one batch):
        // the batch, not the ids, says which sections are kept.
        var replaced = [Bool](repeating: false, count: newCount)
        for j in batch.sectionsInserted { replaced[j] = true }
        var newIndexOfOld = [Int?](repeating: nil, count: oldCount)
        for j in 0..<newCount where !replaced[j] {
            if let i = old.indexOfSection(new.sectionIdentifiers[j]) { newIndexOfOld[i] = j }
        }
        for path in batch.itemsDeleted { deleted[path.section] += 1 }
        for path in batch.itemsUpdated { updated[path.section] += 1 }
        for path in batch.itemsInserted { inserted[path.section] += 1 }
        for move in batch.itemsMoved {
            if newIndexOfOld[move.source.section] == move.target.section {
                movedWithin[move.target.section] += 1
            }
            else {
                movedOut[move.source.section] += 1
                movedIn[move.target.section] += 1
            }
        }
        let header = ["section", "items", "deleted", "inserted", "moved within", "moved in", "moved out", "updated"]
        func row(_ k: Int) -> [String] {
            guard k < newCount else {
                let i = batch.sectionsDeleted[k - newCount]
                let id = old.sectionIdentifiers[i]
                let count = (try? old.numberOfItems(inSection: id)) ?? 0
                return ["\(describeIdentifier(id)) (deleted)", "\(count) -> -", "\(count)", "", "", "", "", ""]
            }
            let j = k
            let id = new.sectionIdentifiers[j]
            let count = (try? new.numberOfItems(inSection: id)) ?? 0
            guard !replaced[j], let i = old.indexOfSection(id) else {
                return ["\(describeIdentifier(id)) (inserted)", "- -> \(count)", "", "\(count)", "", "", "", ""]
            }
            let before = (try? old.numberOfItems(inSection: id)) ?? 0
            let moved = i == j ? "" : " (was \(i))"
            return ["\(describeIdentifier(id))\(moved)", "\(before) -> \(count)", "\(deleted[i])", "\(inserted[j])", "\(movedWithin[j])",
                    "\(movedIn[j])", "\(movedOut[i])", "\(updated[i])"]
        }
        let rows = 0..<(newCount + batch.sectionsDeleted.count)
        var widths = header.map(\.count)
        for k in rows {
            for (c, cell) in row(k).enumerated() { widths[c] = max(widths[c], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { k, cell in
                k == 0 ? padded(cell, to: widths[k])
                    : String(repeating: " ", count: widths[k] - cell.count) + cell
            }.joined(separator: "  ")
        }
        lines.add(line(header))
        for k in rows { lines.add(line(row(k))) }
        lines.add("")
    }

    /// The first few deletes, inserts, moves and updates, with their ids.
    private func firstChanges() -> [String] {
        var lines: [String] = []
        func list<T>(_ name: String, _ changes: [T], _ text: (T) -> String) {
            guard !changes.isEmpty else { return }
            let heading = changes.count > shown ? "\(name) (first \(shown) of \(changes.count)):" : "\(name):"
            lines.append(heading)
            for change in changes.prefix(shown) { lines.append("  " + text(change)) }
        }
        func oldID(_ path: ItemPath) -> String { old.itemIdentifier(at: path).map(describeIdentifier) ?? "?" }
        func newID(_ path: ItemPath) -> String { new.itemIdentifier(at: path).map(describeIdentifier) ?? "?" }
        list("deleted sections", batch.sectionsDeleted) { "\($0) \(describeIdentifier(old.sectionIdentifiers[$0]))" }
        list("inserted sections", batch.sectionsInserted) { "\($0) \(describeIdentifier(new.sectionIdentifiers[$0]))" }
        list("moved sections", batch.sectionsMoved) { "\($0.source) -> \($0.target) \(describeIdentifier(new.sectionIdentifiers[$0.target]))" }
        list("updated sections", batch.sectionsUpdated) { i in
            "\(i) \(describeIdentifier(old.sectionIdentifiers[i])): \(changes.changedFields(ofSection: old.sectionIdentifiers[i]).map(listedFieldName).joined(separator: ", "))"
        }
        list("deleted items", batch.itemsDeleted) { "\($0) \(oldID($0))" }
        list("inserted items", batch.itemsInserted) { "\($0) \(newID($0))" }
        list("moved items", batch.itemsMoved) { "\($0.source) -> \($0.target) \(newID($0.target))" }
        list("updated items", batch.itemsUpdated) { path in
            let fields = old.itemIdentifier(at: path).map { changes.changedFields(ofItem: $0) } ?? []
            return "\(path) \(oldID(path)): \(fields.map(listedFieldName).joined(separator: ", "))"
        }
        if lines.isEmpty { lines.append("no changes") }
        return lines
    }
}

/// A changed field's name as the summary lists it: bare when it is a plain name (ASCII letters,
/// digits, `_`, `-` and `.`, at most `identifierTextLimit` of them), else quoted and cut as ids
/// are (`describeIdentifier`): the names come from the data, and one holding a comma, a line
/// break or a terminal escape must read as one name and act on nothing. O(length of the name).
func listedFieldName(_ name: String) -> String {
    let plain = !name.isEmpty && name.utf8.count <= identifierTextLimit && name.utf8.allSatisfy { byte in
        ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
    return plain ? name : describeIdentifier(name)
}

/// `text` padded with spaces (or cut) to `width` UTF-16 units, as Foundation's
/// `padding(toLength:withPad:startingAt:)` does.
private func padded(_ text: String, to width: Int) -> String {
    let units = text.utf16.count
    if units <= width { return text + String(repeating: " ", count: width - units) }
    return String(decoding: Array(text.utf16.prefix(width)), as: UTF16.self)
}
