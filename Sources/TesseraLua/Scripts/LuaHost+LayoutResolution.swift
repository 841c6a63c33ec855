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
            return try loadLayoutScript(path: nameOrPath).configured(params)
        }
        if BuiltinLayouts.names.contains(nameOrPath) {
            return try BuiltinLayouts.make(name: nameOrPath, params: params, style: style)
        }
        if let path = layoutScriptPath(nameOrPath) {
            return try loadLayoutScript(path: path).configured(params)
        }
        let scripts = ScriptCatalog.scripts(in: searchPaths).map(\.name)
        throw LayoutError.unknownLayout(name: nameOrPath,
                                        suggestion: DidYouMean.suggestion(for: nameOrPath, among: BuiltinLayouts.names + scripts),
                                        builtins: BuiltinLayouts.names, scripts: scripts)
    }
}
