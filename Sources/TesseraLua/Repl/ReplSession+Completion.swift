import CLua
import LuaBridge

/// Tab completion for the REPL: what may follow the text before the cursor.
///
/// The word being typed is the run of name characters, dots and colons before the cursor
/// (`t.wat`, `r:fr`, `da`). Its last part is completed among the names of the value the parts
/// before it lead to: globals of the session (and Lua's reserved words) for a bare name, the
/// keys of a table (a read-only view's data, any table its metatable's `__index` chain leads
/// to) after a dot, and the functions a value's metatable offers after a colon (the methods of
/// results, layouts and engines: an `__index` table, or the table a host `__index` function
/// keeps as an upvalue), and the fields such a function computes when the metatable lists them
/// in `__fields` (an engine's `offset`). A line starting with ':' completes the REPL's commands.
///
/// Nothing is evaluated: values are found by walking tables with `lua_next` and metatables with
/// `lua_getmetatable`, so no metamethod, script code or allocation runs while the user presses
/// Tab, and a session near its memory cap completes as any other.
extension ReplSession {
    /// Lua 5.4's reserved words, offered where a global's name can start.
    static let keywords = ["and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto",
                           "if", "in", "local", "nil", "not", "or", "repeat", "return", "then", "true",
                           "until", "while"]

    /// The colon commands, as `:help` lists them.
    static let commands = [":help", ":layouts", ":quit", ":reload", ":viewport"]

    /// The completions of the word that ends `text` (the line up to the cursor): the byte
    /// offset in `text` where the replaced part starts, and every full replacement for it,
    /// sorted. Empty when nothing fits. O(names scanned).
    public func completions(before text: String) -> (start: Int, candidates: [String]) {
        let bytes = Array(text.utf8)
        if !isContinuing, let first = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") }),
           bytes[first] == UInt8(ascii: ":"), !bytes[first...].contains(UInt8(ascii: " ")) {
            let typed = String(decoding: bytes[first...], as: UTF8.self)
            return (first, Self.commands.filter { $0.hasPrefix(typed) })
        }
        var start = bytes.count
        while start > 0, Self.isWordByte(bytes[start - 1]) { start -= 1 }
        let word = bytes[start...]
        let separators = word.indices.filter { word[$0] == UInt8(ascii: ".") || word[$0] == UInt8(ascii: ":") }
        let partialStart = separators.last.map { $0 + 1 } ?? start
        let partial = String(decoding: bytes[partialStart...], as: UTF8.self)
        var path: [String] = []
        var cursor = start
        for separator in separators {
            let part = bytes[cursor..<separator]
            // `a:b.c` or `a..b` or `1.5`: no value to look into.
            guard LuaName.isName(part), bytes[separator] == UInt8(ascii: ".") || separator == separators.last else {
                return (partialStart, [])
            }
            path.append(String(decoding: part, as: UTF8.self))
            cursor = separator + 1
        }
        if let first = word.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") { return (partialStart, []) }
        let methodsOnly = separators.last.map { bytes[$0] == UInt8(ascii: ":") } ?? false
        var names = Set(names(along: path, methodsOnly: methodsOnly))
        if path.isEmpty { names.formUnion(Self.keywords) }
        return (partialStart, names.filter { $0.hasPrefix(partial) && LuaName.isName($0.utf8) }.sorted())
    }

    /// The names offered after `path` (globals when it is empty).
    private func names(along path: [String], methodsOnly: Bool) -> [String] {
        let L = host.L
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        guard lua_checkstack(L, 8) != 0 else { return [] }
        host.push(environment)
        for name in path {
            guard find(name, in: lua_gettop(L)) else { return [] }
        }
        return keys(of: lua_gettop(L), functionsOnly: methodsOnly)
    }

