import CLua
import LuaBridge
import TesseraCore

/// A layout value in Lua (`t.waterfall{}`, `t.inset(...)`): a full userdata holding a retained
/// pointer to one of these, released by `__gc`.
final class LayoutBox {
    let layout: any Layout
    /// How many layout values deep it is built (t.inset over t.inset over ... counts each);
    /// bounded by `LuaHost.maxLayoutNesting` so neither laying out nor releasing it recurses
    /// deeply enough to overflow the native stack.
    let depth: Int
    /// "file:line: " of the script line that built it ("" if none): laying it out is done by
    /// the host later, so its errors carry this place.
    let origin: String
    /// What the user wrote or can write to make it (see `LuaHost.pushLayout(_:name:)`).
    let name: String
    /// The longest name a decorator's name quotes whole (`LuaHost.decoratedName`).
    static let longestInnerName = 100
    init(_ layout: any Layout, name: String, depth: Int = 1, origin: String = "") {
        self.layout = layout; self.name = name; self.depth = depth; self.origin = origin
    }
}

extension LuaHost {
    /// Builds the metatables: layout userdata (with the methods `:inset`, `:transposed`,
    /// `:sticky`, `:visibleFrameInset`), other boxes (only `__gc`), and script layout tables
    /// (the same methods through `__index`).
    func makeMetatables() {
        boxMetaRef = makeBoxMetatable(named: nil)
        layoutMetaRef = makeBoxMetatable(named: "layout", [
            ("__tostring", { self.pushHostFunction(LuaHost.layoutToString, named: "layout") }),
            ("__index", pushLayoutMethods),
        ])

        // Script tables (a script's table is a layout) get the same methods, through
        // `__index`, so a field the script defines itself wins. Locked like every metatable a
        // script can reach: it is the host's, shared by every script table.
        lua_createtable(L, 0, 2)
        pushLayoutMethods()
        LuaStack.setField(L, -2, "__index")
        lockMetatable()
        scriptMetaRef = luaL_ref(L, LuaStack.registry)
        // ctx tables hold every field as a raw field, so `__index` runs only for a field ctx
        // doesn't have (a misspelling): reads of real fields cost what they did.
        lua_createtable(L, 0, 1)
        pushHostFunction(TesseraModule.contextIndex, named: "ctx")
        LuaStack.setField(L, -2, "__index")
        lockMetatable()
        contextMetaRef = luaL_ref(L, LuaStack.registry)
        makeEngineMetatables()
    }

    /// [-0, +1, m] Pushes `layout` as a layout value named `name`, which `tostring` shows
    /// (`tessera layout: NAME`): the `t.` function that made it (`waterfall`, `closure`), after
    /// it in parentheses the name of the layout it decorates (`inset(waterfall)`), or a
    /// script's name. Its depth is one more than the deepest layout value read since the last
    /// push (the layouts it was built from).
    func pushLayout(_ layout: any Layout, name: String) {
        luaL_where(L, 1)
        let origin = LuaStack.string(L, -1) ?? ""
        tb_pop(L, 1)
        pushBox(LayoutBox(layout, name: name, depth: deepestLayoutRead + 1, origin: origin), meta: layoutMetaRef)
        deepestLayoutRead = 0
    }

    /// [-0, +0, m] Makes the metatable of a boxed host value and returns its registry reference:
    /// `__gc` releases the box; with a `name`, `__name` and a locked `__metatable` say
    /// "tessera.NAME"; each field's function pushes its value ([-0, +1]).
    func makeBoxMetatable(named name: String?, _ fields: [(String, () -> Void)] = []) -> Int32 {
        lua_createtable(L, 0, Int32(fields.count + 3))
        lua_pushcclosure(L, LuaHost.releaseBox, 0)
        LuaStack.setField(L, -2, "__gc")
        for (key, push) in fields {
            push()
            LuaStack.setField(L, -2, key)
        }
        if let name {
            for key in ["__name", "__metatable"] {
                LuaStack.push(L, "tessera.\(name)")
                LuaStack.setField(L, -2, key)
            }
        } else {
            lockMetatable()
        }
        return luaL_ref(L, LuaStack.registry)
    }

