import OrderedCollections

extension Changeset {
    /// Replays one batch on `old`, as UIKit's `performBatchUpdates` would, and returns the state
    /// after it. This is the shared check for every changeset: applying the diff of `old` and
    /// `new` to `old` must give `new`.
    ///
    /// Semantics (SPEC §9):
    /// 1. Deleted and moved-out sections and items leave, found by their *old* indices.
    /// 2. Inserted and moved-in sections and items take their *new* indices; the sections and
    ///    items that did not move fill the remaining slots in their old relative order, each item
    ///    staying in its own section.
    /// 3. Inserted sections arrive whole (their items are not listed), with identifiers and items
    ///    taken from `new`; an inserted item's identifier is taken from `new` at its path. Nothing
    ///    else is read from `new`: every other position is filled from `old` by the batch alone.
    /// 4. Updated items and sections (old indices) are carried along and come out marked:
    ///    the result's `reloadedItemIdentifiers` and `reloadedSectionIdentifiers` are exactly the
    ///    updated ones, and it has no other marks.
    ///
    /// - Throws: `ChangesetApplyError` when the batch does not fit `old` (an index out of range, an
    ///   element listed twice, an item listed inside a deleted or inserted section, an update of a
    ///   deleted item, counts that disagree with `new`), or when the result would repeat an
    ///   identifier.
    /// - Complexity: O(S + n + m + c) for c listed changes.
    public static func apply<SectionID, ItemID>(
        _ changeset: Changeset, to old: Snapshot<SectionID, ItemID>, insertingFrom new: Snapshot<SectionID, ItemID>
    ) throws -> Snapshot<SectionID, ItemID> {
        let oldSectionCount = old.numberOfSections

        // 1. Sections leaving.
        var sectionDeleted = [Bool](repeating: false, count: oldSectionCount)
        var sectionLeaves = [Bool](repeating: false, count: oldSectionCount)
        func checkOldSection(_ s: Int, _ what: String) throws {
            guard s >= 0 && s < oldSectionCount else {
                throw ChangesetApplyError("\(what) section \(s) is out of range: OLD has \(oldSectionCount) sections.")
            }
        }
        for s in changeset.sectionsDeleted {
            try checkOldSection(s, "deleted")
            guard !sectionLeaves[s] else { throw ChangesetApplyError("section \(s) is deleted twice.") }
            sectionDeleted[s] = true
            sectionLeaves[s] = true
        }
        for move in changeset.sectionsMoved {
            try checkOldSection(move.source, "moved")
            guard !sectionLeaves[move.source] else {
                throw ChangesetApplyError("section \(move.source) is moved after being deleted or moved.")
            }
            sectionLeaves[move.source] = true
        }
        for s in changeset.sectionsUpdated {
            try checkOldSection(s, "updated")
            guard !sectionDeleted[s] else { throw ChangesetApplyError("section \(s) is both deleted and updated.") }
        }

        // 2. Sections arriving: -1 marks an inserted section, otherwise the old index.
        let newSectionCount = oldSectionCount - changeset.sectionsDeleted.count + changeset.sectionsInserted.count
        guard newSectionCount == new.numberOfSections else {
            throw ChangesetApplyError("the batch gives \(newSectionCount) sections, but NEW has \(new.numberOfSections).")
        }
        var origin = [Int?](repeating: nil, count: newSectionCount)
        func claim(_ target: Int, _ value: Int, _ what: String) throws {
            guard target >= 0 && target < newSectionCount else {
                throw ChangesetApplyError("\(what) section \(target) is out of range: the result has \(newSectionCount) sections.")
            }
            guard origin[target] == nil else { throw ChangesetApplyError("section slot \(target) is filled twice.") }
            origin[target] = value
        }
        for s in changeset.sectionsInserted { try claim(s, -1, "inserted") }
        for move in changeset.sectionsMoved { try claim(move.target, move.source, "moved") }
        var nextStaying = 0
        for j in 0..<newSectionCount where origin[j] == nil {
            while sectionLeaves[nextStaying] { nextStaying += 1 }
            origin[j] = nextStaying
            nextStaying += 1
        }

        // 3. Items leaving, by old path.
        func flatOld(_ path: ItemPath, _ what: String) throws -> Int {
            try checkOldSection(path.section, what)
            guard !sectionDeleted[path.section] else {
                throw ChangesetApplyError("\(what) item \(path) is inside deleted section \(path.section), which already covers it.")
            }
            let range = old.itemRange(ofSectionAt: path.section)
            guard path.item >= 0 && path.item < range.count else {
                throw ChangesetApplyError("\(what) item \(path) is out of range: OLD section \(path.section) has \(range.count) items.")
            }
            return range.lowerBound + path.item
        }
        var itemLeaves = [Bool](repeating: false, count: old.numberOfItems)
        var itemDeleted = [Bool](repeating: false, count: old.numberOfItems)
        for path in changeset.itemsDeleted {
            let flat = try flatOld(path, "deleted")
            guard !itemLeaves[flat] else { throw ChangesetApplyError("item \(path) is deleted twice.") }
            itemLeaves[flat] = true
            itemDeleted[flat] = true
        }
        var incoming = [[(index: Int, item: ItemID)]](repeating: [], count: newSectionCount)
        func checkTarget(_ path: ItemPath, _ what: String) throws {
            guard path.section >= 0 && path.section < newSectionCount else {
                throw ChangesetApplyError("\(what) item \(path) is out of range: the result has \(newSectionCount) sections.")
            }
            guard origin[path.section]! >= 0 else {
                throw ChangesetApplyError("\(what) item \(path) is inside inserted section \(path.section), which already covers it.")
            }
        }
        for move in changeset.itemsMoved {
            let flat = try flatOld(move.source, "moved")
            guard !itemLeaves[flat] else { throw ChangesetApplyError("item \(move.source) is moved after being deleted or moved.") }
            try checkTarget(move.target, "moved")
            itemLeaves[flat] = true
            incoming[move.target.section].append((move.target.item, old.itemSet[flat]))
        }
        var reloaded: [ItemID] = []
        for path in changeset.itemsUpdated {
            let flat = try flatOld(path, "updated")
            guard !itemDeleted[flat] else { throw ChangesetApplyError("item \(path) is both deleted and updated.") }
            reloaded.append(old.itemSet[flat])
        }
        for path in changeset.itemsInserted {
            try checkTarget(path, "inserted")
            guard let id = new.itemIdentifier(at: path) else {
                throw ChangesetApplyError("inserted item \(path) is not in NEW.")
            }
            incoming[path.section].append((path.item, id))
        }

        // 4. Fill every section: arrivals at their indices, the rest of its old items in order.
        var items: [ItemID] = []
        items.reserveCapacity(new.numberOfItems)
        var starts: [Int] = [0]
        starts.reserveCapacity(newSectionCount + 1)
        var sectionIDs: [SectionID] = []
        sectionIDs.reserveCapacity(newSectionCount)
        for j in 0..<newSectionCount {
            let i = origin[j]!
            if i < 0 {
                sectionIDs.append(new.sectionSet[j])
                items.append(contentsOf: new.itemSet.elements[new.itemRange(ofSectionAt: j)])
                starts.append(items.count)
                continue
            }
            sectionIDs.append(old.sectionSet[i])
            let staying = old.itemRange(ofSectionAt: i).filter { !itemLeaves[$0] }
            let count = staying.count + incoming[j].count
            var slots = [ItemID?](repeating: nil, count: count)
            for arrival in incoming[j] {
                guard arrival.index >= 0 && arrival.index < count else {
                    throw ChangesetApplyError("item [\(j), \(arrival.index)] is out of range: section \(j) ends up with \(count) items.")
                }
                guard slots[arrival.index] == nil else {
                    throw ChangesetApplyError("item slot [\(j), \(arrival.index)] is filled twice.")
                }
                slots[arrival.index] = arrival.item
            }
            var next = 0
            for k in 0..<count where slots[k] == nil {
                slots[k] = old.itemSet[staying[next]]
                next += 1
            }
            items.append(contentsOf: slots.lazy.map { $0! })
            starts.append(items.count)
        }
        var result: Snapshot<SectionID, ItemID>
        do {
            result = try Snapshot(sectionIDs: sectionIDs, items: items, sectionStarts: starts)
        }
        catch let error as SnapshotError {
            throw ChangesetApplyError("the result is not a valid snapshot: \(error)")
        }
        result.reloadedItems = OrderedSet(reloaded)
        result.reloadedSections = OrderedSet(changeset.sectionsUpdated.map { old.sectionSet[$0] })
        assert(result.checkInvariants())
        return result
    }
}
