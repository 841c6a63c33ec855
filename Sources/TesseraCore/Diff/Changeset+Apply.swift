import OrderedCollections

extension Changeset {
    /// Replays this batch on `old`, as UIKit's `performBatchUpdates` would, and returns the state
    /// after it. This is the shared check for every changeset: applying the diff of `old` and
    /// `new` to `old` must give `new`.
    ///
    /// Semantics (see `BatchPlan`): deleted and moved-out sections and items leave by their old
    /// indices; inserted and moved-in ones take their new indices; the rest fill the remaining
    /// slots in their old order. Inserted sections arrive whole, with identifiers and items taken
    /// from `new`; an inserted item's identifier is taken from `new` at its path. Nothing else is
    /// read from `new`. Updated items and sections come out marked: the result's
    /// `reloadedItemIdentifiers` and `reloadedSectionIdentifiers` are exactly the updated ones,
    /// and it has no other marks (so diffing `old` against it gives this batch back). It is the
    /// state a batch leaves, not a data source's current snapshot: UIKit's data source hands its
    /// snapshot back after `apply` without the marks the apply consumed.
    ///
    /// - Throws: `ChangesetApplyError` when the batch does not fit `old` (an index out of range, an
    ///   element listed twice, an item listed inside a deleted or inserted section, an update of a
    ///   deleted item, counts that disagree with `new`), or when the result would repeat an
    ///   identifier.
    /// - Complexity: O(S + n + m + c) for c listed changes.
    public func apply<SectionID, ItemID>(
        to old: Snapshot<SectionID, ItemID>, insertingFrom new: Snapshot<SectionID, ItemID>
    ) throws -> Snapshot<SectionID, ItemID> {
        let sizes = { (snapshot: Snapshot<SectionID, ItemID>) in
            (0..<snapshot.numberOfSections).map { snapshot.itemRange(ofSectionAt: $0).count }
        }
        let plan = try BatchPlan(self, oldSizes: sizes(old), newSizes: sizes(new))
        var items: [ItemID] = []
        items.reserveCapacity(new.numberOfItems)
        var starts: [Int] = [0]
        starts.reserveCapacity(plan.sectionOrigins.count + 1)
        var sectionIDs: [SectionID] = []
        sectionIDs.reserveCapacity(plan.sectionOrigins.count)
        for (j, origin) in plan.sectionOrigins.enumerated() {
            if let i = origin {
                sectionIDs.append(old.sectionSet[i])
                let range = new.itemRange(ofSectionAt: j)
                for (k, slot) in plan.items[j].enumerated() {
                    switch slot {
                    case .old(let flat): items.append(old.itemSet[flat])
                    case .inserted: items.append(new.itemSet[range.lowerBound + k])
                    }
                }
            } else {
                sectionIDs.append(new.sectionSet[j])
                items.append(contentsOf: new.itemSet.elements[new.itemRange(ofSectionAt: j)])
            }
            starts.append(items.count)
        }
        var result: Snapshot<SectionID, ItemID>
        do {
            result = try Snapshot(sectionIDs: sectionIDs, items: items, sectionStarts: starts)
        }
        catch let error as SnapshotError {
            throw ChangesetApplyError.invalidResult(error)
        }
        result.reloadedItems = OrderedSet(plan.updatedItems.map { old.itemSet[$0.old] })
        result.reloadedSections = OrderedSet(sectionsUpdated.map { old.sectionSet[$0] })
        result._checkInvariants()
        return result
    }
}
