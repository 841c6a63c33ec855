import CLua
import LuaBridge
import TesseraCore

extension TesseraModule {
    /// t.sized(layout, size) and layout:sized(size): `layout` with its items sized by the Lua
    /// function `size(item, pw, ph, i) -> w, h` (item as ctx:item gives it, the
    /// proposal pw x ph, i 1-based; the same shape as a script's own `size` hook), so a built-in layout used inside a script gets the script's sizes.
    static let moduleSized: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let root = try args.layout(1, "layout", host: host)
            let size = try args.function(2, "size", host: host, expected: "a function(item, pw, ph, i) returning w, h")
            host.pushLayout(LuaSizedLayout(root: root, size: size))
            return 1
        }
    }
}

/// A layout whose items take their sizes from a Lua function: the root lays out a context
/// whose size rule calls `size(item, pw, ph, i)` (checked: two numbers from 0 to `Item.largestSize`).
/// A failing size call throws out of the root's layout pass.
/// `Sendable` through its `LuaReference`; it calls Lua only inside a layout pass of the host's
/// layouts (see `WeakHost`).
struct LuaSizedLayout: Layout {
    let root: any Layout
    let size: LuaReference

    func layout(_ context: LayoutContext) throws -> AnyLayoutResult {
        guard let host = size.host else { throw LuaArguments.hostClosed("layout:sized") }
        let function = size
        let sized = context.withSizes { [weakHost = WeakHost(host)] i, proposal in
            guard let host = weakHost.host else { throw LuaArguments.hostClosed("layout:sized") }
            return try host.callSize(function, item: context.item(at: i), index: i, proposal: proposal)
        }
        return AnyLayoutResult(try root.layout(sized))
    }
}

extension LuaHost {
    /// Calls a script size function `size(item, pw, ph, i)` for 0-based item `index`, checked
    /// by the bridge's `tb_runsize`.
    func callSize(_ function: LuaReference, item: Item?, index: Int, proposal: Size) throws -> Size {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        _ = lua_checkstack(L, 8)
        lua_pushcclosure(L, tb_runsize, 0)
        push(function)
        if let item { LuaStack.push(L, json: .object(item.fields), readOnly: true) } else { lua_pushnil(L) }
        lua_pushnumber(L, proposal.width)
        lua_pushnumber(L, proposal.height)
        lua_pushinteger(L, lua_Integer(index + 1))
        try protectedCall(arguments: 5, results: 2)
        return Size(width: lua_tonumberx(L, -2, nil), height: lua_tonumberx(L, -1, nil))
    }
}
