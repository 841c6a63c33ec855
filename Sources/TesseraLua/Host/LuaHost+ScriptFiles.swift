import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

extension LuaHost {
    /// Loads a layout script in a new environment; see `LayoutScript`.
    public func loadLayoutScript(path: String) throws -> LayoutScript {
        try LayoutScript(host: self, path: path)
    }

    /// Reads, compiles and runs a script file; returns what it returned (kept in the
    /// registry) and the environment it ran in.
    func runFile(path: String) throws -> (result: LuaReference, environment: LuaReference) {
        guard let data = readScriptFile(path) else {
            let reason = ScriptFiles.exists(path) ? "cannot be read" : "does not exist"
            throw LuaScriptError(.file, message: "\(path): the script \(reason)")
        }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try loadChunk(data, chunkName: "@" + path)
        let directory = ScriptFiles.folder(of: path)
        do {
            try pushEnvironment(directory: directory.isEmpty ? "." : directory, loaded: nil)
            lua_pushvalue(L, -1)
            let environment = popReference()
            _ = lua_setupvalue(L, -2, 1)
            try protectedCall(arguments: 0, results: 1)
            return (popReference(), environment)
        } catch let error as LuaScriptError where error.kind == .memory && error.location == nil {
            // A cap so low that setting up the script's environment hits it, before any line of
            // the script runs: the script is the place.
            throw LuaScriptError(.memory, message: "\(path): \(error.message)", traceback: error.traceback, file: path)
        }
    }
}
