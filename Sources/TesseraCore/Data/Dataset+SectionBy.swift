// Groups by a field (`--section-by FIELD`, `t.run{sectionBy = ...}`): a flat list of photos,
// apps or messages becomes sections without rewriting the file. Consecutive items only, so the
// file's order is kept (nothing is sorted); every command applies this one function after loading.

extension Dataset {
    /// The same items regrouped: each run of consecutive items with the same value of `field`
    /// is one section, titled by that value (the section's `title` field) and identified by it
    /// (a string or integer value is the id as is, any other value its JSON text; a value that
    /// starts a second run gets `value(1)`, as duplicate ids are suffixed). The sections the
    /// file gave are replaced; the items, their order and their fields are unchanged.
    /// - Throws: `DatasetError` naming the first item without the field.
    /// - Complexity: O(n) over the items.
    public func sectioned(by field: String) throws -> Dataset {
        var runs: [(value: JSONValue, start: Int)] = []
        var missing: Int?
        var seen = 0
        forEachValue(of: field, in: 0..<count) { i, value in
            if missing == nil && i != seen { missing = seen }
            seen = i + 1
            if runs.last?.value != value { runs.append((value, i)) }
        }
        if missing == nil && seen != count { missing = seen }
        if let i = missing {
            throw DatasetError(file: sourceName, message: "expected every item to have the field \(describeIdentifier(field)) to section by, found none on item \(i) (id \(describeIdentifier(id(at: i))))")
        }
        var ids = runs.map { run -> ItemID in
            switch run.value {
            case .string(let s): return .string(s)
            case .int(let v): return .int(v)
            default: return .string(JSONWriter.write(run.value))
            }
        }
        for (k, renamed) in DuplicatePolicy.suffixRenames(ids) { ids[k] = renamed }
        var copy = self
        copy.sections = runs.indices.map { k in
            let end = k + 1 < runs.count ? runs[k + 1].start : count
            let title = runs[k].value.string ?? JSONWriter.write(runs[k].value)
            return Section(id: ids[k], fields: ["title": .string(title)], range: runs[k].start..<end)
        }
        if copy.sections.isEmpty { copy.sections = [Section(id: .int(0), range: 0..<0)] }
        return copy
    }
}
