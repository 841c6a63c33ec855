import CLua
import LuaBridge
import TesseraCore

// A misspelt global, method or field in a script gets Tessera's usual hint on its message line:
// "attempt to call a nil value (global 'pirnt') (did you mean print?)". The bridge gathers the
// names the script could have meant while the failing frame is live (NameHints.c); the hint is
// worded here, by DidYouMean, as every other. A name a params table refuses (Params.c) gets its
// hint right after the name: "params has no 'colums' (did you mean columns?); known params: ...".

extension LuaHost {
    /// [-0, +0, -] `message` with the hint for the error at `index` when the bridge gathered
    /// names for it and one is close to the name Lua gave: after the message line ("... (global
    /// 'pirnt') (did you mean print?)"), or right after the name where the bridge says
    /// ("params has no 'colums' (did you mean columns?); known params: ..."); else `message`.
    /// - Complexity: O(names × name length²), on the error path only.
    func hinted(_ message: String, forErrorAt index: Int32) -> String {
        guard tb_pushhintsfor(L, index) != 0 else { return message }
        let table = lua_gettop(L)
        defer { lua_settop(L, table - 1) }
        guard LuaStack.rawField(L, table, "name") == LUA_TSTRING, let name = LuaStack.string(L, -1) else { return message }
        var names: [String] = []
        var seen: Set<String> = []
        var i: lua_Integer = 1
        while tb_rawgeti(L, table, i) == LUA_TSTRING {
            if let candidate = LuaStack.string(L, -1), seen.insert(candidate).inserted { names.append(candidate) }
            tb_pop(L, 1)
            i += 1
        }
        let hint = DidYouMean.hint(for: name, among: names)
        guard LuaStack.rawField(L, table, "at") == LUA_TNUMBER else { return message + hint }
        let utf8 = message.utf8
        // A message cut before the place (a name of a megabyte) keeps the hint at its end.
        guard let at = utf8.index(utf8.startIndex, offsetBy: Int(lua_tointegerx(L, -1, nil)), limitedBy: utf8.endIndex),
              let place = at.samePosition(in: message) else { return message + hint }
        return String(message[..<place]) + hint + String(message[place...])
    }
}
