import CLua
import Foundation
import LuaBridge
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
        let module = (BuiltinLayouts.names + TesseraModule.registrations(.module).map(\.name)).map { "t.\($0)(true)" }
        // Each method on the wrong value, and with a wrong argument where it takes one.
        let names = TesseraModule.registrations(.layoutMethod).map(\.name)
        let methods = names.map { "t.flow{}.\($0)(true)" } + names.filter { $0 != "transposed" }.map { "t.flow{}:\($0)(true)" }
        Self.check(module + methods, try Self.messages(module + methods))
    }

    @Test func everyContextMethod() throws {
        let dotted = ["set", "supplementary", "decoration"]
        let colon = TesseraModule.registrations(.context).map(\.name) + ["size", "item"]
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
        let methods = TesseraModule.engineMethods.map(\.0)
        let selfCalls = methods.map { "e.\($0)(true)" }
        let argumentCalls = methods.filter { !["layout", "views"].contains($0) }.map { "e:\($0)(true)" }
        Self.check(selfCalls + argumentCalls, try Self.messages(selfCalls + argumentCalls, prelude: prelude))
    }

    /// Host functions no caller can give a wrong argument, and why; every other one must
    /// refuse `true`. Methods here must accept `true` after `self` (the list stays true).
    static let takesAnyArgument: [String: String] = [
        "print": "print's sink writes whatever text print made",
        "require": "the searcher and loader require calls with the name it checked",
    ]

    /// Host functions only the C bridge calls, with arguments it made: ctx:item's readers of
    /// an item's fields (the item proxies' `__index` and `__pairs` call them). Called with `true`.
    static let readers: Set<String> = ["ctx:item"]

    /// The C bridge's own functions (not host functions), by the key they are found under.
    static let bridgeFunctions: [String: String] = [
        "set": "ctx.set: everyContextMethod", "size": "ctx:size: everyContextMethod", "item": "ctx:item: everyContextMethod",
        "__gc": "releases a box; only the collector calls it",
        "__index": "read-only views", "__newindex": "read-only views", "__len": "read-only views", "__pairs": "read-only views",
        "newenv": "the sandbox's environment maker (prelude)", "require": "the sandbox's require (prelude)",
        "concat": "sandbox", "find": "sandbox", "gmatch": "sandbox", "gsub": "sandbox", "insert": "sandbox",
        "match": "sandbox", "move": "sandbox", "remove": "sandbox", "rep": "sandbox", "sort": "sandbox",
    ]

    /// Calls the function `reference` with `arguments` (pushed by the closure); the error
    /// message, or nil when it returned.
    static func call(_ host: LuaHost, _ reference: Int32, _ arguments: (OpaquePointer) -> Int32) -> String? {
        let L = host.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_rawgeti(L, LuaStack.registry, lua_Integer(reference))
        let n = arguments(L)
        guard lua_pcallk(L, n, 0, 0, 0, nil) != LUA_OK else { return nil }
        return LuaStack.string(L, -1) ?? LuaStack.typeName(L, -1)
    }

    /// Every host function the live state of a REPL session holds (found by walking its
    /// registry, so one registered anywhere cannot be missed) is called directly with a wrong
    /// argument and must refuse it in the one shape, in its own name: `true` where an argument
    /// (or `self`) goes, an unknown or non-string key for `__index` and `__newindex`. Every
    /// host function has a name; every other C function is a known part of the bridge.
    @Test func everyFunctionOfTheLiveState() throws {
        let repl = try ReplRecorder()
        repl.feed("e = t.engine{ provider = t.provider{ data = {1, 2, 3}, layout = t.flow{} }, viewport = {100, 100} }",
                  "p = e.provider", "r = run(t.flow{})", "a = t.animator('fade')", "lay = t.flow{}",
                  "run({ simpleLayout = function(ctx) c = ctx; for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end end })")
        #expect(repl.err == [])
        let host = repl.session.host
        let samples = ["engine": "e", "provider": "p", "r": "r", "result": "r", "animator": "a", "layout": "lay", "ctx": "c"]
            .mapValues { host.field($0, of: repl.session.environment) }
        let found = RegisteredFunctions.all(in: host)
        defer { for f in found { luaL_unref(host.L, LuaStack.registry, f.reference) } }
        #expect(found.filter(\.isHost).count > 80)

        var bridgeKeys = Set<String>()
        for function in found {
            guard function.isHost else {
                #expect(Self.bridgeFunctions[function.key] != nil, "not covered: \(function)")
                bridgeKeys.insert(function.key)
                continue
            }
            guard let name = function.name else { Issue.record("a host function without a name: \(function)"); continue }
            let owner = String(name.prefix { $0 != ":" && $0 != "." })
            let sample = function.key.hasPrefix("__") ? samples[name] : samples[owner]
            let push: (LuaValue?) -> (OpaquePointer) -> Void = { value in { L in value.map { host.push($0) } ?? lua_pushnil(L) } }
            // (what is called, the arguments, whether it must refuse them)
            var calls: [(String, (OpaquePointer) -> Int32, Bool)] = []
            switch function.key {
            case _ where Self.readers.contains(name):
                calls = [("\(name)(true)", { L in lua_pushboolean(L, 1); return 1 }, true)]
            case "__index":
                let refuses = Self.takesAnyArgument[name] == nil
                calls = [("\(name)[true]", { L in push(sample)(L); lua_pushboolean(L, 1); return 2 }, refuses),
                         ("\(name).nope", { L in push(sample)(L); LuaStack.push(L, "nope"); return 2 }, refuses)]
            case "__newindex":
                calls = [("\(name)[true] = 1", { L in push(sample)(L); lua_pushboolean(L, 1); lua_pushinteger(L, 1); return 3 }, true),
                         ("\(name).nope = 1", { L in push(sample)(L); LuaStack.push(L, "nope"); lua_pushinteger(L, 1); return 3 }, true)]
            case "__tostring", "__len", "__pairs":
                continue   // Lua calls them only on their own value
            default:
                // ctx's methods take their context from an upvalue, not from `self`.
                if owner != "ctx" || !name.contains(":") {
                    calls = [("\(name)(true)", { L in lua_pushboolean(L, 1); return 1 }, Self.takesAnyArgument[name] == nil || name.contains(":"))]
                }
                if name.contains(":") {
                    calls.append(("\(name)(self, true)", { L in push(sample)(L); lua_pushboolean(L, 1); return 2 }, Self.takesAnyArgument[name] == nil))
                }
            }
            #expect(sample != nil || Self.readers.contains(name) || !name.contains(":") && !function.key.hasPrefix("__"),
                    "no value to call \(function) on")
            // A provider's messages name the constructor that made it.
            let prefix = name == "provider" ? "t.provider" : name
            let shape = try Regex("^" + NSRegularExpression.escapedPattern(for: prefix)
                                  + #": (argument #\d+ \(\w+\) must be .+, got boolean|argument #\d+ must be absent \(.+\), got boolean|self must be .+, got boolean|field 'nope' .+)$"#)
            for (call, arguments, refuses) in calls {
                let message = Self.call(host, function.reference, arguments)
                if refuses {
                    #expect(message.map { $0.wholeMatch(of: shape) != nil } == true, "\(call) -> \(message ?? "no error")")
                } else {
                    #expect(message == nil, "\(call) -> \(message ?? "")")
                }
            }
        }
        #expect(bridgeKeys == Set(Self.bridgeFunctions.keys))
    }
}
