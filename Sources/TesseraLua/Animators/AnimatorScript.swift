import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

/// An animator script (`animators/*.lua`, or a table given to `t.animator{...}`): a table with
/// any of the hooks `insert`, `delete`, `update` (also given moves), `shift` and `scroll`, each
/// `function(e, params)` returning an animation description or nil, plus optional `name`,
/// `params` (defaults that `params` overrides, typed like layout parameters) and `choices` (the
/// values a param allows, as a layout script's: `ParamChoices`).
///
/// It runs in the host's sandbox under the same limits as layouts. `animations(for:)` calls into
/// Lua once per engine pass, with every event of the pass. `reload()` swaps in a new version only
/// when the file loads; otherwise the last good one stays. Not thread-safe: one host belongs to
/// one thread, and so does every script loaded into it.
public final class AnimatorScript: Animator, @unchecked Sendable {
    /// The hooks an animator script may define, one per event kind.
    public static let hooks = ["insert", "delete", "update", "shift", "scroll"]
    static let keys = ["name", "params", "choices"] + hooks

    /// The file, the `chunkName` given to `LuaHost.loadAnimatorScript(source:chunkName:)`, or for
    /// a table the name messages give it (`t.animator`).
    public let path: String
    /// The text of a script loaded from memory (what `reload()` runs again); nil otherwise.
    private let source: [UInt8]?
    /// A script loaded from a file keeps its host alive; one made from a table in Lua does not
    /// (the host owns it, through the Lua value that holds it).
    private let ownedHost: LuaHost?
    private weak var weakHost: LuaHost?
    /// The table given to `t.animator{...}` (nil for a file).
    private let sourceTable: LuaReference?
    private let overrides: OrderedDictionary<String, JSONValue>
    private var version: Version
    /// The key strings of `AnimatorCall` and the event tables reused between calls.
    private let keyList: LuaReference
    private let eventTables: LuaReference
    /// The error of the last failed `reload()`, cleared by a successful one.
    public private(set) var lastError: LuaScriptError?

    private struct Version {
        let table: LuaReference
        let params: LuaReference
        let name: String
        let defaults: OrderedDictionary<String, JSONValue>
        let choices: OrderedDictionary<String, [JSONValue]>
    }

    /// Loads `path` and resolves `params` against its defaults.
    /// - Throws: `LuaScriptError` for a broken script, an unknown hook or key (with a suggestion),
    ///   a hook that is not a function, or an unknown or mistyped parameter.
    /// `retainingHost: false` is for scripts a Lua value in `host` holds (`t.animator("x.lua")`).
    public convenience init(host: LuaHost, path: String, params: OrderedDictionary<String, JSONValue> = [:],
                            retainingHost: Bool = true) throws {
        try self.init(host: host, path: path, source: nil, params: params, retainingHost: retainingHost)
    }

    /// Loads `source` as the file `path` (its chunk name), or the file `path` when `source` is nil.
    init(host: LuaHost, path: String, source: [UInt8]?, params: OrderedDictionary<String, JSONValue>,
         retainingHost: Bool = true) throws {
        self.ownedHost = retainingHost ? host : nil
        self.weakHost = host
        self.path = path
        self.source = source
        self.sourceTable = nil
        self.overrides = params
        (keyList, eventTables) = AnimatorScript.callTables(host)
        version = try AnimatorScript.load(host: host, path: path, source: source, overrides: params)
    }

    private static func callTables(_ host: LuaHost) -> (LuaReference, LuaReference) {
        AnimatorCall.pushKeyList(host.L)
        let keys = host.popReference()
        lua_createtable(host.L, 32, 0)
        return (keys, host.popReference())
    }

    /// The animator table `table` of a running script (`t.animator{...}`), named `label` in messages.
    init(host: LuaHost, table: LuaReference, label: String, params: OrderedDictionary<String, JSONValue>) throws {
        self.ownedHost = nil
        self.weakHost = host
        self.path = label
        self.source = nil
        self.sourceTable = table
        self.overrides = params
        (keyList, eventTables) = AnimatorScript.callTables(host)
        version = try AnimatorScript.version(host: host, table: table, label: label, overrides: params)
    }

    /// The script's `name`, or its file name without `.lua`.
    public var name: String { version.name }
    /// The parameters the script declares, with their defaults.
    public var defaultParams: OrderedDictionary<String, JSONValue> { version.defaults }
    /// The values some params allow (`choices = {...}`), keys sorted.
    public var paramChoices: OrderedDictionary<String, [JSONValue]> { version.choices }

    private func liveHost() throws -> LuaHost {
        guard let host = weakHost else {
            throw LuaArguments.hostClosed(path, file: path)
        }
        return host
    }

