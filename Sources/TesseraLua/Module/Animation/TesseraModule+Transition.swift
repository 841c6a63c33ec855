import CLua
import LuaBridge
import TesseraCore

// t.transition(from, to, progress): every item's frame part of the way between two layouts, for
// layout-change animations. `from` and `to` are lists of items, each a frame ({x, y, w, h} or
// {x =, y =, w =, h =}, as r:frames() gives) or a view-like table {id =, frame = {x, y, w, h}}
// (as e:views() gives); a result with a `frames` method (the REPL's run(...)) is read through it.
// An item's identity is its `id`, else its position. The answer lists the items of `to` in their
// order, then the items only in `from`: {id =, frame = {x, y, w, h}, alpha =}; an item in both
// moves linearly, one only in `to` fades in where it lands, one only in `from` fades out where
// it was.

extension TesseraModule {
    static let moduleTransition: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let old = try host.transitionItems(args, 1, "from")
            let new = try host.transitionItems(args, 2, "to")
            let progress = try args.number(3, "progress")
            let elements = LayoutTransition.frames(from: old, to: new, progress: progress)
            lua_createtable(L, Int32(elements.count), 0)
            for (k, element) in elements.enumerated() {
                lua_createtable(L, 0, 3)
                LuaStack.push(L!, json: element.id, readOnly: false); LuaStack.setField(L!, -2, "id")
                host.pushFrame(element.frame); LuaStack.setField(L!, -2, "frame")
                host.pushNumber(element.alpha); LuaStack.setField(L!, -2, "alpha")
                lua_rawseti(L, -2, lua_Integer(k + 1))
            }
            return 1
        }
    }
}

extension LuaHost {
    /// The items of argument `slot`: (identity, frame) per entry, ids unique.
    func transitionItems(_ args: LuaArguments, _ slot: Int32, _ name: String) throws -> [(id: JSONValue, frame: Rect)] {
        let expected = "a list of frames or of {id =, frame =} tables, or a result with :frames()"
        if lua_type(L, slot) != LUA_TTABLE {
            guard lua_type(L, slot) == LUA_TUSERDATA, luaL_getmetafield(L, slot, "__index") != LUA_TNIL else {
                throw args.error(slot, name, mustBe: expected, got: args.describe(slot, numeric: false))
            }
            defer { tb_pop(L, 1) }
            guard lua_type(L, -1) == LUA_TTABLE, LuaStack.rawField(L, -1, "frames") == LUA_TFUNCTION else {
                tb_pop(L, 1)
                throw args.error(slot, name, mustBe: expected, got: args.describe(slot, numeric: false))
            }
            lua_pushvalue(L, slot)
            try protectedCall(arguments: 1, results: 1)
            defer { tb_pop(L, 1) }
            return try transitionList(at: lua_gettop(L), args, slot, name)
        }
        return try transitionList(at: lua_absindex(L, slot), args, slot, name)
    }

    private func transitionList(at list: Int32, _ args: LuaArguments, _ slot: Int32, _ name: String) throws -> [(id: JSONValue, frame: Rect)] {
        let count = Int(tb_rawlen(L, list))
        var items: [(id: JSONValue, frame: Rect)] = []
        items.reserveCapacity(count)
        var seen = Set<JSONValue>(minimumCapacity: count)
        for k in stride(from: 1, through: count, by: 1) {
            tb_rawgeti(L, list, lua_Integer(k))
            defer { tb_pop(L, 1) }
            let entry = lua_gettop(L)
            guard lua_type(L, entry) == LUA_TTABLE else {
                throw args.error(.part(.argument(slot, name), "[\(k)]"), at: entry, mustBe: "a frame {x, y, w, h} or a table {id =, frame =}", numeric: false)
            }
            var id = JSONValue.int(k)
            let frameSlot = LuaStack.rawField(L, entry, "frame") == LUA_TTABLE ? lua_gettop(L) : entry
            defer { tb_pop(L, 1) }
            switch LuaStack.rawField(L, entry, "id") {
            case LUA_TNIL: break
            case LUA_TSTRING: id = .string(LuaStack.string(L, -1) ?? "")
            case LUA_TNUMBER:
                if let i = LuaStack.integer(L, -1) { id = .int(i) } else { id = .double(lua_tonumberx(L, -1, nil)) }
            default:
                let error = args.error(.part(.argument(slot, name), "[\(k)].id"), at: -1, mustBe: "a string or a number", numeric: false)
                tb_pop(L, 1)
                throw error
            }
            tb_pop(L, 1)
            guard let frame = rectangle(at: frameSlot) else {
                throw args.error(.part(.argument(slot, name), "[\(k)]"), "needs a frame {x, y, w, h} of finite numbers with a non-negative size")
            }
            guard seen.insert(id).inserted else {
                let named = if case .string(let text) = id { describeIdentifier(text) } else { JSONWriter.write(id) }
                throw args.error(.argument(slot, name), "has the id \(named) twice; ids must be unique within a layout")
            }
            items.append((id, frame))
        }
        return items
    }

    /// `{x, y, w, h}` or `{x =, y =, w =, h =}` at `slot`, if it is one.
    private func rectangle(at slot: Int32) -> Rect? {
        var values: [Double] = []
        for (k, key) in ["x", "y", "w", "h"].enumerated() {
            if tb_rawgeti(L, slot, lua_Integer(k + 1)) == LUA_TNIL {
                tb_pop(L, 1)
                LuaStack.rawField(L, slot, key)
            }
            defer { tb_pop(L, 1) }
            guard let v = LuaStack.number(L, -1), v.isFinite else { return nil }
            values.append(v)
        }
        guard values[2] >= 0, values[3] >= 0 else { return nil }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }
}
