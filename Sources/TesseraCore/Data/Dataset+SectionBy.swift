// Groups by a field (`--section-by FIELD`, `t.run{sectionBy = ...}`): a flat list of photos,
// apps or messages becomes sections without rewriting the file. Consecutive items only, so the
// file's order is kept (nothing is sorted); every command applies this one function after loading.

extension Dataset {
    /// The same items regrouped: each run of consecutive items with the same value of `field`
    /// is one section, titled by that value (the section's `title` field) and identified by it
    /// (a string or integer value is the id as is, any other value its JSON text). A run of
    /// consecutive items without the field is one section too, id and title `no FIELD`. A name
    /// that starts a second section gets `name(1)`, as duplicate ids are suffixed; the values'
    /// sections are named first, so a run without the field never takes a value's id. The
    /// sections the file gave are replaced; the items, their order and their fields are unchanged.
    /// - Throws: `DatasetError` when no item has the field (a misspelt or guessed name), with the
    ///   closest field name the items have, else the names they have but `id` (at most 12).
    /// - Complexity: O(n) over the items.
    public func sectioned(by field: String) throws -> Dataset {
        let runs = sectionRuns(of: field)
        if count > 0 && !runs.contains(where: { $0.value != nil }) {
            throw noItemHas(field, purpose: "to section by")
        }
        let missing = "no \(field)"
        let ids = Self.sectionIDs(runs.map { $0.value.map(Self.sectionID) }, missing: .string(missing))
        var copy = self
        copy.sections = runs.indices.map { k in
            let end = k + 1 < runs.count ? runs[k + 1].start : count
            let title = runs[k].value.map { $0.string ?? JSONWriter.write($0) } ?? missing
            return Section(id: ids[k], fields: ["title": .string(title)], range: runs[k].start..<end)
        }
        if copy.sections.isEmpty { copy.sections = [Section(id: .int(0), range: 0..<0)] }
        return copy
    }

    /// The runs of consecutive items with one value of `field` (nil: without it), with the
    /// index each starts at. O(n).
    private func sectionRuns(of field: String) -> [(value: JSONValue?, start: Int)] {
        var runs: [(value: JSONValue?, start: Int)] = []
        var next = 0   // the first item not seen yet
        forEachValue(of: field, in: 0..<count) { i, value in
            if i != next { runs.append((nil, next)) }
            if i != next || runs.last?.value != value { runs.append((value, i)) }
            next = i + 1
        }
        if next != count { runs.append((nil, next)) }
        return runs
    }

    /// Whether some item has the field `name` (any value). O(shapes × fields).
    package func someItemHas(field name: String) -> Bool { fieldColumns.namesInUse.contains(name) }

    /// The error for a field no item has, a misspelt or guessed name (`--section-by`,
    /// `--label`): `expected some item to have the field "ap" to section by, found no item with
    /// it (did you mean app?)`, else the names the items have but `id` (at most 12), which is
    /// never what was meant. O(shapes × fields).
    package func noItemHas(_ field: String, purpose: String) -> DatasetError {
        var hint = DidYouMean.hint(for: field, among: fieldColumns.namesInUse)
        let names = fieldColumns.namesInUse.filter { $0 != "id" }
        if hint.isEmpty && !names.isEmpty {
            let shown = names.prefix(12).map(describeIdentifier).joined(separator: ", ")
            hint = "; the items' fields are \(shown)\(names.count > 12 ? " and \(NumberText.grouped(names.count - 12)) more" : "")"
        }
        return DatasetError(file: sourceName, message: "expected some item to have the field \(describeIdentifier(field)) \(purpose), found no item with it\(hint)")
    }

    /// A value's section id: a string or an integer as is, any other value its JSON text.
    private static func sectionID(_ value: JSONValue) -> ItemID {
        switch value {
        case .string(let s): return .string(s)
        case .int(let v): return .int(v)
        default: return .string(JSONWriter.write(value))
        }
    }

    /// The sections' ids from the runs' (nil: a run without the field, named `missing`), each
    /// repeat suffixed. The values' ids are named first, so theirs are the ids they would have
    /// without those runs. O(runs) expected.
    private static func sectionIDs(_ named: [ItemID?], missing: ItemID) -> [ItemID] {
        let order = named.indices.filter { named[$0] != nil } + named.indices.filter { named[$0] == nil }
        var ids = order.map { named[$0] ?? missing }
        for (k, renamed) in DuplicatePolicy.suffixRenames(ids) { ids[k] = renamed }
        var byRun = ids
        for (k, run) in order.enumerated() { byRun[run] = ids[k] }
        return byRun
    }
}
