import OrderedCollections

/// Identifier-based, sectioned collection data: the surface of UIKit's
/// `NSDiffableDataSourceSnapshot`, as a value type that never crashes.
///
/// A snapshot holds identifiers only: an ordered list of section identifiers, and for each
/// section an ordered list of item identifiers. Identifiers are unique snapshot-wide (an item
/// cannot be in two sections). Content lives with the caller; the diff compares it through a
/// closure (see `Changeset.init(from:to:isItemUpdated:isSectionUpdated:)`), or through
/// `reloadItems`/`reconfigureItems` marks as UIKit does.
///
/// Storage: every item of every section in one `IndexedIdentifiers` (flattened order, with a
/// hash index from identifier to flattened position), the sections in an `OrderedSet`, and
/// `sectionStarts`, the flattened index where each section begins. So every query is a hash
/// lookup or a binary search over sections; none scans the items.
///
/// Invariants (checked after every mutation under TESSERA_INTERNAL_CHECKS):
/// - `sectionStarts.count == numberOfSections + 1`, `sectionStarts.first == 0`,
///   `sectionStarts.last == numberOfItems`, and `sectionStarts` never decreases;
/// - item identifiers are unique across all sections, and so are section identifiers;
/// - the reload and reconfigure marks only name identifiers that are in the snapshot.
///
/// Mutations that name unknown identifiers, add duplicates, or need a missing section throw a
/// `SnapshotError` and leave the snapshot unchanged. Two snapshots are equal when they hold the
/// same sections and items in the same order and the same reload and reconfigure marks.
public struct Snapshot<SectionID: Hashable, ItemID: Hashable>: Equatable {
    /// Sections in order.
    @usableFromInline internal var sectionSet: OrderedSet<SectionID>
    /// All items in flattened order (section 0's items, then section 1's, ...).
    @usableFromInline internal var itemSet: IndexedIdentifiers<ItemID>
    /// `sectionStarts[s]` is the flattened index of section `s`'s first item; one extra entry
    /// at the end holds `itemSet.count`.
    @usableFromInline internal var sectionStarts: [Int]
    @usableFromInline internal var reloadedItems: OrderedSet<ItemID> = []
    @usableFromInline internal var reconfiguredItems: OrderedSet<ItemID> = []
    @usableFromInline internal var reloadedSections: OrderedSet<SectionID> = []
    @usableFromInline internal var reconfiguredSections: OrderedSet<SectionID> = []

    /// An empty snapshot: no sections, no items.
    public init() {
        sectionSet = []
        itemSet = IndexedIdentifiers()
        sectionStarts = [0]
    }

    /// A snapshot built in one pass from sections and their items.
    ///
    /// `@inlinable`, as the initialisers below: a caller gets hashing specialised for its
    /// identifier types, which builds the item index about twice as fast as generic code.
    ///
    /// - Throws: `SnapshotError.duplicateSectionInInput` or `.duplicateItem` (naming the section
    ///   and index where the identifier first occurs) when an identifier repeats.
    /// - Complexity: O(S + n) for S sections and n items.
    @inlinable
    public init<Sections: Sequence>(sections: Sections) throws
    where Sections.Element == (SectionID, [ItemID]) {
        let sections = Array(sections)
        var sectionIDs: [SectionID] = []
        var items: [ItemID] = []
        var starts: [Int] = [0]
        sectionIDs.reserveCapacity(sections.count)
        starts.reserveCapacity(sections.count + 1)
        items.reserveCapacity(sections.reduce(0) { $0 + $1.1.count })
        for (section, sectionItems) in sections {
            sectionIDs.append(section)
            items.append(contentsOf: sectionItems)
            starts.append(items.count)
        }
        try self.init(sectionIDs: sectionIDs, items: items, sectionStarts: starts)
    }

    /// A snapshot with one section holding `items`.
    ///
    /// - Complexity: O(n).
    @inlinable
    public init(section: SectionID, items: [ItemID]) throws {
        try self.init(sectionIDs: [section], items: items, sectionStarts: [0, items.count])
    }

    /// Builds from flattened arrays, checking uniqueness; the error names the first repeat.
    @inlinable
    internal init(sectionIDs: [SectionID], items: [ItemID], sectionStarts: [Int]) throws {
        let sectionSet = OrderedSet(sectionIDs)
        if sectionSet.count != sectionIDs.count { try Self.throwDuplicateSection(in: sectionIDs) }
        guard let itemSet = IndexedIdentifiers(uniqueElements: items) else {
            try Self.throwDuplicateItem(in: items, sectionIDs: sectionIDs, sectionStarts: sectionStarts)
            preconditionFailure("Snapshot: the index found a repeated item that the scan did not")
        }
        self.init(uncheckedSections: sectionSet, items: itemSet, sectionStarts: sectionStarts)
    }

    /// The error for the first repeated section identifier (the slow path of a failed build).
    @usableFromInline
    internal static func throwDuplicateSection(in sectionIDs: [SectionID]) throws {
        var seen: [SectionID: Int] = [:]
        for (position, id) in sectionIDs.enumerated() {
            if let first = seen.updateValue(position, forKey: id) {
                throw SnapshotError.duplicateSectionInInput(
                    section: describeIdentifier(id), firstPosition: first, secondPosition: position)
            }
        }
    }

