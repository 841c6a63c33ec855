import OrderedCollections

extension Snapshot {
    /// Replaces the items of `section` with the visible items of `outline` (what UIKit's
    /// `changeset.apply(to:insertingFrom:)` of a section snapshot shows). Diffing the snapshot before and after gives
    /// the inserts and deletes of an expand or collapse.
    ///
    /// - Throws: `.sectionNotFound`; `.duplicateItem` when a visible outline item is already in
    ///   another section.
    /// - Complexity: O(n + v) for v visible items.
    public mutating func replaceItems(inSection section: SectionID, with outline: SectionSnapshot<ItemID>) throws {
        let s = try requireSection(section)
        let visible = outline.visibleItems
        let range = itemRange(ofSectionAt: s)
        try checkNewItems(visible, replacing: range)
        var elements = itemSet.elements
        elements.replaceSubrange(range, with: visible)
        let delta = visible.count - range.count
        itemSet = IndexedIdentifiers(uncheckedUniqueElements: elements)
        for t in (s + 1)..<sectionStarts.count { sectionStarts[t] += delta }
        let present = itemSet
        reloadedItems.removeAll { !present.contains($0) }
        reconfiguredItems.removeAll { !present.contains($0) }
        _checkInvariants()
    }
}
