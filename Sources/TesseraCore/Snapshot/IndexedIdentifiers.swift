/// An ordered list of unique identifiers with a hash index from identifier to position: how a
/// `Snapshot` stores its items.
///
/// The index is an `IdentifierTable` of positions, built in one pass over the list (which is
/// also the uniqueness check), with identifiers hashed by `IdentifierHash`. `OrderedSet` did the
/// same job with SipHash and a bit-packed table, and building it for two snapshots cost more
/// than diffing them; 64-bit integer ids now hash in a few instructions.
///
/// Identifiers other than integers keep their hashes (`hashes`, 8 bytes each): a lookup table
/// is rebuilt from them without hashing again, and the diff of two snapshots joins on them
/// (`HashJoin`) instead of probing OLD's table once per NEW item, which past the caches is a
/// cache miss into the table and another into the identifier. Integers hash in a few
/// instructions, cheaper than loading a stored hash.
///
/// Appending keeps the index (growing it, like an array, when it passes 70% full); other edits
/// build a new list (`init(uncheckedUniqueElements:)`).
@usableFromInline
struct IndexedIdentifiers<ID: Hashable>: RandomAccessCollection, Equatable {
    /// The identifiers, in order.
    @usableFromInline var elements: [ID]
    /// From identifier to index in `elements`.
    @usableFromInline var table: IdentifierTable
    /// `IdentifierHash` of each element, in order; empty for integer identifiers.
    @usableFromInline var hashes: [UInt64]

    /// An empty list.
    @inlinable
    init() {
        elements = []
        table = IdentifierTable(count: 0)
        hashes = []
    }

    /// The list of `elements`, or nil when an identifier repeats.
    ///
    /// - Complexity: O(n) expected.
    @inlinable
    init?(uniqueElements elements: [ID]) {
        let hashes = IdentifierHash.isInteger(ID.self) ? [] : elements.withUnsafeBufferPointer { HashJoin.hashes(of: $0) }
        self.init(uniqueElements: elements, hashes: hashes)
    }

    /// The list of `elements` whose `IdentifierHash`es (with `IdentifierHash.seed`) are
    /// `hashes`, kept from before (a dataset's id column hashed them as it loaded), or nil when
    /// an identifier repeats. Nothing is hashed again. Integer identifiers may come with no
    /// hashes (they are mixed as they go in).
    ///
    /// - Complexity: O(n) expected.
    @inlinable
    init?(uniqueElements elements: [ID], hashes: [UInt64]) {
        precondition(hashes.count == elements.count || hashes.isEmpty && IdentifierHash.isInteger(ID.self),
                     "IndexedIdentifiers: one hash per identifier")
        var table = IdentifierTable(count: elements.count)
        let repeated = elements.withUnsafeBufferPointer { ids in
            if hashes.isEmpty { return table.insertAll(ids, firstEntry: 0, identifier: { ids[$0] }) }
            return hashes.withUnsafeBufferPointer { hashes in
                table.insertAll(ids, firstEntry: 0, hash: { hashes[$0] }, identifier: { ids[$0] })
            }
        }
        if repeated != nil { return nil }
        self.elements = elements
        self.table = table
        self.hashes = IdentifierHash.isInteger(ID.self) ? [] : hashes
    }

    /// The list of `elements`, which are known to be unique (asserted in debug builds).
    ///
    /// - Complexity: O(n) expected.
    @inlinable
    init(uncheckedUniqueElements elements: [ID]) {
        guard let list = Self(uniqueElements: elements) else {
            preconditionFailure("IndexedIdentifiers: repeated identifier in unchecked elements")
        }
        self = list
    }

    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { elements.count }
    @inlinable var count: Int { elements.count }
    @inlinable var isEmpty: Bool { elements.isEmpty }
    @inlinable subscript(position: Int) -> ID { elements[position] }

    /// The index of `id`, or nil. O(1) expected.
    @inlinable
    func firstIndex(of id: ID) -> Int? {
        elements.withUnsafeBufferPointer { ids in
            table.find(id, hash: Int(truncatingIfNeeded: IdentifierHash.hash(id, seed: IdentifierHash.seed)),
                       identifier: { ids[$0] })
        }
    }

