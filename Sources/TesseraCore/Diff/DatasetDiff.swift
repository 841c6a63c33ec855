import OrderedCollections

/// Diffing two datasets, as `tessera diff OLD NEW` does.
///
/// A dataset's sections are the snapshot's sections and its items the snapshot's items, keyed
/// by `Occurrence` so that duplicates kept by an explicit policy pair in order. Identity is the
/// `id`; an item is updated when its id is kept and any other field changed, and a
/// section when any of its own fields (`title`, ...) changed. Field order does not count as a
/// change, and neither does a `section` field that only names the item's section (JSON Lines
/// and CSV group items that way, so a move between sections is a move, not an update).
public enum DatasetDiff {
    /// The identifier type of a dataset snapshot.
    public typealias Key = Occurrence<ItemID>

    /// The snapshot of `dataset`.
    ///
    /// - Parameters:
    ///   - dataset: the dataset whose sections and items the snapshot lists.
    ///   - duplicates: `.reject` (the default) throws on a repeated item or section id,
    ///     naming where it already is; `.pairInOrder` and `.suffix` key repeats by occurrence
    ///     (suffixing the n-th repeat in both files pairs it with the n-th repeat, so both pair in
    ///     order; the loader has usually renamed `.suffix` repeats already).
    /// - Throws: `SnapshotError.duplicateItem` or `.duplicateSectionInInput`.
    /// - Complexity: O(S + n).
    public static func snapshot(of dataset: Dataset, duplicates: DuplicatePolicy = .reject) throws -> Snapshot<Key, Key> {
        let sectionKeys = Occurrence.keys(of: dataset.sections.map(\.id))
        // Every id keyed as its first occurrence, indexed on the hashes the id column kept from
        // the load (a first occurrence hashes as its id): the index's own check, by `==`, says
        // whether they are unique, and nothing is hashed again here or in the diff.
        let column = dataset.idColumn
        let firsts = (0..<column.count).map { Occurrence(column[$0]) }
        if let items = IndexedIdentifiers(uniqueElements: firsts, hashes: column.allHashes) {
            return try snapshot(of: dataset, sectionKeys: sectionKeys, items: items, itemKeys: nil, duplicates: duplicates)
        }
        let itemKeys = Occurrence.keys(of: dataset.ids)
        return try snapshot(of: dataset, sectionKeys: sectionKeys, items: nil, itemKeys: itemKeys, duplicates: duplicates)
    }

    /// The snapshot of `dataset` from its keys: `items` when they are known to be unique,
    /// `itemKeys` otherwise.
    private static func snapshot(of dataset: Dataset, sectionKeys: [Key], items: IndexedIdentifiers<Key>?, itemKeys: [Key]?,
                                 duplicates: DuplicatePolicy) throws -> Snapshot<Key, Key> {
        var starts = [0]
        starts.reserveCapacity(dataset.sections.count + 1)
        for section in dataset.sections { starts.append(section.range.upperBound) }
        if duplicates == .reject {
            if let repeated = sectionKeys.first(where: { $0.index > 0 }) {
                let first = sectionKeys.firstIndex(of: Occurrence(repeated.id))!
                let second = sectionKeys.firstIndex(of: repeated)!
                throw SnapshotError.duplicateSectionInInput(section: describeIdentifier(repeated.id), firstPosition: first, secondPosition: second)
            }
            if let itemKeys, let second = itemKeys.firstIndex(where: { $0.index > 0 }) {
                let id = itemKeys[second].id
                let first = itemKeys.firstIndex(of: Occurrence(id))!
                let s = Snapshot<Key, Key>.sectionIndex(containing: first, starts: starts)
                throw SnapshotError.duplicateItem(item: describeIdentifier(id), existingSection: describeIdentifier(dataset.sections[s].id),
                                                  existingIndex: first - starts[s])
            }
        }
        return Snapshot(uncheckedSections: OrderedSet(uncheckedUniqueElements: sectionKeys),
                        items: items ?? IndexedIdentifiers(uncheckedUniqueElements: itemKeys ?? []), sectionStarts: starts)
    }

