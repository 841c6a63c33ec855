import Testing
@testable import TesseraCore

/// A model a user keeps in an array: an identifier plus content that an update changes.
struct DiffModel<ID: Hashable>: Equatable {
    var id: ID
    var version: Int
}

/// `batch.apply(to: &models, ...)` on the models of `old` (items in `changed` at version 0) gives
/// exactly the models of `new` (the same items at version 1): the diff property tests call this
/// for every pair, so the array form replays every batch they check.
func checkModelArrays<S: Hashable, I: Hashable>(
    _ batch: Changeset, _ old: Snapshot<S, I>, _ new: Snapshot<S, I>, changed: Set<I>,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    func models(_ snapshot: Snapshot<S, I>, version: Int) throws -> [[DiffModel<I>]] {
        try snapshot.sectionIdentifiers.map { section in
            try snapshot.itemIdentifiers(inSection: section).map { DiffModel(id: $0, version: changed.contains($0) ? version : 0) }
        }
    }
    let newModels = try models(new, version: 1)
    var applied = try models(old, version: 0)
    try batch.apply(to: &applied, inserting: { newModels[$0.section][$0.item] },
                    insertingSection: { newModels[$0] })
    #expect(applied == newModels, "batch:\n\(batch.debugDescription)", sourceLocation: sourceLocation)
}

@Suite struct ChangesetArrayApplyTests {
    @Test func aFlatListOfModelsFollowsItsDiff() throws {
        let old = [DiffModel(id: "a", version: 0), DiffModel(id: "b", version: 0), DiffModel(id: "c", version: 0)]
        let new = [DiffModel(id: "c", version: 0), DiffModel(id: "d", version: 0), DiffModel(id: "a", version: 1)]
        let changeset = try Changeset(from: old.map(\.id), to: new.map(\.id),
                                      isItemUpdated: { _, i, j in old[i] != new[j] })
        var models = old
        try changeset.apply(to: &models, inserting: { new[$0] })
        #expect(models == new)
    }

    @Test func aBatchThatDoesNotFitLeavesTheArrayUnchanged() throws {
        var models = [1, 2, 3]
        #expect(throws: ChangesetApplyError("deleted item [0, 3] is out of range: OLD section 0 has 3 items.")) {
            try Changeset(itemsDeleted: [ItemPath(section: 0, item: 3)]).apply(to: &models, inserting: { $0 })
        }
        #expect(throws: ChangesetApplyError("the batch changes sections, but a flat list has only section 0; "
                                             + "apply it to an array of sections with apply(to:inserting:insertingSection:).")) {
            try Changeset(sectionsInserted: [1]).apply(to: &models, inserting: { $0 })
        }
        #expect(models == [1, 2, 3])
    }
}
