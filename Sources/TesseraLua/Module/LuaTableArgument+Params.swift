import CLua
import OrderedCollections
import TesseraCore

// A run's `params` option, read one way for `t.run` in tests and the REPL's `run`, so both take
// a built-in's parameters and a script's as `--param` does.

extension LuaTableArgument {
    /// Field `params`: a table of params by name (`{columns = 3}`); absent, nil or `{}` is
    /// none. O(size of the table).
    func params(host: LuaHost, args: LuaArguments) throws -> OrderedDictionary<String, JSONValue> {
        try with("params") { slot in
            if lua_type(L, slot) == LUA_TNIL { return [:] }
            guard lua_type(L, slot) == LUA_TTABLE else {
                throw error("params", mustBe: "a table of params", numeric: false)
            }
            switch try host.plainData(slot, "options.params", args) {
            case .object(let object): return object
            case .array(let empty) where empty.isEmpty: return [:]   // `{}` reads as an empty list
            default: throw error("params", mustBe: "a table of params by name", numeric: false)
            }
        }
    }
}
