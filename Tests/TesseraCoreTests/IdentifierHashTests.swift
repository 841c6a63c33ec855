import Testing
@_spi(Testing) @testable import TesseraCore

/// String ids hash their bytes, yet Swift compares strings by canonical equivalence: these
/// tests hold the hash to `==`.
@Suite("Identifier hashes of strings")
struct IdentifierHashTests {
    private let seed = IdentifierHash.seed

    @Test("the only scalars outside ASCII equal to an ASCII string are KELVIN SIGN, GREEK QUESTION MARK and GREEK VARIA")
    func asciiEquivalents() {
        let ascii = Set((0..<128).map { String(UnicodeScalar(UInt8($0))) })
        var found: [UInt32] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = UnicodeScalar(value) else { continue }
            if ascii.contains(String(scalar)) { found.append(value) }
        }
        #expect(found == [0x037E, 0x1FEF, 0x212A])
    }

    @Test("strings that are equal hash alike, as String, ItemID and Occurrence, whatever their bytes")
    func equalStringsHashAlike() {
        let pairs: [(String, String)] = [
            ("K", "\u{212A}"), ("a;b", "a\u{037E}b"), ("`x`", "\u{1FEF}x\u{1FEF}"), ("caf\u{E9}", "cafe\u{301}"),
            ("0123456789ABCDEF-K", "0123456789ABCDEF-\u{212A}"), ("", ""),
        ]
        for (a, b) in pairs {
            #expect(a == b)
            #expect(IdentifierHash.hash(a, seed: seed) == IdentifierHash.hash(b, seed: seed))
            #expect(IdentifierHash.hash(ItemID.string(a), seed: seed) == IdentifierHash.hash(ItemID.string(b), seed: seed))
            #expect(IdentifierHash.hash(Occurrence(ItemID.string(a), index: 2), seed: seed)
                    == IdentifierHash.hash(Occurrence(ItemID.string(b), index: 2), seed: seed))
        }
        #expect(IdentifierHash.hash("a", seed: seed) != IdentifierHash.hash("a\0", seed: seed))
        #expect(IdentifierHash.hash(ItemID.int(5), seed: seed) == IdentifierHash.hash(5, seed: seed))
    }

    @Test("canonically equal ids pair in the list diff, the snapshot diff and the index, and repeat in a list")
    func canonicalEquality() throws {
        let old = ["K", "caf\u{E9}", "x;y", "plain"], new = ["plain", "cafe\u{301}", "\u{212A}", "x\u{037E}y"]
        let batch = try Changeset(from: old, to: new)
        #expect(batch.itemsInserted.isEmpty && batch.itemsDeleted.isEmpty && batch.itemsMoved.count == 2)
        let a = try Snapshot(section: 0, items: old), b = try Snapshot(section: 0, items: new)
        #expect(Changeset(from: a, to: b) == batch)
        #expect(a.indexOfItem("\u{212A}") == 0 && a.indexOfItem("cafe\u{301}") == 1 && b.indexOfItem("K") == 2)
        #expect(IndexedIdentifiers(uniqueElements: ["K", "\u{212A}"]) == nil)
        #expect(throws: SnapshotError.duplicateItemInInput(item: "\"\u{212A}\"", firstPosition: 0, secondPosition: 1)) {
            try Changeset(from: ["K", "\u{212A}"], to: [])
        }
    }

    @Test("a dataset whose ids differ in bytes but are equal strings is keyed by occurrence, as before")
    func datasetCanonicalRepeat() throws {
        let dataset = Dataset(items: [Item(id: "x"), Item(id: "K"), Item(id: "\u{212A}")],
                              sections: [Dataset.Section(id: "s", range: 0..<3)])
        #expect(throws: SnapshotError.duplicateItem(item: "\"\u{212A}\"", existingSection: #""s""#, existingIndex: 1)) {
            try DatasetDiff.snapshot(of: dataset)
        }
        let paired = try DatasetDiff.snapshot(of: dataset, duplicates: .pairInOrder)
        #expect(paired.itemIdentifiers == [Occurrence("x"), Occurrence("K"), Occurrence("\u{212A}", index: 1)])
        let unique = try DatasetDiff.snapshot(of: Dataset(items: [Item(id: "a"), Item(id: 7)]))
        #expect(unique.itemIdentifiers == [Occurrence("a"), Occurrence(7)])
    }

    @Test("snapshots diff their kept hashes exactly as the lists diff, after appends too")
    func snapshotsKeepHashes() throws {
        var random = SplitMix64(seed: 38)
        let ids = (0..<6_000).map { _ in random.uuidText() }
        let old = Array(ids[0..<5_000])
        var new = Array(old[0..<1_000]) + Array(ids[5_000...]) + Array(old[2_000...])
        new.shuffle(using: &random)
        let batch = try Changeset(from: old, to: new)
        var a = try Snapshot(section: 0, items: Array(old[0..<10]))
        try a.appendItems(Array(old[10...]))
        let b = try Snapshot(section: 0, items: new)
        #expect(a.itemSet.hashes == old.map { IdentifierHash.hash($0, seed: seed) })
        #expect(Changeset(from: a, to: b) == batch)
        let items = try Snapshot(section: 0, items: old.map(ItemID.string)), itemsNew = try Snapshot(section: 0, items: new.map(ItemID.string))
        #expect(Changeset(from: items, to: itemsNew) == batch)
    }
}

private extension SplitMix64 {
    /// A 36-character id of hexadecimal digits and dashes.
    mutating func uuidText() -> String {
        let hex = Array("0123456789ABCDEF")
        let (x, y) = (next(), next())
        let digits = (0..<32).map { k in hex[Int(((k < 16 ? x : y) >> UInt64((k % 16) * 4)) & 0xF)] }
        return String(digits[0..<8]) + "-" + String(digits[8..<12]) + "-" + String(digits[12..<16]) + "-"
            + String(digits[16..<20]) + "-" + String(digits[20...])
    }
}
