import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

/// `LuaStack.json` with a memory of the last table shapes it met: a list of items of one shape
/// (a provider's `data`, converted item by item or as one list) reads each item's field names by
/// comparing their bytes with the previous item's rather than decoding them, and reuses their
/// sorted order instead of sorting again. Scalars convert in the loop that meets them. One
/// converter serves a run of conversions on one state; results are those of `LuaStack.json`,
/// byte for byte.
struct LuaJSONConverter {
    let L: OpaquePointer
    let poll: LimitPoll?
    /// The shape of the last object met at depth 0 and at depth 1 (an item given alone, or as a
    /// list's element), whose next object at that depth is likely the same shape.
    private var shapes = (LuaTableShape(), LuaTableShape())

    init(_ L: OpaquePointer, poll: LimitPoll? = nil) {
        self.L = L
        self.poll = poll
    }

    /// The value at `index` as JSON, as `LuaStack.json` documents it.
    /// - Complexity: O(size of the value); `path` is only evaluated for a message.
    mutating func json(_ index: Int32, path: @autoclosure () -> String, depth: Int = 0) throws -> JSONValue {
        try poll?.step()
        let index = lua_absindex(L, index)
        let type = lua_type(L, index)
        if let scalar = scalar(type, index) { return scalar }
        switch type {
        case LUA_TTABLE:
            guard depth < 32 else { throw LuaStack.ConversionError(message: "\(path()) is nested too deeply (a cycle?)") }
            return try table(index, path: path(), depth: depth)
        case LUA_TLIGHTUSERDATA where tb_isitem(L, index) != 0:   // ctx:item(i): its fields
            let ok = tb_pushitemfields(L, index) != 0
            defer { tb_pop(L, 1) }
            guard ok else {
                throw LuaStack.ConversionError(message: "\(path()): \(LuaStack.string(L, -1) ?? "the item's fields could not be read")")
            }
            return try json(-1, path: path(), depth: depth + 1)
        default:
            throw LuaStack.ConversionError(
                message: "\(path()) must be plain data (numbers, strings, booleans, tables), got \(LuaStack.typeName(L, index))")
        }
    }

    /// A nil, boolean, number or string of `type` at `index`; nil for any other type.
    @inline(__always)
    private func scalar(_ type: Int32, _ index: Int32) -> JSONValue? {
        switch type {
        case LUA_TNIL: return .null
        case LUA_TBOOLEAN: return .bool(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return .int(Int(lua_tointegerx(L, index, nil))) }
            return .double(lua_tonumberx(L, index, nil))
        case LUA_TSTRING: return .string(LuaStack.string(L, index) ?? "")
        default: return nil
        }
    }

    /// The table at `index` (or behind its read-only view): an array or an object.
    private mutating func table(_ index: Int32, path: @autoclosure () -> String, depth: Int) throws -> JSONValue {
        _ = lua_checkstack(L, 4)
        let plain = LuaStack.pushPlainTable(L, index)
        defer { tb_pop(L, 1) }
        let index = plain
        var shape = depth == 0 ? shapes.0 : depth == 1 ? shapes.1 : LuaTableShape()
        // Lists rather than dictionaries: no hashing for the many small tables.
        var array: [(key: Int, value: JSONValue)] = []
        var keys: ContiguousArray<String> = [], values: ContiguousArray<JSONValue> = []
        // Keys matching the shape's so far, in order; their names join `keys` only on a mismatch.
        var matched = 0
        var matching = !shape.isEmpty
        lua_pushnil(L)
        // lua_next raises only for a key that is not in the table; it gets back its own.
        while tb_next(L, index) != 0 {
            let keyType = lua_type(L, -2), valueType = lua_type(L, -1)
            if keyType == LUA_TNUMBER, let k = LuaStack.integer(L, -2), k >= 1 {
                if array.isEmpty { array.reserveCapacity(Int(tb_rawlen(L, index))) }
                array.append((k, try value(valueType, path: "\(path())[\(k)]", depth: depth)))
            } else if keyType == LUA_TSTRING {
                var length = 0
                let bytes = lua_tolstring(L, -2, &length).map { UnsafeRawBufferPointer(start: $0, count: length) }
                // An item's few fields fit without growing the lists field by field.
                if values.isEmpty { values.reserveCapacity(matching ? shape.count : 4) }
                if matching, let bytes, shape.matches(bytes, at: matched) {
                    values.append(try value(valueType, path: "\(path()).\(shape.name(at: matched))", depth: depth))
                    matched += 1
                } else {
                    if matching { matching = false; keys = shape.names(matched) }
                    let k = bytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
                    if keys.isEmpty { keys.reserveCapacity(4) }
                    values.append(try value(valueType, path: "\(path()).\(k)", depth: depth))
                    keys.append(k)
                }
            } else {
                tb_pop(L, 2)
                throw LuaStack.ConversionError(message: "\(path()) has a key that is neither a string nor a positive integer")
            }
            tb_pop(L, 1)
        }
        if matching && matched > 0 && matched < shape.count { matching = false; keys = shape.names(matched) }
        let named = matching ? matched : keys.count
        if !array.isEmpty && named > 0 {
            throw LuaStack.ConversionError(message: "\(path()) mixes array items and named fields")
        }
        if named == 0 {   // `{}` is an empty list (fill = {}), the common meaning in Lua
            // Distinct positive keys whose largest is their count are exactly 1...count.
            guard array.isEmpty || array.lazy.map(\.key).max() == array.count else {
                throw LuaStack.ConversionError(message: "\(path()) is an array with holes")
            }
            if !array.indices.allSatisfy({ array[$0].key == $0 + 1 }) { array.sort { $0.key < $1.key } }
            return .array(array.map(\.value))
        }
        if matching { return .object(shape.object(values)) }
        if depth <= 1 {
            shape = LuaTableShape(keys)
            if depth == 0 { shapes.0 = shape } else { shapes.1 = shape }
        }
        return .object(LuaStack.object(keys, values))
    }

    /// A table's value of Lua type `type` on top of the stack: a scalar here, anything else
    /// through `json`.
    @inline(__always)
    private mutating func value(_ type: Int32, path: @autoclosure () -> String, depth: Int) throws -> JSONValue {
        if let scalar = scalar(type, -1) {
            try poll?.step()
            return scalar
        }
        return try json(-1, path: path(), depth: depth + 1)
    }
}