    /// Loads the file or the source (or reads the table) again; keeps the current version and
    /// throws when it does not load.
    public func reload() throws {
        do {
            let host = try liveHost()
            version = try sourceTable.map { try AnimatorScript.version(host: host, table: $0, label: path, overrides: overrides) }
                ?? AnimatorScript.load(host: host, path: path, source: source, overrides: overrides)
            lastError = nil
        } catch let error as LuaScriptError {
            lastError = error
            throw error
        }
    }

    private static func load(host: LuaHost, path: String, source: [UInt8]?, overrides: OrderedDictionary<String, JSONValue>) throws -> Version {
        let (result, _) = try source.map { try host.runChunk($0, path: path) } ?? host.runFile(path: path)
        return try version(host: host, table: result, label: path, overrides: overrides, fromFile: true)
    }

    /// Checks the animator table `table` and resolves its params.
    /// `fromFile`: the table is the result of the file `path`, so a function in it is named by
    /// its line there.
    private static func version(host: LuaHost, table reference: LuaReference, label path: String,
                                overrides: OrderedDictionary<String, JSONValue>, fromFile: Bool = false) throws -> Version {
        let L = host.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        host.push(reference)
        // The source the file was compiled from, for the lines of messages.
        let text = fromFile ? host.loadedSources[path] : nil
        if lua_type(L, -1) == LUA_TNIL, fromFile { throw LuaHost.nothingReturned(path, text: text) }
        guard lua_type(L, -1) == LUA_TTABLE else {
            throw LuaArguments.mismatch("\(path): the script's result", mustBe: "a table of hooks (\(hooks.joined(separator: ", ")))", got: LuaStack.typeName(L, -1), file: path)
        }
        let table = lua_gettop(L)
        lua_pushnil(L)
        while tb_next(L, table) != 0 {
            defer { tb_pop(L, 1) }
            guard lua_type(L, -2) == LUA_TSTRING, let key = LuaStack.string(L, -2) else {
                throw LuaArguments(L, function: path, file: path).error(.field("[\(LuaStack.typeName(L, -2))]"), "is not a name; an animator table has only named fields (\(keys.joined(separator: ", ")))")
            }
            if !keys.contains(key) {
                // A misspelt hook is named at the line that defines it, as a failing hook is.
                let line = fromFile ? host.definition(at: -1)?.line ?? 0 : 0
                throw LuaArguments(L, function: line > 0 ? "\(path):\(line)" : path, file: path).unknownField(key, known: keys)
            }
            if hooks.contains(key), lua_type(L, -1) != LUA_TFUNCTION {
                throw LuaArguments(L, function: path, file: path).error(.field(key), at: -1, mustBe: "a function(e, params)", numeric: false)
            }
        }
        var defaults: OrderedDictionary<String, JSONValue> = [:]
        if LuaStack.rawField(L, table, "params") != LUA_TNIL {
            guard case .object(let declared) = try AnimatorScript.json(L, -1, path: "\(path): params") else {
                throw LuaArguments(L, function: path, file: path).error(.field("params"), "must be a table of named defaults")
            }
            defaults = declared
        }
        tb_pop(L, 1)
        var choices: OrderedDictionary<String, [JSONValue]> = [:]
        if LuaStack.rawField(L, table, "choices") != LUA_TNIL {
            choices = try ParamChoices.read(try AnimatorScript.json(L, -1, path: "\(path): choices"), defaults: defaults, file: path, text: text)
        }
        tb_pop(L, 1)
        let resolved = try ScriptVersion.resolve(overrides, defaults: defaults, choices: choices, source: path, text: text)
        LuaStack.rawField(L, table, "name")
        let name = LuaStack.string(L, -1) ?? LuaHost.scriptName(fromPath: path)
        LuaStack.push(L, params: resolved, readOnly: true,
                      nilEntries: TableEntryLine.nilEntries(in: text, file: path, declared: defaults.keys))
        let params = host.popReference()
        return Version(table: reference, params: params, name: name, defaults: defaults, choices: choices)
    }

    /// Runs the script's hooks over `events` in one call into Lua and reads each result.
    /// - Throws: `LuaScriptError` for an error in a hook (file, line and traceback), a limit, or a
    ///   result that is not an animation description (naming the hook and the key).
    public func animations(for events: [AnimationEvent]) throws -> [AnimationDescription?] {
        guard !events.isEmpty else { return [] }
        let host = try liveHost()
        return try host.locked { try animations(for: events, host: host) }
    }

