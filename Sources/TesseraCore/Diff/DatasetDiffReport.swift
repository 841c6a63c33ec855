import OrderedCollections

/// What `tessera diff` prints for a pair of datasets, beyond the bare batch: change records that
/// name ids and the changed fields of every update, section counts in `summary`, and the staged
/// form with the data each stage leaves.
///
/// Records, in this order: moves, updates, deletes, inserts, each ascending as in the batch:
/// `{"op": "move", "id": "a", "from": [2, 7], "to": [3, 1]}`, `{"op": "update", "id": "b",
/// "at": [0, 1], "fields": ["title"]}`, `{"op": "delete", "id": "c", "at": [0, 4]}`,
/// `{"op": "insert", "id": "d", "at": [1, 0]}`. Section records have the same shape with section
/// indices. An insert whose id was also in OLD (an item both moved and updated, which one batch
/// replaces, or one that left a deleted section) lists the fields that changed, when any did.
/// A repeated id kept by a duplicate policy adds `"occurrence"` (2 for the second, ...).
package struct DatasetDiffReport {
    public typealias Key = DatasetDiff.Key
    public let old: Dataset
    public let new: Dataset
    public let oldSnapshot: Snapshot<Key, Key>
    public let newSnapshot: Snapshot<Key, Key>

    /// A report over two datasets and their snapshots (`DatasetDiff.snapshot(of:duplicates:)`).
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

    /// The batch's JSON with `changes`, `sectionChanges` and `summary.sections` added; every
    /// index is offset by `indexBase` (1 for Lua).
    public func jsonValue(of batch: Changeset, indexBase: Int = 0) -> JSONValue {
        stageJSON(batch, before: oldSnapshot, after: newSnapshot, indexBase: indexBase)
    }

    /// `{"stages": [...]}`: each stage's batch and records (relative to the previous stage's
    /// data) and `after`, the data it leaves; every index is offset by `indexBase` (1 for Lua).
    public func jsonValue(of staged: StagedChangeset<Key, Key>, indexBase: Int = 0) -> JSONValue {
        var before = oldSnapshot
        var stages: [JSONValue] = []
        for (k, stage) in staged.enumerated() {
            guard case .object(var object) = stageJSON(stage.changeset, before: before, after: stage.snapshot,
                                                         indexBase: indexBase) else { continue }
            object["after"] = afterJSON(stage.snapshot, isLast: k == staged.count - 1)
            stages.append(.object(object))
            before = stage.snapshot
        }
        return .object(["stages": .array(stages)])
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

    private func stageJSON(_ batch: Changeset, before: Snapshot<Key, Key>, after: Snapshot<Key, Key>, indexBase: Int) -> JSONValue {
        let json = batch.jsonValue(indexBase: indexBase)
        guard case .object(var object) = json else { return json }
        func id(_ key: Key) -> [(String, JSONValue)] {
            key.index == 0 ? [("id", key.id.jsonValue)] : [("id", key.id.jsonValue), ("occurrence", .int(key.index + 1))]
        }
        func path(_ p: ItemPath) -> JSONValue { .array([.int(p.section + indexBase), .int(p.item + indexBase)]) }
        func index(_ i: Int) -> JSONValue { .int(i + indexBase) }
        func record(_ op: String, _ key: Key, _ rest: [(String, JSONValue)]) -> JSONValue {
            .object(OrderedDictionary(uniqueKeysWithValues: [("op", .string(op))] + id(key) + rest))
        }
        func fields(_ names: [String]) -> (String, JSONValue) { ("fields", .array(names.map { .string($0) })) }
        var changes: [JSONValue] = []
        for move in batch.itemsMoved {
            changes.append(record("move", before.itemIdentifier(at: move.source)!, [("from", path(move.source)), ("to", path(move.target))]))
        }
        for at in batch.itemsUpdated {
            let key = before.itemIdentifier(at: at)!
            changes.append(record("update", key, [("at", path(at)), fields(changedFields(ofItem: key))]))
        }
        for at in batch.itemsDeleted { changes.append(record("delete", before.itemIdentifier(at: at)!, [("at", path(at))])) }
        for at in batch.itemsInserted {
            let key = after.itemIdentifier(at: at)!
            let changed = changedFields(ofItem: key)
            changes.append(record("insert", key, [("at", path(at))] + (changed.isEmpty ? [] : [fields(changed)])))
        }
        var sectionChanges: [JSONValue] = []
        let oldSections = before.sectionSet.elements, newSections = after.sectionSet.elements
        for move in batch.sectionsMoved {
            sectionChanges.append(record("move", oldSections[move.source], [("from", index(move.source)), ("to", index(move.target))]))
        }
        for at in batch.sectionsUpdated {
            sectionChanges.append(record("update", oldSections[at], [("at", index(at)), fields(changedFields(ofSection: oldSections[at]))]))
        }
        for at in batch.sectionsDeleted { sectionChanges.append(record("delete", oldSections[at], [("at", index(at))])) }
        for at in batch.sectionsInserted {
            let changed = changedFields(ofSection: newSections[at])
            sectionChanges.append(record("insert", newSections[at], [("at", index(at))] + (changed.isEmpty ? [] : [fields(changed)])))
        }
        object["changes"] = .array(changes)
        object["sectionChanges"] = .array(sectionChanges)
        return .object(object)
    }

    /// The data a stage leaves: sections in order with their fields and items. Items carry NEW's
    /// fields once updated (updates come in the first stage), deleted ones OLD's; kept sections
    /// carry OLD's fields until the last stage (section updates come last).
    private func afterJSON(_ state: Snapshot<Key, Key>, isLast: Bool) -> JSONValue {
        var sections: [JSONValue] = []
        for (s, key) in state.sectionSet.enumerated() {
            var object: OrderedDictionary<String, JSONValue> = ["id": key.id.jsonValue]
            let oldIndex = oldSnapshot.sectionSet.firstIndex(of: key), newIndex = newSnapshot.sectionSet.firstIndex(of: key)
            let source = !isLast ? (oldIndex.map { old.sections[$0] } ?? newIndex.map { new.sections[$0] })
                : (newIndex.map { new.sections[$0] } ?? oldIndex.map { old.sections[$0] })
            for (field, value) in source?.fields ?? [:] where field != "id" && field != "items" { object[field] = value }
            var items: [JSONValue] = []
            for flat in state.itemRange(ofSectionAt: s) {
                let item = state.itemSet[flat]
                if let q = newSnapshot.itemSet.firstIndex(of: item) { items.append(.object(new.fields(at: q))) }
                else if let p = oldSnapshot.itemSet.firstIndex(of: item) { items.append(.object(old.fields(at: p))) }
            }
            object["items"] = .array(items)
            sections.append(.object(object))
        }
        return .object(["sections": .array(sections)])
    }
}
