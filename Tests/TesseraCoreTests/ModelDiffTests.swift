import Testing
@_spi(Testing) @testable import TesseraCore

/// Sectioned models diffed and applied: the batch, and every staged batch in turn, applied to
/// OLD's models give NEW's models exactly.
@Suite("Model diffs")
struct ModelDiffTests {
    struct Header: Equatable, Identifiable, Sendable { var id: String; var title: String }
    struct Message: Equatable, Identifiable, Sendable { var id: Int; var text: String }
    typealias Models = [ModelSection<Header, Message>]

    /// Models for a snapshot: titles and texts at `version`, except that `changed` items and
    /// sections whose last digit is in `changedSections` get the new version.
    func models(_ snapshot: Snapshot<String, Int>, changed: Set<Int>, changedSections: Set<String>, new: Bool) -> Models {
        (0..<snapshot.numberOfSections).map { s in
            let id = snapshot.sectionSet[s]
            return ModelSection(
                model: Header(id: id, title: new && changedSections.contains(id) ? "\(id) v2" : id),
                items: snapshot.itemSet.elements[snapshot.itemRange(ofSectionAt: s)].map {
                    Message(id: $0, text: new && changed.contains($0) ? "\($0) v2" : "\($0)")
                })
        }
    }

    @Test("4000 random sectioned model pairs: the batch and the staged batches applied to OLD's models give NEW's")
    func randomModelPairs() throws {
        var random = SplitMix64(seed: 26_2026)
        var staged = 0, sectionUpdates = 0, itemUpdates = 0
        for _ in 0..<4000 {
            let (oldIDs, newIDs, changed) = randomPair(&random)
            let changedSections = Set(oldIDs.sectionSet.filter { _ in random.chance(0.3) })
            let old = models(oldIDs, changed: changed, changedSections: changedSections, new: false)
            let new = models(newIDs, changed: changed, changedSections: changedSections, new: true)
            for oneBatch in [true, false] {
                let batch = try Changeset(from: old, to: new, oneBatch: oneBatch)
                #expect(try batch.apply(to: old, takingFrom: new) == new)
                if !batch.sectionsUpdated.isEmpty { sectionUpdates += 1 }
                if !batch.itemsUpdated.isEmpty { itemUpdates += 1 }
            }
            let stages = try StagedModelChangeset(from: old, to: new)
            if stages.count > 1 { staged += 1 }
            var current = old
            for stage in stages {
                #expect(!stage.changeset.needsStaging)
                current = try stage.changeset.apply(to: current, takingFrom: stage.models)
                #expect(current == stage.models)
            }
            #expect(current == new)
            // The stages are the identifier-level stages, with their models.
            let idStages = StagedChangeset(from: oldIDs, to: newIDs,
                                           isItemUpdated: { id, _, _ in changed.contains(id) },
                                           isSectionUpdated: { id, _, _ in changedSections.contains(id) })
            #expect(stages.map(\.changeset) == idStages.map(\.changeset))
            #expect(stages.map { $0.models.map(\.model.id) } == idStages.map { Array($0.snapshot.sectionSet) })
            #expect(stages.map { $0.models.flatMap { $0.items.map(\.id) } } == idStages.map { Array($0.snapshot.itemSet) })
        }
        // The generator reaches staging, section updates and item updates.
        #expect(staged > 200)
        #expect(sectionUpdates > 500)
        #expect(itemUpdates > 500)
    }

    @Test func aSmallCaseExactly() throws {
        let old: Models = [ModelSection(model: Header(id: "a", title: "A"), items: [Message(id: 1, text: "one"), Message(id: 2, text: "two")]),
                           ModelSection(model: Header(id: "b", title: "B"), items: [Message(id: 3, text: "three")])]
        let new: Models = [ModelSection(model: Header(id: "b", title: "Bee"), items: [Message(id: 3, text: "three"), Message(id: 1, text: "uno")]),
                           ModelSection(model: Header(id: "c", title: "C"), items: [Message(id: 4, text: "four")])]
        let batch = try Changeset(from: old, to: new)
        // b is retitled while a is deleted (a displaced section reload): deleted and inserted whole.
        #expect(batch == Changeset(sectionsDeleted: [0, 1], sectionsInserted: [0, 1]))
        #expect(try Changeset(from: old, to: new, oneBatch: false) == Changeset(
            sectionsDeleted: [0], sectionsInserted: [1], sectionsUpdated: [1], itemsInserted: [ItemPath(section: 0, item: 1)]))
        #expect(try batch.apply(to: old, takingFrom: new) == new)
        // Matched by title instead: "B" and "Bee" are different sections.
        let byTitle = try Changeset(from: old, to: new, sectionID: \.title, itemID: \.id)
        #expect(byTitle == Changeset(sectionsDeleted: [0, 1], sectionsInserted: [0, 1]))
        #expect(try byTitle.apply(to: old, takingFrom: new) == new)
    }

    @Test func repeatedIdentifiersAndBatchesThatDoNotFitAreRefused() throws {
        let twice: Models = [ModelSection(model: Header(id: "a", title: "A"), items: [Message(id: 1, text: "x"), Message(id: 1, text: "y")])]
        #expect(throws: SnapshotError.self) { try Changeset(from: twice, to: []) }
        #expect(throws: SnapshotError.self) { try StagedModelChangeset(from: [], to: twice) }
        let one: Models = [ModelSection(model: Header(id: "a", title: "A"), items: [Message(id: 1, text: "x")])]
        #expect(throws: ChangesetApplyError.self) {
            try Changeset(itemsDeleted: [ItemPath(section: 0, item: 5)]).apply(to: one, takingFrom: one)
        }
    }
}
