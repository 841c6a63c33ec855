import Testing
@_spi(Testing) @testable import TesseraCore

@Suite("Indexed identifiers (a snapshot's item storage)")
struct IndexedIdentifiersTests {
    /// Every element found at its index, and ids not in the list not found.
    private func expectIndexed<ID: Hashable>(_ list: IndexedIdentifiers<ID>, _ expected: [ID], absent: [ID]) {
        #expect(Array(list) == expected)
        #expect(list.count == expected.count)
        for (k, id) in expected.enumerated() { #expect(list.firstIndex(of: id) == k) }
        for id in absent { #expect(list.firstIndex(of: id) == nil && !list.contains(id)) }
    }

    @Test("Int, UInt64 and String ids: every id at its index; repeats give nil")
    func lookups() {
        var random = SplitMix64(seed: 11)
        for n in [0, 1, 15, 16, 1_000, 30_000] {
            let ints = (0..<n).map { _ in Int(bitPattern: UInt(random.next())) }
            let absent = (0..<50).map { _ in Int(bitPattern: UInt(random.next())) }
            expectIndexed(IndexedIdentifiers(uniqueElements: ints)!, ints, absent: absent)
            expectIndexed(IndexedIdentifiers(uniqueElements: ints.map(UInt64.init(truncatingIfNeeded:)))!,
                          ints.map(UInt64.init(truncatingIfNeeded:)), absent: absent.map(UInt64.init(truncatingIfNeeded:)))
            expectIndexed(IndexedIdentifiers(uniqueElements: ints.map(String.init))!, ints.map(String.init),
                          absent: absent.map(String.init))
            if n > 0 {
                #expect(IndexedIdentifiers(uniqueElements: ints + [ints[n / 2]]) == nil)
                #expect(IndexedIdentifiers(uniqueElements: [ints[n - 1]] + ints) == nil)
            }
        }
        // Consecutive integers: the seeded mix spreads them over the table.
        expectIndexed(IndexedIdentifiers(uniqueElements: Array(0..<5_000))!, Array(0..<5_000), absent: [-1, 5_000, .max])
    }

    @Test("ids whose hashes collide are still told apart by ==")
    func collidingHashes() {
        let ids = (0..<200).map(PoorHash.init)
        expectIndexed(IndexedIdentifiers(uniqueElements: ids)!, ids, absent: [PoorHash(value: 200), PoorHash(value: -3)])
        #expect(IndexedIdentifiers(uniqueElements: ids + [PoorHash(value: 77)]) == nil)
    }

    @Test("appending keeps the index, through every growth of the table")
    func appending() {
        var list = IndexedIdentifiers<Int>()
        var expected: [Int] = []
        var next = 0
        for chunk in [1, 3, 0, 7, 16, 100, 1, 2_000, 5, 10_000] {
            let ids = Array(next..<(next + chunk)).map { $0 * 7_919 - 40_000 }
            next += chunk
            list.append(contentsOf: ids)
            expected += ids
            expectIndexed(list, expected, absent: [next * 7_919 - 40_000, 1])
        }
        var colliding = IndexedIdentifiers<PoorHash>()
        for k in 0..<60 { colliding.append(contentsOf: [PoorHash(value: k)]) }
        expectIndexed(colliding, (0..<60).map(PoorHash.init), absent: [PoorHash(value: 60)])
    }

    @Test("equality compares the identifiers in order")
    func equality() {
        #expect(IndexedIdentifiers(uniqueElements: [1, 2, 3]) == IndexedIdentifiers(uncheckedUniqueElements: [1, 2, 3]))
        #expect(IndexedIdentifiers(uniqueElements: [1, 2, 3]) != IndexedIdentifiers(uniqueElements: [1, 3, 2]))
        var grown = IndexedIdentifiers(uncheckedUniqueElements: [1])
        grown.append(contentsOf: [2, 3])
        #expect(grown == IndexedIdentifiers(uncheckedUniqueElements: [1, 2, 3]))
    }
}
