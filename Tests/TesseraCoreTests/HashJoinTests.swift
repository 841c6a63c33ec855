import Testing
@_spi(Testing) @testable import TesseraCore

/// An identifier whose hash ignores most of its value, so different ids collide.
struct PoorHash: Hashable {
    var value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(value % 3) }
}

@Suite("Hash join (the list diff's matching)")
struct HashJoinTests {
    /// The partner maps the slow, obvious way.
    private func expectedMaps<ID: Hashable>(_ old: [ID], _ new: [ID]) -> ([Int], [Int]) {
        let newOfOld = old.map { id in new.firstIndex(of: id) ?? -1 }
        let oldOfNew = new.map { id in old.firstIndex(of: id) ?? -1 }
        return (newOfOld, oldOfNew)
    }

    @Test("large lists (one table up to 32,768 ids on both sides, partitions above), Int and String ids: the exact partner maps")
    func largeLists() throws {
        var random = SplitMix64(seed: 3)
        for n in [0, 1, 2_047, 10_000, 20_000] {
            let old = (0..<n).map { _ in Int(bitPattern: UInt(random.next())) }
            var new = old.filter { _ in !random.chance(0.2) }
            for _ in 0..<(n / 5) { new.insert(Int(bitPattern: UInt(random.next())), at: random.int(0...new.count)) }
            new.shuffle(using: &random)
            let m = try DiffMatching(old: old, new: new)
            let expectedNew = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1, $0) })
            let expectedOld = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
            #expect(m.newIndexOfOld == old.map { expectedNew[$0] ?? -1 })
            #expect(m.oldIndexOfNew == new.map { expectedOld[$0] ?? -1 })
            let strings = try DiffMatching(old: old.map(String.init), new: new.map(String.init))
            #expect(strings.newIndexOfOld == m.newIndexOfOld && strings.oldIndexOfNew == m.oldIndexOfNew)
        }
    }

    @Test("a repeat on either side of a large list is found by the one table and by the partitions")
    func largeDuplicates() {
        for n in [10_000, 40_000] {
            let old = (0..<n).map { "id-\($0)" }
            #expect(throws: SnapshotError.duplicateItemInInput(item: #""id-7""#, firstPosition: 7, secondPosition: n)) {
                try Changeset(from: old, to: old + ["id-7"])
            }
            #expect(throws: SnapshotError.duplicateItemInInput(item: #""id-3""#, firstPosition: 3, secondPosition: n)) {
                try Changeset(from: old + ["id-3"], to: Array(old.reversed()))
            }
            #expect(throws: SnapshotError.duplicateItemInInput(item: #""new""#, firstPosition: 1, secondPosition: n + 1)) {
                try Changeset(from: old, to: ["x"] + ["new"] + Array(old.dropFirst()) + ["new"])
            }
        }
    }

    @Test("colliding hashes fall back to the exact table and still match exactly")
    func collisions() throws {
        let old = (0..<40).map(PoorHash.init), new = [5, 41, 0, 39, 7, 50].map(PoorHash.init)
        let m = try DiffMatching(old: old, new: new)
        let (newOfOld, oldOfNew) = expectedMaps(old, new)
        #expect(m.newIndexOfOld == newOfOld && m.oldIndexOfNew == oldOfNew)
        let batch = try Changeset(from: old, to: new)
        let a = try Snapshot(section: 0, items: old), b = try Snapshot(section: 0, items: new)
        #expect(batch == Changeset(from: a, to: b))
    }

    @Test("duplicates on either side are found by the join and by the fallback, naming the first repeat")
    func duplicates() {
        #expect(throws: SnapshotError.duplicateItemInInput(item: "8", firstPosition: 1, secondPosition: 3)) {
            try Changeset(from: [1, 8, 2, 8], to: [1])
        }
        #expect(throws: SnapshotError.duplicateItemInInput(item: "2", firstPosition: 0, secondPosition: 2)) {
            try Changeset(from: [1, 2], to: [2, 1, 2])
        }
        #expect(throws: SnapshotError.duplicateItemInInput(item: "9", firstPosition: 1, secondPosition: 2)) {
            try Changeset(from: [1, 2], to: [2, 9, 9])
        }
        #expect(throws: SnapshotError.duplicateItemInInput(item: #""PoorHash(value: 4)""#, firstPosition: 0, secondPosition: 2)) {
            try Changeset(from: [4, 1].map(PoorHash.init), to: [4, 1, 4].map(PoorHash.init))
        }
    }
}
