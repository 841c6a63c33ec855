import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

// The host's public API for callers such as the REPL: environments, chunks, calls, memory and
// the module's fields.

extension LuaHost {
    /// A new sandboxed environment (`_ENV`) whose `require` searches `directory` first.
    public func newEnvironment(directory: String = ".") throws -> LuaReference {
        try pushEnvironment(directory: directory, loaded: nil)
        return popReference()
    }

    /// Compiles `source` (text only) with `environment` as its `_ENV`, without running it.
    /// - Parameters:
    ///   - source: the Lua source text.
    ///   - chunkName: `@path` for files (messages say `path:line:`), `=name` for others.
    ///   - environment: the chunk's `_ENV` (from `newEnvironment(directory:)`).
    /// - Throws: `LuaScriptError` of kind `.syntax`; its message is Lua's, so an unfinished chunk's
    ///   ends with `<eof>`.
    public func load(_ source: String, chunkName: String, environment: LuaReference) throws -> LuaReference {
        try load(Array(source.utf8), chunkName: chunkName, environment: environment)
    }

    /// `load(_:chunkName:environment:)` of source bytes as they are (the REPL's typed lines),
    /// numbered as the lines of an input from `firstLine` on (see `loadChunk(_:chunkName:firstLine:)`).
    func load(_ source: [UInt8], chunkName: String, firstLine: Int = 1, environment: LuaReference) throws -> LuaReference {
        try loadChunk(source, chunkName: chunkName, firstLine: firstLine)
        push(environment)
        _ = lua_setupvalue(L, -2, 1)
        return popReference()
    }

    /// Calls `function` with `arguments` under the limits. O(1) plus the callee.
    /// - Returns: every result. - Throws: `LuaScriptError` with the traceback.
    @discardableResult
    public func call(_ function: LuaValue, _ arguments: [LuaValue] = []) throws -> [LuaValue] {
        let base = lua_gettop(L)
        _ = lua_checkstack(L, Int32(arguments.count) + 2)
        push(function)
        for a in arguments { push(a) }
        try protectedCall(arguments: Int32(arguments.count), results: LUA_MULTRET)
        let count = lua_gettop(L) - base
        let values = (0..<count).map { value(at: base + 1 + $0) }
        lua_settop(L, base)
        return values
    }

    /// Calls `function(ctx, arguments...)` with a `ctx` table for `context` (docs/scripts.md, "`ctx`"; its
    /// `ctx.set` is closed, since no frames are being collected; its items can be read during the call).
    @discardableResult
    public func call(_ function: LuaValue, context: LayoutContext, _ arguments: [LuaValue] = []) throws -> [LuaValue] {
        let pass = pushContext(context).itemPass
        defer { endItems(pass) }
        let ctx = popValue()
        return try call(function, [ctx] + arguments)
    }

    /// A layout from a Lua value: a `t.*` value, or a script table (`simpleLayout`, or `frame`
    /// and `visible`) with `params` overriding its defaults. The layout keeps this host alive.
    public func layout(from value: LuaValue, params: OrderedDictionary<String, JSONValue> = [:]) throws -> any Layout {
        push(value)
        defer { tb_pop(L, 1) }
        let version = try scriptVersion(at: -1, source: nil)
        _ = try version.resolve(params)
        return ScriptedLayout(version: version, params: params, anchor: self)
    }

    /// Compiles and runs `source` in `environment`; returns what the chunk returned.
    @discardableResult
    public func evaluate(_ source: String, chunkName: String = "=stdin", environment: LuaReference) throws -> [LuaValue] {
        try call(.function(load(source, chunkName: chunkName, environment: environment)))
    }

    /// Stops the call running now (from any thread, but not from a signal handler) at its next
    /// Lua instruction, with the error "interrupted". Does nothing when no call runs.
    public func interrupt() { tb_interrupt(L) }

    /// Bytes the Lua state holds now, and the most it held since `resetMemoryPeak()`.
    public var memoryUsed: Int { tb_memoryused(L) }
    /// The most bytes the Lua state has held since the last `resetMemoryPeak()`.
    public var memoryPeak: Int { tb_memorypeak(L) }
    /// Starts measuring `memoryPeak` again from the bytes held now.
    public func resetMemoryPeak() { tb_resetpeak(L) }

    /// Runs a full garbage collection.
    public func collectGarbage() { _ = tb_gccollect(L) }

    /// A read-only view of the `tessera` module (what `require("tessera")` returns); each call
    /// gives a new view.
    public var tessera: LuaReference {
        pushTesseraModule()
        return popReference()
    }

    /// `table[key]` without metamethods.
    public func field(_ key: String, of table: LuaReference) -> LuaValue {
        push(table)
        guard lua_type(L, -1) == LUA_TTABLE else { tb_pop(L, 1); return .nil }
        LuaStack.rawField(L, -1, key)
        defer { tb_pop(L, 2) }
        return value(at: -1)
    }

    /// `table[key] = value` without metamethods.
    public func setField(_ key: String, of table: LuaReference, to newValue: LuaValue) {
        push(table)
        guard lua_type(L, -1) == LUA_TTABLE else { tb_pop(L, 1); return }
        push(newValue)
        LuaStack.setField(L, -2, key)
        tb_pop(L, 1)
    }

    /// A read-only Lua table (or scalar) holding `json`; `data` in the REPL, for example.
    public func value(_ json: JSONValue) -> LuaValue {
        LuaStack.push(L, json: json, readOnly: true)
        return popValue()
    }
}
