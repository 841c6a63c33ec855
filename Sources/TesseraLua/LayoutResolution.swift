import OrderedCollections
import TesseraCore

extension LuaHost {
    /// The layout a user names: a path ending in `.lua` is loaded as a layout script in this
    /// host, anything else is a built-in layout (`BuiltinLayouts`); `params` override the
    /// script's defaults or configure the built-in. `tessera run`, `check` and the REPL's
    /// `run("name")` all resolve names here, so they accept the same names.
    /// - Throws: `LuaScriptError` for a script that cannot be loaded or a bad parameter of a
    ///   script; `LayoutError` for an unknown built-in name or a bad parameter of a built-in.
    /// - Complexity: that of loading the script, or O(params) for a built-in.
    public func layout(named nameOrPath: String,
                       params: OrderedDictionary<String, JSONValue> = [:]) throws -> any Layout {
        if nameOrPath.hasSuffix(".lua") {
            return try loadLayoutScript(path: nameOrPath).configured(params)
        }
        return try BuiltinLayouts.make(name: nameOrPath, params: params)
    }
}
