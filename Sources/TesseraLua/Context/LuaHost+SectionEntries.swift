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
        // The entry's own fields, by position: 0 `id`, 1 `first`, 2 `count`. One that the
        // section's fields also name takes that field's place; the missing ones follow them.
        func own(_ key: String) -> Int? {
            switch key {
            case "id": 0
            case "first": 1
            case "count": 2
            default: nil
            }
        }
        func pushOwn(_ k: Int) {
            switch k {
            case 0: pushID(L, id); LuaStack.setField(L, -2, "id")
            case 1: lua_pushinteger(L, lua_Integer(range.lowerBound + 1)); LuaStack.setField(L, -2, "first")
            default: lua_pushinteger(L, lua_Integer(range.count)); LuaStack.setField(L, -2, "count")
            }
        }
        var missing: UInt8 = 0b111                           // bit k: own field k is still to add
        for key in fields.keys { if let k = own(key) { missing &= ~(1 << k) } }
        lua_createtable(L, 0, Int32(clamping: fields.count + missing.nonzeroBitCount))
        for (key, value) in fields {
            if let k = own(key) {
                pushOwn(k)
            } else {
                LuaStack.push(L, json: value, readOnly: true)
                LuaStack.setField(L, -2, key)
            }
        }
        for k in 0..<3 where missing & (1 << k) != 0 { pushOwn(k) }
        tb_pushreadonly(L)
    }

    /// [-0, +1, m] A section's id as its entry holds it: an integer, else the id's text.
    private static func pushID(_ L: OpaquePointer, _ id: ItemID) {
        if case .int(let n) = id { lua_pushinteger(L, lua_Integer(n)) } else { LuaStack.push(L, json: id.jsonValue, readOnly: true) }
    }
}
