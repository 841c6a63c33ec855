/// A hash table from identifier to position that stores positions only, never identifiers, so
/// building it copies and retains nothing (a `String` id stays where the caller's array has
/// it): Heckel's symbol table for the list diff, and the item index of a snapshot.
///
/// Open addressing with linear probing over a power-of-two array of 64-bit slots, kept at most
/// 70% full. A slot holds the upper 32 bits of the identifier's hash (a tag, compared before
/// the identifiers themselves, so a probe past another identifier rarely touches it) and an
/// entry number + 1 (0 marks an empty slot). Entry numbers are the caller's: the list diff uses
/// `0..<n` for OLD positions and `n + q` for NEW positions that OLD lacks, which is how it finds
/// duplicates on both sides in the same table; a snapshot uses flattened item positions.
/// Hashes come from `IdentifierHash`.
///
/// Invariant: no two entries hold equal identifiers (`findOrInsert` only adds new ones).
@usableFromInline
struct IdentifierTable: Sendable {
    @usableFromInline var slots: [UInt64]
    @usableFromInline let mask: Int

    /// A table for up to `count` entries.
    ///
    /// - Complexity: O(count).
    @inlinable
    init(count: Int) {
        var size = 16
        while size * 7 < count * 10 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
    }

    /// How many entries the table takes before it is over 70% full.
    @inlinable
    var capacity: Int { (mask + 1) * 7 / 10 }

    /// The entry whose identifier equals `id` (which hashes to `hash`) when there is one;
    /// otherwise adds `entry` for it and returns nil. `identifier` gives the identifier of an
    /// entry already in the table.
    ///
    /// - Complexity: O(1) expected.
    @inlinable @inline(__always)
    mutating func findOrInsert<ID: Hashable>(_ id: ID, hash: Int, entry: Int, identifier: (Int) -> ID) -> Int? {
        let mask = self.mask
        return slots.withUnsafeMutableBufferPointer { slots in
            Self.findOrInsert(id, hash: hash, entry: entry, in: slots, mask: mask, identifier: identifier)
        }
    }

    /// `findOrInsert` for `ids[k]` as entry `firstEntry + k`, in order, stopping at the first
    /// identifier already in the table: returns its index in `ids` and the entry it equals.
    /// The table must have room for all of `ids` (see `capacity`).
    ///
    /// - Complexity: O(ids.count) expected.
    @inlinable
    mutating func insertAll<ID: Hashable>(
        _ ids: UnsafeBufferPointer<ID>, firstEntry: Int, identifier: (Int) -> ID
    ) -> (index: Int, existing: Int)? {
        let seed = IdentifierHash.seed
        return insertAll(ids, firstEntry: firstEntry, hash: { IdentifierHash.hash(ids[$0], seed: seed) },
                         identifier: identifier)
    }

    /// `insertAll` with the hash of `ids[k]` given by `hash(k)` (hashes kept from before).
    @inlinable @inline(__always)
    mutating func insertAll<ID: Hashable>(
        _ ids: UnsafeBufferPointer<ID>, firstEntry: Int, hash: (Int) -> UInt64, identifier: (Int) -> ID
    ) -> (index: Int, existing: Int)? {
        let mask = self.mask
        return slots.withUnsafeMutableBufferPointer { slots in
            for k in 0..<ids.count {
                let hash = Int(truncatingIfNeeded: hash(k))
                if let existing = Self.findOrInsert(ids[k], hash: hash, entry: firstEntry + k, in: slots, mask: mask,
                                                    identifier: identifier) {
                    return (k, existing)
                }
            }
            return nil
        }
    }

    /// The entry whose identifier equals `id` (which hashes to `hash`), or nil.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    func find<ID: Hashable>(_ id: ID, hash: Int, identifier: (Int) -> ID) -> Int? {
        let mask = self.mask
        return slots.withUnsafeBufferPointer { slots in
            Self.probe(id, hash: hash, in: slots, mask: mask, identifier: identifier).existing
        }
    }

    @inlinable @inline(__always)
    static func findOrInsert<ID: Hashable>(
        _ id: ID, hash: Int, entry: Int, in slots: UnsafeMutableBufferPointer<UInt64>, mask: Int,
        identifier: (Int) -> ID
    ) -> Int? {
        assert(entry >= 0 && entry < Int(UInt32.max) - 1)
        let found = probe(id, hash: hash, in: UnsafeBufferPointer(slots), mask: mask, identifier: identifier)
        if found.existing == nil { slots[found.slot] = UInt64(UInt(bitPattern: hash) >> 32) << 32 | UInt64(entry + 1) }
        return found.existing
    }

    /// Where `id`'s probe ends: at the entry holding it (`existing`), or at the empty `slot`
    /// where it would go.
    @inlinable @inline(__always)
    static func probe<ID: Hashable>(
        _ id: ID, hash: Int, in slots: UnsafeBufferPointer<UInt64>, mask: Int, identifier: (Int) -> ID
    ) -> (existing: Int?, slot: Int) {
        let tag = UInt64(UInt(bitPattern: hash) >> 32)
        var i = hash & mask
        while true {
            let slot = slots[i]
            if slot == 0 { return (nil, i) }
            if slot >> 32 == tag {
                let existing = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
                if IdentifierHash.equal(identifier(existing), id) { return (existing, i) }
            }
            i = (i + 1) & mask
        }
    }
}
