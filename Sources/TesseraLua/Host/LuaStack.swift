import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

/// Small, non-raising helpers over the Lua C API, in the spirit of lauxlib: each states its
/// stack effect. Functions marked `m` allocate; Swift calls them only where allocations are
/// never refused (outside script code, or inside a host function), so they cannot raise.
enum LuaStack {
    static let registry = tb_registryindex()

    /// [-0, +0, -] The string at `index`, only if it *is* a string (no number conversion,
    /// which would allocate and change the slot).
    static func string(_ L: OpaquePointer, _ index: Int32) -> String? {
        withBytes(L, index) { String(decoding: $0, as: UTF8.self) }
    }

    /// [-0, +0, -] The bytes of the string at `index`, unchanged (Lua strings are bytes;
    /// `string(_:_:)` decodes them as UTF-8). O(length).
    static func bytes(_ L: OpaquePointer, _ index: Int32) -> [UInt8]? {
        withBytes(L, index) { Array($0) }
    }

    /// [-0, +0, -] `body` of the bytes of the string at `index`, in place (valid while the
    /// string stays on the stack), only if it *is* a string.
    static func withBytes<R>(_ L: OpaquePointer, _ index: Int32, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let p = lua_tolstring(L, index, &length) else { return nil }
        return body(UnsafeRawBufferPointer(start: p, count: length))
    }

