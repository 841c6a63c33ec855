/// Heckel's symbol table for the list diff: a hash table from identifier to position that stores
/// positions only, never identifiers, so building it copies and retains nothing (a `String` id
/// stays where the caller's array has it).
///
/// Open addressing with linear probing over a power-of-two array of 64-bit slots, kept at most
/// 70% full. A slot holds the upper 32 bits of the identifier's hash (a tag, compared before
/// the identifiers themselves, so a probe past another identifier rarely touches it) and an
/// entry number + 1 (0 marks an empty slot). Entry numbers are the caller's: the list diff uses
/// `0..<n` for OLD positions and `n + q` for NEW positions that OLD lacks, which is how it finds
/// duplicates on both sides in the same table.
///
/// Invariant: no two entries hold equal identifiers (`findOrInsert` only adds new ones).
@usableFromInline
struct IdentifierTable {
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

    /// The entry whose identifier equals `id` (which hashes to `hash`) when there is one;
    /// otherwise adds `entry` for it and returns nil. `identifier` gives the identifier of an
    /// entry already in the table.
    ///
    /// - Complexity: O(1) expected.
    @inlinable @inline(__always)
    mutating func findOrInsert<ID: Hashable>(_ id: ID, hash: Int, entry: Int, identifier: (Int) -> ID) -> Int? {
        assert(entry >= 0 && entry < Int(UInt32.max) - 1)
        let tag = UInt64(UInt(bitPattern: hash) >> 32)
        var i = hash & mask
        let mask = self.mask
        return slots.withUnsafeMutableBufferPointer { slots in
            while true {
                let slot = slots[i]
                if slot == 0 {
                    slots[i] = tag << 32 | UInt64(entry + 1)
                    return nil
                }
                if slot >> 32 == tag {
                    let existing = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
                    if identifier(existing) == id { return existing }
                }
                i = (i + 1) & mask
            }
        }
    }
}
