import OrderedCollections

/// The public ways to compute a changeset: from two snapshots, or from two plain lists.
extension Changeset {
    /// The batch that turns `old` into `new`, in UIKit's `performBatchUpdates` semantics.
    ///
    /// With `oneBatch` (the default) no item or section is named by two operations: one that is
    /// both moved and updated is a delete plus an insert, as IGListKit's
    /// `resultForBatchUpdates` does, and so is a moved section with item changes inside it (as
    /// IGListKit's `IGListBatchUpdateData` does) and an updated section when anything else
    /// changes (IGListKit reloads no section inside a batch). Without it, such an item is both
    /// moved and updated (the form `StagedChangeset` splits into stages that keep moves and
    /// updates).
    ///
    /// Identity and content are separate: items and sections are matched by identifier, and a
    /// kept one is *updated* when it is marked with `reloadItems`/`reconfigureItems`
    /// (`reloadSections`/`reconfigureSections`) in `new`, or when the content closure says it
    /// changed. Items of inserted and deleted sections are not listed; items move across
    /// sections.
    ///
    /// - Parameters:
    ///   - old: the state before the batch.
    ///   - new: the state after it.
    ///   - isItemUpdated: whether a kept item's content changed, given its identifier and its
    ///     flattened indices in `old` and `new` (so array-backed content needs no lookup).
    ///     Called once per kept item of a kept section.
    ///   - isSectionUpdated: the same for kept sections, with section indices.
    ///   - oneBatch: no item or section named by two operations (see above).
    /// - Complexity: O(S + n + m) time and memory: one hash lookup per new section and item,
    ///   then linear passes (see `Diff.swift`). Not always the fewest moves.
    @inlinable
    public init<SectionID, ItemID>(
        from old: Snapshot<SectionID, ItemID>, to new: Snapshot<SectionID, ItemID>,
        isItemUpdated: ((_ id: ItemID, _ oldIndex: Int, _ newIndex: Int) -> Bool)? = nil,
        isSectionUpdated: ((_ id: SectionID, _ oldIndex: Int, _ newIndex: Int) -> Bool)? = nil,
        oneBatch: Bool = true
    ) {
        let matching = DiffMatching(old: old, new: new)
        let newItems = new.itemSet.elements
        let newSections = new.sectionSet.elements
        let itemMarks = new.reloadedItems.union(new.reconfiguredItems)
        let sectionMarks = new.reloadedSections.union(new.reconfiguredSections)
        var itemRule: ((Int, Int) -> Bool)?
        if itemMarks.isEmpty {
            if let isItemUpdated { itemRule = { isItemUpdated(newItems[$1], $0, $1) } }
        }
        else {
            itemRule = { p, q in itemMarks.contains(newItems[q]) || (isItemUpdated?(newItems[q], p, q) ?? false) }
        }
        var sectionRule: ((Int, Int) -> Bool)?
        if !sectionMarks.isEmpty || isSectionUpdated != nil {
            sectionRule = { i, j in
                sectionMarks.contains(newSections[j]) || (isSectionUpdated?(newSections[j], i, j) ?? false)
            }
        }
        self = oneBatch ? Self.oneBatch(matching: matching, isItemUpdated: itemRule, isSectionUpdated: sectionRule)
            : Changeset(matching: matching, isItemUpdated: itemRule, isSectionUpdated: sectionRule)
    }

    /// The batch that turns the list `old` into the list `new`, both one section (section 0),
    /// with `oneBatch` as above.
    ///
    /// - Parameters:
    ///   - old: the identifiers before the batch.
    ///   - new: the identifiers after it.
    ///   - isItemUpdated: whether a kept item's content changed, given its identifier and its
    ///     indices in `old` and `new`.
    ///   - oneBatch: no item named by two operations (see the snapshot initialiser).
    /// - Throws: `SnapshotError.duplicateItemInInput` when either list repeats an identifier.
    /// - Complexity: O(n + m): one hash insertion per old element and one lookup per new one,
    ///   then linear passes.
    @inlinable
    public init<ID: Hashable>(
        from old: [ID], to new: [ID],
        isItemUpdated: ((_ id: ID, _ oldIndex: Int, _ newIndex: Int) -> Bool)? = nil,
        oneBatch: Bool = true
    ) throws {
        let matching = try DiffMatching(old: old, new: new)
        var itemRule: ((Int, Int) -> Bool)?
        if let isItemUpdated { itemRule = { isItemUpdated(new[$1], $0, $1) } }
        self = oneBatch ? Self.oneBatch(matching: matching, isItemUpdated: itemRule, isSectionUpdated: nil)
            : Changeset(matching: matching, isItemUpdated: itemRule, isSectionUpdated: nil)
    }
}