    /// [-0, +0, -] The number at `index`, if it is one (strings are not converted).
    static func number(_ L: OpaquePointer, _ index: Int32) -> Double? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        return lua_tonumberx(L, index, nil)
    }

    /// [-0, +0, -] The integer at `index`, if it is a number with an integral value.
    static func integer(_ L: OpaquePointer, _ index: Int32) -> Int? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        var ok: Int32 = 0
        let v = lua_tointegerx(L, index, &ok)
        return ok != 0 ? Int(v) : nil
    }

    /// [-0, +0, -] Lua's name for the type at `index` ("nil", "table", ...), "tessera.item" for
    /// an item of `ctx:item` (a light userdata).
    static func typeName(_ L: OpaquePointer, _ index: Int32) -> String {
        String(cString: tb_typename(L, index))
    }

    /// [-0, +0, -] The name of parameter `n` (1-based) of the Lua function at `index`, as its
    /// source wrote it; nil for a C function or one with fewer parameters.
    static func parameterName(_ L: OpaquePointer, _ index: Int32, at n: Int32) -> String? {
        lua_pushvalue(L, index)
        defer { tb_pop(L, 1) }
        return lua_getlocal(L, nil, n).map { String(cString: $0) }
    }

    /// [-0, +1, m] An id as Lua sees it: an integer id as an integer, any other in its printed
    /// form (`"0-1-a"`).
    static func push(_ L: OpaquePointer, id: ItemID) {
        if case .int(let v) = id { lua_pushinteger(L, lua_Integer(v)) } else { push(L, id.description) }
    }

    /// [-0, +1, m]
    static func push(_ L: OpaquePointer, _ s: String) {
        var s = s
        s.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }

    /// [-1, +0, m] t[key] = the value on top, for the table at `table` (a fresh table without
    /// a metatable, so only an allocation can fail).
    static func setField(_ L: OpaquePointer, _ table: Int32, _ key: String) {
        let t = lua_absindex(L, table)
        push(L, key)
        lua_rotate(L, -2, 1)
        lua_rawset(L, t)
    }

    /// [-0, +1, -] Pushes t[key] without metamethods.
    @discardableResult
    static func rawField(_ L: OpaquePointer, _ table: Int32, _ key: String) -> Int32 {
        let t = lua_absindex(L, table)
        push(L, key)
        return tb_rawget(L, t)
    }

    /// [-0, +1, m] Pushes a JSON value: objects and arrays as tables (read-only views when
    /// `readOnly`), null as nil, integers as Lua integers.
    static func push(_ L: OpaquePointer, json: JSONValue, readOnly: Bool) {
        try? push(L, json: json, readOnly: readOnly, poll: nil)   // without a poll it never throws
    }

    /// [-0, +1, m] Pushes a script's resolved params (their keys: the names it declares) as a
    /// table that refuses any other name (`tb_declareparams`), a read-only view when `readOnly`.
    /// `nilEntries`: the names whose entry in the script's `params = {...}` is nil, with the
    /// entry's "file:line" (`TableEntryLine.nilEntries`), which reading one names.
    static func push(_ L: OpaquePointer, params: OrderedDictionary<String, JSONValue>, readOnly: Bool,
                     nilEntries: [String: String] = [:]) {
        push(L, json: .object(params), readOnly: readOnly)
        lua_createtable(L, Int32(clamping: params.count), 3)
        for (k, name) in params.keys.enumerated() {
            push(L, name)
            lua_rawseti(L, -2, lua_Integer(k + 1))
        }
        if !nilEntries.isEmpty {
            push(L, TB_PARAMSNILS)
            lua_createtable(L, 0, Int32(clamping: nilEntries.count))
            for (name, place) in nilEntries {
                push(L, name)
                push(L, place)
                lua_rawset(L, -3)
            }
            lua_rawset(L, -3)
        }
        tb_declareparams(L, -2)
    }

    /// [-0, +1, m] `push(_:json:readOnly:)` for a host function: `poll` steps once per value,
    /// so a large value stops at the script's limits (the stack is then left unbalanced, for
    /// the error the host function raises).
    static func push(_ L: OpaquePointer, json: JSONValue, readOnly: Bool, poll: LimitPoll?) throws {
        try poll?.step()
        _ = lua_checkstack(L, 4)
        switch json {
        case .null: lua_pushnil(L)
        case .bool(let b): lua_pushboolean(L, b ? 1 : 0)
        case .int(let i): lua_pushinteger(L, lua_Integer(i))
        case .double(let d): lua_pushnumber(L, d)
        case .string(let s): push(L, s)
        case .array(let a):
            lua_createtable(L, Int32(clamping: a.count), 0)
            for (k, v) in a.enumerated() {
                try push(L, json: v, readOnly: readOnly, poll: poll)
                lua_rawseti(L, -2, lua_Integer(k + 1))
            }
            if readOnly { tb_pushreadonly(L) }
        case .object(let o):
            lua_createtable(L, 0, Int32(clamping: o.count))
            for (k, v) in o {
                try push(L, json: v, readOnly: readOnly, poll: poll)
                setField(L, -2, k)
            }
            if readOnly { tb_pushreadonly(L) }
        }
    }

    /// [-0, +1, -] Pushes the table behind a read-only view (`tb_pushreadonly`: an empty proxy
    /// whose `__index` is the table), or the table at `index` itself; returns its slot.
    @discardableResult
    static func pushPlainTable(_ L: OpaquePointer, _ index: Int32) -> Int32 {
        let index = lua_absindex(L, index)
        // Most tables have no metatable: asking first spares them the emptiness test.
        if lua_getmetatable(L, index) != 0 {
            lua_pushnil(L)
            let empty = tb_next(L, index) == 0
            if !empty { tb_pop(L, 2) }
            if empty, rawField(L, -1, "__index") == LUA_TTABLE {
                lua_rotate(L, -2, -1); tb_pop(L, 1)
                return lua_gettop(L)
            }
            tb_pop(L, empty ? 2 : 1)
        }
        lua_pushvalue(L, index)
        return lua_gettop(L)
    }

    /// An object from a table's fields in any order, its keys sorted (stably, so the fields of
    /// canonically equivalent Unicode keys, distinct in Lua but one Swift key, keep the first
    /// spelling and the last value). Keys that differ are taken as they are: no hashing, no
    /// merging, the two lists become the object's storage.
    /// - Complexity: O(n²) swaps for the few fields of an item (up to 16), else O(n log n).
    static func object(_ keys: consuming ContiguousArray<String>,
                       _ values: consuming ContiguousArray<JSONValue>) -> OrderedDictionary<String, JSONValue> {
        if keys.count <= 16 {
            for i in keys.indices.dropFirst() {
                var j = i
                while j > 0, keys[j] < keys[j - 1] { keys.swapAt(j, j - 1); values.swapAt(j, j - 1); j -= 1 }
            }
        } else if !keys.indices.dropFirst().allSatisfy({ keys[$0 - 1] <= keys[$0] }) {
            let givenKeys = keys, givenValues = values
            let order = givenKeys.indices.sorted { givenKeys[$0] < givenKeys[$1] }
            keys = ContiguousArray(order.map { givenKeys[$0] }); values = ContiguousArray(order.map { givenValues[$0] })
        }
        guard keys.indices.dropFirst().allSatisfy({ keys[$0 - 1] != keys[$0] }) else {
            return OrderedDictionary(zip(keys, values), uniquingKeysWith: { _, last in last })
        }
        return OrderedDictionary(uncheckedUniqueKeys: keys, values: values)
    }

    /// Why a Lua value could not become plain data.
    struct ConversionError: Error { var message: String }

    /// [-0, +0, -] The value at `index` as JSON: numbers, booleans, strings, tables that are
    /// either sequences (arrays; `{}` too) or string-keyed (objects, keys sorted), and items of
    /// `ctx:item` (their fields). Functions, other userdata and mixed tables are rejected with
    /// a message naming `path`.
    /// - Complexity: O(size of the value); nesting is limited to 32 levels. `path` is only
    ///   evaluated for a message, so converting many small tables builds no strings.
    /// A host function passes `poll`, which steps once per value, so a large value stops at
    /// the script's limits (`LimitPoll.Stop`).
    static func json(_ L: OpaquePointer, _ index: Int32, path: @autoclosure () -> String, depth: Int = 0,
                     poll: LimitPoll? = nil) throws -> JSONValue {
        var converter = LuaJSONConverter(L, poll: poll)
        return try converter.json(index, path: path(), depth: depth)
    }
}
