import OrderedCollections
import TesseraCore

extension LuaHost {
    /// The layout a user names: a path ending in `.lua` is loaded as a layout script in this
    /// host; a built-in name (`BuiltinLayouts`) is that layout; any other name is the script
    /// `NAME.lua` in `searchPaths` (`appstore` is the shipped `layouts/appstore.lua`), as
    /// `--animator cascade` finds `animators/cascade.lua`. `params` override the script's
    /// defaults or configure the built-in. `tessera run`, `check` and the REPL's `run("name")`
    /// all resolve names here, so they accept the same names.
    /// - Throws: `LuaScriptError` for a script that cannot be loaded or a bad parameter of a
    ///   script; `LayoutError` for an unknown built-in name or a bad parameter of a built-in.
    /// - Complexity: that of loading the script, or O(params) for a built-in.
    public func layout(named nameOrPath: String,
                       params: OrderedDictionary<String, JSONValue> = [:]) throws -> any Layout {
        try layout(named: nameOrPath, params: params, style: .parameter)
    }

    /// `layout(named:params:)` with a built-in's messages in `style`: a Lua caller's messages
    /// count sections from 1, as Lua does; the command line's count from 0.
    func layout(named nameOrPath: String, params: OrderedDictionary<String, JSONValue>,
                style: LayoutParameters.Style) throws -> any Layout {
        if nameOrPath.hasSuffix(".lua") {
            do {
                return try loadLayoutScript(path: nameOrPath).configured(params)
            } catch var error as LuaScriptError where error.kind == .file {
                error.message = ScriptByNameHint.noted(error.message, missing: nameOrPath,
                                                       scripts: { ScriptCatalog.scripts(in: searchPaths) },
                                                       builtins: BuiltinLayouts.names, kind: "layout")
                throw error
            }
        }
        if BuiltinLayouts.names.contains(nameOrPath) {
            return try BuiltinLayouts.make(name: nameOrPath, params: params, style: style)
        }
        if let path = layoutScriptPath(nameOrPath) {
            return try loadLayoutScript(path: path).configured(params)
        }
        // NAME.lua is in a search folder yet refused (a broken link, a link out of the folder, a
        // FIFO): say so, not that no layout has the name.
        if let file = Self.layoutScriptFile(nameOrPath),
           let refusal = Self.refusedScript(file, in: searchPaths, what: "script") { throw refusal }
        // A built-in's name shadows the script of the same name (the shipped waterfall.lua runs
        // by path only), so the message lists it once, as the built-in it would run.
        let scripts = ScriptCatalog.scripts(in: searchPaths).map(\.name).filter { !BuiltinLayouts.names.contains($0) }
        let file = Self.scriptFileMeant(by: nameOrPath)
        throw LayoutError.unknownLayout(name: nameOrPath,
                                        suggestion: file.exact ?? DidYouMean.suggestion(for: nameOrPath, among: BuiltinLayouts.names + scripts) ?? file.near,
                                        builtins: BuiltinLayouts.names, scripts: scripts)
    }
}

extension LuaHost {
    /// The script file a name that found no layout may have meant: `exact` when the name lacks
    /// only its `.lua` (`out/list` for `out/list.lua`, which is there); `near`, for a name with a
    /// folder, the `.lua` file next to it that it misspells (`out/lst`, `out/list.lu`). A name
    /// that is a dataset's file name gets neither: the command line says where that goes.
    /// Asked only once the name has found nothing; lists a folder at most twice.
    static func scriptFileMeant(by name: String) -> (exact: String?, near: String?) {
        guard !name.isEmpty, !name.hasSuffix("/"), DatasetFormat(fileName: name) == nil else { return (nil, nil) }
        if ScriptFiles.isFile(name + ".lua") { return (name + ".lua", nil) }
        guard name.contains("/") else { return (nil, nil) }
        return (nil, NearbyFile.suggestion(for: name + ".lua", extensions: ["lua"])
                    ?? NearbyFile.suggestion(for: name, extensions: ["lua"]))
    }
}
