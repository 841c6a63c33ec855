import CLua
import LuaBridge
import TesseraCore

// How a dataset looks in Lua (the REPL's `data`, and what t.diff reads back): a read-only array
// of the items (every field, plus `id`, and `w`/`h` for generated items whose sizes live
// outside their fields), with `sections` (`id`, `first` (1-based), `count` and the section's
// fields), `meta` (the file's other top-level fields) and `file` (where it was read from; not
// `source`, which a dataset's own metadata often names).
/// A dataset kept alive by the Lua table that shows it: the whole dataset, or one of its
/// sections (an entry of `data.sections`, which a provider takes as that section's items).
final class DatasetBox {
    let dataset: Dataset
    /// The section the table is an entry for; nil for the whole dataset.
    let section: Dataset.Section?
    init(_ dataset: Dataset, section: Dataset.Section? = nil) { self.dataset = dataset; self.section = section }
}

extension LuaHost {
    /// [-0, +1, m] Pushes `dataset` as its read-only table. O(size of the dataset).
    func pushDataset(_ dataset: Dataset) {
        _ = lua_checkstack(L, 4)
        lua_createtable(L, Int32(clamping: dataset.count), 3)
        for i in 0..<dataset.count {
            LuaStack.push(L, json: Self.itemValue(dataset, i), readOnly: true)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        Self.pushSectionEntries(L, dataset.sections)
        markSections(of: dataset)
        LuaStack.setField(L, -2, "sections")
        LuaStack.push(L, json: .object(dataset.metadata), readOnly: true)
        LuaStack.setField(L, -2, "meta")
        LuaStack.push(L, dataset.sourceName)
        LuaStack.setField(L, -2, "file")
        tb_pushreadonly(L)
        // The dataset itself rides on the proxy's metatable (out of scripts' reach: its
        // `__metatable` hides it), so a provider given this table lays out the same dataset
        // `tessera run` does: its sections, its sizes, its typed ids.
        lua_getmetatable(L, -1)
        pushBox(DatasetBox(dataset), meta: boxMetaRef)
        LuaStack.setField(L, -2, LuaHost.datasetKey)
        tb_pop(L, 1)
    }

    static let datasetKey = "__tessera_dataset"

    /// [-0, +0, m] Gives every entry of the read-only sections list on top the dataset and its
    /// section's range, as `pushDataset` gives the dataset's table. O(sections).
    private func markSections(of dataset: Dataset) {
        let list = LuaStack.pushPlainTable(L, -1)
        defer { lua_settop(L, list - 1) }
        for (s, section) in dataset.sections.enumerated() {
            tb_rawgeti(L, list, lua_Integer(s + 1))
            lua_getmetatable(L, -1)
            pushBox(DatasetBox(dataset, section: section), meta: boxMetaRef)
            LuaStack.setField(L, -2, LuaHost.datasetKey)
            tb_pop(L, 2)
        }
    }

    /// [-0, +0, -] The dataset behind the table at `slot` when it is one `pushDataset` made.
    func dataset(at slot: Int32) -> Dataset? {
        guard let part = datasetPart(at: slot), part.section == nil else { return nil }
        return part.dataset
    }

    /// [-0, +0, -] The dataset, or the section of one, behind the table at `slot` when it is the
    /// dataset's table or an entry of its `sections`.
    func datasetPart(at slot: Int32) -> DatasetBox? {
        guard lua_type(L, slot) == LUA_TTABLE, lua_getmetatable(L, slot) != 0 else { return nil }
        defer { tb_pop(L, 2) }
        _ = LuaStack.rawField(L, -1, LuaHost.datasetKey)
        return box(at: -1, meta: boxMetaRef, as: DatasetBox.self)
    }

    /// Item `i` as Lua sees it: every field, plus `id`, and `w`/`h` for generated items whose
    /// sizes live outside their fields. O(fields).
    static func itemValue(_ dataset: Dataset, _ i: Int) -> JSONValue {
        let item = dataset.item(at: i)
        var fields = item.fields
        if fields["id"] == nil { fields["id"] = item.id.jsonValue }
        if item.intrinsicWidth == nil, dataset.widths[i].isFinite { fields["w"] = Self.integralJSON(dataset.widths[i]) }
        if item.intrinsicHeight == nil, dataset.heights[i].isFinite { fields["h"] = Self.integralJSON(dataset.heights[i]) }
        return .object(fields)
    }

    /// Integral values as integers, so they print as `120` rather than `120.0`.
    static func integralJSON(_ v: Double) -> JSONValue {
        Int(whole: v, in: -8_999_999_999_999_999...8_999_999_999_999_999).map(JSONValue.int) ?? .double(v)
    }
}