    private func animations(for events: [AnimationEvent], host: LuaHost) throws -> [AnimationDescription?] {
        let L = host.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        host.push(keyList)
        let keys = AnimatorCall.pushKeys(L, list: lua_gettop(L))
        host.push(eventTables)
        let pool = lua_gettop(L)
        host.pushPrelude("animate")
        host.push(version.table)
        lua_createtable(L, Int32(events.count), 0)
        for (k, event) in events.enumerated() {
            if tb_rawgeti(L, pool, lua_Integer(k + 1)) != LUA_TTABLE {
                tb_pop(L, 1)
                lua_createtable(L, 0, Int32(AnimatorCall.eventKeys.count))
                lua_pushvalue(L, -1)
                lua_rawseti(L, pool, lua_Integer(k + 1))
            }
            AnimatorCall.write(L, event, into: lua_gettop(L), keys: keys)
            lua_rawseti(L, -2, lua_Integer(k + 1))
        }
        host.push(version.params)
        try host.protectedCall(arguments: 3, results: 1)
        var results: [AnimationDescription?] = []
        results.reserveCapacity(events.count)
        for (k, event) in events.enumerated() {
            tb_rawgeti(L, -1, lua_Integer(k + 1))
            defer { tb_pop(L, 1) }
            if lua_type(L, -1) == LUA_TBOOLEAN && lua_toboolean(L, -1) == 0 { results.append(nil); continue }
            if let fast = AnimatorCall.fastDescription(L, lua_gettop(L), keys: keys) { results.append(fast); continue }
            let hook = event.kind == .move ? "update" : event.kind.rawValue
            // The hook's line is looked up only for a message: a good result costs no lua_getinfo.
            let what = { "\(self.hookPlace(L, hook, host: host)): the \(hook) hook's animation" }
            let value = try AnimatorScript.plainData(L, -1) ?? AnimatorScript.json(L, -1, path: what())
            if let description = try? AnimationDescription(json: value, what: "") {
                results.append(description)
            } else {
                do { results.append(try AnimationDescription(json: value, what: what())) } catch { throw LuaArguments.relayed(error.message) }
            }
        }
        return results
    }
}

extension AnimatorScript {
    /// [-0, +0, -] `path:line` of the line that defines `hook`, so that a message about what the
    /// hook returned points at it as a script error does; `path` alone when it is no Lua function.
    func hookPlace(_ L: OpaquePointer, _ hook: String, host: LuaHost) -> String {
        host.push(version.table)
        defer { tb_pop(L, 1) }
        lua_pushstring(L, hook)
        lua_rawget(L, -2)
        defer { tb_pop(L, 1) }
        guard let line = host.definition(at: -1)?.line, line > 0 else { return path }
        return "\(path):\(line)"
    }

    /// [-0, +0, m] The small table a hook returns as JSON, for results `AnimatorCall` did not
    /// read; nil when it is not plain data (a function, a mixed or holed table, deep nesting), so
    /// `json` can say what is wrong.
    static func plainData(_ L: OpaquePointer, _ index: Int32, depth: Int = 0) -> JSONValue? {
        let index = lua_absindex(L, index)
        switch lua_type(L, index) {
        case LUA_TBOOLEAN: return .bool(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            return lua_isinteger(L, index) != 0 ? .int(Int(lua_tointegerx(L, index, nil))) : .double(lua_tonumberx(L, index, nil))
        case LUA_TSTRING: return LuaStack.string(L, index).map(JSONValue.string)
        case LUA_TTABLE where depth < 4:
            var object: OrderedDictionary<String, JSONValue> = [:]
            var array: [JSONValue] = []
            lua_pushnil(L)
            while tb_next(L, index) != 0 {
                let value = plainData(L, -1, depth: depth + 1)
                let key: String? = lua_type(L, -2) == LUA_TSTRING ? LuaStack.string(L, -2) : nil
                let position = lua_type(L, -2) == LUA_TNUMBER ? LuaStack.integer(L, -2) : nil
                tb_pop(L, 1)
                guard let value else { tb_pop(L, 1); return nil }
                if let key { object[key] = value }
                else if position == array.count + 1 { array.append(value) }
                else { tb_pop(L, 1); return nil }
            }
            if !object.isEmpty && !array.isEmpty { return nil }
            return object.isEmpty ? .array(array) : .object(object)
        default: return nil
        }
    }

    /// `LuaStack.json` with its conversion errors as script errors.
    static func json(_ L: OpaquePointer, _ index: Int32, path: String) throws -> JSONValue {
        do { return try LuaStack.json(L, index, path: path) } catch let error as LuaStack.ConversionError {
            throw LuaArguments.relayed(error.message)
        }
    }
}
