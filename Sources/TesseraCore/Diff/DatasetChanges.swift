import OrderedCollections

/// The changes between two datasets: the batch, the staged form, and what a batch leaves
/// unnamed, the fields of every kept item or section that changed (`changedFields`). Its JSON
/// (`jsonValue(of:indexBase:)`) is what `tessera diff` prints and `t.diff` returns.
package struct DatasetChanges {
    public typealias Key = DatasetDiff.Key
    public let old: Dataset
    public let new: Dataset
    public let oldSnapshot: Snapshot<Key, Key>
    public let newSnapshot: Snapshot<Key, Key>

    /// The changes between two datasets, given their snapshots (`DatasetDiff.snapshot(of:duplicates:)`).
    public init(old: Dataset, new: Dataset, oldSnapshot: Snapshot<Key, Key>, newSnapshot: Snapshot<Key, Key>) {
        self.old = old
        self.new = new
        self.oldSnapshot = oldSnapshot
        self.newSnapshot = newSnapshot
    }

    /// The single UIKit-safe batch. O(S + n + m + f).
    public func batch() -> Changeset {
        let rules = DatasetDiff.contentRules(old: old, new: new)
        return Changeset(from: oldSnapshot, to: newSnapshot, isItemUpdated: rules.item, isSectionUpdated: rules.section)
    }

    /// The stages that keep moves and updates apart. O(S + n + m + f).
    public func staged() -> StagedChangeset<Key, Key> {
        let rules = DatasetDiff.contentRules(old: old, new: new)
        return StagedChangeset(from: oldSnapshot, to: newSnapshot, isItemUpdated: rules.item, isSectionUpdated: rules.section)
    }

    /// The fields of a kept item that changed (NEW's key order, then keys only OLD has), or []
    /// when the item is not in both datasets. Consistent with `DatasetDiff.itemChanged`.
    public func changedFields(ofItem key: Key) -> [String] {
        guard let p = oldSnapshot.itemSet.firstIndex(of: key), let q = newSnapshot.itemSet.firstIndex(of: key) else { return [] }
        let a = old.item(at: p), b = new.item(at: q)
        if a.fields == b.fields { return [] }
        let sa = old.sections[old.sectionIndex(containing: p)].id, sb = new.sections[new.sectionIndex(containing: q)].id
        var ignored: Set<String> = ["id"]
        if a.fields["section"] == sa.jsonValue && b.fields["section"] == sb.jsonValue { ignored.insert("section") }
        return Self.differingKeys(a.fields, b.fields, ignoring: ignored)
    }

    /// The fields of a kept section that changed.
    public func changedFields(ofSection key: Key) -> [String] {
        guard let i = oldSnapshot.sectionSet.firstIndex(of: key), let j = newSnapshot.sectionSet.firstIndex(of: key) else { return [] }
        return Self.differingKeys(old.sections[i].fields, new.sections[j].fields, ignoring: ["id", "items"])
    }

    static func differingKeys(_ a: OrderedDictionary<String, JSONValue>, _ b: OrderedDictionary<String, JSONValue>,
                              ignoring ignored: Set<String>) -> [String] {
        var keys: [String] = []
        for (key, value) in b where !ignored.contains(key) {
            if let other = a[key], DatasetDiff.valuesEqual(other, value) { continue }
            keys.append(key)
        }
        for key in a.keys where !ignored.contains(key) && b[key] == nil { keys.append(key) }
        return keys
    }
}
