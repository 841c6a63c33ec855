import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

// Animators in Lua: t.animator(what [, params]) makes an animator value for `animator =` on
// providers and engines. `what` is a built-in name (fade, scale, wobble: the native animators),
// the name of a script in an `animators/` folder (cascade, zoom, ...; found by ModulePaths, as
// require finds modules: never a path from a script), or
// a table of hooks written in place ({insert = function(e, p) ... end, params = {...}}), which
// runs in the calling script's Lua state. `animator =` also takes such a table, or a name,
// directly.

extension TesseraModule {
    static let animatorToString: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, _ in
            let label = host.box(at: 1, meta: host.engineSupport.animatorMetaRef, as: AnimatorBox.self)?.label ?? "?"
            LuaStack.push(L!, "animator: \(label)")
            return 1
        }
    }

    /// t.animator("fade" | "scale" | "wobble" | NAME | "file.lua" | {hooks} [, params])
    static let moduleAnimator: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            var params: OrderedDictionary<String, JSONValue> = [:]
            if !args.isAbsent(2) {
                guard lua_type(L, 2) == LUA_TTABLE else { throw args.error(2, "params", mustBe: "a table of named params", got: args.describe(2)) }
                params = try host.namedParameters(at: 2, what: "\(args.function): argument #2 (params)")
            }
            let box = try host.makeAnimator(at: 1, params: params, function: args.function) {
                args.error(1, "animator", mustBe: TesseraModule.animatorExpectation, got: args.describe(1, numeric: false))
            }
            host.pushBox(box, meta: host.engineSupport.animatorMetaRef)
            return 1
        }
    }

    static let animatorExpectation = "a built-in animator (fade, scale, wobble), an animator script's name, or a table of hooks"
}

extension LuaHost {
    /// The animator metatable (`__gc`, `__name`, `__tostring`).
    func makeAnimatorMetatable() {
        engineSupport.animatorMetaRef = makeBoxMetatable(named: "animator", [
            ("__tostring", { self.pushHostFunction(TesseraModule.animatorToString, named: "animator") }),
        ])
    }

    /// A table of named values at `slot` as JSON (an empty table is no parameters).
    func namedParameters(at slot: Int32, what: String) throws -> OrderedDictionary<String, JSONValue> {
        let value: JSONValue
        do { value = try LuaStack.json(L, slot, path: what) } catch let e as LuaStack.ConversionError { throw LuaArguments.relayed(e.message) }
        switch value {
        case .object(let fields): return fields
        case .array(let list) where list.isEmpty: return [:]
        default: throw LuaArguments.mismatch(what, mustBe: "a table of named params", got: value.briefDescription)
        }
    }

    /// The animator described by the value at `slot` (an animator value, a name or path, or a
    /// table of hooks); `mismatch` is the error for any other value.
    func makeAnimator(at slot: Int32, params: OrderedDictionary<String, JSONValue>, function: String,
                      mismatch: () -> LuaScriptError) throws -> AnimatorBox {
        let slot = lua_absindex(L, slot)
        if let box = box(at: slot, meta: engineSupport.animatorMetaRef, as: AnimatorBox.self), params.isEmpty { return box }
        if lua_type(L, slot) == LUA_TTABLE {
            let script = try AnimatorScript(host: self, table: reference(at: slot), label: function, params: params)
            return AnimatorBox(script, label: script.name)
        }
        guard lua_type(L, slot) == LUA_TSTRING, let name = LuaStack.string(L, slot) else { throw mismatch() }
        if let builtin = try BuiltinAnimators.make(name, params: params, source: "\(function)(\"\(name)\")") {
            return AnimatorBox(builtin, label: name)
        }
        let path: String
        switch ModulePaths.find(name, in: animatorDirectories(), what: "animator") {
        case .success(let found): path = found
        case .failure(let error) where error.kind == .refused:
            throw LuaArguments(L, function: function).relayed(error.message)
        case .failure:
            throw LuaArguments.noAnimator(function, name, scripts: ScriptCatalog.scripts(in: animatorDirectories(), lookup: .animator))
        }
        let script = try AnimatorScript(host: self, path: path, params: params, retainingHost: false)
        return AnimatorBox(script, label: script.name)
    }

    /// The `animators/` folders beside the `layouts/` folders `require` searches.
    public func animatorDirectories() -> [String] {
        var seen = Set<String>()
        return searchPaths.map { path in
            let parent = ScriptFiles.folder(of: path)
            return LuaHost.join(parent.isEmpty ? "." : parent, "animators")
        }.filter { seen.insert(ScriptFiles.standardized($0)).inserted }
    }

    /// For the CLI's `--animator`: a `.lua` path that exists (the user's own file), else the
    /// script of that name in the `animators/` folders, found as `t.animator` finds it.
    public func animatorScriptPath(_ name: String) -> String? {
        if name.hasSuffix(".lua") { return ScriptFiles.exists(name) ? name : nil }
        return try? ModulePaths.find(name, in: animatorDirectories(), what: "animator").get()
    }

    /// `animator =` on a provider or an engine: nil, an animator value, a name, or a table of hooks.
    func animatorField(_ field: LuaArguments, key: String, at slot: Int32) throws -> (any Animator)? {
        if field.isAbsent(slot) { return nil }
        return try makeAnimator(at: slot, params: [:], function: field.function) {
            field.error(.field(key), at: slot, mustBe: "t.animator(...), \(TesseraModule.animatorExpectation)", numeric: false)
        }.animator
    }

    /// [-0, +1, m] An event's animation as its script form: `{from =, to =, duration =, delay =,
    /// curve =, damping =, response =}`.
    func pushAnimation(_ animation: AnimationDescription) {
        LuaStack.push(L, json: animation.json, readOnly: false)
    }
}
