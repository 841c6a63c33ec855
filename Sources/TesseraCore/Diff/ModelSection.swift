/// A section as a data source holds it: the section's own model and its items' models, in
/// order (DifferenceKit's `ArraySection`).
///
/// Changesets are computed from identifiers and applied to these: see
/// `Changeset.init(from:to:sectionID:itemID:oneBatch:)`, `Changeset.apply(to:takingFrom:)` and
/// `StagedModelChangeset`.
public struct ModelSection<Section, Item> {
    /// The section's model (a header's title, a section kind).
    public var model: Section
    /// The models of the section's items, in display order.
    public var items: [Item]

    /// A section with its item models.
    public init(model: Section, items: [Item]) {
        self.model = model
        self.items = items
    }
}

extension ModelSection: Equatable where Section: Equatable, Item: Equatable {}
extension ModelSection: Hashable where Section: Hashable, Item: Hashable {}
extension ModelSection: Sendable where Section: Sendable, Item: Sendable {}

extension Changeset {
    /// The batch that turns the sectioned models `old` into `new`: sections are matched by
    /// `sectionID`, items by `itemID` (items move across sections), and a kept section or item
    /// is updated when its model changed (`!=`). `oneBatch` as for
    /// `init(from:to:isItemUpdated:isSectionUpdated:oneBatch:)`.
    ///
    /// Applying the result to `old` with `apply(to:takingFrom:)` gives `new`.
    ///
    /// - Throws: `SnapshotError` when `old` or `new` repeats a section or item identifier.
    /// - Complexity: O(S + n + m): one identifier and one comparison per model, plus the diff.
    public init<Section: Equatable, Item: Equatable, SectionID: Hashable, ItemID: Hashable>(
        from old: [ModelSection<Section, Item>], to new: [ModelSection<Section, Item>],
        sectionID: (Section) -> SectionID, itemID: (Item) -> ItemID, oneBatch: Bool = true
    ) throws {
        let oldSnapshot = try Snapshot(models: old, sectionID: sectionID, itemID: itemID)
        let newSnapshot = try Snapshot(models: new, sectionID: sectionID, itemID: itemID)
        let oldItems = old.flatMap(\.items), newItems = new.flatMap(\.items)
        self.init(from: oldSnapshot, to: newSnapshot,
                  isItemUpdated: { _, i, j in oldItems[i] != newItems[j] },
                  isSectionUpdated: { _, i, j in old[i].model != new[j].model },
                  oneBatch: oneBatch)
    }

    /// The same, for models that are `Identifiable` (matched by `id`).
    ///
    /// - Throws: `SnapshotError` when `old` or `new` repeats a section or item identifier.
    /// - Complexity: O(S + n + m).
    public init<Section: Equatable & Identifiable, Item: Equatable & Identifiable>(
        from old: [ModelSection<Section, Item>], to new: [ModelSection<Section, Item>], oneBatch: Bool = true
    ) throws {
        try self.init(from: old, to: new, sectionID: \.id, itemID: \.id, oneBatch: oneBatch)
    }

    /// Replays this batch on the sectioned models `old`, as `apply(to:insertingFrom:)` does on
    /// snapshots, and returns the models after it. Kept sections and items keep their models
    /// from `old`; inserted sections (whole), inserted items, and updated sections and items
    /// take theirs from `new`, at their positions after the batch. Nothing else is read from
    /// `new`, so applying the diff of `old` and `new` gives `new` exactly.
    ///
    /// - Throws: `ChangesetApplyError` when the batch does not fit `old` and `new` (an index out
    ///   of range, an element listed twice, an update of a deleted item, counts that disagree).
    /// - Complexity: O(S + n + m + c) for c listed changes.
    public func apply<Section, Item>(
        to old: [ModelSection<Section, Item>], takingFrom new: [ModelSection<Section, Item>]
    ) throws -> [ModelSection<Section, Item>] {
        let plan = try BatchPlan(self, oldSizes: old.map(\.items.count), newSizes: new.map(\.items.count))
        let oldItems = old.flatMap(\.items)
        var sectionUpdated = [Bool](repeating: false, count: old.count)
        for i in sectionsUpdated { sectionUpdated[i] = true }
        var result: [ModelSection<Section, Item>] = []
        result.reserveCapacity(new.count)
        for (j, origin) in plan.sectionOrigins.enumerated() {
            guard let i = origin else {
                result.append(new[j])
                continue
            }
            let items = plan.items(ofSection: j, old: oldItems, inserted: { new[j].items[$0] })
            result.append(ModelSection(model: sectionUpdated[i] ? new[j].model : old[i].model, items: items))
        }
        for updated in plan.updatedItems {
            result[updated.new.section].items[updated.new.item] = new[updated.new.section].items[updated.new.item]
        }
        return result
    }
}

extension Snapshot {
    /// The identifiers of sectioned models.
    /// - Throws: `SnapshotError` for a repeated section or item identifier.
    /// - Complexity: O(S + n).
    init<Section, Item>(models: [ModelSection<Section, Item>],
                        sectionID: (Section) -> SectionID, itemID: (Item) -> ItemID) throws {
        try self.init(sections: models.map { (sectionID($0.model), $0.items.map(itemID)) })
    }
}
