import Testing
@testable import TesseraCore

/// The repository's `datasets/` folder, found from this file's path.
private let datasetsFolder: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/") + "/datasets"
}()

private let realPairs = [
    ("emoji-13.0.json", "emoji-15.0.json"),
    ("emoji-15.0.json", "emoji-15.1.json"),
    ("emoji-15.1.json", "emoji-17.0.json"),
    ("appstream-bookworm.json", "appstream-trixie.json"),
]

@Suite("Diff of datasets")
struct DiffDatasetTests {
    @Test("real dataset pairs: the batch and every stage give NEW, updates exactly where fields changed",
          arguments: realPairs)
    func realPair(oldName: String, newName: String) throws {
        let old = try DatasetLoader.load(path: "\(datasetsFolder)/\(oldName)")
        let new = try DatasetLoader.load(path: "\(datasetsFolder)/\(newName)")
        let a = try DatasetDiff.snapshot(of: old), b = try DatasetDiff.snapshot(of: new)
        // The oracle for content: every id kept, compared field by field through a plain lookup.
        var oldByID: [ItemID: (Item, ItemID)] = [:]
        for section in old.sections { for k in section.range { oldByID[old.items[k].id] = (old.items[k], section.id) } }
        var changed = Set<DatasetDiff.Key>()
        for section in new.sections {
            for k in section.range {
                guard let (before, oldSection) = oldByID[new.items[k].id] else { continue }
                if DatasetDiff.itemChanged(before, inSection: oldSection, new.items[k], inSection: section.id) {
                    changed.insert(Occurrence(new.items[k].id))
                }
            }
        }
        let batch = try checkDiff(a, b, changed: changed)
        #expect(try DatasetDiff.changeset(from: old, to: new) == Changeset(from: a, to: b, isItemUpdated: { id, _, _ in changed.contains(id) }))
        #expect(!batch.isEmpty)
        // Every stage of the staged form (computed with the index-based content rules) applies.
        let staged = try DatasetDiff.stagedChangeset(from: old, to: new)
        var state = a
        for stage in staged {
            #expect(try stage.changeset.apply(to: state, insertingFrom: stage.snapshot).withoutMarks() == stage.snapshot)
            state = stage.snapshot
        }
        #expect(state == b)
    }

    @Test("content: field order and a section field naming the item's section are not changes")
    func contentRules() {
        let a = Item(id: .string("x"), fields: ["id": .string("x"), "w": .int(3), "section": .string("A")])
        let b = Item(id: .string("x"), fields: ["section": .string("B"), "w": .int(3), "id": .string("x")])
        #expect(!DatasetDiff.itemChanged(a, inSection: .string("A"), b, inSection: .string("B")))
        #expect(DatasetDiff.itemChanged(a, inSection: .string("Z"), b, inSection: .string("B")))
        let c = Item(id: .string("x"), fields: ["w": .int(4)])
        #expect(DatasetDiff.itemChanged(a, inSection: .string("A"), c, inSection: .string("A")))
        let nested1 = Item(id: .int(1), fields: ["o": .object(["p": .int(1), "q": .int(2)])])
        let nested2 = Item(id: .int(1), fields: ["o": .object(["q": .int(2), "p": .int(1)])])
        #expect(!DatasetDiff.itemChanged(nested1, inSection: .int(0), nested2, inSection: .int(0)))
    }

    @Test("a section whose own fields change is updated, at its OLD index")
    func sectionUpdate() throws {
        func dataset(_ sections: [(String, String, [Int])]) -> Dataset {
            var items: [Item] = [], ranges: [Dataset.Section] = []
            for (id, title, ids) in sections {
                let start = items.count
                items += ids.map { Item(id: .int($0)) }
                ranges.append(Dataset.Section(id: .string(id), fields: ["title": .string(title)], range: start..<items.count))
            }
            return Dataset(items: items, sections: ranges)
        }
        let old = dataset([("A", "Alpha", [1, 2]), ("B", "Beta", [3])])
        let new = dataset([("A", "Alpha!", [1, 2]), ("B", "Beta", [3])])
        #expect(try DatasetDiff.changeset(from: old, to: new) == Changeset(sectionsUpdated: [0]))
    }

    @Test("duplicate ids: an error naming the id and where it already is, or paired in order by opt-in")
    func duplicates() throws {
        let items = [1, 2, 1, 3, 1].map { Item(id: .int($0)) }
        let old = Dataset(items: items, sections: [Dataset.Section(id: .string("A"), range: 0..<2),
                                                  Dataset.Section(id: .string("B"), range: 2..<5)])
        #expect(throws: SnapshotError.duplicateItem(item: "1", existingSection: #""A""#, existingIndex: 0)) {
            try DatasetDiff.snapshot(of: old)
        }
        #expect(SnapshotError.duplicateItem(item: "1", existingSection: #""A""#, existingIndex: 0).description
            == #"duplicate item id 1: it is already in section "A" at index 0."#)
        let twoSections = Dataset(items: [], sections: [Dataset.Section(id: .int(7), range: 0..<0),
                                                        Dataset.Section(id: .int(7), range: 0..<0)])
        #expect(throws: SnapshotError.duplicateSectionInInput(section: "7", firstPosition: 0, secondPosition: 1)) {
            try DatasetDiff.snapshot(of: twoSections)
        }
        // pairInOrder: the n-th 1 in OLD pairs with the n-th 1 in NEW; the surplus is deleted.
        // The first 1 crosses from A to B; in B, 3 moves before the second 1 (a move to the
        // same index: its neighbours changed).
        let new = Dataset(items: [1, 3, 1].map { Item(id: .int($0)) },
                          sections: [Dataset.Section(id: .string("A"), range: 0..<0),
                                     Dataset.Section(id: .string("B"), range: 0..<3)])
        let batch = try DatasetDiff.changeset(from: old, to: new, duplicates: .pairInOrder)
        let p = { (s: Int, i: Int) in ItemPath(section: s, item: i) }
        #expect(batch == Changeset(itemsDeleted: [p(0, 1), p(1, 2)],
                                   itemsMoved: [IndexMove(source: p(0, 0), target: p(1, 0)), IndexMove(source: p(1, 1), target: p(1, 1))]))
        try checkDiff(try DatasetDiff.snapshot(of: old, duplicates: .pairInOrder), try DatasetDiff.snapshot(of: new, duplicates: .pairInOrder))
    }
}
