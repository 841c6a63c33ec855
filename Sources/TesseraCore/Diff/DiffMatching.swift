import OrderedCollections

/// Step 1 of the diff, and the only step that hashes: the identity matching of two sectioned
/// sequences. For every section and item on one side it records the index of the same
/// identifier on the other side, or -1.
///
/// Sections and items are given as flattened sequences plus section start offsets, which is how
/// `Snapshot` stores them. Plain lists go through `HashJoin`; a snapshot pair joins on the
/// hashes its `IndexedIdentifiers` kept when it was built (string ids are not hashed again), and
/// looks each new item up in OLD's own index (Heckel's symbol table) when its ids are integers
/// or two different identifiers hash alike.
///
/// The initialisers are `@inlinable` so that callers in other modules get code specialised for
/// their identifier type: unspecialised hashing costs about twice as much.
///
/// Invariants (asserted in debug builds): the partner maps are mutual inverses
/// (`newIndexOfOld[p] == q` exactly when `oldIndexOfNew[q] == p`), and so are the section maps.
@usableFromInline
internal struct DiffMatching {
    /// Old section `i` holds flattened old items `oldSectionStarts[i]..<oldSectionStarts[i + 1]`.
    @usableFromInline var oldSectionStarts: [Int]
    /// New section `j` holds flattened new items `newSectionStarts[j]..<newSectionStarts[j + 1]`.
    @usableFromInline var newSectionStarts: [Int]
    /// For each old section, its index in the new state, or -1 when it is deleted.
    @usableFromInline var newSectionOfOldSection: [Int]
    /// For each new section, its index in the old state, or -1 when it is inserted.
    @usableFromInline var oldSectionOfNewSection: [Int]
    /// For each old item (flattened), its flattened index in the new state, or -1.
    @usableFromInline var newIndexOfOld: [Int]
    /// For each new item (flattened), its flattened index in the old state, or -1.
    @usableFromInline var oldIndexOfNew: [Int]

    /// Matches two snapshots by identifier.
    ///
    /// - Complexity: O(S + n + m): one hash lookup per new section, a hash join of the items.
    @inlinable
    init<SectionID, ItemID>(old: Snapshot<SectionID, ItemID>, new: Snapshot<SectionID, ItemID>) {
        oldSectionStarts = old.sectionStarts
        newSectionStarts = new.sectionStarts
        var newSectionOfOld = [Int](repeating: -1, count: old.numberOfSections)
        var oldSectionOfNew = [Int](repeating: -1, count: new.numberOfSections)
        for j in 0..<new.numberOfSections {
            if let i = old.sectionSet.firstIndex(of: new.sectionSet[j]) {
                oldSectionOfNew[j] = i
                newSectionOfOld[i] = j
            }
        }
        newSectionOfOldSection = newSectionOfOld
        oldSectionOfNewSection = oldSectionOfNew
        // Items: a hash join on the snapshots' kept hashes; OLD's own index is the symbol table
        // for integer ids and when two different identifiers hash alike.
        (newIndexOfOld, oldIndexOfNew) = old.itemSet.joined(with: new.itemSet)
            ?? old.itemSet.partners(of: new.itemSet.elements)
        assert(checkInvariants())
    }

    /// Matches two plain lists as one section each: by `HashJoin`, or through one
    /// `IdentifierTable` when two different identifiers hash alike (see `exactMatch`).
    ///
    /// - Throws: `SnapshotError.duplicateItemInInput` when either list repeats an identifier.
    /// - Complexity: O(n + m): one hash per element, sequential passes.
    @inlinable
    init<ID: Hashable>(old: [ID], new: [ID]) throws {
        let outcome = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in HashJoin.match(old: old, new: new) }
        }
        var duplicateInOld = false, duplicateInNew = false
        switch outcome {
        case .matched(let newOfOld, let oldOfNew):
            newIndexOfOld = newOfOld
            oldIndexOfNew = oldOfNew
        case .duplicateInOld:
            duplicateInOld = true
            (newIndexOfOld, oldIndexOfNew) = ([], [])
        case .duplicateInNew:
            duplicateInNew = true
            (newIndexOfOld, oldIndexOfNew) = ([], [])
        case .collision:
            (newIndexOfOld, oldIndexOfNew, duplicateInOld, duplicateInNew) = Self.exactMatch(old: old, new: new)
        }
        if duplicateInOld { try Self.throwFirstDuplicate(in: old) }
        if duplicateInNew { try Self.throwFirstDuplicate(in: new) }
        oldSectionStarts = [0, old.count]
        newSectionStarts = [0, new.count]
        newSectionOfOldSection = [0]
        oldSectionOfNewSection = [0]
        assert(checkInvariants())
    }

    /// The list matching through one `IdentifierTable`, which compares identifiers on every
    /// probe: correct for any `Hashable`, however poor its hashes. OLD's positions go in first
    /// (a repeat there is a duplicate), then each NEW identifier either finds its OLD position
    /// or goes in as a NEW entry (so a repeat in NEW finds it).
    ///
    /// - Complexity: O(n + m) expected, with random access into a table of n + m slots.
    @inlinable
    static func exactMatch<ID: Hashable>(old: [ID], new: [ID])
        -> (newIndexOfOld: [Int], oldIndexOfNew: [Int], duplicateInOld: Bool, duplicateInNew: Bool)
    {
        let n = old.count, m = new.count
        var table = IdentifierTable(count: n + m)
        var newOfOld = [Int](repeating: -1, count: n)
        var oldOfNew = [Int](repeating: -1, count: m)
        var duplicateInOld = false, duplicateInNew = false
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                for p in 0..<n {
                    if table.findOrInsert(old[p], hash: old[p].hashValue, entry: p, identifier: { old[$0] }) != nil {
                        duplicateInOld = true
                        return
                    }
                }
                for q in 0..<m {
                    let found = table.findOrInsert(new[q], hash: new[q].hashValue, entry: n + q,
                                                   identifier: { $0 < n ? old[$0] : new[$0 - n] })
                    guard let p = found else { continue }
                    if p >= n || newOfOld[p] >= 0 {
                        duplicateInNew = true
                        return
                    }
                    newOfOld[p] = q
                    oldOfNew[q] = p
                }
            }
        }
        return (newOfOld, oldOfNew, duplicateInOld, duplicateInNew)
    }

    @usableFromInline
    static func throwFirstDuplicate<ID: Hashable>(in list: [ID]) throws {
        var seen: [ID: Int] = [:]
        for (position, id) in list.enumerated() {
            if let first = seen.updateValue(position, forKey: id) {
                throw SnapshotError.duplicateItemInInput(item: describeIdentifier(id), firstPosition: first, secondPosition: position)
            }
        }
    }

    /// The partner maps are mutual inverses.
    @usableFromInline
    func checkInvariants() -> Bool {
        for (p, q) in newIndexOfOld.enumerated() where q >= 0 && oldIndexOfNew[q] != p { return false }
        for (q, p) in oldIndexOfNew.enumerated() where p >= 0 && newIndexOfOld[p] != q { return false }
        for (i, j) in newSectionOfOldSection.enumerated() where j >= 0 && oldSectionOfNewSection[j] != i { return false }
        for (j, i) in oldSectionOfNewSection.enumerated() where i >= 0 && newSectionOfOldSection[i] != j { return false }
        return oldSectionStarts.count == newSectionOfOldSection.count + 1
            && newSectionStarts.count == oldSectionOfNewSection.count + 1
            && oldSectionStarts.last == newIndexOfOld.count && newSectionStarts.last == oldIndexOfNew.count
    }
}
