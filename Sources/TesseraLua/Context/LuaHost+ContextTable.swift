import CLua
import LuaBridge
import TesseraCore

// The `ctx` table a layout pass hands a script, built per pass from a `ContextBox`; its methods
// written in Swift are TesseraModule's (Context/TesseraModule+ContextMethods.swift).

extension LuaHost {
    /// [-0, +1, m] Pushes the `ctx` table for `context` (docs/scripts.md, "`ctx`"): fields `width`, `height`,
    /// `count`, `sections`, the writer `set`, and the methods `item`, `section`, `id`, `size`,
    /// `textHeight`. `set` writes into the buffer of the simpleLayout that runs (none outside
    /// one, so it raises there). With a script `size` function (a registry ref),
    /// `ctx:size` calls it with the item instead of the context's size rule.
    /// The returned box collects the elements the script emits.
    /// - Complexity: O(sections).
    @discardableResult
    func pushContext(_ context: LayoutContext, scriptSize: Int32 = LUA_NOREF) -> ContextBox {
        _ = lua_checkstack(L, 12)
        let box = ContextBox(context, reference: referenceDataAccess)
        lua_createtable(L, 0, 12)
        let ctx = lua_gettop(L)
        lua_pushnumber(L, context.collectionSize.width)
        LuaStack.setField(L, ctx, "width")
        lua_pushnumber(L, context.collectionSize.height)
        LuaStack.setField(L, ctx, "height")
        lua_pushinteger(L, lua_Integer(context.count))
        LuaStack.setField(L, ctx, "count")

        Self.pushSectionEntries(L, box.sections)
        LuaStack.setField(L, ctx, "sections")

        tb_pushsetter(L)
        LuaStack.setField(L, ctx, "set")

        pushBox(box, meta: boxMetaRef)
        let boxSlot = lua_gettop(L)
        lua_createtable(L, 0, 2)   // columns: plain arrays by field name (ctx:column, ctx:item)
        lua_createtable(L, 0, 2)   // their read-only views (ctx:column)
        func pushMethod(_ function: tb_HostFunction, _ name: String, arguments: Int? = nil) {
            for k in 0..<3 { lua_pushvalue(L, boxSlot + Int32(k)) }
            pushHostFunction(function, named: name, upvalues: 3, arguments: arguments)
        }
        for method in Self.contextMethods {
            pushMethod(method.function, method.qualifiedName, arguments: method.arguments)
            LuaStack.setField(L, ctx, method.name)
        }

        // ctx:item and ctx:size are C functions (Items.c) over Swift storage.
        if referenceDataAccess {
            pushMethod(TesseraModule.contextItemTable, "ctx:item")
        } else {
            lua_pushvalue(L, boxSlot + 1)
            lua_createtable(L, 0, 2)   // reads per field name
            pushMethod(TesseraModule.contextColumnData, "ctx:item")
            pushMethod(TesseraModule.contextNumberColumn, "ctx:item")
            pushMethod(TesseraModule.contextField, "ctx:item")
            pushMethod(TesseraModule.contextFields, "ctx:item")
            box.itemPass = tb_pushitemaccess(L, lua_Integer(context.count), context.count == 0 || box.fields(0) != nil ? 1 : 0)
        }
        LuaStack.setField(L, ctx, "item")

        if scriptSize != LUA_NOREF {
            lua_rawgeti(L, LuaStack.registry, lua_Integer(scriptSize))
            LuaStack.rawField(L, ctx, "item")
            lua_pushnumber(L, context.collectionSize.width)
            lua_pushnumber(L, context.collectionSize.height)
            tb_pushscriptsize(L)
        } else {
            lua_pushvalue(L, boxSlot)
            let sizer = tb_pushsizer(L)!
            sizer.pointee.size = ContextBox.sizeOfItem
            sizer.pointee.source = Unmanaged.passUnretained(box).toOpaque()
            if let widths = box.widths, let heights = box.heights {   // sized items answered in C
                sizer.pointee.widths = UnsafePointer(widths.baseAddress)
                sizer.pointee.heights = UnsafePointer(heights.baseAddress)
                sizer.pointee.rule = Int32(ContextBox.bridgeRule(box.sizing.rule))
            }
            sizer.pointee.count = lua_Integer(context.count)
            sizer.pointee.width = context.collectionSize.width
            sizer.pointee.height = context.collectionSize.height
        }
        LuaStack.setField(L, ctx, "size")
        lua_settop(L, ctx)
        lua_rawgeti(L, LuaStack.registry, lua_Integer(contextMetaRef))
        lua_setmetatable(L, ctx)
        return box
    }

    /// The ctx methods written in Swift, named once rather than on every pass (a t.sections
    /// layout pushes a context per section): `registrations(.context)`, then the plain functions
    /// called with a dot like ctx.set, (kind, section, x, y, w, h [, opts]).
    private static let contextMethods: [(name: String, qualifiedName: String, function: tb_HostFunction, arguments: Int)] =
        TesseraModule.registrations(.context).map { ($0.name, $0.qualifiedName, $0.function, $0.arguments) }
        + [("supplementary", "ctx.supplementary", TesseraModule.contextSupplementary, 7),
           ("decoration", "ctx.decoration", TesseraModule.contextDecoration, 7)]

    /// [-0, +0, -] Ends ctx:item's pass `pass` (`ContextBox.itemPass`; 0 for none): its items
    /// raise when read from now on, and what they read (columns, the context) can be collected.
    func endItems(_ pass: lua_Integer) {
        if pass != 0 { tb_enditems(L, pass) }
    }
}
