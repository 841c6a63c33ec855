/// A diff of sectioned models split into batches that UIKit accepts one `performBatchUpdates`
/// call at a time, each with the models the data source holds during it (DifferenceKit's
/// `StagedChangeset<[ArraySection]>`).
///
/// The stages are `StagedChangeset`'s (see its table); each stage's `models` are its snapshot's
/// identifiers mapped back to models. Until the last stage, a section keeps its model from OLD
/// (section updates come last) and an item takes its model from NEW when NEW has it (item
/// updates come first), else from OLD (it is about to be deleted). The last stage holds NEW.
///
/// ```swift
/// for stage in try StagedModelChangeset(from: oldSections, to: newSections) {
///     collectionView.performBatchUpdates {
///         dataSource.sections = stage.models      // inside the batch, before it ends
///         apply(stage.changeset)
///     }
/// }
/// ```
///
/// Invariant: applying each stage's changeset to the previous stage's models (OLD's for the
/// first) with `Changeset.apply(to:takingFrom:)`, taking from its own models, gives its models.
public struct StagedModelChangeset<Section, Item>: RandomAccessCollection {
    /// One batch and the models to hold during (and after) it.
    public struct Stage {
        /// The batch, in UIKit semantics relative to the previous stage's models.
        public var changeset: Changeset
        /// The sectioned models after this batch.
        public var models: [ModelSection<Section, Item>]
    }

    /// The batches, in the order they must be applied (none when nothing changed).
    public private(set) var stages: [Stage]

    /// The first stage's position (0).
    public var startIndex: Int { stages.startIndex }
    /// One past the last stage's position.
    public var endIndex: Int { stages.endIndex }
    /// The stage at `position`. O(1).
    public subscript(position: Int) -> Stage { stages[position] }

    /// Diffs the sectioned models `old` and `new` (sections matched by `sectionID`, items by
    /// `itemID`, a kept one updated when its model changed) and stages the result.
    ///
    /// - Throws: `SnapshotError` when `old` or `new` repeats a section or item identifier.
    /// - Complexity: O(S + n + m): the staged diff, plus, when it takes more than one stage, one
    ///   identifier-to-model table per side and O(S + n + m) per stage.
    public init<SectionID: Hashable, ItemID: Hashable>(
        from old: [ModelSection<Section, Item>], to new: [ModelSection<Section, Item>],
        sectionID: (Section) -> SectionID, itemID: (Item) -> ItemID
    ) throws where Section: Equatable, Item: Equatable {
        let oldSnapshot = try Snapshot(models: old, sectionID: sectionID, itemID: itemID)
        let newSnapshot = try Snapshot(models: new, sectionID: sectionID, itemID: itemID)
        let oldItems = old.flatMap(\.items), newItems = new.flatMap(\.items)
        let staged = StagedChangeset(from: oldSnapshot, to: newSnapshot,
                                     isItemUpdated: { _, i, j in oldItems[i] != newItems[j] },
                                     isSectionUpdated: { _, i, j in old[i].model != new[j].model })
        guard staged.count > 1 else {
            stages = staged.stages.map { Stage(changeset: $0.changeset, models: new) }
            return
        }
        // Identifiers are unique on each side (the snapshots checked them).
        let oldSections = Dictionary(uniqueKeysWithValues: zip(oldSnapshot.sectionSet, old.lazy.map(\.model)))
        let newSections = Dictionary(uniqueKeysWithValues: zip(newSnapshot.sectionSet, new.lazy.map(\.model)))
        let oldItemModels = Dictionary(uniqueKeysWithValues: zip(oldSnapshot.itemSet, oldItems))
        let newItemModels = Dictionary(uniqueKeysWithValues: zip(newSnapshot.itemSet, newItems))
        stages = staged.stages.enumerated().map { k, stage in
            guard k < staged.count - 1 else { return Stage(changeset: stage.changeset, models: new) }
            let snapshot = stage.snapshot
            let models = (0..<snapshot.numberOfSections).map { s in
                let id = snapshot.sectionSet[s]
                return ModelSection(
                    model: oldSections[id] ?? newSections[id]!,
                    items: snapshot.itemSet.elements[snapshot.itemRange(ofSectionAt: s)].map { newItemModels[$0] ?? oldItemModels[$0]! })
            }
            return Stage(changeset: stage.changeset, models: models)
        }
    }

    /// The same, for models that are `Identifiable` (matched by `id`).
    ///
    /// - Throws: `SnapshotError` when `old` or `new` repeats a section or item identifier.
    /// - Complexity: O(S + n + m), as above.
    public init(from old: [ModelSection<Section, Item>], to new: [ModelSection<Section, Item>]) throws
    where Section: Equatable & Identifiable, Item: Equatable & Identifiable {
        try self.init(from: old, to: new, sectionID: \.id, itemID: \.id)
    }
}

extension StagedModelChangeset: Sendable where Section: Sendable, Item: Sendable {}
extension StagedModelChangeset.Stage: Sendable where Section: Sendable, Item: Sendable {}
extension StagedModelChangeset.Stage: Equatable where Section: Equatable, Item: Equatable {}