    /// The error for the first repeated item identifier, naming where it first occurs.
    @usableFromInline
    internal static func throwDuplicateItem(in items: [ItemID], sectionIDs: [SectionID], sectionStarts: [Int]) throws {
        var seen: [ItemID: Int] = [:]
        for (position, id) in items.enumerated() {
            if let first = seen.updateValue(position, forKey: id) {
                let section = Self.sectionIndex(containing: first, starts: sectionStarts)
                throw SnapshotError.duplicateItem(
                    item: describeIdentifier(id), existingSection: describeIdentifier(sectionIDs[section]),
                    existingIndex: first - sectionStarts[section])
            }
        }
    }

    /// Assembles already-validated storage.
    @usableFromInline
    internal init(uncheckedSections sections: OrderedSet<SectionID>, items: IndexedIdentifiers<ItemID>, sectionStarts: [Int]) {
        self.sectionSet = sections
        self.itemSet = items
        self.sectionStarts = sectionStarts
        _checkInvariants()
    }

    // MARK: - Counts and identifiers

    /// The number of items in all sections. O(1).
    public var numberOfItems: Int { itemSet.count }

    /// The number of sections. O(1).
    public var numberOfSections: Int { sectionSet.count }

    /// Every section identifier, in order. O(1) (the storage is shared, not copied).
    public var sectionIdentifiers: [SectionID] { sectionSet.elements }

    /// Every item identifier in flattened order. O(1) (the storage is shared, not copied).
    public var itemIdentifiers: [ItemID] { itemSet.elements }

    /// The number of items in `section`.
    ///
    /// - Throws: `SnapshotError.sectionNotFound`.
    /// - Complexity: O(1).
    public func numberOfItems(inSection section: SectionID) throws -> Int {
        let s = try requireSection(section)
        return sectionStarts[s + 1] - sectionStarts[s]
    }

    /// The items of `section`, in order.
    ///
    /// - Throws: `SnapshotError.sectionNotFound`.
    /// - Complexity: O(k) for the k items returned.
    public func itemIdentifiers(inSection section: SectionID) throws -> [ItemID] {
        let s = try requireSection(section)
        return Array(itemSet.elements[sectionStarts[s]..<sectionStarts[s + 1]])
    }

    /// The section that holds `item`, or nil when the item is not in the snapshot.
    ///
    /// - Complexity: O(log S) for S sections (a hash lookup, then a binary search).
    public func sectionIdentifier(containingItem item: ItemID) -> SectionID? {
        guard let flat = itemSet.firstIndex(of: item) else { return nil }
        return sectionSet[Self.sectionIndex(containing: flat, starts: sectionStarts)]
    }

    /// The flattened index of `item` (its position when all sections are concatenated), or nil.
    ///
    /// - Complexity: O(1) (a hash lookup).
    public func indexOfItem(_ item: ItemID) -> Int? { itemSet.firstIndex(of: item) }

    /// The index of `section`, or nil.
    ///
    /// - Complexity: O(1) (a hash lookup).
    public func indexOfSection(_ section: SectionID) -> Int? { sectionSet.firstIndex(of: section) }

    /// The `(section, item)` path of `item`, or nil.
    ///
    /// - Complexity: O(log S).
    public func itemPath(of item: ItemID) -> ItemPath? {
        guard let flat = itemSet.firstIndex(of: item) else { return nil }
        let s = Self.sectionIndex(containing: flat, starts: sectionStarts)
        return ItemPath(section: s, item: flat - sectionStarts[s])
    }

    /// The identifier at a `(section, item)` path, or nil when the path is out of range. O(1).
    public func itemIdentifier(at path: ItemPath) -> ItemID? {
        guard path.section >= 0, path.section < sectionSet.count, path.item >= 0,
              path.item < sectionStarts[path.section + 1] - sectionStarts[path.section] else { return nil }
        return itemSet[sectionStarts[path.section] + path.item]
    }

    /// Whether `item` is in the snapshot. O(1).
    public func contains(item: ItemID) -> Bool { itemSet.contains(item) }

    /// Whether `section` is in the snapshot. O(1).
    public func contains(section: SectionID) -> Bool { sectionSet.contains(section) }

    /// Items marked with `reloadItems`, in marking order (UIKit: replace the cell). O(1).
    public var reloadedItemIdentifiers: [ItemID] { reloadedItems.elements }
    /// Items marked with `reconfigureItems`, in marking order (UIKit: keep the cell). O(1).
    public var reconfiguredItemIdentifiers: [ItemID] { reconfiguredItems.elements }
    /// Sections marked with `reloadSections`, in marking order. O(1).
    public var reloadedSectionIdentifiers: [SectionID] { reloadedSections.elements }
    /// Sections marked with `reconfigureSections`, in marking order. O(1).
    public var reconfiguredSectionIdentifiers: [SectionID] { reconfiguredSections.elements }

