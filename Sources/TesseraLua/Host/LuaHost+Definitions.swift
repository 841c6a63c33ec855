import CLua
import LuaBridge

/// Where a script's function was written. A value a function returned is checked after the
/// function has returned, when no script line is running to name; the error then points at the
/// line that defines the function, as the bridge's own checks of returned values do
/// (`tb_functionerror`).
extension LuaHost {
    /// [-0, +0, -] The `short_src` and the line of `function` of the Lua function at `index`;
    /// nil for a C function or another value.
    func definition(at index: Int32) -> (source: String, line: Int)? {
        guard lua_type(L, index) == LUA_TFUNCTION else { return nil }
        lua_pushvalue(L, index)
        var ar = lua_Debug()
        guard lua_getinfo(L, ">S", &ar) != 0, ar.what.map({ String(cString: $0) }) != "C" else { return nil }
        let source = withUnsafeBytes(of: &ar.short_src) { raw in
            String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
        return (source, Int(ar.linedefined))
    }

    /// [-0, +0, -] The `short_src` of the Lua function at `index`.
    func definitionSource(at index: Int32) -> String? { definition(at: index)?.source }

    /// Runs `check`, which reads what `function` returned, and blames what it throws on the
    /// function (`blaming`).
    func blamingDefinition<T>(of function: LuaReference, orElse origin: String = "", _ check: () throws -> T) throws -> T {
        do {
            return try check()
        } catch let error as LuaScriptError where error.kind == .script {
            throw blaming(function, error, orElse: origin)
        }
    }

    /// A complaint about what `function` returned (a `.script` error) as a runtime error placed
    /// at `file:line:` of the function's definition, raised as it is when a Lua call is running
    /// (a script's error already names its place), so a layout pass started by Swift and one
    /// started by Lua say the same. A function with no line (a C function) is blamed at `origin`
    /// instead (`file:line: `, where the function was handed over), raised as it is, so a call
    /// from Lua does not add its own line before it; without an origin the complaint stays a
    /// script error, placed at the call. Only failures come here: a good result costs no
    /// lua_getinfo.
    func blaming(_ function: LuaReference, _ error: LuaScriptError, orElse origin: String = "") -> LuaScriptError {
        guard error.kind == .script else { return error }
        push(function)
        defer { tb_pop(L, 1) }
        guard let place = definition(at: -1), place.line > 0 else {
            return origin.isEmpty ? error : LuaScriptError(.runtime, message: origin + error.message, file: error.file)
        }
        return LuaScriptError(.runtime, message: "\(place.source):\(place.line): \(error.message)")
    }
}
