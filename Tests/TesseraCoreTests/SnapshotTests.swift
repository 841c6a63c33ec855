import Testing
@_spi(Testing) @testable import TesseraCore

@Suite("Snapshot")
struct SnapshotTests {
    /// Sections "A" [1, 2, 3], "B" [], "C" [4, 5].
    private func sample() throws -> Snapshot<String, Int> {
        var snapshot = Snapshot<String, Int>()
        try snapshot.appendSections(["A", "B", "C"])
        try snapshot.appendItems([1, 2, 3], toSection: "A")
        try snapshot.appendItems([4, 5])
        return snapshot
    }

    private func layout(_ snapshot: Snapshot<String, Int>) throws -> [String] {
        try snapshot.sectionIdentifiers.map { "\($0):\(try snapshot.itemIdentifiers(inSection: $0).map(String.init).joined(separator: ","))" }
    }

    @Test("debugDescription writes ids as messages do: the integer 0 and the string \"0\" read apart")
    func debugDescriptionTellsIdTypesApart() throws {
        let snapshot = try Snapshot<ItemID, ItemID>(sections: [(.int(0), [.int(0), .string("0")]), (.string("0"), [.string("a b\n")])])
        #expect(snapshot.debugDescription == #"Snapshot(0: [0, "0"]; "0": ["a b\n"])"#)
        let long = try Snapshot<String, Int>(section: String(repeating: "s", count: 100), items: [1])
        #expect(long.debugDescription == "Snapshot(\"\(String(repeating: "s", count: 64))\"… (100 characters): [1])")
    }

    @Test("queries: counts, identifiers, sections, indices")
    func queries() throws {
        let snapshot = try sample()
        #expect(snapshot.numberOfItems == 5)
        #expect(snapshot.numberOfSections == 3)
        #expect(snapshot.sectionIdentifiers == ["A", "B", "C"])
        #expect(snapshot.itemIdentifiers == [1, 2, 3, 4, 5])
        #expect(try snapshot.numberOfItems(inSection: "B") == 0)
        #expect(try snapshot.itemIdentifiers(inSection: "C") == [4, 5])
        #expect(snapshot.sectionIdentifier(containingItem: 4) == "C")
        #expect(snapshot.sectionIdentifier(containingItem: 3) == "A")
        #expect(snapshot.sectionIdentifier(containingItem: 9) == nil)
        #expect(snapshot.indexOfItem(4) == 3)
        #expect(snapshot.indexOfItem(9) == nil)
        #expect(snapshot.indexOfSection("C") == 2)
        #expect(snapshot.itemPath(of: 5) == ItemPath(section: 2, item: 1))
        #expect(snapshot.itemIdentifier(at: ItemPath(section: 1, item: 0)) == nil)
        #expect(snapshot.contains(item: 5) && !snapshot.contains(item: 9))
        #expect(snapshot.contains(section: "B") && !snapshot.contains(section: "Z"))
        #expect(throws: SnapshotError.sectionNotFound(section: #""Z""#)) { try snapshot.itemIdentifiers(inSection: "Z") }
    }

    @Test("insert, move and delete items, across sections")
    func itemMutations() throws {
        var snapshot = try sample()
        try snapshot.insertItems([10, 11], beforeItem: 2)
        try snapshot.insertItems([12], afterItem: 5)
        #expect(try layout(snapshot) == ["A:1,10,11,2,3", "B:", "C:4,5,12"])
        try snapshot.moveItem(1, afterItem: 12)
        try snapshot.moveItem(4, beforeItem: 10)
        #expect(try layout(snapshot) == ["A:4,10,11,2,3", "B:", "C:5,12,1"])
        try snapshot.appendItems([7], toSection: "B")
        try snapshot.moveItem(3, beforeItem: 7)
        #expect(try layout(snapshot) == ["A:4,10,11,2", "B:3,7", "C:5,12,1"])
        try snapshot.deleteItems([10, 12, 3, 3])
        #expect(try layout(snapshot) == ["A:4,11,2", "B:7", "C:5,1"])
        #expect(snapshot.indexOfItem(1) == 5)
        snapshot.deleteAllItems()
        #expect(snapshot == Snapshot())
    }

    @Test("insert, move and delete sections with their items")
    func sectionMutations() throws {
        var snapshot = try sample()
        try snapshot.insertSections(["X"], beforeSection: "A")
        try snapshot.insertSections(["Y", "Z"], afterSection: "B")
        #expect(snapshot.sectionIdentifiers == ["X", "A", "B", "Y", "Z", "C"])
        try snapshot.moveSection("C", beforeSection: "A")
        try snapshot.moveSection("X", afterSection: "Z")
        #expect(try layout(snapshot) == ["C:4,5", "A:1,2,3", "B:", "Y:", "Z:", "X:"])
        try snapshot.deleteSections(["A", "Y"])
        #expect(try layout(snapshot) == ["C:4,5", "B:", "Z:", "X:"])
        #expect(snapshot.sectionIdentifier(containingItem: 1) == nil)
        #expect(snapshot.indexOfItem(5) == 1)
    }