    /// The same sections and items with no reload or reconfigure marks: what a data source's
    /// snapshot is after UIKit applies it. Snapshots compare their marks too, so compare the
    /// snapshot `Changeset.apply(to:insertingFrom:)` returns with NEW through this (its updates
    /// come back as marks). O(1): the identifiers' storage is shared.
    public func withoutMarks() -> Snapshot {
        Snapshot(uncheckedSections: sectionSet, items: itemSet, sectionStarts: sectionStarts)
    }

    // MARK: - Internal helpers

    /// The flattened range of the items of the section at `index`. O(1).
    @inlinable
    internal func itemRange(ofSectionAt index: Int) -> Range<Int> {
        sectionStarts[index]..<sectionStarts[index + 1]
    }

    /// The index of the section that holds flattened index `flat`: the last section starting at
    /// or before `flat` (empty sections start where the next one does, so they are skipped).
    @usableFromInline
    internal static func sectionIndex(containing flat: Int, starts: [Int]) -> Int {
        var lo = 0, hi = starts.count - 2
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= flat { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    internal func requireSection(_ section: SectionID) throws -> Int {
        guard let s = sectionSet.firstIndex(of: section) else {
            throw SnapshotError.sectionNotFound(section: describeIdentifier(section))
        }
        return s
    }

    internal func requireItem(_ item: ItemID) throws -> Int {
        guard let flat = itemSet.firstIndex(of: item) else {
            throw SnapshotError.itemNotFound(item: describeIdentifier(item))
        }
        return flat
    }

    /// The error for adding `item`, which is already at flattened index `flat`.
    internal func duplicateError(item: ItemID, at flat: Int) -> SnapshotError {
        let s = Self.sectionIndex(containing: flat, starts: sectionStarts)
        return .duplicateItem(item: describeIdentifier(item), existingSection: describeIdentifier(sectionSet[s]),
                              existingIndex: flat - sectionStarts[s])
    }

    /// Checks that `items` are new to the snapshot (items at flattened indices in `replaced`,
    /// which they are about to replace, do not count) and distinct from each other.
    internal func checkNewItems(_ items: [ItemID], replacing replaced: Range<Int> = 0..<0) throws {
        var seen: [ItemID: Int] = [:]
        if items.count > 1 { seen.reserveCapacity(items.count) }
        for (position, id) in items.enumerated() {
            if let flat = itemSet.firstIndex(of: id), !replaced.contains(flat) { throw duplicateError(item: id, at: flat) }
            if items.count > 1, let first = seen.updateValue(position, forKey: id) {
                throw SnapshotError.duplicateItemInInput(item: describeIdentifier(id), firstPosition: first, secondPosition: position)
            }
        }
    }

    /// Checks that `sections` are new to the snapshot and distinct from each other.
    internal func checkNewSections(_ sections: [SectionID]) throws {
        var seen: [SectionID: Int] = [:]
        for (position, id) in sections.enumerated() {
            if let existing = sectionSet.firstIndex(of: id) {
                throw SnapshotError.duplicateSection(section: describeIdentifier(id), existingIndex: existing)
            }
            if let first = seen.updateValue(position, forKey: id) {
                throw SnapshotError.duplicateSectionInInput(section: describeIdentifier(id), firstPosition: first, secondPosition: position)
            }
        }
    }

    /// The invariants listed in the type's documentation.
    internal func checkInvariants() -> Bool {
        guard sectionStarts.count == sectionSet.count + 1, sectionStarts.first == 0,
              sectionStarts.last == itemSet.count else { return false }
        for s in 0..<sectionSet.count where sectionStarts[s] > sectionStarts[s + 1] { return false }
        return reloadedItems.allSatisfy(itemSet.contains) && reconfiguredItems.allSatisfy(itemSet.contains)
            && reloadedSections.allSatisfy(sectionSet.contains) && reconfiguredSections.allSatisfy(sectionSet.contains)
    }
}

extension Snapshot: Sendable where SectionID: Sendable, ItemID: Sendable {}

extension Array {
    /// Moves the element at `from` to just before (just after, when `after`) the element at
    /// `anchor`, another index of the array as it is before the move. The shared step of
    /// `moveItem` and `moveSection`.
    mutating func move(from: Int, nextTo anchor: Int, after: Bool) {
        assert(from != anchor)
        let element = remove(at: from)
        // The anchor's index after the removal, then the slot before or after it.
        let anchorIndex = anchor > from ? anchor - 1 : anchor
        insert(element, at: after ? anchorIndex + 1 : anchorIndex)
    }
}

extension Snapshot: CustomDebugStringConvertible {
    /// One entry per section, `section: [item, item, ...]`, ids written as messages write them
    /// (integers bare, strings quoted as JSON quotes them, long ones cut), so the integer 0 and
    /// the string "0" read apart. O(number of items).
    public var debugDescription: String {
        var lines: [String] = []
        for s in 0..<sectionSet.count {
            let items = itemSet.elements[itemRange(ofSectionAt: s)].map(describeIdentifier)
            lines.append("\(describeIdentifier(sectionSet[s])): [\(items.joined(separator: ", "))]")
        }
        return "Snapshot(" + lines.joined(separator: "; ") + ")"
    }
}
