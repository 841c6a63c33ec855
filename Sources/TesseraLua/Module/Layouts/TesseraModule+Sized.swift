import CLua
import LuaBridge
import TesseraCore

extension TesseraModule {
    /// t.sized(layout, size) and layout:sized(size): `layout` with its items sized by the Lua
    /// function `size(item, i, pw, ph) -> w, h` (item as ctx:item gives it, i 1-based, the
    /// proposal pw x ph: the order of a provider's `size` function), so a built-in layout used
    /// inside a script gets the script's sizes.
    static let moduleSized: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let root = try args.layout(1, "layout", host: host)
            let size = try args.function(2, "size", host: host, expected: "a function(item, i, pw, ph) returning w, h")
            // sized used to call fn(item, pw, ph, i): a function written for that order would
            // now read i as pw without a word, so one whose second parameter is still named pw
            // is refused here, once, rather than laid out wrong.
            if LuaStack.parameterName(args.L, 2, at: 2) == "pw" {
                throw args.error(.argument(2, "size"), "takes (item, i, pw, ph), but its second parameter is named pw, as in the order sized had before (item, pw, ph, i); write function(item, i, pw, ph)")
            }
            host.pushLayout(LuaSizedLayout(root: root, size: size, order: .indexSecond), name: host.decoratedName("sized", at: 1, of: root))
            return 1
        }
    }
}

/// A layout whose items take their sizes from a Lua function: the root lays out a context
/// whose size rule calls `size` (checked: two numbers from 0 to `Item.largestSize`) with the
/// arguments in `order`. A failing size call throws out of the root's layout pass.
/// `Sendable` through its `LuaReference`; it calls Lua only inside a layout pass of the host's
/// layouts (see `WeakHost`).
struct LuaSizedLayout: Layout {
    let root: any Layout
    let size: LuaReference
    let order: SizeArgumentOrder

    func layout(_ context: LayoutContext) throws -> AnyLayoutResult {
        guard let host = size.host else { throw LuaArguments.hostClosed("layout:sized") }
        let function = size, order = order
        let sized = context.withSizes { [weakHost = WeakHost(host)] i, proposal in
            guard let host = weakHost.host else { throw LuaArguments.hostClosed("layout:sized") }
            return try host.callSize(function, order: order, item: context.item(at: i), index: i, proposal: proposal)
        }
        return AnyLayoutResult(try root.layout(sized))
    }
}

/// Where a Lua size function takes the item's 1-based index: second for `layout:sized`'s
/// `fn(item, i, pw, ph)` (a provider's order), last for a script's own `size(item, pw, ph, i)`.
enum SizeArgumentOrder: Sendable {
    case indexSecond, indexLast
}

extension LuaHost {
    /// Calls a Lua size function for 0-based item `index` with its arguments in `order`,
    /// checked by the bridge's `tb_runsize`.
    func callSize(_ function: LuaReference, order: SizeArgumentOrder, item: Item?, index: Int, proposal: Size) throws -> Size {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        _ = lua_checkstack(L, 8)
        lua_pushcclosure(L, tb_runsize, 0)
        push(function)
        lua_pushinteger(L, lua_Integer(index + 1))
        if let item { LuaStack.push(L, json: .object(item.fields), readOnly: true) } else { lua_pushnil(L) }
        if order == .indexSecond { lua_pushinteger(L, lua_Integer(index + 1)) }
        lua_pushnumber(L, proposal.width)
        lua_pushnumber(L, proposal.height)
        if order == .indexLast { lua_pushinteger(L, lua_Integer(index + 1)) }
        try protectedCall(arguments: 6, results: 2)
        return Size(width: lua_tonumberx(L, -2, nil), height: lua_tonumberx(L, -1, nil))
    }
}
