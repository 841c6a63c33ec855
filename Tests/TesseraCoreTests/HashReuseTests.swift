import Testing
@_spi(Testing) @testable import TesseraCore

/// Ids are hashed once: a dataset's id column keeps each id's hash from the load, snapshots
/// and the diff reuse kept hashes, and a hash match is only a candidate that the bytes (or
/// `==`) confirm.
@Suite("Kept identifier hashes")
struct HashReuseTests {
    private let seed = IdentifierHash.seed

    @Test("an id column keeps the hash the diff would compute for each id: integers, strings, derived ids, after renames")
    func columnKeepsHashes() {
        let ids: [ItemID] = [3, -7, "a", "", "caf\u{E9}", "\u{212A}", .scoped("s", "x"), 12, "0123456789ABCDEF-0123456789", .duplicate("a", 1)]
        var column = IDColumn()
        for id in ids { column.append(id) }
        #expect(column.hashes == ids.map { IdentifierHash.hash(item: $0, seed: seed) })
        #expect(column.allHashes == column.hashes)
        column.replace(2, with: "renamed")
        column.replace(0, with: 99)
        column.replace(4, with: .duplicate("b", 2))
        let renamed = column.all
        #expect(renamed[2] == "renamed" && renamed[0] == 99)
        #expect(column.hashes == renamed.map { IdentifierHash.hash(item: $0, seed: seed) })
        #expect((0..<column.count).map { column.hash($0) } == column.hashes)

        var integers = IDColumn()
        for v in [5, 1, -2] { integers.append(.int(v)) }
        #expect(integers.hashes.isEmpty)
        #expect(integers.allHashes == [5, 1, -2].map { IdentifierHash.hash(item: .int($0), seed: seed) })
        integers.replace(1, with: "now a string")
        #expect(integers.hashes == integers.all.map { IdentifierHash.hash(item: $0, seed: seed) })
    }

    @Test("a pairing by hash that the ids do not confirm is a collision; equal ids with other bytes are confirmed by ==")
    func confirmsOnHashMatch() {
        // "c" and "b" share a hash, as two different ids can: the join must not pair them.
        let oldIDs = ["a", "b"], newIDs = ["c", "a"]
        let crafted = join(oldIDs, newIDs, oldHashes: [1, 2], newHashes: [2, 1])
        guard case .collision = crafted else {
            Issue.record("expected a collision, got \(crafted)")
            return
        }
        // "K" and KELVIN SIGN differ in bytes, yet are one string.
        let kelvin = join(["K", "x"], ["y", "\u{212A}"], oldHashes: [7, 8], newHashes: [9, 7])
        guard case .matched(let newOfOld, let oldOfNew) = kelvin else {
            Issue.record("expected a match, got \(kelvin)")
            return
        }
        #expect(newOfOld == [1, -1] && oldOfNew == [-1, 0])
        let items = join([ItemID.string("K"), .int(1)], [.int(1), .string("\u{212A}")], oldHashes: [3, 4], newHashes: [4, 3])
        guard case .matched(let itemNewOfOld, _) = items else {
            Issue.record("expected a match, got \(items)")
            return
        }
        #expect(itemNewOfOld == [1, 0])
        let occurrences = join([Occurrence(ItemID.string("d"), index: 1)], [Occurrence(ItemID.string("d"))], oldHashes: [5], newHashes: [5])
        guard case .collision = occurrences else {
            Issue.record("expected a collision, got \(occurrences)")
            return
        }
    }

    @Test("the byte comparison on a hash match: equal bytes, other bytes, other lengths, small and large strings")
    func equalOnMatch() {
        let cases: [(String, String)] = [
            ("", ""), ("a", "a"), ("a", "b"), ("abc", "abcd"), ("0123456789ABCDEF-0123", "0123456789ABCDEF-0124"),
            ("0123456789ABCDEF-0123456789ABCDEF-X", "0123456789ABCDEF-0123456789ABCDEF-X"), ("K", "\u{212A}"),
            ("cafe\u{301}", "caf\u{E9}"), ("caf\u{E9}", "cafe"),
        ]
        for (a, b) in cases {
            #expect(IdentifierHash.equal(a, b) == (a == b), "\(a) vs \(b)")
            #expect(IdentifierHash.equal(ItemID.string(a), ItemID.string(b)) == (a == b))
            #expect(IdentifierHash.equal(Occurrence(ItemID.string(a), index: 2), Occurrence(ItemID.string(b), index: 2)) == (a == b))
        }
        #expect(!IdentifierHash.equal(ItemID.string("5"), ItemID.int(5)))
        #expect(IdentifierHash.equal(ItemID.int(5), ItemID.int(5)))
    }

