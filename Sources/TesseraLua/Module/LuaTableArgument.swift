import CLua
import LuaBridge
import TesseraCore

/// A table argument with named fields (`t.sections{ ... }`), read without metamethods.
/// Field errors read "fn: field 'spacing' must be a finite, non-negative number, got -1".
struct LuaTableArgument {
    let arguments: LuaArguments
    /// The table's absolute stack slot.
    let slot: Int32
    let name: String?
    /// Whether the table is a field of an argument (`insets`, `supplementaries[1]`): messages
    /// then name the field, not the stack slot it happens to occupy.
    var isField = false
    var L: OpaquePointer { arguments.L }

    /// The field `name` at `slot`, which must be a table: "fn: field 'name' must be a table ...".
    static func field(_ arguments: LuaArguments, slot: Int32, name: String, expected: String = "a table") throws -> LuaTableArgument {
        try arguments.table(field: name, at: slot, expected: expected)
    }

    /// Throws for the first key not in `known` (or not a string), suggesting a close one.
    func rejectUnknownKeys(_ known: [String]) throws {
        let allowed = Set(known)
        lua_pushnil(L)
        while tb_next(L, slot) != 0 {
            let key = LuaStack.string(L, -2)
            let keyText = key.map(LuaArguments.quoted) ?? "[\(arguments.describe(-2))]"
            tb_pop(L, 1)
            if let key, allowed.contains(key) { continue }
            tb_pop(L, 1)
            let hint = key.map { DidYouMean.hint(for: $0, among: known) } ?? ""
            throw arguments.error(subject, "has an unknown field \(keyText)\(hint); known fields: \(known.sorted().joined(separator: ", "))")
        }
    }

    /// What messages call the table itself: its argument, or its field.
    var subject: LuaArguments.Subject { isField ? .field(name ?? "?") : .argument(slot, name) }

    /// "fn: field 'key' must be <expected>, got <value on top>".
    func error(_ key: String, mustBe expected: String, numeric: Bool = true) -> LuaScriptError {
        arguments.error(.field(key), at: -1, mustBe: expected, numeric: numeric)
    }

    /// Pushes t[key] (raw) and runs `read` with it on top; pops it after.
    func with<T>(_ key: String, _ read: (Int32) throws -> T) rethrows -> T {
        _ = LuaStack.rawField(L, slot, key)
        defer { tb_pop(L, 1) }
        return try read(lua_gettop(L))
    }

    func has(_ key: String) -> Bool { with(key) { lua_type(L, $0) != LUA_TNIL } }

    func optNumber(_ key: String, _ rule: NumberRule = .finite) throws -> Double? {
        try with(key) { top in
            if lua_type(L, top) == LUA_TNIL { return nil }
            guard let v = LuaStack.number(L, top), rule.accepts(v) else { throw error(key, mustBe: rule.description) }
            return v
        }
    }

    func number(_ key: String, _ rule: NumberRule = .finite, default fallback: Double) throws -> Double {
        try optNumber(key, rule) ?? fallback
    }


    func optString(_ key: String) throws -> String? {
        try with(key) { try arguments.optString(field: key, at: $0) }
    }

    func optLayout(_ key: String, host: LuaHost) throws -> (any Layout)? {
        try with(key) { try arguments.optLayout(field: key, at: $0, host: host) }
    }

    func optFunction(_ key: String, host: LuaHost) throws -> LuaReference? {
        try with(key) { try arguments.optFunction(field: key, at: $0, host: host) }
    }
}

extension LuaTableArgument {
    /// A boolean field, or `fallback` when it is nil.
    func bool(_ key: String, default fallback: Bool) throws -> Bool {
        try with(key) { top in
            if lua_type(L, top) == LUA_TNIL { return fallback }
            guard lua_type(L, top) == LUA_TBOOLEAN else { throw error(key, mustBe: "a boolean", numeric: false) }
            return lua_toboolean(L, top) != 0
        }
    }

    /// An integral field, or `fallback` when it is nil.
    func integer(_ key: String, default fallback: Int) throws -> Int {
        try optInteger(key) ?? fallback
    }

    /// An integral field (a float with an integral value counts), or nil when it is nil; any
    /// other value is an error saying it must be `expected` (built only for the error), the value
    /// shown as Lua writes it.
    func optInteger(_ key: String, mustBe expected: @autoclosure () -> String = "an integer") throws -> Int? {
        try with(key) { top in
            if lua_type(L, top) == LUA_TNIL { return nil }
            guard let v = LuaStack.integer(L, top) else { throw error(key, mustBe: expected()) }
            return v
        }
    }

    /// Runs `body(slot, k)` for each entry of the list field `key` (absent: none).
    func list(_ key: String, _ body: (Int32, Int) throws -> Void) throws {
        try with(key) { top in
            if lua_type(L, top) == LUA_TNIL { return }
            guard lua_type(L, top) == LUA_TTABLE else { throw error(key, mustBe: "a list", numeric: false) }
            let n = Int(tb_rawlen(L, top))
            for k in 1...max(n, 1) where k <= n {
                tb_rawgeti(L, top, lua_Integer(k))
                defer { tb_pop(L, 1) }
                try body(lua_gettop(L), k)
            }
        }
    }

    /// One of a fixed set of names, or `fallback` when absent.
    func option<T: RawRepresentable & CaseIterable>(_ key: String, default fallback: T) throws -> T where T.RawValue == String {
        try with(key) { top in
            lua_type(L, top) == LUA_TNIL ? fallback : try arguments.option(field: key, at: top, T.self)
        }
    }

    /// `{x, y}` in points (absent: 0, 0).
    func point(_ key: String) throws -> Point {
        try with(key) { top in
            if lua_type(L, top) == LUA_TNIL { return .zero }
            tb_rawgeti(L, top, 1); tb_rawgeti(L, top, 2)
            defer { tb_pop(L, 2) }
            guard let x = LuaStack.number(L, -2), let y = LuaStack.number(L, -1), x.isFinite, y.isFinite else {
                throw arguments.error(.field(key), at: -1, mustBe: "{x, y} with finite numbers", got: LuaArguments.shownValue(L, top))
            }
            return Point(x: x, y: y)
        }
    }
}
