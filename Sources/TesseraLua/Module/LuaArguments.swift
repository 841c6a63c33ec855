import CLua
import LuaBridge
import TesseraCore

/// The arguments of one host function call, read with lauxlib-style check / opt / option
/// helpers that all fail in one shape:
///
///     t.distribute: argument #2 (length) must be a finite number, got string
///     ctx:size: argument #2 (pw) must be a finite, non-negative number, got -5
///     t.sections: argument #1 has an unknown field 'sectoins' (did you mean sections?); known fields: ...
///
/// `function` is the name the caller used (`t.inset`, `layout:inset`, `ctx:size`); for a
/// method (a name with a colon) argument #1 is the one after `self`, as in lauxlib. Numbers
/// in messages print as the C bridge prints them (`LuaHost.numberText`). Each check is O(1)
/// unless stated; a failed check throws a `LuaScriptError` that `LuaHost.hosted` raises at
/// the caller's line.
struct LuaArguments {
    let L: OpaquePointer
    /// How the caller named the function.
    let function: String
    /// The script the arguments come from, when known: the errors carry it as `file`.
    let file: String?

    init(_ L: OpaquePointer, function: String, file: String? = nil) {
        self.L = L
        self.function = function
        self.file = file
    }

    /// The arguments of the running host function, named by its registration (upvalue 2,
    /// set by `LuaHost.pushHostFunction(_:named:)`), else `fallback`.
    init(_ L: OpaquePointer, fallback: String) {
        self.init(L, function: LuaStack.string(L, tb_upvalueindex(2)) ?? fallback)
    }

    /// Whether `function` is a method: its slot 1 is `self`.
    var isMethod: Bool { function.contains(":") }

    /// The number the caller sees for stack slot `slot`.
    func position(_ slot: Int32) -> Int { Int(slot) - (isMethod ? 1 : 0) }

    // MARK: Checks

    /// Whether the value at `slot` is nil or absent (`lua_isnoneornil`): an omitted argument
    /// or a field left out both read as "not given".
    func isAbsent(_ slot: Int32) -> Bool { lua_type(L, slot) <= LUA_TNIL }

    /// A number at `slot` that `rule` accepts.
    func number(_ slot: Int32, _ name: String?, _ rule: NumberRule = .finite) throws -> Double {
        guard let v = LuaStack.number(L, slot), rule.accepts(v) else { throw error(slot, name, mustBe: rule.description) }
        return v
    }

    /// `number`, or `fallback` when the argument is nil or absent.
    func optNumber(_ slot: Int32, _ name: String?, _ rule: NumberRule = .finite, default fallback: Double) throws -> Double {
        isAbsent(slot) ? fallback : try number(slot, name, rule)
    }

    /// An integral number at `slot`, at least `minimum`.
    func integer(_ slot: Int32, _ name: String?, minimum: Int = .min) throws -> Int {
        guard let v = LuaStack.integer(L, slot), v >= minimum else {
            throw error(slot, name, mustBe: minimum == .min ? "an integer" : minimum == 0 ? "a non-negative integer" : "an integer of at least \(NumberText.grouped(minimum))")
        }
        return v
    }

    func string(_ slot: Int32, _ name: String?) throws -> String {
        guard let s = LuaStack.string(L, slot) else { throw error(slot, name, mustBe: "a string", got: describe(slot, numeric: false)) }
        return s
    }

    /// One of a fixed set of names (luaL_checkoption): "must be one of a, b, c, got 'x'".
    func option<T: RawRepresentable & CaseIterable>(_ slot: Int32, _ name: String?, _ type: T.Type) throws -> T where T.RawValue == String {
        if let s = LuaStack.string(L, slot), let v = T(rawValue: s) { return v }
        throw optionError(slot, name, T.allCases.map(\.rawValue))
    }

    /// `option`, or `fallback` when the argument is nil or absent.
    func optOption<T: RawRepresentable & CaseIterable>(_ slot: Int32, _ name: String?, default fallback: T) throws -> T where T.RawValue == String {
        isAbsent(slot) ? fallback : try option(slot, name, T.self)
    }

    func optionError(_ slot: Int32, _ name: String?, _ options: [String]) -> LuaScriptError {
        optionError(.argument(slot, name), at: slot, options)
    }

    /// "fn: <subject> must be one of a, b, c, got 'x' (did you mean a?)" for the value at `slot`.
    func optionError(_ subject: Subject, at slot: Int32, _ options: [String]) -> LuaScriptError {
        let got = LuaStack.string(L, slot).map { LuaArguments.quoted($0) + DidYouMean.hint(for: $0, among: options) } ?? describe(slot, numeric: false)
        return error(subject, at: slot, mustBe: "one of " + options.joined(separator: ", "), got: got)
    }

    /// A function at `slot`, as a registry reference.
    func function(_ slot: Int32, _ name: String?, host: LuaHost, expected: String = "a function") throws -> LuaReference {
        guard lua_type(L, slot) == LUA_TFUNCTION else { throw error(slot, name, mustBe: expected, got: describe(slot, numeric: false)) }
        return host.reference(at: slot)
    }

