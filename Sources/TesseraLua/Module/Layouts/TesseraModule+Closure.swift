import CLua
import LuaBridge
import TesseraCore

extension TesseraModule {
    /// t.closure(fn): `fn(i, ctx)` returns x, y, w, h for item i.
    static let moduleClosure: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let function = try args.function(1, "frame", host: host, expected: "a function(i, ctx) returning x, y, w, h")
            host.pushLayout(LuaClosure(function: function).layout, name: "closure")
            return 1
        }
    }
}

/// t.closure(fn) as TesseraCore's ClosureLayout: one checked call of `fn(i, ctx)` per item,
/// with one `ctx` table per layout pass.
/// `@unchecked Sendable`: `ctx` changes only inside a layout pass of the host's layouts, which
/// holds the host's lock or runs on the host's thread (see `WeakHost`).
final class LuaClosure: @unchecked Sendable {
    let function: LuaReference
    private var ctx: LuaReference?
    /// ctx's item pass, ended when the next pass makes a new ctx, or with this closure.
    private var itemPass: lua_Integer = 0

    init(function: LuaReference) { self.function = function }

    deinit { if let host = function.host { host.locked { host.endItems(itemPass) } } }

    var layout: ClosureLayout {
        ClosureLayout { [self] index, context in try self.frame(index, context) }
    }

    private func frame(_ index: Int, _ context: LayoutContext) throws -> Rect {
        guard let host = function.host else { throw LuaArguments.hostClosed("t.closure") }
        let L = host.L
        if index == 0 || ctx == nil {   // ClosureLayout asks for items 0, 1, 2, ... per pass
            host.endItems(itemPass)
            itemPass = host.pushContext(context).itemPass
            ctx = host.popReference()
        }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_pushcclosure(L, tb_runframe, 0)
        host.push(function)
        lua_pushinteger(L, lua_Integer(index + 1))
        host.push(ctx!)
        lua_pushnil(L)
        try host.protectedCall(arguments: 4, results: 4)
        return Rect(x: lua_tonumberx(L, -4, nil), y: lua_tonumberx(L, -3, nil),
                    width: lua_tonumberx(L, -2, nil), height: lua_tonumberx(L, -1, nil))
    }
}