    @Test("an index built on kept hashes that collide still tells ids apart, and the snapshot join refuses them")
    func indexOnCollidingHashes() throws {
        let old = (0..<50).map { "id-\($0)" }, new = (20..<70).map { "id-\($0)" }.reversed().map { $0 }
        // Every id hashed to one of three values: most pairings by hash are wrong.
        let a = try #require(IndexedIdentifiers(uniqueElements: old, hashes: old.map { UInt64($0.utf8.count % 3) }))
        let b = try #require(IndexedIdentifiers(uniqueElements: new, hashes: new.map { UInt64($0.utf8.count % 3) }))
        #expect(IndexedIdentifiers(uniqueElements: ["x", "y", "x"], hashes: [0, 0, 0]) == nil)
        // Two different ids of one side hash alike: the join gives up (the snapshot diff then
        // probes OLD's index, comparing ids on every probe) rather than trust the hashes.
        #expect(a.joined(with: b) == nil)
        #expect(a.elements == old && b.elements == new)
    }

    @Test("a dataset's snapshot is keyed on the column's kept hashes and diffs as the plain lists do")
    func datasetSnapshotsReuseHashes() throws {
        var random = SplitMix64(seed: 380)
        let ids = (0..<3_000).map { _ in ItemID.string(uuid(&random)) }
        let old = Array(ids[0..<2_500])
        var new = Array(old[0..<500]) + Array(ids[2_500...]) + Array(old[900...])
        new.shuffle(using: &random)
        let a = Dataset(items: old.map { Item(id: $0) }), b = Dataset(items: new.map { Item(id: $0) })
        let snapshot = try DatasetDiff.snapshot(of: a)
        #expect(snapshot.itemSet.hashes == a.idColumn.hashes)
        #expect(snapshot.itemIdentifiers == old.map { Occurrence($0) })
        let batch = try DatasetDiff.changeset(from: a, to: b)
        #expect(batch == (try Changeset(from: old, to: new)))
        let integers = Dataset(items: (0..<100).map { Item(id: .int($0 * 7)) })
        #expect(try DatasetDiff.snapshot(of: integers).itemSet.hashes == integers.idColumn.allHashes)
    }

    @Test("one table (small inputs) and partitions (large ones) pair the same entries, and find the same repeats")
    func directAndPartitionedAgree() {
        var random = SplitMix64(seed: 381)
        for n in [0, 1, 7, 1_000, 5_000] {
            let ids = (0..<(n + n / 5)).map { _ in uuid(&random) }
            let old = Array(ids[0..<n])
            var new = Array(old.dropFirst(n / 5)) + Array(ids[n...])
            new.shuffle(using: &random)
            for (o, m) in [(old, new), (old + (old.first.map { [$0] } ?? []), new), (old, new + (new.last.map { [$0] } ?? []))] {
                let oldHashes = o.map { IdentifierHash.hash($0, seed: seed) }, newHashes = m.map { IdentifierHash.hash($0, seed: seed) }
                let (direct, partitioned) = oldHashes.withUnsafeBufferPointer { oh in
                    newHashes.withUnsafeBufferPointer { nh in
                        (HashJoin.pairDirectly(oldHashes: oh, newHashes: nh, sameOld: { o[$0] == o[$1] }, sameNew: { m[$0] == m[$1] }),
                         HashJoin.pairInPartitions(oldHashes: oh, newHashes: nh, sameOld: { o[$0] == o[$1] }, sameNew: { m[$0] == m[$1] }))
                    }
                }
                #expect(describe(direct) == describe(partitioned), "n \(n)")
            }
        }
    }

