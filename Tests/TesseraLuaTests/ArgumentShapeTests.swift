import Testing
import TesseraCore
@testable import TesseraLua

/// Every function Lua can call (each `t.*` constructor, each layout method, each `ctx` method,
/// each engine method) is called with a wrong argument, `true` where it takes none of that
/// type, and must refuse it in the one shape:
/// `name: argument #n (what) must be ..., got <type>` (or `name: self must be ...` for a
/// method called on the wrong value, `name: field 'k' ...` for a field).
@Suite struct ArgumentShapeTests {
    static var shape: Regex<Substring> {
        #/^(?:t\.\w+|layout:\w+|ctx[:.]\w+|engine:\w+): (?:argument #\d+ \(\w+\) must be .+, got boolean|self must be .+, got boolean)$/#
    }

    /// The message of each call (a Lua expression run with pcall), without "file:line: ".
    static func messages(_ calls: [String], prelude: String = "", inLayout: Bool = false) throws -> [String] {
        try ArgumentMessagesTests.messages(LuaHost(), calls, prelude: prelude, inLayout: inLayout)
    }

    static func check(_ calls: [String], _ got: [String]) {
        #expect(got.count == calls.count)
        for (call, message) in zip(calls, got) {
            #expect(message.wholeMatch(of: shape) != nil, "\(call) -> \(message)")
        }
    }

    @Test func everyModuleFunctionAndLayoutMethod() throws {
        let module = (BuiltinLayouts.names + LuaHost.registrations(.module).map(\.name)).map { "t.\($0)(true)" }
        // Each method on the wrong value, and with a wrong argument where it takes one.
        let names = LuaHost.registrations(.layoutMethod).map(\.name)
        let methods = names.map { "t.flow{}.\($0)(true)" } + names.filter { $0 != "transposed" }.map { "t.flow{}:\($0)(true)" }
        Self.check(module + methods, try Self.messages(module + methods))
    }

    @Test func everyContextMethod() throws {
        let dotted = ["set", "supplementary", "decoration"]
        let colon = LuaHost.registrations(.context).map(\.name) + ["size", "item"]
        let calls = dotted.map { "ctx.\($0)(true)" } + colon.map { "ctx:\($0)(true)" }
        Self.check(calls, try Self.messages(calls, inLayout: true))
        // The lists above are every function ctx holds.
        let names = try Self.messages(["nil"], prelude: """
            local names = {}
            for k, v in pairs(ctx) do if type(v) == "function" then names[#names + 1] = k end end
            table.sort(names)
            print(table.concat(names, ","))
            """, inLayout: true)
        #expect(names.first == (dotted + colon).sorted().joined(separator: ","))
    }

    @Test func everyEngineMethod() throws {
        let prelude = "local e = t.engine{ provider = t.provider{ data = {1, 2, 3}, layout = t.flow{} }, viewport = {100, 100} }"
        let methods = LuaHost.engineMethods.map(\.0)
        let selfCalls = methods.map { "e.\($0)(true)" }
        let argumentCalls = methods.filter { !["layout", "views"].contains($0) }.map { "e:\($0)(true)" }
        Self.check(selfCalls + argumentCalls, try Self.messages(selfCalls + argumentCalls, prelude: prelude))
    }
}
