import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

extension TesseraModule {
    /// t.flow{...}, t.row{...}, t.waterfall{...}, t.overlay{}: the built-in layouts by name
    /// (upvalue: the name), through `BuiltinLayouts.make`, the same code path as `--param`.
    /// Parameter tables of t.flow{}, t.waterfall{}, ... are argument #1: their messages take
    /// the one shape (`t.waterfall: field 'columns' must be a number, got string`).
    static let fieldStyle = LayoutParameters.Style(naming: .field, indexBase: 1)

    static let moduleBuiltin: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let name = LuaStack.string(L!, tb_upvalueindex(TB_HOST_UPVALUES + 1)) ?? "?"
            var params: OrderedDictionary<String, JSONValue> = [:]
            if !args.isAbsent(1) {
                guard lua_type(L, 1) == LUA_TTABLE else {
                    throw args.error(1, "params", mustBe: "a table of named params, like t.\(name){ spacing = 8 }")
                }
                do {
                    switch try LuaStack.json(L!, 1, path: "t.\(name) param table") {
                    case .object(let o): params = o
                    case .array(let a) where a.isEmpty: break
                    default:
                        throw args.error(1, "params", mustBe: "a table of named params, like t.\(name){ spacing = 8 }", got: "a list")
                    }
                } catch let e as LuaStack.ConversionError { throw LuaArguments.relayed(e.message) }
            }
            do {
                host.pushLayout(try BuiltinLayouts.make(name: name, params: params, style: fieldStyle), name: name)
            } catch let e as LayoutError {
                throw args.relayed(e.message)
            }
            return 1
        }
    }
}