    /// The batch that turns `old` into `new` (see `Changeset`).
    ///
    /// - Throws: `SnapshotError` for duplicates under `.reject`.
    /// - Complexity: O(S + n + m + f) for f fields compared.
    public static func changeset(from old: Dataset, to new: Dataset, duplicates: DuplicatePolicy = .reject) throws -> Changeset {
        let (a, b) = (try snapshot(of: old, duplicates: duplicates), try snapshot(of: new, duplicates: duplicates))
        let rules = contentRules(old: old, new: new)
        return Changeset(from: a, to: b, isItemUpdated: rules.item, isSectionUpdated: rules.section)
    }

    /// The staged form of `changeset(from:to:duplicates:)`.
    public static func stagedChangeset(from old: Dataset, to new: Dataset, duplicates: DuplicatePolicy = .reject) throws
        -> StagedChangeset<Key, Key>
    {
        let (a, b) = (try snapshot(of: old, duplicates: duplicates), try snapshot(of: new, duplicates: duplicates))
        let rules = contentRules(old: old, new: new)
        return StagedChangeset(from: a, to: b, isItemUpdated: rules.item, isSectionUpdated: rules.section)
    }

    /// The content comparisons for a pair of datasets, by flattened item and section index.
    public static func contentRules(old: Dataset, new: Dataset)
        -> (item: (Key, Int, Int) -> Bool, section: (Key, Int, Int) -> Bool)
    {
        let oldSectionOfItem = sectionIDs(of: old)
        let newSectionOfItem = sectionIDs(of: new)
        return (
            item: { _, p, q in
                // Same names, numbers and texts: unchanged, read in place. A `section` field counts
                // only when it differs from the item's section, so that case is decoded.
                if old.identicalFields(p, new, q)
                    && (oldSectionOfItem[p] == newSectionOfItem[q] || old.field("section", at: p) == nil) { return false }
                return itemChanged(old.item(at: p), inSection: oldSectionOfItem[p], new.item(at: q), inSection: newSectionOfItem[q])
            },
            section: { _, i, j in
                // Most kept sections have identical fields: answer without building key sets.
                let a = old.sections[i].fields, b = new.sections[j].fields
                return a != b && !fieldsEqual(a, b, ignoring: ["id", "items"])
            }
        )
    }

    /// Whether a kept item's content changed: any field other than `id` differs, where a
    /// `section` field that equals the item's section id is left out.
    ///
    /// - Complexity: O(f) for f fields.
    public static func itemChanged(_ a: Item, inSection sa: ItemID, _ b: Item, inSection sb: ItemID) -> Bool {
        if a.fields == b.fields { return false }
        var ignoredA: Set<String> = ["id"], ignoredB: Set<String> = ["id"]
        if a.fields["section"] == sa.jsonValue { ignoredA.insert("section") }
        if b.fields["section"] == sb.jsonValue { ignoredB.insert("section") }
        let fa = a.fields.filter { !ignoredA.contains($0.key) }
        let fb = b.fields.filter { !ignoredB.contains($0.key) }
        return !fieldsEqual(fa, fb, ignoring: [])
    }

    /// Object equality where key order does not matter, at every depth.
    static func fieldsEqual(_ a: OrderedDictionary<String, JSONValue>, _ b: OrderedDictionary<String, JSONValue>,
                            ignoring ignored: Set<String>) -> Bool {
        let ka = a.keys.filter { !ignored.contains($0) }
        let kb = b.keys.filter { !ignored.contains($0) }
        guard ka.count == kb.count else { return false }
        for key in ka {
            guard let x = a[key], let y = b[key], valuesEqual(x, y) else { return false }
        }
        return true
    }

    static func valuesEqual(_ x: JSONValue, _ y: JSONValue) -> Bool {
        switch (x, y) {
        case let (.object(a), .object(b)): return fieldsEqual(a, b, ignoring: [])
        case let (.array(a), .array(b)): return a.count == b.count && zip(a, b).allSatisfy(valuesEqual)
        default: return x == y
        }
    }

    /// The section id of every flattened item.
    private static func sectionIDs(of dataset: Dataset) -> [ItemID] {
        var ids: [ItemID] = []
        ids.reserveCapacity(dataset.count)
        for section in dataset.sections {
            ids.append(contentsOf: repeatElement(section.id, count: section.range.count))
        }
        return ids
    }
}
