import OrderedCollections

/// The JSON of a dataset diff, one shape for `tessera diff` and `t.diff` (so in the core, which
/// both reach): the batch's JSON (`Changeset.jsonValue`) with the change records added, or the
/// stages, each with the data it leaves.
///
/// Records, in this order: moves, updates, deletes, inserts, each ascending as in the batch:
/// `{"op": "move", "id": "a", "from": [2, 7], "to": [3, 1]}`, `{"op": "update", "id": "b",
/// "at": [0, 1], "fields": ["title"]}`, `{"op": "delete", "id": "c", "at": [0, 4]}`,
/// `{"op": "insert", "id": "d", "at": [1, 0]}`. Section records have the same shape with section
/// indices. An insert whose id was also in OLD (an item both moved and updated, which one batch
/// replaces, or one that left a deleted section) lists the fields that changed, when any did.
/// A repeated id kept by a duplicate policy adds `"occurrence"` (2 for the second, ...).
extension DatasetChanges {
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
