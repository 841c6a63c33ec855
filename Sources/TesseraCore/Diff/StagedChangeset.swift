import OrderedCollections

/// A diff split into batches that UIKit accepts one `performBatchUpdates` call at a time.
///
/// Some batches cannot be applied in one call (see `Changeset.needsStaging`: an update and a
/// move of the same item, a section move with item changes, a section update with other
/// changes). For those, the diff is replayed through intermediate states, as DifferenceKit does:
///
/// | stage | holds | state after it |
/// |---|---|---|
/// | 1 | item updates | OLD, contents updated |
/// | 2 | section and item deletes | OLD minus the deletes |
/// | 3 | section inserts and moves | sections in NEW's order, inserted ones whole |
/// | 4 | item inserts and moves | NEW's items |
/// | 5 | section updates | NEW |
///
/// Each stage is itself the `Changeset` between two consecutive states (so it is computed by the
/// same diff and checked by the same `apply`), and each carries the snapshot the data source
/// must hold during its batch. Empty stages are dropped, and consecutive stages are merged
/// while the merged batch needs no staging, so a diff usually takes one or two batches where
/// DifferenceKit takes up to five. A batch that needs no staging is a single stage.
///
/// A UI applies each stage in its own batch and switches its data source to the stage's
/// snapshot inside that batch, before the batch ends: UIKit checks the counts the data source
/// gives at the end of each batch against the batch ("invalid number of items" otherwise).
///
/// Invariants (asserted in debug builds): no stage needs staging; the last stage's snapshot is
/// NEW; applying each stage to the previous stage's snapshot with `apply` gives its own.
public struct StagedChangeset<SectionID: Hashable, ItemID: Hashable>: RandomAccessCollection {
    /// One batch and the state after it.
    public struct Stage {
        /// The batch, in UIKit semantics relative to the previous stage's snapshot.
        public var changeset: Changeset
        /// The data to hold during (and after) this batch.
        public var snapshot: Snapshot<SectionID, ItemID>
    }

    /// The batches, in the order they must be applied.
    public private(set) var stages: [Stage]

    public var startIndex: Int { stages.startIndex }
    public var endIndex: Int { stages.endIndex }
    public subscript(position: Int) -> Stage { stages[position] }

    /// Diffs `old` and `new` and stages the result. Parameters as for
    /// `Changeset.init(from:to:isItemUpdated:isSectionUpdated:)`.
    ///
    /// - Complexity: O(S + n + m): at most nine linear diffs, and only when staging is needed.
    public init(
        from old: Snapshot<SectionID, ItemID>, to new: Snapshot<SectionID, ItemID>,
        isItemUpdated: ((_ id: ItemID, _ oldIndex: Int, _ newIndex: Int) -> Bool)? = nil,
        isSectionUpdated: ((_ id: SectionID, _ oldIndex: Int, _ newIndex: Int) -> Bool)? = nil
    ) {
        let batch = Changeset(from: old, to: new, isItemUpdated: isItemUpdated, isSectionUpdated: isSectionUpdated,
                              oneBatch: false)
        self.init(staging: batch, from: old, to: new)
    }

