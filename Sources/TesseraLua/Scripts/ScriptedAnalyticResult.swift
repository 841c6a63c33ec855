import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

/// The result of an analytic script (`frame(i)`, `visible(x, y, w, h)`): every query is a
/// protected call into Lua, so a 10-million-cell grid costs nothing until it is asked.
///
/// A query the script fails throws the script's error (file:line, message, traceback) to
/// whoever asked: the CLI, the REPL, the engine and the renderers all see it the same way.
public struct ScriptedAnalyticResult: LayoutResult {
    /// `@unchecked Sendable`: every query holds the host's lock (see `frame(at:)`, `visible(in:)`).
    final class State: @unchecked Sendable {
        let host: LuaHost
        let version: ScriptVersion
        let context: LuaReference
        let params: LuaReference
        let count: Int
        /// ctx's item pass: its items can be read while the result lives.
        let itemPass: lua_Integer

        init(host: LuaHost, version: ScriptVersion, context: LuaReference, params: LuaReference, count: Int,
             itemPass: lua_Integer) {
            self.host = host; self.version = version; self.context = context; self.params = params; self.count = count
            self.itemPass = itemPass
        }

        deinit { host.locked { host.endItems(itemPass) } }

        /// frame(i + 1, ctx, params), checked by the bridge. One protected call.
        func frame(at index: Int) throws -> Rect {
            try host.locked { try unlockedFrame(at: index) }
        }

        private func unlockedFrame(at index: Int) throws -> Rect {
            let L = host.L
            let top = lua_gettop(L)
            defer { lua_settop(L, top) }
            lua_pushcclosure(L, tb_runframe, 0)
            lua_rawgeti(L, LuaStack.registry, lua_Integer(version.frame))
            lua_pushinteger(L, lua_Integer(index + 1))
            host.push(context)
            host.push(params)
            try host.protectedCall(arguments: 4, results: 4)
            return Rect(x: lua_tonumberx(L, -4, nil), y: lua_tonumberx(L, -3, nil),
                        width: lua_tonumberx(L, -2, nil), height: lua_tonumberx(L, -1, nil))
        }

        /// visible(x, y, w, h, ctx, params) as 0-based indices, sorted, without repeats, and
        /// kept only where frame(i) really overlaps `rect` with a positive area, so that the
        /// result honours the `LayoutResult` contract even if the script over-approximates.
        func visible(in rect: Rect) throws -> [Int] {
            try host.locked { try unlockedVisible(in: rect) }
        }

        private func unlockedVisible(in rect: Rect) throws -> [Int] {
            let L = host.L
            let top = lua_gettop(L)
            defer { lua_settop(L, top) }
            lua_pushcclosure(L, tb_runvisible, 0)
            lua_rawgeti(L, LuaStack.registry, lua_Integer(version.visible))
            for v in [rect.x, rect.y, rect.width, rect.height] { lua_pushnumber(L, v) }
            lua_pushinteger(L, lua_Integer(count))
            host.push(context)
            host.push(params)
            try host.protectedCall(arguments: 8, results: 1)
            let n = Int(tb_rawlen(L, -1))
            var indices: [Int] = []
            indices.reserveCapacity(n)
            for k in stride(from: 1, through: n, by: 1) {
                tb_rawgeti(L, -1, lua_Integer(k))
                indices.append(Int(lua_tointegerx(L, -1, nil)) - 1)
                tb_pop(L, 1)
            }
            indices.sort()
            var result: [Int] = []
            result.reserveCapacity(indices.count)
            for i in indices where i != result.last {
                if try frame(at: i).overlapsWithPositiveArea(rect) { result.append(i) }
            }
            return result
        }
    }

    let state: State
    public let contentSize: Size

    public var count: Int { state.count }

    /// Item `index`'s frame, or the script's error. O(1) protected call.
    /// - Throws: `LayoutError.indexOutOfRange` for an index outside `0..<count` (the script is
    ///   not asked), else the script's `LuaScriptError`.
    public func frame(at index: Int) throws -> Rect {
        try checkIndex(index)
        return try state.frame(at: index)
    }

    /// The items visible in `rect`, or the script's error. O(k) protected calls.
    public func visible(in rect: Rect) throws -> [Int] { try state.visible(in: rect) }
}
