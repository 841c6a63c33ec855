import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

/// An animator script (`animators/*.lua`): a table with any of the hooks `insert`, `delete`,
/// `update` (also given moves), `shift` and `scroll`, each `function(e, params)` returning an
/// animation description or nil, plus optional `name` and `params` (defaults that `params`
/// overrides, typed like layout parameters).
///
/// It runs in the host's sandbox under the same limits as layouts. `animations(for:)` calls into
/// Lua once per engine pass, with every event of the pass. `reload()` swaps in a new version only
/// when the file loads; otherwise the last good one stays. Not thread-safe: one host belongs to
/// one thread, and so does every script loaded into it.
public final class AnimatorScript: Animator, @unchecked Sendable {
    public static let hooks = ["insert", "delete", "update", "shift", "scroll"]
    static let keys = ["name", "params"] + hooks

    public let host: LuaHost
    public let path: String
    private let overrides: OrderedDictionary<String, JSONValue>
    private var version: Version
    /// The error of the last failed `reload()`, cleared by a successful one.
    public private(set) var lastError: LuaScriptError?

    private struct Version {
        let table: LuaReference
        let params: LuaReference
        let name: String
        let defaults: OrderedDictionary<String, JSONValue>
    }

    /// Loads `path` and resolves `params` against its defaults.
    /// - Throws: `LuaScriptError` for a broken script, an unknown hook or key (with a suggestion),
    ///   a hook that is not a function, or an unknown or mistyped parameter.
    public init(host: LuaHost, path: String, params: OrderedDictionary<String, JSONValue> = [:]) throws {
        self.host = host
        self.path = path
        self.overrides = params
        version = try AnimatorScript.load(host: host, path: path, overrides: params)
    }

    /// The script's `name`, or its file name without `.lua`.
    public var name: String { version.name }
    /// The parameters the script declares, with their defaults.
    public var defaultParams: OrderedDictionary<String, JSONValue> { version.defaults }

    /// Loads the file again; keeps the current version and throws when it does not load.
    public func reload() throws {
        do {
            version = try AnimatorScript.load(host: host, path: path, overrides: overrides)
            lastError = nil
        } catch let error as LuaScriptError {
            lastError = error
            throw error
        }
    }

    private static func load(host: LuaHost, path: String, overrides: OrderedDictionary<String, JSONValue>) throws -> Version {
        let (result, _) = try host.runFile(path: path)
        let L = host.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        host.push(result)
        guard lua_type(L, -1) == LUA_TTABLE else {
            throw LuaScriptError(.script, message: "\(path): an animator script must return a table of hooks (\(hooks.joined(separator: ", "))), got a \(LuaStack.typeName(L, -1))")
        }
        let table = lua_gettop(L)
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            defer { tb_pop(L, 1) }
            guard lua_type(L, -2) == LUA_TSTRING, let key = LuaStack.string(L, -2) else {
                throw LuaScriptError(.script, message: "\(path): an animator table has only named fields (\(keys.joined(separator: ", ")))")
            }
            if !keys.contains(key) {
                let hint = DidYouMean.suggestion(for: key, among: keys).map { " (did you mean \($0)?)" } ?? ""
                throw LuaScriptError(.script, message: "\(path): unknown key '\(key)'\(hint); an animator has \(keys.joined(separator: ", "))")
            }
            if hooks.contains(key), lua_type(L, -1) != LUA_TFUNCTION {
                throw LuaScriptError(.script, message: "\(path): \(key) must be a function(e, params), got a \(LuaStack.typeName(L, -1))")
            }
        }
        var defaults: OrderedDictionary<String, JSONValue> = [:]
        if LuaStack.rawField(L, table, "params") != LUA_TNIL {
            guard case .object(let declared) = try AnimatorScript.json(L, -1, path: "\(path): params") else {
                throw LuaScriptError(.script, message: "\(path): params must be a table of named defaults")
            }
            defaults = declared
        }
        tb_pop(L, 1)
        let resolved = try ScriptVersion.resolve(overrides, defaults: defaults, source: path)
        LuaStack.rawField(L, table, "name")
        let name = LuaStack.string(L, -1) ?? LuaHost.scriptName(fromPath: path)
        LuaStack.push(L, json: .object(resolved), readOnly: true)
        let params = host.popReference()
        return Version(table: result, params: params, name: name, defaults: defaults)
    }

    /// Runs the script's hooks over `events` in one call into Lua and reads each result.
    /// - Throws: `LuaScriptError` for an error in a hook (file, line and traceback), a limit, or a
    ///   result that is not an animation description (naming the hook and the key).
    public func animations(for events: [AnimationEvent]) throws -> [AnimationDescription?] {
        guard !events.isEmpty else { return [] }
        let L = host.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        host.pushPrelude("animate")
        host.push(version.table)
        LuaStack.push(L, json: .array(events.map(\.luaTable)), readOnly: true)
        host.push(version.params)
        try host.protectedCall(arguments: 3, results: 1)
        var results: [AnimationDescription?] = []
        results.reserveCapacity(events.count)
        for (k, event) in events.enumerated() {
            lua_rawgeti(L, -1, lua_Integer(k + 1))
            defer { tb_pop(L, 1) }
            if lua_type(L, -1) == LUA_TBOOLEAN && lua_toboolean(L, -1) == 0 { results.append(nil); continue }
            let hook = event.kind == .move ? "update" : event.kind.rawValue
            let what = "\(path): the \(hook) hook's animation"
            let value = try AnimatorScript.json(L, -1, path: what)
            do {
                results.append(try AnimationDescription(json: value, what: what))
            } catch {
                throw LuaScriptError(.script, message: error.message)
            }
        }
        return results
    }
}

extension AnimatorScript {
    /// `LuaStack.json` with its conversion errors as script errors.
    static func json(_ L: OpaquePointer, _ index: Int32, path: String) throws -> JSONValue {
        do { return try LuaStack.json(L, index, path: path) } catch let error as LuaStack.ConversionError {
            throw LuaScriptError(.script, message: error.message)
        }
    }
}

extension AnimationEvent {
    /// The event as an animator hook sees it: 1-based `index`, frames as `{x, y, w, h}`.
    var luaTable: JSONValue {
        func frame(_ r: Rect) -> JSONValue { .array([r.x, r.y, r.width, r.height].map(JSONValue.double)) }
        func point(_ p: Point) -> JSONValue { .array([.double(p.x), .double(p.y)]) }
        var fields: OrderedDictionary<String, JSONValue> = [
            "type": .string(kind.rawValue), "index": .int(index + 1), "id": .string(id), "view": .int(view),
            "frame": frame(self.frame), "visibleFrame": frame(visibleFrame), "contentOffset": point(contentOffset),
            "velocity": point(velocity), "delta": point(delta), "reloadCount": .int(reloadCount),
            "isReloading": .bool(isReloading),
        ]
        if let oldFrame { fields["oldFrame"] = frame(oldFrame) }
        return .object(fields)
    }
}