    // MARK: A field's value at a slot (a table field read, or a value being assigned)

    /// The table at `slot`, for field `key`.
    func table(field key: String, at slot: Int32, expected: String = "a table") throws -> LuaTableArgument {
        guard lua_type(L, slot) == LUA_TTABLE else { throw error(.field(key), at: slot, mustBe: expected, numeric: false) }
        return LuaTableArgument(arguments: self, slot: lua_absindex(L, slot), name: key, isField: true)
    }

    /// One of a fixed set of names at `slot`, for field `key`.
    func option<T: RawRepresentable & CaseIterable>(field key: String, at slot: Int32, _ type: T.Type) throws -> T where T.RawValue == String {
        if let s = LuaStack.string(L, slot), let v = T(rawValue: s) { return v }
        throw optionError(.field(key), at: slot, T.allCases.map(\.rawValue))
    }

    /// Two numbers from `{a, b}` at `slot`, for field `key`, as a size (non-negative unless
    /// `allowNegative`: then read as {x, y}).
    func pair(field key: String, at slot: Int32, allowNegative: Bool = false) throws -> Size {
        let slot = lua_absindex(L, slot)
        guard lua_type(L, slot) == LUA_TTABLE else { throw error(.field(key), at: slot, mustBe: "{width, height}", numeric: false) }
        tb_rawgeti(L, slot, 1)
        tb_rawgeti(L, slot, 2)
        defer { tb_pop(L, 2) }
        guard let w = LuaStack.number(L, -2), let h = LuaStack.number(L, -1), w.isFinite, h.isFinite,
              allowNegative || (w >= 0 && h >= 0) else {
            throw error(.field(key), at: slot, mustBe: "{\(allowNegative ? "x, y" : "width, height")} with finite\(allowNegative ? "" : ", non-negative") numbers",
                        got: LuaArguments.shownList(L, slot))
        }
        return Size(width: w, height: h)
    }

    func optString(field key: String, at slot: Int32) throws -> String? {
        if isAbsent(slot) { return nil }
        guard let s = LuaStack.string(L, slot) else { throw error(.field(key), at: slot, mustBe: "a string", numeric: false) }
        return s
    }

    func optFunction(field key: String, at slot: Int32, host: LuaHost, expected: String = "a function") throws -> LuaReference? {
        if isAbsent(slot) { return nil }
        guard lua_type(L, slot) == LUA_TFUNCTION else { throw error(.field(key), at: slot, mustBe: expected, numeric: false) }
        return host.reference(at: slot)
    }

    func optLayout(field key: String, at slot: Int32, host: LuaHost) throws -> (any Layout)? {
        if isAbsent(slot) { return nil }
        if lua_type(L, slot) != LUA_TTABLE, host.box(at: slot, meta: host.layoutMetaRef, as: LayoutBox.self) == nil {
            throw error(.field(key), at: slot, mustBe: LuaArguments.layoutExpectation, numeric: false)
        }
        return try host.layout(at: slot, what: "\(function): field \(LuaArguments.quoted(key))")
    }

    func layout(field key: String, at slot: Int32, host: LuaHost) throws -> any Layout {
        guard let layout = try optLayout(field: key, at: slot, host: host) else {
            throw error(.field(key), at: slot, mustBe: LuaArguments.layoutExpectation, numeric: false)
        }
        return layout
    }

    /// A layout value (a `t.*` value or a script table) at `slot`.
    func layout(_ slot: Int32, _ name: String?, host: LuaHost) throws -> any Layout {
        if lua_type(L, slot) != LUA_TTABLE, host.box(at: slot, meta: host.layoutMetaRef, as: LayoutBox.self) == nil {
            throw error(slot, name, mustBe: LuaArguments.layoutExpectation, got: describe(slot, numeric: false))
        }
        let which = position(slot) == 0 ? "self" : "argument #\(position(slot))\(name.map { " (\($0))" } ?? "")"
        return try host.layout(at: slot, what: "\(function): \(which)")
    }

    static let layoutExpectation = "a layout (a t.* value or a script table with simpleLayout)"

    /// The table at `slot`, whose keys must all be among `known` (function fields are allowed
    /// like any other value). - Complexity: O(fields).
    func table(_ slot: Int32, _ name: String?, known: [String]) throws -> LuaTableArgument {
        guard lua_type(L, slot) == LUA_TTABLE else { throw error(slot, name, mustBe: "a table", got: describe(slot, numeric: false)) }
        let table = LuaTableArgument(arguments: self, slot: lua_absindex(L, slot), name: name)
        try table.rejectUnknownKeys(known)
        return table
    }

    /// `table`, or nil when the argument is nil or absent.
    func optTable(_ slot: Int32, _ name: String?, known: [String]) throws -> LuaTableArgument? {
        isAbsent(slot) ? nil : try table(slot, name, known: known)
    }
}
