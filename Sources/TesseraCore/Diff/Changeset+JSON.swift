import OrderedCollections

/// The `tessera diff --format json` shape, both ways:
///
///     {"sections": {"deleted": [3], "inserted": [0], "moved": [[1, 2]], "updated": []},
///      "items": {"deleted": [[0, 4]], "inserted": [[1, 0]], "moved": [[[2, 7], [3, 1]]], "updated": [[0, 1]]},
///      "summary": {"deleted": 1, "inserted": 1, "moved": 1, "updated": 1}}
///
/// `summary` counts the item lists, and its `sections` object the section lists. Paths are `[section, item]`; moves are `[from, to]`.
extension Changeset {
    /// The JSON value, keys in the order docs/outputs.md shows. O(c) for c changes.
    public var jsonValue: JSONValue { jsonValue(indexBase: 0) }

    /// The same value with every index (not the counts) offset by `indexBase`: 1 gives Lua's
    /// 1-based indices. O(c) for c changes.
    public func jsonValue(indexBase: Int) -> JSONValue {
        func index(_ i: Int) -> JSONValue { .int(i + indexBase) }
        func path(_ p: ItemPath) -> JSONValue { .array([.int(p.section + indexBase), .int(p.item + indexBase)]) }
        let sections: OrderedDictionary<String, JSONValue> = [
            "deleted": .array(sectionsDeleted.map(index)),
            "inserted": .array(sectionsInserted.map(index)),
            "moved": .array(sectionsMoved.map { .array([index($0.source), index($0.target)]) }),
            "updated": .array(sectionsUpdated.map(index)),
        ]
        let items: OrderedDictionary<String, JSONValue> = [
            "deleted": .array(itemsDeleted.map(path)),
            "inserted": .array(itemsInserted.map(path)),
            "moved": .array(itemsMoved.map { .array([path($0.source), path($0.target)]) }),
            "updated": .array(itemsUpdated.map(path)),
        ]
        let summary: OrderedDictionary<String, JSONValue> = [
            "deleted": .int(itemsDeleted.count),
            "inserted": .int(itemsInserted.count),
            "moved": .int(itemsMoved.count),
            "updated": .int(itemsUpdated.count),
            "sections": .object([
                "deleted": .int(sectionsDeleted.count),
                "inserted": .int(sectionsInserted.count),
                "moved": .int(sectionsMoved.count),
                "updated": .int(sectionsUpdated.count),
            ]),
        ]
        return .object(["sections": .object(sections), "items": .object(items), "summary": .object(summary)])
    }

    /// Reads that JSON value back (the `summary` is checked against the lists).
    ///
    /// - Throws: `ChangesetApplyError` naming the first key or element that has the wrong shape.
    /// - Complexity: O(c).
    public init(json: JSONValue) throws {
        func object(_ value: JSONValue?, _ name: String) throws -> OrderedDictionary<String, JSONValue> {
            guard case .object(let o)? = value else { throw ChangesetApplyError("\"\(name)\" must be an object.") }
            return o
        }
        func list(_ o: OrderedDictionary<String, JSONValue>, _ key: String, _ name: String) throws -> [JSONValue] {
            guard case .array(let a)? = o[key] else { throw ChangesetApplyError("\"\(name).\(key)\" must be an array.") }
            return a
        }
        func int(_ value: JSONValue, _ name: String) throws -> Int {
            guard case .int(let i) = value else { throw ChangesetApplyError("\"\(name)\" must hold integers.") }
            return i
        }
        func pair(_ value: JSONValue, _ name: String) throws -> (JSONValue, JSONValue) {
            guard case .array(let a) = value, a.count == 2 else { throw ChangesetApplyError("\"\(name)\" must hold pairs.") }
            return (a[0], a[1])
        }
        func path(_ value: JSONValue, _ name: String) throws -> ItemPath {
            let (s, i) = try pair(value, name)
            return ItemPath(section: try int(s, name), item: try int(i, name))
        }
        let root = try object(json, "changeset")
        let sections = try object(root["sections"], "sections")
        let items = try object(root["items"], "items")
        self.init(
            sectionsDeleted: try list(sections, "deleted", "sections").map { try int($0, "sections.deleted") },
            sectionsInserted: try list(sections, "inserted", "sections").map { try int($0, "sections.inserted") },
            sectionsMoved: try list(sections, "moved", "sections").map {
                let (a, b) = try pair($0, "sections.moved")
                return IndexMove(source: try int(a, "sections.moved"), target: try int(b, "sections.moved"))
            },
            sectionsUpdated: try list(sections, "updated", "sections").map { try int($0, "sections.updated") },
            itemsDeleted: try list(items, "deleted", "items").map { try path($0, "items.deleted") },
            itemsInserted: try list(items, "inserted", "items").map { try path($0, "items.inserted") },
            itemsMoved: try list(items, "moved", "items").map {
                let (a, b) = try pair($0, "items.moved")
                return IndexMove(source: try path(a, "items.moved"), target: try path(b, "items.moved"))
            },
            itemsUpdated: try list(items, "updated", "items").map { try path($0, "items.updated") })
        if let summary = root["summary"] {
            let counts = try object(summary, "summary")
            let expected = ["deleted": itemsDeleted.count, "inserted": itemsInserted.count,
                            "moved": itemsMoved.count, "updated": itemsUpdated.count]
            for (key, count) in expected where counts[key] != .int(count) {
                throw ChangesetApplyError("\"summary.\(key)\" does not match the \"items.\(key)\" list (\(NumberText.grouped(count))).")
            }
        }
    }
}
