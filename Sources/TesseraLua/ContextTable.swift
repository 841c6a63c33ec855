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
        for entry in LuaHost.registrations(.context) {
            lua_pushvalue(L, boxSlot)
            pushHostFunction(entry.function, named: entry.qualifiedName, upvalues: 1)
            LuaStack.setField(L, ctx, entry.name)
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

    /// ctx:item(i) -> the dataset item as a read-only table (nil without a dataset).
    static let contextItem: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in
            let i = try itemIndex(args, box)
            if let item = box.context.item(at: i) {
                LuaStack.push(L!, json: .object(item.fields), readOnly: true)
            } else {
                lua_pushnil(L)
            }
            return 1
        }
    }

    /// ctx:id(i) -> the item's id (an integer or a string).
    static let contextID: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in
            let i = try itemIndex(args, box)
            switch box.context.item(at: i)?.id {
            case .int(let v)?: lua_pushinteger(L, lua_Integer(v))
            case .string(let s)?: LuaStack.push(L!, s)
            case nil: LuaStack.push(L!, box.context.identifier(at: i))
            }
            return 1
        }
    }

    /// ctx:section(i) -> the index of the item's section in ctx.sections, and the item's
    /// position in it (both 1-based).
    static let contextSection: tb_HostFunction = { L, _ in
        contextMethod(L) { box, args in
            let (section, item) = box.section(of: try itemIndex(args, box))
            lua_pushinteger(L, lua_Integer(section + 1))
            lua_pushinteger(L, lua_Integer(item + 1))
            return 2
        }
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
                var proposal = box.context.collectionSize
                let pw = lua_type(L, 3) > LUA_TNIL, ph = lua_type(L, 4) > LUA_TNIL
                if pw { proposal.width = lua_tonumberx(L, 3, nil) }
                if ph { proposal.height = lua_tonumberx(L, 4, nil) }
                guard isInteger != 0, i >= 1, i <= box.context.count,
                      !pw || (lua_type(L, 3) == LUA_TNUMBER && proposal.width.isFinite && proposal.width >= 0),
                      !ph || (lua_type(L, 4) == LUA_TNUMBER && proposal.height.isFinite && proposal.height >= 0) else {
                    return contextMethod(L) { box, args in   // the slow path only builds the message
                        _ = try itemIndex(args, box)
                        _ = try args.optNumber(3, "pw", .nonNegative, default: 0)
                        _ = try args.optNumber(4, "ph", .nonNegative, default: 0)
                        return 0
                    }
                }
                let size = box.context.size(at: i - 1, proposed: proposal)
                lua_pushnumber(L, size.width)
                lua_pushnumber(L, size.height)
                return 2
            }
    }

    /// ctx:textHeight(text, width [, {fontSize=, lineHeight=}]) -> the height of `text`
    /// wrapped to `width` by the built-in deterministic measurer.
    static let contextTextHeight: tb_HostFunction = { L, _ in
        contextMethod(L) { _, args in
            let text = try args.string(2, "text")
            let width = try args.number(3, "width", .nonNegative)
            var measurer = TextMeasurer()
            if let options = try args.optTable(4, "options", known: ["fontSize", "lineHeight"]) {
                if let v = try options.optNumber("fontSize", .positive) { measurer.fontSize = v }
                if let v = try options.optNumber("lineHeight", .positive) { measurer.lineHeight = v }
            }
            lua_pushnumber(L, measurer.height(of: text, width: width))
            return 1
        }
    }
}