    /// Whether `id` is in the list. O(1) expected.
    @inlinable
    func contains(_ id: ID) -> Bool { firstIndex(of: id) != nil }

    /// Matches `other` against this list as `partners(of:)` does, by a `HashJoin` on the kept
    /// hashes; nil when two different identifiers hash alike, and for integer identifiers, which
    /// keep the lookups in this list's table (a few instructions to hash, nothing to load to
    /// compare; at 5k ids the join was slower in every round of an alternated bench).
    ///
    /// - Complexity: O(n + m), sequential passes.
    @inlinable
    func joined(with other: Self) -> (partnerOfElement: [Int], partnerOfID: [Int])? {
        if IdentifierHash.isInteger(ID.self) { return nil }
        let outcome = elements.withUnsafeBufferPointer { old in
            other.elements.withUnsafeBufferPointer { new in
                hashes.withUnsafeBufferPointer { oldHashes in
                    other.hashes.withUnsafeBufferPointer { newHashes in
                        HashJoin.match(old: old, new: new, oldHashes: oldHashes, newHashes: newHashes)
                    }
                }
            }
        }
        // Both lists are unique, so a "duplicate" is two different identifiers hashing alike.
        guard case .matched(let partnerOfElement, let partnerOfID) = outcome else { return nil }
        return (partnerOfElement, partnerOfID)
    }

    /// Matches `ids` (unique) against this list: for each of this list's identifiers the index
    /// of the same identifier in `ids`, and for each of `ids` its index here, or -1.
    ///
    /// - Complexity: O(n + m) expected: one lookup per identifier of `ids`.
    @inlinable
    func partners(of ids: [ID]) -> (partnerOfElement: [Int], partnerOfID: [Int]) {
        var partnerOfElement = [Int](repeating: -1, count: elements.count)
        let seed = IdentifierHash.seed
        let partnerOfID = elements.withUnsafeBufferPointer { elements in
            ids.withUnsafeBufferPointer { ids in
                partnerOfElement.withUnsafeMutableBufferPointer { partnerOfElement in
                    [Int](unsafeUninitializedCapacity: ids.count) { buffer, count in
                        for q in 0..<ids.count {
                            let hash = Int(truncatingIfNeeded: IdentifierHash.hash(ids[q], seed: seed))
                            let p = table.find(ids[q], hash: hash, identifier: { elements[$0] }) ?? -1
                            buffer[q] = p
                            if p >= 0 { partnerOfElement[p] = q }
                        }
                        count = ids.count
                    }
                }
            }
        }
        return (partnerOfElement, partnerOfID)
    }

    /// Appends identifiers known to be new to the list and distinct from each other.
    ///
    /// - Complexity: O(k) amortised for k identifiers.
    @inlinable
    mutating func append(contentsOf ids: [ID]) {
        guard !ids.isEmpty else { return }
        let keepsHashes = !IdentifierHash.isInteger(ID.self)
        if keepsHashes { hashes.append(contentsOf: ids.withUnsafeBufferPointer { HashJoin.hashes(of: $0) }) }
        let grows = elements.count + ids.count > table.capacity
        let first = grows ? 0 : elements.count
        if grows { table = IdentifierTable(count: Swift.max(2 * (elements.count + ids.count), 16)) }
        elements.append(contentsOf: ids)
        let repeated = elements.withUnsafeBufferPointer { all in
            let added = UnsafeBufferPointer(rebasing: all[first...])
            if !keepsHashes { return table.insertAll(added, firstEntry: first, identifier: { all[$0] }) }
            return hashes.withUnsafeBufferPointer { hashes in
                table.insertAll(added, firstEntry: first, hash: { hashes[first + $0] }, identifier: { all[$0] })
            }
        }
        precondition(repeated == nil, "IndexedIdentifiers: appended a repeated identifier")
    }

    /// Equal when the identifiers are equal, in order.
    @inlinable
    static func == (a: Self, b: Self) -> Bool { a.elements == b.elements }
}

extension IndexedIdentifiers: Sendable where ID: Sendable {}
