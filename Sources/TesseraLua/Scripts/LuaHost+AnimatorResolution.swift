import OrderedCollections
import TesseraCore

extension LuaHost {
    /// The animator a user names, found as Lua's `t.animator(name, params)` and the command
    /// line's `--animator` find it: a built-in name (`fade`, `scale`, `wobble`, see
    /// `BuiltinAnimators`) is that native animator; any other name is the script `NAME.lua` in
    /// `animatorDirectories()` (`cascade` is the shipped `animators/cascade.lua`, found with no
    /// checkout); a path ending in `.lua` is that file. `params` override the animator's defaults.
    /// A script keeps this host alive and runs on it, so it belongs to the host's thread; a
    /// built-in needs no Lua. The Swift side of `layout(named:params:)`, for animators.
    /// - Throws: `LuaScriptError` of kind `.file` for a name that finds no animator (naming the
    ///   closest one and those there are), a script by name that is refused (a FIFO, a folder, a
    ///   link out of its folder: naming the file) or a `.lua` file that is not there (naming the
    ///   script by name it may have meant), and what `loadAnimatorScript(path:params:)` throws for a
    ///   broken script or parameter; `LayoutError` for an unknown or mistyped parameter of a built-in.
    /// - Complexity: that of loading the script, or O(params) for a built-in.
    public func animator(named nameOrPath: String,
                         params: OrderedDictionary<String, JSONValue> = [:]) throws -> any Animator {
        try animator(named: nameOrPath, params: params, wording: .library)
    }

    /// `animator(named:params:)` with its messages worded for the caller (`--animator` on the
    /// command line, which also says what lists the names).
    package func animator(named nameOrPath: String, params: OrderedDictionary<String, JSONValue>,
                          wording: AnimatorWording) throws -> any Animator {
        if let builtin = try BuiltinAnimators.make(nameOrPath, params: params, source: wording.source(nameOrPath)) { return builtin }
        guard let path = animatorScriptPath(nameOrPath) else {
            if nameOrPath.hasSuffix(".lua") { throw missingAnimatorScript(nameOrPath) }
            // animators/NAME.lua is there yet refused (a FIFO, a folder, a dangling link, a link
            // out of its folder): say so, not that no animator has the name.
            if let refusal = refusedAnimatorScript(nameOrPath) { throw refusal }
            let scripts = ScriptCatalog.scripts(in: animatorDirectories(), lookup: .animator).map(\.name)
            throw LuaScriptError(.file, message: wording.unknown(AnimatorNames.unknown(nameOrPath, scripts: scripts, also: "a .lua file, ")))
        }
        return try loadAnimatorScript(path: path, params: params)
    }

    /// "animators/x.lua: expected a regular file, found a FIFO (named pipe).", for the script of
    /// animator `name` that an `animators/` folder holds but the lookup refuses, worded as a
    /// layout script that cannot be read is; nil when the name finds no file to refuse.
    func refusedAnimatorScript(_ name: String) -> LuaScriptError? {
        guard ModulePaths.isValidName(name) else { return nil }
        return Self.refusedScript(ModulePaths.fileName(of: name), in: animatorDirectories(), what: "animator script")
    }

    /// "x.lua: expected an animator script file, found no such file." (or why the file there
    /// cannot be run), with the script by name `path` may have meant, as a missing layout script
    /// names one.
    private func missingAnimatorScript(_ path: String) -> LuaScriptError {
        let problem = LuaHost.scriptFileProblem(path, what: "animator script")
            ?? NearbyFile.missing(path, expected: "an animator script file", extensions: ["lua"]) + "."
        return LuaScriptError(.file, message: ScriptByNameHint.noted("\(path): \(problem)", missing: path,
                                                                     scripts: { ScriptCatalog.scripts(in: self.animatorDirectories(), lookup: .animator) },
                                                                     builtins: BuiltinAnimators.names, kind: "animator"))
    }
}
