import CLua
import LuaBridge
@testable import TesseraLua

/// Every C function a live Lua state can reach beyond the standard library: the host
/// functions (`t.*`, layout, ctx, engine, provider and result methods, the REPL's built-ins,
/// metamethods) and the C bridge's own (`ctx.set`, `ctx:size`, read-only views).
///
/// Found by walking everything the registry holds (tables' keys and values, metatables,
/// userdata's user values and functions' upvalues), so a function registered anywhere is
/// found however it is reached; the standard library's functions are those a fresh
/// `luaL_openlibs` state holds. - Complexity: O(values reachable).
struct RegisteredFunctions {
    /// One function: its registered name (a host function's upvalue 2, what its messages
    /// say), and the key it was first found under (`flow`, `__index`, `set`).
    struct Found: Hashable, CustomStringConvertible {
        let name: String?
        let key: String
        /// Whether it is a host function (Swift behind the bridge's trampoline).
        let isHost: Bool
        /// A registry reference to it (`LUA_NOREF` in the standard library's walk).
        var reference: Int32 = LUA_NOREF
        var description: String { "\(name ?? "<unnamed>") (\(isHost ? "host" : "C") function found as '\(key)')" }
    }

    /// The functions of `host`'s state, each once (by identity), in the order found, each
    /// held by a registry reference (release them with `luaL_unref`).
    static func all(in host: LuaHost) -> [Found] {
        let standard = standardLibrary()
        let L = host.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        host.push(host.tessera)
        lua_getfield(L, -1, "flow")
        let trampoline = lua_tocfunction(L, -1).map { unsafeBitCast($0, to: UInt.self) }
        lua_settop(L, top)
        var walker = Walker(L: L) { L, index, key in
            guard let function = lua_tocfunction(L, index) else { return nil }
            let address = unsafeBitCast(function, to: UInt.self)
            let isHost = address == trampoline
            if !isHost && standard.contains(address) { return nil }
            var name: String?
            if isHost, lua_getupvalue(L, index, 2) != nil {
                name = LuaStack.string(L, -1)
                tb_pop(L, 1)
            }
            return Found(name: name, key: key, isHost: isHost)
        }
        // The functions found, kept in a table off the registry until the walk ends (a table
        // must not grow while `lua_next` walks it).
        lua_createtable(L, 0, 0)
        walker.holder = lua_gettop(L)
        lua_pushvalue(L, LuaStack.registry)
        walker.visit(lua_gettop(L), key: "registry")
        return walker.found.enumerated().map { k, found in
            var found = found
            tb_rawgeti(L, walker.holder, lua_Integer(k + 1))
            found.reference = luaL_ref(L, LuaStack.registry)
            return found
        }
    }

    /// The C functions of the standard library, by address.
    static func standardLibrary() -> Set<UInt> {
        let L = luaL_newstate()!
        defer { lua_close(L) }
        luaL_openlibs(L)
        var walker = Walker(L: L) { L, index, _ in
            lua_tocfunction(L, index).map { Found(name: String(unsafeBitCast($0, to: UInt.self)), key: "", isHost: false) }
        }
        lua_pushvalue(L, LuaStack.registry)
        walker.visit(lua_gettop(L), key: "registry")
        return Set(walker.found.compactMap { $0.name.flatMap { UInt($0) } })
    }

    /// A depth-first walk recording the C functions `record` accepts.
    struct Walker {
        let L: OpaquePointer
        let record: (OpaquePointer, Int32, String) -> Found?
        var seen: Set<UnsafeRawPointer> = []
        var found: [Found] = []
        /// The slot of a table collecting the functions found, if any.
        var holder: Int32 = 0

        /// Visits the value at the absolute slot `index`, found under `key`.
        mutating func visit(_ index: Int32, key: String) {
            let type = lua_type(L, index)
            guard type == LUA_TTABLE || type == LUA_TFUNCTION || type == LUA_TUSERDATA,
                  let pointer = lua_topointer(L, index), seen.insert(pointer).inserted else { return }
            _ = lua_checkstack(L, 8)
            switch type {
            case LUA_TTABLE:
                lua_pushnil(L)
                while lua_next(L, index) != 0 {
                    let name = lua_type(L, -2) == LUA_TSTRING ? LuaStack.string(L, -2) ?? "?" : "[\(LuaStack.typeName(L, -2))]"
                    visit(lua_gettop(L) - 1, key: "key")
                    visit(lua_gettop(L), key: name)
                    tb_pop(L, 1)
                }
            case LUA_TUSERDATA:
                var n: Int32 = 1
                while lua_getiuservalue(L, index, n) != LUA_TNONE {
                    visit(lua_gettop(L), key: key)
                    tb_pop(L, 1)
                    n += 1
                }
                tb_pop(L, 1)
            default:
                if lua_iscfunction(L, index) != 0, let entry = record(L, index, key) {
                    found.append(entry)
                    if holder != 0 {
                        lua_pushvalue(L, index)
                        lua_rawseti(L, holder, lua_Integer(found.count))
                    }
                }
                var n: Int32 = 1
                while lua_getupvalue(L, index, n) != nil {
                    visit(lua_gettop(L), key: key)
                    tb_pop(L, 1)
                    n += 1
                }
            }
            if type != LUA_TFUNCTION, lua_getmetatable(L, index) != 0 {
                visit(lua_gettop(L), key: key)
                tb_pop(L, 1)
            }
        }
    }
}
