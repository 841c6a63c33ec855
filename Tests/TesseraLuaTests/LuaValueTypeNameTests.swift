import Testing
import TesseraCore
@testable import TesseraLua

@Suite struct LuaValueTypeNameTests {
    @Test("typeName is what Lua's type() says of the value", arguments: [
        ("nil", "nil"), ("true", "boolean"), ("3", "number"), ("2.5", "number"), ("'x'", "string"),
        ("{}", "table"), ("print", "function"), ("t.provider{ data = {}, layout = t.flow{} }", "userdata"),
    ])
    func typeNamesMatchLua(expression: String, name: String) throws {
        let host = try LuaHost()
        let values = try host.evaluate("local t = require('tessera')\nlocal v = \(expression)\nreturn v, type(v)",
                                       chunkName: "=types", environment: host.newEnvironment())
        #expect(values.count == 2)
        #expect(values.first?.typeName == name)
        #expect(values.last == .string(name))
    }

    @Test("integers and floats are both numbers")
    func numbers() {
        #expect(LuaValue.integer(3).typeName == "number" && LuaValue.number(3).typeName == "number")
    }
}
