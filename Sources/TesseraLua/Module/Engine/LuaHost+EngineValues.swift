import CLua
import LuaBridge
import TesseraCore

// How the engine's values look in Lua: numbers, frames, views and events as tables. Indices and
// sections are 1-based; views and events carry the view's category ("cell", "supplementary",
// "decoration") and kind; an event carries the `animation` its view's animator returned.

extension LuaHost {
    /// [-0, +1, m] A list of numbers; whole ones as Lua integers, so they print as `50`.
    func pushNumbers(_ values: [Double]) {
        lua_createtable(L, Int32(values.count), 0)
        for (k, v) in values.enumerated() {
            pushNumber(v)
            lua_rawseti(L, -2, lua_Integer(k + 1))
        }
    }

    /// [-0, +1, -] A number; a whole one as a Lua integer.
    func pushNumber(_ v: Double) {
        if let n = Int(whole: v, in: -999_999_999_999_999...999_999_999_999_999) { lua_pushinteger(L, lua_Integer(n)) } else { lua_pushnumber(L, v) }
    }

    /// The name of a view's category in Lua and JSON: a cell is `"cell"`.
    static func categoryName(_ c: ElementCategory) -> String { c == .item ? "cell" : c.rawValue }

    /// [-0, +0, m] Sets `category`, `kind`, `id`, `index` (1-based, absent for a section's
    /// header, footer or background) and `section` (1-based) of the table on top.
    func setViewFields(category: ElementCategory, kind: String, id: ItemID, index: Int?, section: Int) {
        LuaStack.push(L, LuaHost.categoryName(category)); LuaStack.setField(L, -2, "category")
        LuaStack.push(L, kind); LuaStack.setField(L, -2, "kind")
        LuaStack.push(L, id: id); LuaStack.setField(L, -2, "id")
        if let index { lua_pushinteger(L, lua_Integer(index + 1)); LuaStack.setField(L, -2, "index") }
        lua_pushinteger(L, lua_Integer(section + 1)); LuaStack.setField(L, -2, "section")
    }

    /// [-0, +1, m] Events as a list of tables (1-based indices, frames as {x, y, w, h}).
    func pushEvents(_ events: [EngineEvent]) {
        lua_createtable(L, Int32(events.count), 0)
        for (k, e) in events.enumerated() {
            if e.type == .adjust, let delta = e.delta, let offset = e.contentOffset {
                // {type = "adjust", dx =, dy =, offset = {x, y}, sections = {[s] = {x, y}}?}: no
                // view; `sections` (1-based) when a shelf's offset moved.
                lua_createtable(L, 0, 5)
                LuaStack.push(L, e.type.rawValue); LuaStack.setField(L, -2, "type")
                lua_pushnumber(L, delta.x); LuaStack.setField(L, -2, "dx")
                lua_pushnumber(L, delta.y); LuaStack.setField(L, -2, "dy")
                pushNumbers([offset.x, offset.y]); LuaStack.setField(L, -2, "offset")
                if let shelves = e.sectionOffsets, !shelves.isEmpty {
                    lua_createtable(L, 0, Int32(shelves.count))
                    for (s, o) in shelves { pushNumbers([o.x, o.y]); lua_rawseti(L, -2, lua_Integer(s + 1)) }
                    LuaStack.setField(L, -2, "sections")
                }
                lua_rawseti(L, -2, lua_Integer(k + 1))
                continue
            }
            lua_createtable(L, 0, 10)
            LuaStack.push(L, e.type.rawValue); LuaStack.setField(L, -2, "type")
            lua_pushinteger(L, lua_Integer(e.view)); LuaStack.setField(L, -2, "view")
            setViewFields(category: e.category, kind: e.kind, id: e.id, index: e.index, section: e.section)
            pushFrame(e.frame); LuaStack.setField(L, -2, "frame")
            if let old = e.oldFrame { pushFrame(old); LuaStack.setField(L, -2, "oldFrame") }
            // The view is gone after the pass (a delete, or a view moved out of view), or new
            // (an insert, or a view a relayout moved into view).
            if e.removesView { lua_pushboolean(L, 1); LuaStack.setField(L, -2, "removesView") }
            if e.addsView { lua_pushboolean(L, 1); LuaStack.setField(L, -2, "addsView") }
            if let animation = e.animation { pushAnimation(animation); LuaStack.setField(L, -2, "animation") }
            lua_rawseti(L, -2, lua_Integer(k + 1))
        }
    }

    func pushFrame(_ f: Rect) { pushNumbers([f.x, f.y, f.width, f.height]) }
}

extension LuaHost {
    /// [-0, +1, m] A view as a table: {view=, category=, kind=, id=, index=, section=,
    /// frame={x, y, w, h}, zIndex=, pinned=, data=}.
    func pushView(_ v: EngineView) {
        lua_createtable(L, 0, 10)
        lua_pushinteger(L, lua_Integer(v.number)); LuaStack.setField(L, -2, "view")
        setViewFields(category: v.category, kind: v.kind, id: v.id, index: v.index, section: v.section)
        pushFrame(v.frame); LuaStack.setField(L, -2, "frame")
        lua_pushinteger(L, lua_Integer(v.zIndex)); LuaStack.setField(L, -2, "zIndex")
        if v.pinned { lua_pushboolean(L, 1); LuaStack.setField(L, -2, "pinned") }
        LuaStack.push(L, json: v.data, readOnly: false); LuaStack.setField(L, -2, "data")
    }
}