    @Test("reload and reconfigure marks; deleting drops them")
    func marks() throws {
        var snapshot = try sample()
        try snapshot.reloadItems([2])
        try snapshot.reconfigureItems([4, 5])
        try snapshot.reloadSections(["B"])
        try snapshot.reconfigureSections(["C"])
        #expect(snapshot.reloadedItemIdentifiers == [2])
        #expect(snapshot.reconfiguredItemIdentifiers == [4, 5])
        #expect(snapshot.reloadedSectionIdentifiers == ["B"])
        #expect(snapshot.reconfiguredSectionIdentifiers == ["C"])
        try snapshot.deleteItems([4])
        try snapshot.deleteSections(["B"])
        #expect(snapshot.reconfiguredItemIdentifiers == [5])
        #expect(snapshot.reloadedSectionIdentifiers == [])
        #expect(throws: SnapshotError.itemNotFound(item: "9")) { try snapshot.reloadItems([9]) }
    }

    @Test("duplicates are errors naming the id and where it already is, and change nothing")
    func duplicates() throws {
        var snapshot = try sample()
        let before = snapshot
        #expect(throws: SnapshotError.duplicateItem(item: "5", existingSection: #""C""#, existingIndex: 1)) {
            try snapshot.appendItems([8, 5], toSection: "A")
        }
        #expect(throws: SnapshotError.duplicateItemInInput(item: "8", firstPosition: 0, secondPosition: 2)) {
            try snapshot.insertItems([8, 9, 8], afterItem: 1)
        }
        #expect(throws: SnapshotError.duplicateSection(section: #""B""#, existingIndex: 1)) { try snapshot.appendSections(["B"]) }
        #expect(throws: SnapshotError.duplicateSectionInInput(section: #""Q""#, firstPosition: 0, secondPosition: 1)) {
            try snapshot.insertSections(["Q", "Q"], beforeSection: "A")
        }
        #expect(snapshot == before)
        #expect(SnapshotError.duplicateItem(item: "5", existingSection: #""C""#, existingIndex: 1).description
            == #"duplicate item id 5: it is already in section "C" at index 1."#)
        #expect(throws: SnapshotError.duplicateItem(item: "2", existingSection: #""A""#, existingIndex: 1)) {
            try Snapshot(sections: [("A", [1, 2]), ("B", [3, 2])])
        }
        #expect(throws: SnapshotError.duplicateItemInInput(item: "3", firstPosition: 1, secondPosition: 2)) {
            try Changeset(from: [1, 3, 3], to: [1])
        }
        #expect(throws: SnapshotError.duplicateItemInInput(item: "7", firstPosition: 0, secondPosition: 2)) {
            try Changeset(from: [1], to: [7, 1, 7])
        }
    }

    @Test("opt-in policies keep duplicates: pair them in order, or suffix them")
    func duplicatePolicies() throws {
        let old = Snapshot<String, Int>.pairingDuplicates([("A", [1, 2, 1])])
        let new = Snapshot<String, Int>.pairingDuplicates([("A", [2, 1])])
        #expect(old.itemIdentifiers == [Occurrence(1), Occurrence(2), Occurrence(1, index: 1)])
        // The first 1 pairs with the only 1 in NEW; the second 1 is the surplus.
        #expect(Changeset(from: old, to: new) == Changeset(
            itemsDeleted: [ItemPath(section: 0, item: 2)],
            itemsMoved: [IndexMove(source: ItemPath(section: 0, item: 1), target: ItemPath(section: 0, item: 0))]))
        let suffixed = try Snapshot<String, String>(suffixingDuplicatesIn: [("A", ["a", "b", "a", "a(1)"]), ("B", ["a"])])
        #expect(try suffixed.itemIdentifiers(inSection: "A") == ["a", "b", "a(2)", "a(1)"])
        #expect(try suffixed.itemIdentifiers(inSection: "B") == ["a(3)"])
        #expect(ItemID.int(7).suffixed(1) == .string("7(1)"))
        #expect(throws: SnapshotError.duplicateSectionInInput(section: #""A""#, firstPosition: 0, secondPosition: 1)) {
            try Snapshot<String, String>(suffixingDuplicatesIn: [("A", ["a"]), ("A", ["a"])])
        }
    }

    @Test("UIKit's crash cases are errors")
    func misuse() throws {
        var snapshot = Snapshot<String, Int>()
        #expect(throws: SnapshotError.noSections) { try snapshot.appendItems([1]) }
        try snapshot.appendSections(["A"])
        try snapshot.appendItems([1, 2])
        #expect(throws: SnapshotError.itemNotFound(item: "9")) { try snapshot.insertItems([3], beforeItem: 9) }
        #expect(throws: SnapshotError.itemNotFound(item: "9")) { try snapshot.deleteItems([1, 9]) }
        #expect(throws: SnapshotError.moveRelativeToItself(identifier: "1")) { try snapshot.moveItem(1, beforeItem: 1) }
        #expect(throws: SnapshotError.sectionNotFound(section: #""Z""#)) { try snapshot.moveSection("A", afterSection: "Z") }
        #expect(throws: SnapshotError.sectionNotFound(section: #""Z""#)) { try snapshot.deleteSections(["Z"]) }
        #expect(snapshot.itemIdentifiers == [1, 2])
    }

    @Test("a snapshot is a value")
    func valueSemantics() throws {
        let original = try sample()
        var copy = original
        try copy.deleteItems([1])
        #expect(original.itemIdentifiers == [1, 2, 3, 4, 5])
        #expect(copy.itemIdentifiers == [2, 3, 4, 5])
    }

    @Test("random edits keep the hashed indexes consistent with a plain model")
    func randomEdits() throws {
        var random = SplitMix64(seed: 3)
        for _ in 0..<300 {
            var snapshot = Snapshot<Int, Int>()
            var model: [(Int, [Int])] = []
            var next = 100
            for _ in 0..<40 {
                switch random.int(0...5) {
                case 0:
                    try snapshot.appendSections([next]); model.append((next, [])); next += 1
                case 1 where !model.isEmpty:
                    let s = random.int(0...(model.count - 1))
                    try snapshot.appendItems([next, next + 1], toSection: model[s].0)
                    model[s].1 += [next, next + 1]; next += 2
                case 2 where !model.flatMap({ $0.1 }).isEmpty:
                    let all = model.flatMap { $0.1 }
                    let victim = all[random.int(0...(all.count - 1))]
                    try snapshot.deleteItems([victim])
                    for s in model.indices { model[s].1.removeAll { $0 == victim } }
                case 3 where model.flatMap({ $0.1 }).count > 1:
                    let all = model.flatMap { $0.1 }
                    let a = all[random.int(0...(all.count - 1))], b = all[random.int(0...(all.count - 1))]
                    guard a != b else { continue }
                    try snapshot.moveItem(a, afterItem: b)
                    for s in model.indices { model[s].1.removeAll { $0 == a } }
                    let s = model.firstIndex { $0.1.contains(b) }!
                    model[s].1.insert(a, at: model[s].1.firstIndex(of: b)! + 1)
                case 4 where model.count > 1:
                    let a = random.int(0...(model.count - 1)), b = random.int(0...(model.count - 1))
                    guard a != b else { continue }
                    let anchor = model[b].0
                    try snapshot.moveSection(model[a].0, beforeSection: anchor)
                    let moved = model.remove(at: a)
                    model.insert(moved, at: model.firstIndex { $0.0 == anchor }!)
                case 5 where !model.isEmpty:
                    let s = random.int(0...(model.count - 1))
                    try snapshot.deleteSections([model[s].0]); model.remove(at: s)
                default:
                    continue
                }
                let expected = try Snapshot(sections: model)
                #expect(snapshot == expected)
                let flat = model.flatMap { $0.1 }
                for (k, id) in flat.enumerated() {
                    #expect(snapshot.indexOfItem(id) == k)
                    #expect(snapshot.sectionIdentifier(containingItem: id) == model.first { $0.1.contains(id) }!.0)
                }
            }
        }
    }
}

