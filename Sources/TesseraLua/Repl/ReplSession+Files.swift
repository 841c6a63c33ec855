import CLua
import LuaBridge

// `tessera repl FILE.lua`: a file of REPL statements run as one chunk named after the file, so
// its errors and tracebacks say `FILE.lua:12:` (typed lines say `stdin:1:`), before the prompt
// opens or, with --batch, instead of it.

extension ReplSession {
    /// Runs `source` as one chunk named `name` in the session's environment (its globals stay
    /// for the lines that follow; its top-level locals do not, as in a Lua file). Returned
    /// values are not printed. An error is reported as a typed line's is and counted.
    /// - Returns: whether the file ran to its end without an error.
    @discardableResult
    public func runFile(source: String, name: String) -> Bool {
        let before = errorCount
        refreshSettings()
        let L = host.L
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        do {
            let chunk = try host.load(source, chunkName: "@" + name, environment: environment)
            host.push(chunk)
            try host.protectedCall(arguments: 0, results: 0)
        } catch let error as LuaScriptError {
            report(error)
        } catch {
            complain("\(error)")
        }
        return errorCount == before
    }
}
