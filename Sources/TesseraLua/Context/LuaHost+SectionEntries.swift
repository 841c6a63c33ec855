import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

// A section as Lua sees it (`ctx.sections`, `data.sections`, the section a t.sections or
// t.compositional function gets): a read-only table of its fields, then `id`, `first` (1-based)
// and `count`, which replace fields of those names.

extension LuaHost {
    /// [-0, +1, m] Pushes the read-only list of `sections`' entries. O(sections and their fields).
    static func pushSectionEntries(_ L: OpaquePointer, _ sections: [Dataset.Section]) {
        _ = lua_checkstack(L, 2)
        lua_createtable(L, Int32(clamping: sections.count), 0)
        for (k, s) in sections.enumerated() {
            pushSectionEntry(L, id: s.id, fields: s.fields, range: s.range)
            lua_rawseti(L, -2, lua_Integer(k + 1))
        }
        tb_pushreadonly(L)
    }

    /// [-0, +1, m] Pushes one section's entry, set field by field: a layout pass pushes one
    /// per section, and building the entry as one JSON object first (a copy of the fields and
    /// three insertions) cost more than pushing it. The keys go in in the order that object's
    /// would, into a table of the same size, so `pairs` visits them in the same order.
    /// O(fields).
    static func pushSectionEntry(_ L: OpaquePointer, id: ItemID, fields: OrderedDictionary<String, JSONValue>,
                                 range: Range<Int>) {
        _ = lua_checkstack(L, 4)
        var replaced = 0
        for key in fields.keys where key == "id" || key == "first" || key == "count" { replaced += 1 }
        lua_createtable(L, 0, Int32(clamping: fields.count + 3 - replaced))
        let table = lua_gettop(L)
        var missing = (id: true, first: true, count: true)
        for (key, value) in fields {
            switch key {
            case "id": pushID(L, id); missing.id = false
            case "first": lua_pushinteger(L, lua_Integer(range.lowerBound + 1)); missing.first = false
            case "count": lua_pushinteger(L, lua_Integer(range.count)); missing.count = false
            default: LuaStack.push(L, json: value, readOnly: true)
            }
            LuaStack.setField(L, table, key)
        }
        if missing.id { pushID(L, id); LuaStack.setField(L, table, "id") }
        if missing.first { lua_pushinteger(L, lua_Integer(range.lowerBound + 1)); LuaStack.setField(L, table, "first") }
        if missing.count { lua_pushinteger(L, lua_Integer(range.count)); LuaStack.setField(L, table, "count") }
        tb_pushreadonly(L)
    }

    /// [-0, +1, m] A section's id as its entry holds it: an integer, else the id's text.
    private static func pushID(_ L: OpaquePointer, _ id: ItemID) {
        if case .int(let n) = id { lua_pushinteger(L, lua_Integer(n)) } else { LuaStack.push(L, json: id.jsonValue, readOnly: true) }
    }
}