    /// Stages `batch`, which must be the diff of `old` and `new` computed with `oneBatch: false`
    /// (so that items both moved and updated are still updates).
    ///
    /// - Complexity: O(S + n + m).
    public init(staging batch: Changeset, from old: Snapshot<SectionID, ItemID>, to new: Snapshot<SectionID, ItemID>) {
        if batch.isEmpty {
            stages = []
            return
        }
        if !batch.needsStaging {
            stages = [Stage(changeset: batch, snapshot: new)]
            return
        }
        let states = Self.intermediateStates(batch: batch, old: old, new: new)
        let updatedItems = Set(batch.itemsUpdated.map { old.itemIdentifier(at: $0)! })
        let updatedSections = Set(batch.sectionsUpdated.map { old.sectionSet[$0] })

        /// The batch from state `a` to state `b` (a < b), with the updates of the stages between.
        func batchBetween(_ a: Int, _ b: Int) -> Changeset {
            Changeset(
                from: states[a], to: states[b],
                isItemUpdated: a == 0 && !updatedItems.isEmpty ? { id, _, _ in updatedItems.contains(id) } : nil,
                isSectionUpdated: b == 5 && !updatedSections.isEmpty ? { id, _, _ in updatedSections.contains(id) } : nil,
                oneBatch: false)
        }

        var result: [Stage] = []
        var current: (from: Int, to: Int, changeset: Changeset)?
        for k in 1...5 {
            let base = batchBetween(k - 1, k)
            if base.isEmpty { continue }
            if let open = current {
                let merged = batchBetween(open.from, k)
                if !merged.needsStaging {
                    current = (open.from, k, merged)
                    continue
                }
                result.append(Stage(changeset: open.changeset, snapshot: states[open.to]))
            }
            current = (k - 1, k, base)
        }
        if let open = current { result.append(Stage(changeset: open.changeset, snapshot: states[open.to])) }
        stages = result
        assert(stages.allSatisfy { !$0.changeset.needsStaging })
        assert(zip([old] + stages.map(\.snapshot), stages).allSatisfy { previous, stage in
            (try? stage.changeset.apply(to: previous, insertingFrom: stage.snapshot))?.withoutMarks() == stage.snapshot.withoutMarks()
        })
        assert(stages.last.map { $0.snapshot.itemSet == new.itemSet && $0.snapshot.sectionSet == new.sectionSet } ?? true)
    }

    /// The six states of the staging table: OLD, after each of the five stages.
    private static func intermediateStates(
        batch: Changeset, old: Snapshot<SectionID, ItemID>, new: Snapshot<SectionID, ItemID>
    ) -> [Snapshot<SectionID, ItemID>] {
        let plainOld = old.withoutMarks()
        let plainNew = new.withoutMarks()
        // After stage 2: OLD minus deleted sections and deleted items.
        var doomedSections = [Bool](repeating: false, count: old.numberOfSections)
        for i in batch.sectionsDeleted { doomedSections[i] = true }
        var doomedItems = [Bool](repeating: false, count: old.numberOfItems)
        for path in batch.itemsDeleted { doomedItems[old.sectionStarts[path.section] + path.item] = true }
        var afterDeletes = plainOld
        afterDeletes.removeUnchecked(sections: doomedSections, items: doomedItems)
        // After stage 3: NEW's sections in NEW's order; kept ones with their remaining items.
        var sectionsInNewOrder: [(SectionID, [ItemID])] = []
        for j in 0..<new.numberOfSections {
            let id = new.sectionSet[j]
            if let i = afterDeletes.indexOfSection(id) {
                sectionsInNewOrder.append((id, Array(afterDeletes.itemSet.elements[afterDeletes.itemRange(ofSectionAt: i)])))
            }
            else {
                sectionsInNewOrder.append((id, Array(new.itemSet.elements[new.itemRange(ofSectionAt: j)])))
            }
        }
        // Items entering inserted sections were deleted in stage 2, so identifiers stay unique.
        let afterSectionChanges = Snapshot(uncheckedSections: sectionsInNewOrder)
        return [plainOld, plainOld, afterDeletes, afterSectionChanges, plainNew, plainNew]
    }
}

extension StagedChangeset: CustomDebugStringConvertible {
    public var debugDescription: String {
        "StagedChangeset(\(stages.count) stages)\n" + stages.enumerated().map { "stage \($0.offset + 1): \($0.element.changeset.debugDescription)" }.joined(separator: "\n")
    }
}

extension Snapshot {

    /// Builds from sections whose identifiers are known to be unique (asserted in debug builds).
    init(uncheckedSections sections: [(SectionID, [ItemID])]) {
        var items: [ItemID] = []
        var starts = [0]
        for (_, sectionItems) in sections {
            items.append(contentsOf: sectionItems)
            starts.append(items.count)
        }
        let sectionSet = OrderedSet(uncheckedUniqueElements: sections.map { $0.0 })
        let itemSet = IndexedIdentifiers(uncheckedUniqueElements: items)
        assert(Set(sectionSet).count == sectionSet.count && Set(itemSet).count == itemSet.count)
        self.init(uncheckedSections: sectionSet, items: itemSet, sectionStarts: starts)
    }
}

extension StagedChangeset: Sendable where SectionID: Sendable, ItemID: Sendable {}
extension StagedChangeset.Stage: Sendable where SectionID: Sendable, ItemID: Sendable {}