    @Test("the move passes skip the stayers in order at either end and mark exactly what the full passes mark")
    func movesSkipSettledEnds() {
        var random = SplitMix64(seed: 382)
        for round in 0..<300 {
            let n = random.below(40)
            // A list whose middle is shuffled, some elements deleted and some inserted.
            var new = Array(0..<n).filter { _ in random.next() % 5 != 0 }
            if !new.isEmpty {
                let lo = random.below(new.count), hi = lo + random.below(new.count - lo + 1)
                var middle = Array(new[lo..<hi])
                if round % 3 != 0 { middle.shuffle(using: &random) }
                new.replaceSubrange(lo..<hi, with: middle)
            }
            for _ in 0..<random.below(4) { new.insert(-1, at: random.below(new.count + 1)) }
            let oldPartner = (0..<n).map { p in new.firstIndex(of: p) ?? -1 }
            let newPartner = new.map { $0 }
            let expected = referenceMoves(oldPartner: oldPartner, newPartner: newPartner)
            var visitedOld = [Bool](repeating: false, count: n), visitedNew = [Bool](repeating: false, count: new.count)
            var moved = [Bool](repeating: false, count: new.count)
            let count = visitedOld.withUnsafeMutableBufferPointer { vo in
                visitedNew.withUnsafeMutableBufferPointer { vn in
                    moved.withUnsafeMutableBufferPointer { mv in
                        MoveSelection.select(oldRange: 0..<n, newRange: 0..<new.count, oldPartner: { oldPartner[$0] },
                                             newPartner: { newPartner[$0] }, visitedOld: vo, visitedNew: vn, moved: mv)
                    }
                }
            }
            #expect(moved == expected, "round \(round): \(new)")
            #expect(count == expected.filter { $0 }.count)
        }
    }

    /// The two greedy passes over the whole ranges, as `MoveSelection` documents them.
    private func referenceMoves(oldPartner: [Int], newPartner: [Int]) -> [Bool] {
        func pass(_ partner: [Int], _ other: [Int]) -> [Bool] {
            var visited = [Bool](repeating: false, count: other.count), moved = [Bool](repeating: false, count: partner.count)
            var cursor = 0
            while cursor < other.count && other[cursor] < 0 { cursor += 1 }
            for (k, p) in partner.enumerated() where p >= 0 {
                visited[p] = true
                if p == cursor {
                    while cursor < other.count && (visited[cursor] || other[cursor] < 0) { cursor += 1 }
                }
                else { moved[k] = true }
            }
            return moved
        }
        let forward = pass(newPartner, oldPartner)
        let mirrorOld = pass(oldPartner, newPartner)
        var mirror = [Bool](repeating: false, count: newPartner.count)
        for (p, isMoved) in mirrorOld.enumerated() where isMoved { mirror[oldPartner[p]] = true }
        let f = forward.filter { $0 }.count, m = mirror.filter { $0 }.count
        return f <= 1 || m >= f ? forward : mirror
    }

    private func join<ID: Hashable>(_ old: [ID], _ new: [ID], oldHashes: [UInt64], newHashes: [UInt64]) -> HashJoin.Outcome {
        old.withUnsafeBufferPointer { o in
            new.withUnsafeBufferPointer { m in
                oldHashes.withUnsafeBufferPointer { oh in
                    newHashes.withUnsafeBufferPointer { nh in HashJoin.match(old: o, new: m, oldHashes: oh, newHashes: nh) }
                }
            }
        }
    }

    private func describe(_ pairing: HashJoin.Pairing) -> String {
        switch pairing {
        case .paired(let oldOfNew): return "paired \(oldOfNew)"
        case .duplicateInOld: return "duplicate in old"
        case .duplicateInNew: return "duplicate in new"
        case .collision: return "collision"
        }
    }
}

/// A 36-character id of hexadecimal digits and dashes.
private func uuid(_ random: inout SplitMix64) -> String {
    let hex = Array("0123456789abcdef")
    let (x, y) = (random.next(), random.next())
    let digits = (0..<32).map { k in hex[Int(((k < 16 ? x : y) >> UInt64((k % 16) * 4)) & 0xF)] }
    return String(digits[0..<8]) + "-" + String(digits[8..<12]) + "-" + String(digits[12..<16]) + "-"
        + String(digits[16..<20]) + "-" + String(digits[20...])
}
