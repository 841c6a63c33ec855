import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

extension LuaHost {
    /// Loads a layout script in a new environment; see `LayoutScript`. Reads, compiles and runs
    /// the file once (what it returns is kept; laying out calls into it).
    /// - Throws: `LuaScriptError` for a missing or broken file, or a table that is not a layout.
    public func loadLayoutScript(path: String) throws -> LayoutScript {
        try LayoutScript(host: self, path: path)
    }

    /// Loads a layout script held in memory (a bundled resource, a download, a test's text) in a
    /// new environment, as `loadLayoutScript(path:)` loads a file: `chunkName` stands for the
    /// file in every message and traceback (`feed.lua:3: ...`), is the script's `path`, names it
    /// when it sets no `name` (`feed.lua` is "feed") and is where its `require` looks (the
    /// folder of `chunkName`, the current one for a bare name). `reload()` runs the same source
    /// again. Compiles and runs the source once: O(length of `source`) plus what the script
    /// does when it runs.
    /// - Throws: `LuaScriptError` for a broken script or a table that is not a layout, worded as
    ///   for a file named `chunkName`.
    public func loadLayoutScript(source: String, chunkName: String) throws -> LayoutScript {
        try LayoutScript(host: self, path: chunkName, source: Array(source.utf8))
    }

    /// Loads an animator script (`animators/*.lua` or a file of your own) with `params` over its
    /// defaults, ready to be a `CollectionEngine`'s or a provider's `animator`; the same as
    /// `AnimatorScript(host: self, path: path, params: params)`. The script keeps this host
    /// alive and runs on it, so it belongs to the host's thread. Reads and runs the file once.
    /// - Throws: `LuaScriptError` for a missing or broken file, an unknown hook or key, or an
    ///   unknown or mistyped parameter.
    public func loadAnimatorScript(path: String, params: OrderedDictionary<String, JSONValue> = [:]) throws -> AnimatorScript {
        try AnimatorScript(host: self, path: path, params: params)
    }

    /// Loads an animator script held in memory with `params` over its defaults, as
    /// `loadAnimatorScript(path:params:)` loads a file: `chunkName` stands for the file in every
    /// message and traceback (`fade-in.lua:3: ...`), is the script's `path`, names it when it
    /// sets no `name` (`fade-in.lua` is "fade-in") and is where its `require` looks (the folder
    /// of `chunkName`, the current one for a bare name). `reload()` runs the same source again.
    /// The script keeps this host alive and runs on it. Compiles and runs the source once:
    /// O(length of `source`) plus what the script does when it runs.
    /// - Throws: `LuaScriptError` for a broken script, a script that returns no table of hooks,
    ///   an unknown hook or key, or an unknown or mistyped parameter, worded as for a file named
    ///   `chunkName`.
    public func loadAnimatorScript(source: String, chunkName: String,
                                   params: OrderedDictionary<String, JSONValue> = [:]) throws -> AnimatorScript {
        try AnimatorScript(host: self, path: chunkName, source: Array(source.utf8), params: params)
    }

    /// Why the script file at `path` cannot be run, as running it says (`preview` asks before it
    /// starts, and when a save leaves its layout or animator script unreadable), one sentence:
    /// something other than a regular file is there or a symbolic link loop (worded as the
    /// dataset reader words them), it is larger than `maxSourceBytes`, it is missing ("expected a script file, found no such file.",
    /// as a missing dataset is said; `what` is "script" or "animator script"), or it cannot be
    /// read; nil for a readable script. Costs what `ScriptFileVerdict` costs, and a folder listed
    /// for a missing file's hint.
    package static func scriptFileProblem(_ path: String, what: String = "script") -> String? {
        scriptFileProblem(ScriptFileVerdict(path), path: path, what: what)
    }

    /// `verdict`, on the script file at `path`, worded as `scriptFileProblem(_:what:)` words it;
    /// nil for a script, and for a link out of its folder, which the caller words with the path.
    static func scriptFileProblem(_ verdict: ScriptFileVerdict, path: String, what: String) -> String? {
        switch verdict {
        case .script, .linkOut: return nil
        case .notARegularFile(let problem): return problem + "."
        case .tooLarge(let reason), .unreadable(let reason): return "the \(what) cannot be read (\(reason))."
        case .absent, .brokenLink: return missingScript(path, what: what) + "."
        }
    }

    /// "expected a script file, found no such file" (with the closest script's name) or "...,
    /// found a broken symbolic link (to 'moved.lua')", for the script file at `path` that is not
    /// there; `what` names the file's kind ("script", "module"). The caller ends the sentence.
    static func missingScript(_ path: String, what: String) -> String {
        let article = what.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        return NearbyFile.missing(path, expected: "\(article) \(what) file", extensions: ["lua"])
    }

    /// The error for a script file at `path` that cannot be read: `path: ` and why.
    static func unreadableScript(_ path: String) -> LuaScriptError {
        LuaScriptError(.file, message: "\(path): \(scriptFileProblem(path) ?? "the script cannot be read (\(ScriptFiles.readFailure(path))).")")
    }

    /// Reads, compiles and runs a script file; returns what it returned (kept in the
    /// registry) and the environment it ran in.
    func runFile(path: String) throws -> (result: LuaReference, environment: LuaReference) {
        guard let data = readScriptFile(path) else { throw Self.unreadableScript(path) }
        return try runChunk(data, path: path)
    }

    /// Compiles and runs a script's text as the file `path` would run; returns what it returned
    /// (kept in the registry) and the environment it ran in.
    func runChunk(_ data: [UInt8], path: String) throws -> (result: LuaReference, environment: LuaReference) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        do {
            try loadChunk(data, chunkName: "@" + path)
        } catch var error as LuaScriptError where error.kind == .syntax && error.message.hasSuffix(BareTableStart.luaMessageEnd)
                    && BareTableStart.opens(data) {
            error.message += BareTableStart.hint
            throw error
        }
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
