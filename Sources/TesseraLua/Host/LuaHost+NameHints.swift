import CLua
import LuaBridge
import TesseraCore

// A misspelt global, method or field in a script gets Tessera's usual hint on its message line:
// "attempt to call a nil value (global 'pirnt') (did you mean print?)". The bridge gathers the
// names the script could have meant while the failing frame is live (NameHints.c); the hint is
// worded here, by DidYouMean, as every other.

extension LuaHost {
    /// [-0, +0, -] " (did you mean print?)" for the error at `index` when the bridge gathered
    /// names for it and one is close to the name Lua gave, else "".
    /// - Complexity: O(names × name length²), on the error path only.
    func nameHint(forErrorAt index: Int32) -> String {
        guard tb_pushhintsfor(L, index) != 0 else { return "" }
        let table = lua_gettop(L)
        defer { lua_settop(L, table - 1) }
        guard LuaStack.rawField(L, table, "name") == LUA_TSTRING, let name = LuaStack.string(L, -1) else { return "" }
        var names: [String] = []
        var seen: Set<String> = []
        var i: lua_Integer = 1
        while tb_rawgeti(L, table, i) == LUA_TSTRING {
            if let candidate = LuaStack.string(L, -1), seen.insert(candidate).inserted { names.append(candidate) }
            tb_pop(L, 1)
            i += 1
        }
        return DidYouMean.hint(for: name, among: names)
    }
}
