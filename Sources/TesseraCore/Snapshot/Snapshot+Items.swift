import OrderedCollections

/// Item mutations. Each one validates first and then mutates, so a thrown error leaves the
/// snapshot as it was. n is the number of items, S the number of sections, k the number of
/// identifiers passed.
extension Snapshot {
    /// Appends `items` to the end of `section` (the last section when nil).
    ///
    /// - Throws: `.noSections` when `section` is nil and there is none, `.sectionNotFound`,
    ///   `.duplicateItem` (naming where the item already is) or `.duplicateItemInInput`.
    /// - Complexity: O(k + S) when the section is the last non-empty one (the usual way of
    ///   building), O(n + k) otherwise.
    public mutating func appendItems(_ items: [ItemID], toSection section: SectionID? = nil) throws {
        let s: Int
        if let section {
            s = try requireSection(section)
        }
        else {
            guard !sectionSet.isEmpty else { throw SnapshotError.noSections }
            s = sectionSet.count - 1
        }
        try checkNewItems(items)
        insertUnchecked(items, at: sectionStarts[s + 1], section: s)
    }

    /// Inserts `items` just before `beforeItem`, in that item's section.
    ///
    /// - Throws: `.itemNotFound`, `.duplicateItem`, `.duplicateItemInInput`.
    /// - Complexity: O(n + k).
    public mutating func insertItems(_ items: [ItemID], beforeItem: ItemID) throws {
        let flat = try requireItem(beforeItem)
        try checkNewItems(items)
        insertUnchecked(items, at: flat, section: Self.sectionIndex(containing: flat, starts: sectionStarts))
    }

    /// Inserts `items` just after `afterItem`, in that item's section.
    ///
    /// - Throws: `.itemNotFound`, `.duplicateItem`, `.duplicateItemInInput`.
    /// - Complexity: O(n + k).
    public mutating func insertItems(_ items: [ItemID], afterItem: ItemID) throws {
        let flat = try requireItem(afterItem)
        try checkNewItems(items)
        insertUnchecked(items, at: flat + 1, section: Self.sectionIndex(containing: flat, starts: sectionStarts))
    }

    /// Deletes `items` (repeats in the list are ignored). Their reload marks go with them.
    ///
    /// - Throws: `.itemNotFound` for an item that is not in the snapshot.
    /// - Complexity: O(n + S).
    public mutating func deleteItems(_ items: [ItemID]) throws {
        var doomed = [Bool](repeating: false, count: itemSet.count)
        for id in items { doomed[try requireItem(id)] = true }
        removeUnchecked(where: doomed)
    }

    /// Deletes every item and every section (as UIKit's `deleteAllItems()` does).
    ///
    /// - Complexity: O(1) (the old storage is released).
    public mutating func deleteAllItems() {
        self = Snapshot()
    }

    /// Moves `item` to just before `beforeItem` (possibly into another section).
    ///
    /// - Throws: `.itemNotFound`, `.moveRelativeToItself`.
    /// - Complexity: O(n + S).
    public mutating func moveItem(_ item: ItemID, beforeItem: ItemID) throws {
        try moveItem(item, relativeTo: beforeItem, after: false)
    }

    /// Moves `item` to just after `afterItem` (possibly into another section).
    ///
    /// - Throws: `.itemNotFound`, `.moveRelativeToItself`.
    /// - Complexity: O(n + S).
    public mutating func moveItem(_ item: ItemID, afterItem: ItemID) throws {
        try moveItem(item, relativeTo: afterItem, after: true)
    }

    /// Marks `items` for reloading (UIKit replaces their cells). The diff reports every kept
    /// item marked in the *new* snapshot as updated.
    ///
    /// - Throws: `.itemNotFound`.
    /// - Complexity: O(k).
    public mutating func reloadItems(_ items: [ItemID]) throws {
        for id in items { _ = try requireItem(id) }
        reloadedItems.append(contentsOf: items)
    }

    /// Marks `items` for reconfiguring (UIKit keeps their cells and updates them in place).
    /// The diff reports every kept item marked in the *new* snapshot as updated.
    ///
    /// - Throws: `.itemNotFound`.
    /// - Complexity: O(k).
    public mutating func reconfigureItems(_ items: [ItemID]) throws {
        for id in items { _ = try requireItem(id) }
        reconfiguredItems.append(contentsOf: items)
    }

    // MARK: - Unchecked primitives

    /// Inserts already-validated items at flattened index `flat`, which lies inside (or at the
    /// end of) section `s`.
    internal mutating func insertUnchecked(_ items: [ItemID], at flat: Int, section s: Int) {
        guard !items.isEmpty else { return }
        assert(flat >= sectionStarts[s] && flat <= sectionStarts[s + 1])
        if flat == itemSet.count {
            itemSet.append(contentsOf: items)
        }
        else {
            var elements = itemSet.elements
            elements.insert(contentsOf: items, at: flat)
            itemSet = IndexedIdentifiers(uncheckedUniqueElements: elements)
        }
        for t in (s + 1)..<sectionStarts.count { sectionStarts[t] += items.count }
        _checkInvariants()
    }

    /// Removes the items whose flattened index is flagged in `doomed`, with their marks.
    internal mutating func removeUnchecked(where doomed: [Bool]) {
        assert(doomed.count == itemSet.count)
        var kept: [ItemID] = []
        kept.reserveCapacity(itemSet.count)
        var starts = [0]
        starts.reserveCapacity(sectionStarts.count)
        var removed: [ItemID] = []
        for s in 0..<sectionSet.count {
            for flat in itemRange(ofSectionAt: s) {
                if doomed[flat] { removed.append(itemSet[flat]) } else { kept.append(itemSet[flat]) }
            }
            starts.append(kept.count)
        }
        guard !removed.isEmpty else { return }
        itemSet = IndexedIdentifiers(uncheckedUniqueElements: kept)
        sectionStarts = starts
        if !reloadedItems.isEmpty || !reconfiguredItems.isEmpty {
            let gone = Set(removed)
            reloadedItems.removeAll(where: gone.contains)
            reconfiguredItems.removeAll(where: gone.contains)
        }
        _checkInvariants()
    }

    private mutating func moveItem(_ item: ItemID, relativeTo anchor: ItemID, after: Bool) throws {
        let from = try requireItem(item)
        let to = try requireItem(anchor)
        guard from != to else { throw SnapshotError.moveRelativeToItself(identifier: describeIdentifier(item)) }
        let fromSection = Self.sectionIndex(containing: from, starts: sectionStarts)
        let toSection = Self.sectionIndex(containing: to, starts: sectionStarts)
        var elements = itemSet.elements
        elements.move(from: from, nextTo: to, after: after)
        itemSet = IndexedIdentifiers(uncheckedUniqueElements: elements)
        for t in (fromSection + 1)..<sectionStarts.count { sectionStarts[t] -= 1 }
        for t in (toSection + 1)..<sectionStarts.count { sectionStarts[t] += 1 }
        _checkInvariants()
    }
}