/// `Snapshot(suffixingDuplicatesIn:)`: repeated items renamed, never onto a name in use.
@Suite struct SnapshotSuffixingTests {
    @Test func theNthRepeatTakesTheNthFreeSuffixAcrossSections() throws {
        let snapshot = try Snapshot<String, String>(suffixingDuplicatesIn: [("s", ["a", "a(1)", "a", "b"]), ("t", ["a", "a(1)"])])
        // The second "a" skips "a(1)", which the data already has; the third takes "a(3)".
        #expect(try snapshot.itemIdentifiers(inSection: "s") == ["a", "a(1)", "a(2)", "b"])
        #expect(try snapshot.itemIdentifiers(inSection: "t") == ["a(3)", "a(1)(1)"])
        // No repeats: the snapshot is the plain one.
        #expect(try Snapshot<String, String>(suffixingDuplicatesIn: [("s", ["x", "y"])]) == Snapshot(section: "s", items: ["x", "y"]))
    }

    @Test func anIntegerIDIsRenamedToAString() throws {
        let snapshot = try Snapshot<String, ItemID>(suffixingDuplicatesIn: [("s", [7, 7, "7(1)"])])
        #expect(snapshot.itemIdentifiers == [.int(7), .string("7(2)"), .string("7(1)")])
        #expect(ItemID.int(7).suffixed(3) == .string("7(3)"))
    }

    @Test func aRepeatedSectionIsStillRefused() {
        #expect(throws: SnapshotError.duplicateSectionInInput(section: "\"s\"", firstPosition: 0, secondPosition: 1)) {
            try Snapshot<String, String>(suffixingDuplicatesIn: [("s", ["a"]), ("s", ["a"])])
        }
    }
}