    /// [-0, +0, m] Locks the metatable on top: `getmetatable` gives `false` instead of the
    /// host's table (whose `__gc` a script could otherwise replace or call on any userdata),
    /// and `setmetatable` refuses to replace it.
    func lockMetatable() {
        lua_pushboolean(L, 0)
        LuaStack.setField(L, -2, "__metatable")
    }

    /// [-0, +0, -] Gives the script layout table at `index` the layout methods (`scriptMetaRef`)
    /// unless it already has a metatable of its own.
    func adoptScriptTable(at index: Int32) {
        guard lua_type(L, index) == LUA_TTABLE else { return }
        let index = lua_absindex(L, index)
        if lua_getmetatable(L, index) != 0 { tb_pop(L, 1); return }
        lua_rawgeti(L, LuaStack.registry, lua_Integer(scriptMetaRef))
        lua_setmetatable(L, index)
    }

    /// [-0, +1, m] Pushes `object` as a userdata with the metatable `meta` (a registry ref).
    func pushBox(_ object: AnyObject, meta: Int32) {
        let slot = lua_newuserdatauv(L, MemoryLayout<UnsafeMutableRawPointer?>.size, 0)!
        slot.storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer?.self)
        lua_rawgeti(L, LuaStack.registry, lua_Integer(meta))
        lua_setmetatable(L, -2)
    }

    /// [-0, +0, -] The object in the box at `index` if that box has the metatable `meta`.
    func box<T: AnyObject>(at index: Int32, meta: Int32, as type: T.Type) -> T? {
        guard lua_type(L, index) == LUA_TUSERDATA, lua_getmetatable(L, index) != 0 else { return nil }
        lua_rawgeti(L, LuaStack.registry, lua_Integer(meta))
        let same = lua_rawequal(L, -1, -2) != 0
        tb_pop(L, 2)
        guard same, let slot = lua_touserdata(L, index),
              let pointer = slot.load(as: UnsafeMutableRawPointer?.self) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? T
    }

    /// `__gc` of every box: releases the Swift object once. Never raises.
    static let releaseBox: lua_CFunction = { L in
        if let slot = lua_touserdata(L, 1), let pointer = slot.load(as: UnsafeMutableRawPointer?.self) {
            slot.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
        return 0
    }

    static let layoutToString: tb_HostFunction = { L, context in
        let host = LuaHost.from(context)
        let name = host.box(at: 1, meta: host.layoutMetaRef, as: LayoutBox.self)?.name ?? "?"
        LuaStack.push(L!, "tessera layout: \(name)")
        return 1
    }

    /// [-0, +0, -] The name of the layout value at `index`, which `layout(at:what:)` read as
    /// `layout`: a `t.*` value's, or a script table's.
    func layoutName(at index: Int32, of layout: any Layout) -> String {
        box(at: index, meta: layoutMetaRef, as: LayoutBox.self)?.name ?? (layout as? ScriptedLayout)?.name ?? "?"
    }

    /// [-0, +0, -] The name of `decorator` over the layout value at `index` (read as `layout`):
    /// "inset(waterfall)". An inner name past `LayoutBox.longestInnerName` bytes shows as "..."
    /// ("inset(...)"): names live outside the script's memory cap, and one per level would
    /// otherwise grow with the nesting, so a script keeping many deep layouts could hold far
    /// more than the cap allows. O(length of the inner name).
    func decoratedName(_ decorator: String, at index: Int32, of layout: any Layout) -> String {
        let inner = layoutName(at: index, of: layout)
        return "\(decorator)(\(inner.utf8.count > LayoutBox.longestInnerName ? "..." : inner))"
    }
}