    /// [-0, +(0|1), -] Pushes field `name` of the value at `index` (a table's own key, else along
    /// its metatable's `__index` tables); false, pushing nothing, when there is none.
    private func find(_ name: String, in index: Int32) -> Bool {
        let L = host.L
        var depth = 0
        lua_pushvalue(L, index)
        while depth < 8 {
            let holder = lua_gettop(L)
            if lua_type(L, holder) == LUA_TTABLE, rawFind(name, in: holder) {
                lua_copy(L, -1, holder); tb_pop(L, 1)
                return true
            }
            guard pushIndexTable(of: holder) else { break }
            lua_copy(L, -1, holder); tb_pop(L, 1)
            depth += 1
        }
        tb_pop(L, 1)
        return false
    }

    /// [-0, +(0|1), -] Pushes the value of the string key `name` of the table at `index`,
    /// found by walking it (`lua_next` allocates nothing).
    private func rawFind(_ name: String, in index: Int32) -> Bool {
        let L = host.L
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, LuaStack.string(L, -2) == name {
                lua_copy(L, -1, -2)
                tb_pop(L, 1)
                return true
            }
            tb_pop(L, 1)
        }
        return false
    }

    /// [-0, +(0|1), -] Pushes the `__index` table of the value's metatable (read raw: a locked
    /// `__metatable` does not hide it), or, when `__index` is a host (C) function, the first
    /// table among its upvalues: where the host keeps the methods of values whose fields it
    /// computes (an engine's `e:scroll` beside `e.offset`). False when there is neither.
    private func pushIndexTable(of index: Int32) -> Bool {
        let L = host.L
        guard lua_getmetatable(L, index) != 0 else { return false }
        let meta = lua_gettop(L)
        if rawFind("__index", in: meta) {
            if lua_type(L, -1) == LUA_TTABLE {
                lua_copy(L, -1, meta)
                lua_settop(L, meta)
                return true
            }
            if lua_iscfunction(L, -1) != 0 {
                let function = lua_gettop(L)
                var n: Int32 = 1
                while n <= 8, lua_getupvalue(L, function, n) != nil {
                    if lua_type(L, -1) == LUA_TTABLE {
                        lua_copy(L, -1, meta)
                        lua_settop(L, meta)
                        return true
                    }
                    tb_pop(L, 1)
                    n += 1
                }
            }
        }
        lua_settop(L, meta - 1)
        return false
    }

    /// The string keys of the value at `index` and of its `__index` chain (functions only when
    /// `functionsOnly`), without metamethod fields.
    private func keys(of index: Int32, functionsOnly: Bool) -> [String] {
        let L = host.L
        var names: [String] = []
        lua_pushvalue(L, index)
        for _ in 0..<8 {
            let holder = lua_gettop(L)
            if lua_type(L, holder) == LUA_TTABLE {
                lua_pushnil(L)
                while lua_next(L, holder) != 0 {
                    if lua_type(L, -2) == LUA_TSTRING, let key = LuaStack.string(L, -2), !key.hasPrefix("__"),
                       !functionsOnly || lua_type(L, -1) == LUA_TFUNCTION {
                        names.append(key)
                    }
                    tb_pop(L, 1)
                }
            }
            if !functionsOnly { names += computedFields(of: holder) }
            guard pushIndexTable(of: holder) else { break }
            lua_copy(L, -1, holder); tb_pop(L, 1)
        }
        tb_pop(L, 1)
        return names
    }

    /// The names in the `__fields` list of the value's metatable (read raw): the fields a host
    /// `__index` function computes (an engine's `offset`), which no table holds.
    private func computedFields(of index: Int32) -> [String] {
        let L = host.L
        guard lua_getmetatable(L, index) != 0 else { return [] }
        defer { tb_pop(L, 1) }
        guard rawFind("__fields", in: lua_gettop(L)) else { return [] }
        defer { tb_pop(L, 1) }
        guard lua_type(L, -1) == LUA_TTABLE else { return [] }
        var names: [String] = []
        let list = lua_gettop(L)
        var k: lua_Integer = 1
        while lua_rawgeti(L, list, k) == LUA_TSTRING, let name = LuaStack.string(L, -1) {
            names.append(name)
            tb_pop(L, 1)
            k += 1
        }
        tb_pop(L, 1)
        return names
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        LuaName.isNamePart(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: ":")
    }
}
