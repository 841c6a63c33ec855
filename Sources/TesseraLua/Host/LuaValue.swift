import CLua
import LuaBridge

/// A Lua value seen from Swift. Scalars are copied; tables, functions and userdata stay in
/// Lua and are held through a `LuaReference`.
public enum LuaValue: Equatable, Sendable {
    /// Lua's `nil`.
    case `nil`
    /// A boolean.
    case boolean(Bool)
    /// An integer (Lua 5.4's integer subtype).
    case integer(Int)
    /// A float.
    case number(Double)
    /// A string.
    case string(String)
    /// A table, kept in the host's registry.
    case table(LuaReference)
    /// A function, kept in the host's registry.
    case function(LuaReference)
    /// Userdata (layout values built with `t.*`) and anything else (threads).
    case userdata(LuaReference)

    /// Lua's type name ("nil", "number", "table", ...).
    public var typeName: String {
        switch self {
        case .nil: return "nil"
        case .boolean: return "boolean"
        case .integer, .number: return "number"
        case .string: return "string"
        case .table: return "table"
        case .function: return "function"
        case .userdata: return "userdata"
        }
    }
}

extension LuaHost {
    /// [-1, +0, m] Pops the value on top and wraps it.
    func popValue() -> LuaValue {
        defer { tb_pop(L, 1) }
        return value(at: -1)
    }

    /// [-0, +0, m] The value at `index` (tables and functions get a registry reference).
    func value(at index: Int32) -> LuaValue {
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return .integer(Int(lua_tointegerx(L, index, nil))) }
            return .number(lua_tonumberx(L, index, nil))
        case LUA_TSTRING: return .string(LuaStack.string(L, index) ?? "")
        case LUA_TTABLE: return .table(reference(at: index))
        case LUA_TFUNCTION: return .function(reference(at: index))
        default: return .userdata(reference(at: index))
        }
    }

    /// [-0, +1, m] Pushes a value.
    func push(_ value: LuaValue) {
        _ = lua_checkstack(L, 2)
        switch value {
        case .nil: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .integer(let i): lua_pushinteger(L, lua_Integer(i))
        case .number(let d): lua_pushnumber(L, d)
        case .string(let s): LuaStack.push(L, s)
        case .table(let r), .function(let r), .userdata(let r): push(r)
        }
    }

    /// [-0, +1, -] Pushes the referenced value (nil if it belongs to another host).
    func push(_ reference: LuaReference) {
        if reference.host === self { lua_rawgeti(L, LuaStack.registry, lua_Integer(reference.ref)) } else { lua_pushnil(L) }
    }

    /// [-0, +0, m] A registry reference to the value at `index`.
    func reference(at index: Int32) -> LuaReference {
        lua_pushvalue(L, index)
        return LuaReference(host: self, ref: luaL_ref(L, LuaStack.registry))
    }

    func unref(_ ref: Int32) { luaL_unref(L, LuaStack.registry, ref) }

    func rawEqual(_ a: LuaReference, _ b: LuaReference) -> Bool {
        push(a); push(b)
        defer { tb_pop(L, 2) }
        return lua_rawequal(L, -1, -2) != 0
    }
}
