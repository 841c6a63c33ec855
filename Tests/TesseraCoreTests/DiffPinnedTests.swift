import Testing
@testable import TesseraCore

private func p(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
private func mv(_ a: ItemPath, _ b: ItemPath) -> IndexMove<ItemPath> { IndexMove(source: a, target: b) }
private func one(_ items: [Int]) -> Snapshot<String, Int> { diffSnapshot([("s", items)]) }

/// The tricky cases, each with its exact changeset (and staged changeset where one batch is not
/// enough). `checkDiff` also replays each one.
@Suite("Diff pinned cases")
struct DiffPinnedTests {
    @Test("[0,1,2] → [1,2,0]: one move (DifferenceKit reports two)")
    func rotateLeft() throws {
        let batch = try checkDiff(one([0, 1, 2]), one([1, 2, 0]))
        #expect(batch == Changeset(itemsMoved: [mv(p(0, 0), p(0, 2))]))
    }

    @Test("[0,1,2] → [2,0,1]: one move")
    func rotateRight() throws {
        let batch = try checkDiff(one([0, 1, 2]), one([2, 0, 1]))
        #expect(batch == Changeset(itemsMoved: [mv(p(0, 2), p(0, 0))]))
    }

    @Test("a swap is one move (IGListKit reports two)")
    func swap() throws {
        #expect(try checkDiff(one([0, 1]), one([1, 0])) == Changeset(itemsMoved: [mv(p(0, 1), p(0, 0))]))
        #expect(try checkDiff(one([0, 1, 2, 3]), one([0, 2, 1, 3])) == Changeset(itemsMoved: [mv(p(0, 2), p(0, 1))]))
    }

    @Test("a reversal is three moves, listed by target")
    func reversal() throws {
        let batch = try checkDiff(one([0, 1, 2, 3]), one([3, 2, 1, 0]))
        #expect(batch == Changeset(itemsMoved: [mv(p(0, 3), p(0, 0)), mv(p(0, 2), p(0, 1)), mv(p(0, 1), p(0, 2))]))
    }

    @Test("an update combined with a move: one batch, two stages")
    func updateAndMove() throws {
        let old = one([0, 1, 2]), new = one([2, 0, 1])
        let batch = try checkDiff(old, new, changed: [2])
        // The raw diff: the update at the OLD path, the move from OLD to NEW.
        #expect(batch == Changeset(itemsMoved: [mv(p(0, 2), p(0, 0))], itemsUpdated: [p(0, 2)]))
        #expect(batch.needsStaging)
        // The single batch UIKit accepts: a delete plus an insert.
        let one = Changeset(from: old, to: new, isItemUpdated: { id, _, _ in id == 2 })
        #expect(one == Changeset(itemsDeleted: [p(0, 2)], itemsInserted: [p(0, 0)]))
        #expect(!one.needsStaging)
        // UIKit cannot reload and move one item in a batch: update first, then move.
        let staged = StagedChangeset(from: old, to: new, isItemUpdated: { id, _, _ in id == 2 })
        #expect(staged.map(\.changeset) == [Changeset(itemsUpdated: [p(0, 2)]), Changeset(itemsMoved: [mv(p(0, 2), p(0, 0))])])
        #expect(staged.map { $0.snapshot.itemIdentifiers } == [[0, 1, 2], [2, 0, 1]])
    }

    @Test("an update and a delete share a stage; the move waits")
    func updateDeleteAndMove() throws {
        let old = one([0, 1, 2, 3]), new = one([3, 0, 2])
        let staged = StagedChangeset(from: old, to: new, isItemUpdated: { id, _, _ in id == 3 })
        #expect(staged.map(\.changeset) == [
            Changeset(itemsDeleted: [p(0, 1)], itemsUpdated: [p(0, 3)]),
            Changeset(itemsMoved: [mv(p(0, 2), p(0, 0))]),
        ])
        try checkDiff(old, new, changed: [3])
    }

    @Test("a move out of a deleted section is an insert; the section delete covers the rest")
    func moveOutOfDeletedSection() throws {
        let old = diffSnapshot([("A", [1, 2]), ("B", [3])])
        let new = diffSnapshot([("B", [3, 1])])
        let batch = try checkDiff(old, new)
        #expect(batch == Changeset(sectionsDeleted: [0], itemsInserted: [p(0, 1)]))
    }

    @Test("an insert into an inserted section is not listed; a move into one is a delete")
    func insertIntoInsertedSection() throws {
        let old = diffSnapshot([("A", [1, 2])])
        let new = diffSnapshot([("A", [1]), ("C", [2, 9])])
        let batch = try checkDiff(old, new)
        #expect(batch == Changeset(sectionsInserted: [1], itemsDeleted: [p(0, 1)]))
        #expect(try checkDiff(diffSnapshot([("A", [1])]), diffSnapshot([("A", [1]), ("C", [7, 8])]))
            == Changeset(sectionsInserted: [1]))
    }

    @Test("a move across sections goes from the OLD path to the NEW path")
    func crossSectionMove() throws {
        let batch = try checkDiff(diffSnapshot([("A", [1, 2]), ("B", [3])]), diffSnapshot([("A", [2]), ("B", [1, 3])]))
        #expect(batch == Changeset(itemsMoved: [mv(p(0, 0), p(1, 0))]))
    }

    @Test("section moves, and the stages when items change too")
    func sectionMoves() throws {
        let old = diffSnapshot([("A", [1]), ("B", [2]), ("C", [3])])
        #expect(try checkDiff(old, diffSnapshot([("C", [3]), ("A", [1]), ("B", [2])]))
            == Changeset(sectionsMoved: [IndexMove(source: 2, target: 0)]))
        // A section move with an item insert: delete-free, so sections move first, then items.
        let new = diffSnapshot([("C", [3]), ("A", [1, 4]), ("B", [2])])
        let batch = try checkDiff(old, new)
        #expect(batch == Changeset(sectionsMoved: [IndexMove(source: 2, target: 0)], itemsInserted: [p(1, 1)]))
        #expect(batch.needsStaging)
        let staged = StagedChangeset(from: old, to: new)
        #expect(staged.map(\.changeset) == [
            Changeset(sectionsMoved: [IndexMove(source: 2, target: 0)]),
            Changeset(itemsInserted: [p(1, 1)]),
        ])
    }

    @Test("one batch: a moved section with item changes inside it is deleted and inserted whole")
    func movedSectionWithItemChanges() throws {
        let old = diffSnapshot([("A", [1]), ("B", [2]), ("C", [3])])
        // An insert into the moved section C (UICollectionView corrupts its heap on this).
        let insert = diffSnapshot([("C", [3, 4]), ("A", [1]), ("B", [2])])
        #expect(Changeset(from: old, to: insert) == Changeset(sectionsDeleted: [2], sectionsInserted: [0]))
        // A delete, an update, a move inside and a move in: each names the moved section.
        #expect(Changeset(from: old, to: diffSnapshot([("C", []), ("A", [1]), ("B", [2])]))
            == Changeset(sectionsDeleted: [2], sectionsInserted: [0]))
        #expect(Changeset(from: old, to: diffSnapshot([("C", [3]), ("A", [1]), ("B", [2])]), isItemUpdated: { id, _, _ in id == 3 })
            == Changeset(sectionsDeleted: [2], sectionsInserted: [0]))
        let twoSections = diffSnapshot([("A", [1, 2]), ("B", [3, 4, 5])])
        #expect(Changeset(from: twoSections, to: diffSnapshot([("B", [4, 3, 5]), ("A", [1, 2])]))
            == Changeset(sectionsDeleted: [1], sectionsInserted: [0]))
        // The move into B becomes a delete from A; B's own items are covered by its insert.
        #expect(Changeset(from: twoSections, to: diffSnapshot([("B", [3, 1, 4, 5]), ("A", [2])]))
            == Changeset(sectionsDeleted: [1], sectionsInserted: [0], itemsDeleted: [p(0, 0)]))
        // Item changes in a section that does not move leave the section move as it is.
        #expect(Changeset(from: old, to: diffSnapshot([("C", [3]), ("A", [1, 4]), ("B", [2])]))
            == Changeset(sectionsMoved: [IndexMove(source: 2, target: 0)], itemsInserted: [p(1, 1)]))
        // The raw diff (what the stages are made from) keeps the move; the stages move C first.
        #expect(Changeset(from: old, to: insert, oneBatch: false)
            == Changeset(sectionsMoved: [IndexMove(source: 2, target: 0)], itemsInserted: [p(0, 1)]))
        #expect(StagedChangeset(from: old, to: insert).map(\.changeset) == [
            Changeset(sectionsMoved: [IndexMove(source: 2, target: 0)]),
            Changeset(itemsInserted: [p(0, 1)]),
        ])
        try checkDiff(old, insert)
    }

    @Test("a section update with item changes is staged last, at its NEW index")
    func sectionUpdate() throws {
        let old = diffSnapshot([("A", [1]), ("B", [2])])
        let new = diffSnapshot([("B", [2]), ("A", [1, 3])])
        let updated: (String, Int, Int) -> Bool = { id, _, _ in id == "A" }
        let batch = Changeset(from: old, to: new, isSectionUpdated: updated, oneBatch: false)
        #expect(batch == Changeset(sectionsMoved: [IndexMove(source: 1, target: 0)], sectionsUpdated: [0], itemsInserted: [p(1, 1)]))
        // One batch: a section reload displaced by other changes crashes UIKit ("attempt to
        // perform an insert and a move to the same section"), so A is deleted and inserted whole.
        #expect(Changeset(from: old, to: new, isSectionUpdated: updated) == Changeset(sectionsDeleted: [0], sectionsInserted: [1]))
        // Alone, a section reload stays one.
        #expect(Changeset(from: old, to: diffSnapshot([("A", [1]), ("B", [2])]), isSectionUpdated: updated) == Changeset(sectionsUpdated: [0]))
        // When the moved section B is the updated one, one batch deletes and inserts it whole.
        #expect(Changeset(from: old, to: new, isSectionUpdated: { id, _, _ in id == "B" })
            == Changeset(sectionsDeleted: [1], sectionsInserted: [0], itemsInserted: [p(1, 1)]))
        let staged = StagedChangeset(from: old, to: new, isSectionUpdated: updated)
        #expect(staged.map(\.changeset) == [
            Changeset(sectionsMoved: [IndexMove(source: 1, target: 0)]),
            Changeset(itemsInserted: [p(1, 1)]),
            Changeset(sectionsUpdated: [1]),
        ])
        let result = try batch.apply(to: old, insertingFrom: new)
        #expect(result.withoutMarks() == new && result.reloadedSectionIdentifiers == ["A"])
    }

    @Test("marks in the new snapshot are updates; unchanged input gives no stages")
    func reloadMarks() throws {
        let old = one([1, 2, 3])
        var new = one([1, 2, 3])
        #expect(Changeset(from: old, to: new).isEmpty)
        #expect(StagedChangeset(from: old, to: new).isEmpty)
        try new.reconfigureItems([2])
        try new.reloadItems([3])
        #expect(Changeset(from: old, to: new) == Changeset(itemsUpdated: [p(0, 1), p(0, 2)]))
    }

    @Test("a replayed batch marks its updates, so diffing OLD against the result gives the batch back")
    func replayedBatchKeepsItsUpdatesAsMarks() throws {
        let old = diffSnapshot([("A", [1, 2, 3]), ("B", [4])])
        let new = diffSnapshot([("A", [3, 1, 2]), ("B", [4])])
        let batch = Changeset(from: old, to: new, isItemUpdated: { id, _, _ in id == 2 })
        #expect(batch == Changeset(itemsMoved: [mv(p(0, 2), p(0, 0))], itemsUpdated: [p(0, 1)]))
        let applied = try batch.apply(to: old, insertingFrom: new)
        #expect(applied.reloadedItemIdentifiers == [2] && applied.reloadedSectionIdentifiers.isEmpty)
        #expect(applied.reconfiguredItemIdentifiers.isEmpty && applied.reconfiguredSectionIdentifiers.isEmpty)
        #expect(Changeset(from: old, to: applied) == batch)
        let sectionBatch = Changeset(from: old, to: old, isSectionUpdated: { id, _, _ in id == "B" })
        #expect(sectionBatch == Changeset(sectionsUpdated: [1]))
        let reloaded = try sectionBatch.apply(to: old, insertingFrom: old)
        #expect(reloaded.reloadedSectionIdentifiers == ["B"] && reloaded.reloadedItemIdentifiers.isEmpty)
        #expect(Changeset(from: old, to: reloaded) == sectionBatch)
        // Rebuilt from its sections and items, it is NEW without marks, as a data source holds it.
        let clean = try Snapshot(sections: applied.sectionIdentifiers.map { ($0, try applied.itemIdentifiers(inSection: $0)) })
        #expect(clean == new && clean.reloadedItemIdentifiers.isEmpty && clean.reloadedSectionIdentifiers.isEmpty)
    }

    @Test("a section move with an item change in a section that stays: two stages, as DifferenceKit's table gives")
    func sectionMoveWithAChangeElsewhere() throws {
        let old = diffSnapshot([("A", [1]), ("B", [2]), ("C", [3])])
        let inserted = diffSnapshot([("B", [2]), ("A", [1]), ("C", [3, 4])])
        try checkDiff(old, inserted)
        #expect(StagedChangeset(from: old, to: inserted).map(\.changeset)
                == [Changeset(sectionsMoved: [IndexMove(source: 1, target: 0)]), Changeset(itemsInserted: [p(2, 1)])])
        let moved = diffSnapshot([("B", [2]), ("A", [1]), ("C", [3])])
        try checkDiff(old, moved, changed: [3])
        #expect(StagedChangeset(from: old, to: moved, isItemUpdated: { id, _, _ in id == 3 }).map(\.changeset)
                == [Changeset(itemsUpdated: [p(2, 0)]), Changeset(sectionsMoved: [IndexMove(source: 1, target: 0)])])
    }

    @Test("empty to full and full to empty")
    func emptyAndFull() throws {
        let empty = Snapshot<String, Int>()
        let full = diffSnapshot([("A", [1, 2]), ("B", [])])
        #expect(try checkDiff(empty, full) == Changeset(sectionsInserted: [0, 1]))
        #expect(try checkDiff(full, empty) == Changeset(sectionsDeleted: [0, 1]))
        #expect(try checkDiff(one([]), one([4, 5])) == Changeset(itemsInserted: [p(0, 0), p(0, 1)]))
        #expect(try checkDiff(one([4, 5]), one([])) == Changeset(itemsDeleted: [p(0, 0), p(0, 1)]))
        #expect(try checkDiff(empty, empty).isEmpty)
    }

    @Test("the JSON shape, and back")
    func json() throws {
        let batch = Changeset(sectionsDeleted: [3], sectionsInserted: [0], sectionsMoved: [IndexMove(source: 1, target: 2)],
                              itemsDeleted: [p(0, 4)], itemsInserted: [p(1, 0)], itemsMoved: [mv(p(2, 7), p(3, 1))],
                              itemsUpdated: [p(0, 1)])
        let text = JSONWriter.write(batch.jsonValue)
        #expect(text == #"{"sections":{"deleted":[3],"inserted":[0],"moved":[[1,2]],"updated":[]},"#
            + #""items":{"deleted":[[0,4]],"inserted":[[1,0]],"moved":[[[2,7],[3,1]]],"updated":[[0,1]]},"#
            + #""summary":{"deleted":1,"inserted":1,"moved":1,"updated":1,"sections":{"deleted":1,"inserted":1,"moved":1,"updated":0}}}"#)
        #expect(try Changeset(json: JSONParser.parse(text)) == batch)
        #expect(throws: ChangesetApplyError.self) { try Changeset(json: JSONParser.parse(#"{"sections":{}}"#)) }
    }

    @Test("apply refuses inconsistent batches with one clear sentence")
    func applyErrors() throws {
        let old = one([1, 2]), new = one([1, 2])
        #expect(throws: ChangesetApplyError("deleted item [0, 5] is out of range: OLD section 0 has 2 items.")) {
            try Changeset(itemsDeleted: [p(0, 5)]).apply(to: old, insertingFrom: new)
        }
        #expect(throws: ChangesetApplyError("item [0, 0] is both deleted and updated.")) {
            try Changeset(itemsDeleted: [p(0, 0)], itemsUpdated: [p(0, 0)]).apply(to: old, insertingFrom: one([2]))
        }
        #expect(throws: ChangesetApplyError("the batch gives 2 sections, but NEW has 1.")) {
            try Changeset(sectionsInserted: [1]).apply(to: old, insertingFrom: new)
        }
        #expect(throws: ChangesetApplyError("inserted item [0, 2] is not in NEW.")) {
            try Changeset(itemsInserted: [p(0, 2)]).apply(to: old, insertingFrom: new)
        }
        #expect(throws: ChangesetApplyError("moved item [0, 0] is inside deleted section 0, which already covers it.")) {
            try Changeset(sectionsDeleted: [0], itemsMoved: [mv(p(0, 0), p(0, 0))]).apply(to: old, insertingFrom: Snapshot())
        }
    }
}
