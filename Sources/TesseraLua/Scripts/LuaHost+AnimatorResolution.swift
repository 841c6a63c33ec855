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
    ///   closest one and those there are) or a `.lua` file that is not there, and what
    ///   `loadAnimatorScript(path:params:)` throws for a broken script or parameter;
    ///   `LayoutError` for an unknown or mistyped parameter of a built-in.
    /// - Complexity: that of loading the script, or O(params) for a built-in.
    public func animator(named nameOrPath: String,
                         params: OrderedDictionary<String, JSONValue> = [:]) throws -> any Animator {
        if let builtin = try BuiltinAnimators.make(nameOrPath, params: params, source: nameOrPath) { return builtin }
        if nameOrPath.hasSuffix(".lua") { return try loadAnimatorScript(path: nameOrPath, params: params) }
        guard let path = animatorScriptPath(nameOrPath) else {
            let scripts = ScriptCatalog.scripts(in: animatorDirectories()).map(\.name)
            throw LuaScriptError(.file, message: "unknown animator " + AnimatorNames.unknown(nameOrPath, scripts: scripts, also: "a .lua file, "))
        }
        return try loadAnimatorScript(path: path, params: params)
    }
}
