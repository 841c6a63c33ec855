import Testing
import TesseraCore

/// A changeset applied to a snapshot it does not fit: the error's case carries the operation,
/// the path and the count it was checked against.
@Suite struct ChangesetApplyErrorTests {
    let old: Snapshot<String, Int>

    init() throws { old = try Snapshot(section: "s", items: [1, 2]) }

    @Test func anItemPastItsOldSectionsEndIsItemOutOfRange() throws {
        do {
            _ = try Changeset(itemsUpdated: [ItemPath(section: 0, item: 2)]).apply(to: old, insertingFrom: old)
            Issue.record("applied")
        } catch ChangesetApplyError.itemOutOfRange(let operation, let path, let count) {
            #expect(operation == "updated" && path == ItemPath(section: 0, item: 2) && count == 2)
            #expect(ChangesetApplyError.itemOutOfRange(operation: operation, path: path, itemCount: count).description
                    == "updated item [0, 2] is out of range: OLD section 0 has 2 items.")
        }
    }

    @Test func anInsertIntoASectionTheResultLacksIsItemSectionOutOfRange() throws {
        // NEW has as many sections as the batch leaves (one), so the counts agree.
        let new = try Snapshot<String, Int>(section: "s", items: [1, 2, 3])
        do {
            _ = try Changeset(itemsInserted: [ItemPath(section: 1, item: 0)]).apply(to: old, insertingFrom: new)
            Issue.record("applied")
        } catch ChangesetApplyError.itemSectionOutOfRange(let operation, let path, let count) {
            #expect(operation == "inserted" && path == ItemPath(section: 1, item: 0) && count == 1)
            #expect(ChangesetApplyError.itemSectionOutOfRange(operation: operation, path: path, sectionCount: count).description
                    == "inserted item [1, 0] is out of range: the result has 1 section.")
        }
    }

    @Test func anInsertThatRepeatsAnIdentifierIsInvalidResultWithTheSnapshotsError() throws {
        let new = try Snapshot<String, Int>(section: "s", items: [2, 1, 7])
        do {
            _ = try Changeset(itemsInserted: [ItemPath(section: 0, item: 0)]).apply(to: old, insertingFrom: new)
            Issue.record("applied")
        } catch ChangesetApplyError.invalidResult(let snapshotError) {
            #expect(ChangesetApplyError.invalidResult(snapshotError).description
                    == "the result is not a valid snapshot: \(snapshotError)")
            #expect(snapshotError.description == "duplicate item id 2: it is already in section \"s\" at index 0.")
        }
    }

    @Test func stagingADiffIsWhatStagedChangesetFromToGives() throws {
        let new = try Snapshot<String, Int>(sections: [("t", [9]), ("s", [2, 1])])
        let staged = StagedChangeset(from: old, to: new)
        let batch = Changeset(from: old, to: new, oneBatch: false)
        let restaged = StagedChangeset(staging: batch, from: old, to: new)
        #expect(restaged.map(\.changeset) == staged.map(\.changeset))
        #expect(restaged.last?.snapshot == new)
        #expect(StagedChangeset(staging: Changeset(), from: old, to: old).isEmpty)
    }
}
