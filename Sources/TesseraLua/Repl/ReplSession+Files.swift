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
        run(Array(source.utf8), name: name)
    }

    /// Reads the file at `path` as every script is read (its bytes as they are: Lua strings
    /// are bytes) and runs it as `runFile(source:name:)` does. O(file size).
    /// - Returns: whether the file ran to its end without an error.
    /// - Throws: `LuaScriptError` of kind `.file` when it cannot be read, worded as for a
    ///   layout script (`x.lua: the script does not exist`).
    @discardableResult
    public func runFile(path: String) throws -> Bool {
        guard let bytes = host.readScriptFile(path) else { throw LuaHost.unreadableScript(path) }
        return run(bytes, name: path)
    }

    private func run(_ bytes: [UInt8], name: String) -> Bool {
        let before = errorCount
        refreshSettings()
        let L = host.L
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        do {
            try host.loadChunk(bytes, chunkName: "@" + name)
            host.push(environment)
            _ = lua_setupvalue(L, -2, 1)
            try host.protectedCall(arguments: 0, results: 0)
        } catch let error as LuaScriptError {
            report(error)
        } catch {
            complain("\(error)")
        }
        return errorCount == before
    }
}
