import CLua
import LuaBridge
import TesseraCore

extension ReplSession {
    // MARK: Set-up

    /// Puts `t`, `data`, `run`, `print` and `load` into the environment (`L` comes with
    /// `loadLayout(path:)`), and builds the result metatable.
    func installBuiltins() throws {
        makeResultMetatable()
        // The environment plays _G's part here: tracebacks name the functions it holds (a typed
        // `local function f` among them), as `lua` names _G's, though every line is its own chunk.
        host.push(environment)
        tb_setfunctionnames(host.L)
        host.setField("t", of: environment, to: .table(host.tessera))
        pushData()   // allocations are not refused outside script code, so check the cap after
        host.setField("data", of: environment, to: host.popValue())
        guard host.memoryUsed <= host.limits.maxMemoryBytes else { throw dataTooLarge() }
        do {
            try installFunctions()
        } catch let error as LuaScriptError where error.kind == .memory {
            throw dataTooLarge()   // the data left too little room for the REPL's own code
        }
    }

    /// The error for a dataset whose `data` table does not fit under the memory cap.
    func dataTooLarge() -> LuaScriptError {
        let usedMB = (host.memoryUsed + 1_048_575) / 1_048_576
        return LuaScriptError(.memory, message: "\(dataset.sourceName): the dataset's \(NumberText.counted(dataset.count, "item")) take about \(NumberText.grouped(usedMB)) MB as the REPL's `data` table, more than Lua may use (\(LuaHost.formatBytes(host.limits.maxMemoryBytes))); start the REPL with a larger --max-memory MB (for example --max-memory \(2 * usedMB))")
    }

    /// `run`, `print` and `load`, and the settings `print` reads.
    func installFunctions() throws {
        host.setField("run", of: environment, to: .function(hostFunction(ReplSession.runFunction, named: "run", arguments: 2)))

        lua_createtable(host.L, 0, 4)
        settings = host.popReference()
        host.setField("stringlimit", of: settings, to: .integer(200))
        host.setField("depth", of: settings, to: .integer(8))
        refreshSettings()
        let support = try host.load(ReplSupport.source, chunkName: ReplSupport.chunkName,
                                    environment: try host.newEnvironment())
        // Tessera's own set-up, not a line: the time limit and the instruction budget are the
        // user's lines' (a small --max-instructions stopped the REPL from starting); the memory
        // cap stays, since the data shares it.
        let limits = host.limits
        host.limits = ScriptLimits(maxMemoryBytes: limits.maxMemoryBytes, timeLimit: nil, maxInstructions: nil)
        defer { host.limits = limits }
        let functions = try host.call(.function(support), [
            .function(hostFunction(ReplSession.writeFunction, named: "print")),
            .function(hostFunction(ReplSession.loadScriptFunction, named: "load")),
            host.field("load", of: environment),
            .table(settings),
        ])
        host.setField("print", of: environment, to: functions[0])
        host.setField("load", of: environment, to: functions[1])
    }

    /// Loads the `--layout` script as `L`. `:reload` re-reads `path` afterwards, even when
    /// this first load failed (fix the file, then `:reload`).
    /// - Throws: `LuaScriptError`; `L` stays nil then.
    public func loadLayout(path: String) throws {
        layoutPath = path
        let script = try host.loadLayoutScript(path: path)
        layoutScript = script
        host.pushLayout(try script.configured(), name: script.name)
        host.setField("L", of: environment, to: host.popValue())
    }

    /// A context over the session's dataset in `size`.
    func context(size: Size) -> LayoutContext {
        LayoutContext(dataset: dataset, collectionSize: size, sizing: sizing)
    }
}
