import OrderedCollections

/// Section mutations. Each one validates first and then mutates, so a thrown error leaves the
/// snapshot as it was. n is the number of items, S the number of sections, k the number of
/// identifiers passed.
extension Snapshot {
    /// Appends empty sections at the end.
    ///
    /// - Throws: `.duplicateSection` (naming the index where it already is) or
    ///   `.duplicateSectionInInput`.
    /// - Complexity: O(k).
    public mutating func appendSections(_ sections: [SectionID]) throws {
        try checkNewSections(sections)
        sectionSet.append(contentsOf: sections)
        sectionStarts.append(contentsOf: repeatElement(itemSet.count, count: sections.count))
        _checkInvariants()
    }

    /// Inserts empty sections just before `beforeSection`.
    ///
    /// - Throws: `.sectionNotFound`, `.duplicateSection`, `.duplicateSectionInInput`.
    /// - Complexity: O(S + k).
    public mutating func insertSections(_ sections: [SectionID], beforeSection: SectionID) throws {
        let s = try requireSection(beforeSection)
        try checkNewSections(sections)
        insertSectionsUnchecked(sections, at: s)
    }

    /// Inserts empty sections just after `afterSection`.
    ///
    /// - Throws: `.sectionNotFound`, `.duplicateSection`, `.duplicateSectionInInput`.
    /// - Complexity: O(S + k).
    public mutating func insertSections(_ sections: [SectionID], afterSection: SectionID) throws {
        let s = try requireSection(afterSection)
        try checkNewSections(sections)
        insertSectionsUnchecked(sections, at: s + 1)
    }

    /// Deletes `sections` and every item in them (repeats in the list are ignored).
    ///
    /// - Throws: `.sectionNotFound`.
    /// - Complexity: O(n + S).
    public mutating func deleteSections(_ sections: [SectionID]) throws {
        var doomedSection = [Bool](repeating: false, count: sectionSet.count)
        for id in sections { doomedSection[try requireSection(id)] = true }
        removeUnchecked(sections: doomedSection, items: [Bool](repeating: false, count: itemSet.count))
    }

    /// Moves `section`, with its items, to just before `beforeSection`.
    ///
    /// - Throws: `.sectionNotFound`, `.moveRelativeToItself`.
    /// - Complexity: O(n + S).
    public mutating func moveSection(_ section: SectionID, beforeSection: SectionID) throws {
        try moveSection(section, relativeTo: beforeSection, after: false)
    }

    /// Moves `section`, with its items, to just after `afterSection`.
    ///
    /// - Throws: `.sectionNotFound`, `.moveRelativeToItself`.
    /// - Complexity: O(n + S).
    public mutating func moveSection(_ section: SectionID, afterSection: SectionID) throws {
        try moveSection(section, relativeTo: afterSection, after: true)
    }

    /// Marks `sections` for reloading. The diff reports every kept section marked in the *new*
    /// snapshot as updated.
    ///
    /// - Throws: `.sectionNotFound`.
    /// - Complexity: O(k).
    public mutating func reloadSections(_ sections: [SectionID]) throws {
        for id in sections { _ = try requireSection(id) }
        reloadedSections.append(contentsOf: sections)
    }

    /// Marks `sections` for reconfiguring (their supplementary views are updated in place).
    /// The diff reports every kept section marked in the *new* snapshot as updated.
    ///
    /// - Throws: `.sectionNotFound`.
    /// - Complexity: O(k).
    public mutating func reconfigureSections(_ sections: [SectionID]) throws {
        for id in sections { _ = try requireSection(id) }
        reconfiguredSections.append(contentsOf: sections)
    }

    // MARK: - Primitives

    /// Removes the sections flagged in `doomedSections` with all their items, and the items
    /// flagged in `doomedItems` (by flattened index), with their marks.
    internal mutating func removeUnchecked(sections doomedSections: [Bool], items doomedItems: [Bool]) {
        assert(doomedSections.count == sectionSet.count)
        var doomed = doomedItems
        for s in 0..<sectionSet.count where doomedSections[s] {
            for flat in itemRange(ofSectionAt: s) { doomed[flat] = true }
        }
        removeUnchecked(where: doomed)
        var keptSections: [SectionID] = []
        var starts: [Int] = [0]
        for s in 0..<sectionSet.count where !doomedSections[s] {
            keptSections.append(sectionSet[s])
            starts.append(sectionStarts[s + 1])
        }
        sectionSet = OrderedSet(uncheckedUniqueElements: keptSections)
        sectionStarts = starts
        let remaining = sectionSet
        reloadedSections.removeAll(where: { !remaining.contains($0) })
        reconfiguredSections.removeAll(where: { !remaining.contains($0) })
        _checkInvariants()
    }

    private mutating func insertSectionsUnchecked(_ sections: [SectionID], at s: Int) {
        var elements = sectionSet.elements
        elements.insert(contentsOf: sections, at: s)
        sectionSet = OrderedSet(uncheckedUniqueElements: elements)
        sectionStarts.insert(contentsOf: repeatElement(sectionStarts[s], count: sections.count), at: s)
        _checkInvariants()
    }

    private mutating func moveSection(_ section: SectionID, relativeTo anchor: SectionID, after: Bool) throws {
        let from = try requireSection(section)
        let to = try requireSection(anchor)
        guard from != to else { throw SnapshotError.moveRelativeToItself(identifier: describeIdentifier(section)) }
        var order = Array(0..<sectionSet.count)
        order.move(from: from, nextTo: to, after: after)
        reorderSections(order)
    }

    /// Rebuilds the storage with the sections in `order` (old section indices), items following
    /// their sections.
    internal mutating func reorderSections(_ order: [Int]) {
        assert(order.count == sectionSet.count)
        var items: [ItemID] = []
        items.reserveCapacity(itemSet.count)
        var starts: [Int] = [0]
        starts.reserveCapacity(order.count + 1)
        for s in order {
            items.append(contentsOf: itemSet.elements[itemRange(ofSectionAt: s)])
            starts.append(items.count)
        }
        sectionSet = OrderedSet(uncheckedUniqueElements: order.map { sectionSet[$0] })
        itemSet = IndexedIdentifiers(uncheckedUniqueElements: items)
        sectionStarts = starts
        _checkInvariants()
    }
}
