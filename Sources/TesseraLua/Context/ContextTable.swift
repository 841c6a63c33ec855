import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

extension LuaHost {
    /// [-0, +1, m] Pushes the `ctx` table for `context` (docs/scripts.md, "`ctx`"): fields `width`, `height`,
    /// `count`, `sections`, the writer `set`, and the methods `item`, `section`, `id`, `size`,
    /// `textHeight`. `frames` is the stack slot of the frames userdata `set` writes into
    /// (nil: a closed one, so `set` raises). With a script `size` function (a registry ref),
    /// `ctx:size` calls it with the item instead of the context's size rule.
    /// The returned box collects the elements the script emits.
    /// - Complexity: O(sections).
    @discardableResult
    func pushContext(_ context: LayoutContext, frames: Int32?, scriptSize: Int32 = LUA_NOREF) -> ContextBox {
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

        lua_createtable(L, Int32(clamping: box.sections.count), 0)
        for (k, s) in box.sections.enumerated() {
            LuaStack.push(L, json: LuaHost.sectionEntry(id: s.id, fields: s.fields, range: s.range), readOnly: true)
            lua_rawseti(L, -2, lua_Integer(k + 1))
        }
        tb_pushreadonly(L)
        LuaStack.setField(L, ctx, "sections")

        if let frames { lua_pushvalue(L, frames) } else { _ = tb_newframes(L) }
        tb_pushsetter(L)
        LuaStack.setField(L, ctx, "set")

        pushBox(box, meta: boxMetaRef)
        let boxSlot = lua_gettop(L)
        lua_createtable(L, 0, 2)   // columns: plain arrays by field name (ctx:column, ctx:item)
        lua_createtable(L, 0, 2)   // their read-only views (ctx:column)
        func pushMethod(_ function: tb_HostFunction, _ name: String) {
            for k in 0..<3 { lua_pushvalue(L, boxSlot + Int32(k)) }
            pushHostFunction(function, named: name, upvalues: 3)
        }
        for entry in LuaHost.registrations(.context) {
            pushMethod(entry.function, entry.qualifiedName)
            LuaStack.setField(L, ctx, entry.name)
        }
        // Plain functions, called with a dot like ctx.set.
        for (name, function) in [("supplementary", LuaHost.contextSupplementary), ("decoration", LuaHost.contextDecoration)] {
            pushMethod(function, "ctx.\(name)")
            LuaStack.setField(L, ctx, name)
        }

        // ctx:item and ctx:size are C functions (Items.c) over Swift storage.
        if referenceDataAccess {
            pushMethod(LuaHost.contextItemTable, "ctx:item")
        } else {
            lua_pushvalue(L, boxSlot + 1)
            lua_createtable(L, 0, 2)   // reads per field name
            pushMethod(LuaHost.contextColumnData, "ctx:item")
            pushMethod(LuaHost.contextField, "ctx:item")
            pushMethod(LuaHost.contextFields, "ctx:item")
            tb_pushitemaccess(L, lua_Integer(context.count), context.count == 0 || box.fields(0) != nil ? 1 : 0)
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

    /// ctx's `__index(ctx, key)`: reached only for a key the table lacks, so it raises
    /// "ctx: field 'widht' is unknown (did you mean width?); known fields: ...", the fields being
    /// the table's own (a field the script set itself counts). O(fields).
    static let contextIndex: tb_HostFunction = { L, context in
        hosted(L, context) { _, args in
            let L = L!
            guard lua_type(L, 2) == LUA_TSTRING, let key = LuaStack.string(L, 2) else {
                throw args.error(2, "key", mustBe: "a string", got: args.describe(2, numeric: false))
            }
            var known: [String] = []
            lua_pushnil(L)
            while lua_next(L, 1) != 0 {
                if lua_type(L, -2) == LUA_TSTRING, let name = LuaStack.string(L, -2) { known.append(name) }
                tb_pop(L, 1)
            }
            throw args.unknownField(key, known: known.sorted())
        }
    }

    /// A section as Lua sees it (`ctx.sections`, `data.sections`, t.sections' function): its
    /// fields, then `id`, `first` (1-based) and `count`.
    static func sectionEntry(id: ItemID, fields: OrderedDictionary<String, JSONValue>, range: Range<Int>) -> JSONValue {
        var fields = fields
        fields["id"] = id.jsonValue
        fields["first"] = .int(range.lowerBound + 1)
        fields["count"] = .int(range.count)
        return .object(fields)
    }

    /// The box of a ctx method (its first upvalue after the host's own).
    static func contextBox(_ L: OpaquePointer) -> ContextBox {
        let slot = lua_touserdata(L, tb_upvalueindex(TB_HOST_UPVALUES + 1))!
        return Unmanaged<ContextBox>.fromOpaque(slot.load(as: UnsafeMutableRawPointer?.self)!).takeUnretainedValue()
    }

    /// Runs a ctx method body with its arguments and the context's box.
    static func contextMethod(_ L: OpaquePointer?, _ body: (ContextBox, LuaArguments) throws -> Int32) -> Int32 {
        let L = L!
        return raising(L) { try body(contextBox(L), LuaArguments(L, fallback: "ctx")) }
    }

    /// The 0-based item index from the 1-based one at stack slot 2 of `ctx:method(i, ...)`.
    static func itemIndex(_ args: LuaArguments, _ box: ContextBox) throws -> Int {
        let L = args.L
        guard let i = LuaStack.integer(L, 2) else {
            let hint = lua_type(L, 1) == LUA_TTABLE ? "" : " (call it with a colon: \(args.function)(i))"
            throw args.error(2, "i", mustBe: "an integer", got: args.describe(2) + hint)
        }
        guard i >= 1 && i <= box.context.count else {
            throw args.error(2, "i", mustBe: "an item index in 1..\(box.context.count)")
        }
        return i - 1
    }

    /// ctx:column(name) -> a read-only array whose entry i is `ctx:item(i)[name]` (nil where
    /// the item has no such field): one call for a hot loop instead of one `ctx:item` per item.
    /// Built once per `ctx` and name, shared with ctx:item. - Complexity: O(count) on the
    /// first call, O(1) after.
}
