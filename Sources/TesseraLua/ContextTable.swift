import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

/// The `LayoutContext` behind a Lua `ctx` table, kept alive by the table's methods.
final class ContextBox {
    let context: LayoutContext
    /// The context's sections, in its 0-based indices (see `LayoutContext.sections`).
    let sections: [Dataset.Section]

    init(_ context: LayoutContext) {
        self.context = context
        self.sections = context.sections
    }

    /// The section holding item `index` (0-based) and the item's place in it. O(log sections).
    func section(of index: Int) -> (section: Int, item: Int) {
        let s = Dataset.sectionIndex(containing: index, in: sections)
        return (s, index - sections[s].range.lowerBound)
    }
}

extension LuaHost {
    /// [-0, +1, m] Pushes the `ctx` table for `context` (SPEC §7): fields `width`, `height`,
    /// `count`, `sections`, the writer `set`, and the methods `item`, `section`, `id`, `size`,
    /// `textHeight`. `frames` is the stack slot of the frames userdata `set` writes into
    /// (nil: a closed one, so `set` raises). With a script `size` function (a registry ref),
    /// `ctx:size` calls it with the item instead of the context's size rule.
    /// - Complexity: O(sections).
    func pushContext(_ context: LayoutContext, frames: Int32?, scriptSize: Int32 = LUA_NOREF) {
        _ = lua_checkstack(L, 12)
        let box = ContextBox(context)
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
        for (name, function) in LuaHost.contextMethods {
            lua_pushvalue(L, boxSlot)
            tb_pushhostfunction(L, function, self.context, 1)
            LuaStack.setField(L, ctx, name)
        }
        tb_pop(L, 1)

        if scriptSize != LUA_NOREF {
            lua_rawgeti(L, LuaStack.registry, lua_Integer(scriptSize))
            LuaStack.rawField(L, ctx, "item")
            lua_pushnumber(L, context.collectionSize.width)
            lua_pushnumber(L, context.collectionSize.height)
            tb_pushscriptsize(L)
            LuaStack.setField(L, ctx, "size")
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

    static let contextMethods: [(String, tb_HostFunction)] = [
        ("item", LuaHost.contextItem), ("section", LuaHost.contextSection), ("id", LuaHost.contextID),
        ("size", LuaHost.contextSize), ("textHeight", LuaHost.contextTextHeight),
    ]

    /// The box of a ctx method (its first upvalue after the host's own).
    static func contextBox(_ L: OpaquePointer) -> ContextBox {
        let slot = lua_touserdata(L, tb_upvalueindex(TB_HOST_UPVALUES + 1))!
        return Unmanaged<ContextBox>.fromOpaque(slot.load(as: UnsafeMutableRawPointer?.self)!).takeUnretainedValue()
    }

    /// Reads the 1-based item index at stack slot 2 of `ctx:method(i, ...)`; on failure pushes
    /// the message and returns nil.
    static func itemIndex(_ L: OpaquePointer, _ box: ContextBox, method: String) -> Int? {
        guard let i = LuaStack.integer(L, 2) else {
            let got = lua_type(L, 2) == LUA_TNUMBER ? "a non-integer" : LuaStack.typeName(L, 2)
            let hint = lua_type(L, 1) == LUA_TTABLE ? "" : " (call it with a colon: ctx:\(method)(i))"
            LuaStack.push(L, "ctx:\(method): the item index must be an integer, got \(got)\(hint)")
            return nil
        }
        guard i >= 1 && i <= box.context.count else {
            LuaStack.push(L, "ctx:\(method): item \(i) is out of range 1..\(box.context.count)")
            return nil
        }
        return i - 1
    }

    /// ctx:item(i) -> the dataset item as a read-only table (nil without a dataset).
    static let contextItem: tb_HostFunction = { L, _ in
        let L = L!, box = LuaHost.contextBox(L)
        guard let i = itemIndex(L, box, method: "item") else { return TB_RAISE }
        if let item = box.context.item(at: i) {
            LuaStack.push(L, json: .object(item.fields), readOnly: true)
        } else {
            lua_pushnil(L)
        }
        return 1
    }

    /// ctx:id(i) -> the item's id (an integer or a string).
    static let contextID: tb_HostFunction = { L, _ in
        let L = L!, box = LuaHost.contextBox(L)
        guard let i = itemIndex(L, box, method: "id") else { return TB_RAISE }
        switch box.context.item(at: i)?.id {
        case .int(let v)?: lua_pushinteger(L, lua_Integer(v))
        case .string(let s)?: LuaStack.push(L, s)
        case nil: LuaStack.push(L, box.context.identifier(at: i))
        }
        return 1
    }

    /// ctx:section(i) -> the index of the item's section in ctx.sections, and the item's
    /// position in it (both 1-based).
    static let contextSection: tb_HostFunction = { L, _ in
        let L = L!, box = LuaHost.contextBox(L)
        guard let i = itemIndex(L, box, method: "section") else { return TB_RAISE }
        let (section, item) = box.section(of: i)
        lua_pushinteger(L, lua_Integer(section + 1))
        lua_pushinteger(L, lua_Integer(item + 1))
        return 2
    }

    /// ctx:size(i [, pw, ph]) -> w, h for the proposal (default: the container size). O(1)
    /// for sized items; this is on the hot path of most layouts, so it reads its arguments
    /// directly and borrows the box without retaining it.
    static let contextSize: tb_HostFunction = { L, _ in
        let L = L!
        let slot = lua_touserdata(L, tb_upvalueindex(TB_HOST_UPVALUES + 1))!
        return Unmanaged<ContextBox>.fromOpaque(slot.load(as: UnsafeMutableRawPointer.self))
            ._withUnsafeGuaranteedRef { box in
                var isInteger: Int32 = 0
                let i = Int(lua_tointegerx(L, 2, &isInteger))
                guard isInteger != 0, i >= 1, i <= box.context.count else {
                    _ = itemIndex(L, box, method: "size")   // pushes the message
                    return TB_RAISE
                }
                var proposal = box.context.collectionSize
                if lua_type(L, 3) > LUA_TNIL {
                    guard let v = proposalNumber(L, 3, "pw") else { return TB_RAISE }
                    proposal.width = v
                }
                if lua_type(L, 4) > LUA_TNIL {
                    guard let v = proposalNumber(L, 4, "ph") else { return TB_RAISE }
                    proposal.height = v
                }
                let size = box.context.size(at: i - 1, proposed: proposal)
                lua_pushnumber(L, size.width)
                lua_pushnumber(L, size.height)
                return 2
            }
    }

    /// The proposal at `slot`, or nil after pushing the message.
    private static func proposalNumber(_ L: OpaquePointer, _ slot: Int32, _ name: String) -> Double? {
        if let v = LuaStack.number(L, slot), v.isFinite, v >= 0 { return v }
        let got = LuaStack.number(L, slot).map { LuaHost.numberText($0) } ?? LuaStack.typeName(L, slot)
        LuaStack.push(L, "ctx:size: \(name) must be a finite, non-negative number, got \(got)")
        return nil
    }

    /// ctx:textHeight(text, width [, {fontSize=, lineHeight=}]) -> the height of `text`
    /// wrapped to `width` by the built-in deterministic measurer.
    static let contextTextHeight: tb_HostFunction = { L, _ in
        let L = L!
        guard let text = LuaStack.string(L, 2) else {
            LuaStack.push(L, "ctx:textHeight: text must be a string, got \(LuaStack.typeName(L, 2))")
            return TB_RAISE
        }
        guard let width = LuaStack.number(L, 3), width.isFinite, width >= 0 else {
            let got = LuaStack.number(L, 3).map { LuaHost.numberText($0) } ?? LuaStack.typeName(L, 3)
            LuaStack.push(L, "ctx:textHeight: width must be a finite, non-negative number, got \(got)")
            return TB_RAISE
        }
        var measurer = TextMeasurer()
        if lua_type(L, 4) == LUA_TTABLE {
            for key in ["fontSize", "lineHeight"] {
                let type = LuaStack.rawField(L, 4, key)
                let v = LuaStack.number(L, -1)
                tb_pop(L, 1)
                guard type != LUA_TNIL else { continue }
                guard let v, v.isFinite, v > 0 else {
                    LuaStack.push(L, "ctx:textHeight: \(key) must be a positive number")
                    return TB_RAISE
                }
                if key == "fontSize" { measurer.fontSize = v } else { measurer.lineHeight = v }
            }
        }
        lua_pushnumber(L, measurer.height(of: text, width: width))
        return 1
    }

    /// A number as messages show it: integral values without ".0", like the bridge's "%.14g".
    static func numberText(_ v: Double) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v > 0 ? "inf" : "-inf" }
        return JSONWriter.format(v)
    }
}
