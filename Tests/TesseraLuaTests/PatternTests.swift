import CLua
import Foundation
import Testing
@testable import TesseraLua

/// The stoppable pattern matcher (LuaBridge/Patterns.c) against Lua's own: the same results
/// for find, match, gmatch and gsub over patterns using every feature, and the same errors.
@Suite struct PatternTests {
    /// Evaluates `expression` (which returns one string) in a plain Lua state with Lua's own
    /// string library.
    static func reference(_ expression: String) -> String {
        let L = luaL_newstate()!
        defer { lua_close(L) }
        luaL_openlibs(L)
        let chunk = "local ok, v = pcall(function() return \(expression) end) return tostring(v)"
        guard luaL_loadbufferx(L, chunk, chunk.utf8.count, "=ref", "t") == LUA_OK,
              lua_pcallk(L, 0, 1, 0, 0, nil) == LUA_OK else { return "load failed" }
        var length = 0
        let text = lua_tolstring(L, -1, &length)!
        return String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
    }

    static func ours(_ expression: String, host: LuaHost) throws -> String {
        let env = try host.newEnvironment()
        let values = try host.evaluate("local ok, v = pcall(function() return \(expression) end) return tostring(v)",
                                       chunkName: "=ref", environment: env)
        guard case .string(let s)? = values.first else { return "no string" }
        return s
    }

    /// Each expression collects every result into one string.
    static let cases: [String] = {
        let subjects = [#""hello world from Lua""#, #""  trim me  ""#, #""key = value; other=2""#,
                        #""THE (quick) [brown] fox""#, #""aaa""#, #""""#, #""x=1, y=22, z=333""#,
                        #""f(a(b)c)d""#, #""THE (quick) fox""#, #""\0a\0b""#]
        let patterns = [#""o""#, #""l+""#, #""l*""#, #""l-""#, #""lo?""#, #""^h""#, #""d$""#, #""%a+""#, #""%A+""#,
                        #""[%w_]+""#, #""[^%s]+""#, #""(%w+)%s*=%s*(%w+)""#, #""()ll()""#, #""%b()""#,
                        #""%f[%a]%a+""#, #""(a)%1""#, #""^%s*(.-)%s*$""#, #""[a-f]+""#, #""[]]""#, #""[^]]+""#,
                        #""%d+""#, #"".-""#, #"".""#, #""$""#, #""^""#, #""%p""#, #""%u%l*""#, #""(%d)(%d?)""#,
                        #""[%]]""#, #""%x+""#, #""a-b""#, #""(()a)""#, #""%z""#, #""[%a-]+""#, #""$a""#]
        var list: [String] = []
        for s in subjects {
            for p in patterns {
                list.append("table.concat({string.find(\(s), \(p))}, \",\")")
                list.append("table.concat({string.find(\(s), \(p), 3)}, \",\")")
                list.append("table.concat({string.find(\(s), \(p), -4)}, \",\")")
                list.append("table.concat({string.match(\(s), \(p))}, \",\")")
                list.append("(function() local t = {} for a, b in string.gmatch(\(s), \(p)) do t[#t + 1] = tostring(a) .. \"/\" .. tostring(b) end return table.concat(t, \";\") end)()")
                list.append("table.concat({string.gsub(\(s), \(p), \"<%0>\")}, \",\")")
                list.append("table.concat({string.gsub(\(s), \(p), \"%%\", 2)}, \",\")")
                list.append("table.concat({string.gsub(\(s), \(p), function(a) return a and #tostring(a) end)}, \",\")")
                list.append("table.concat({string.gsub(\(s), \(p), {hello = \"HI\", o = false})}, \",\")")
            }
        }
        // Errors and edge cases.
        list += [#"string.find("abc", "%")"#, #"string.find("abc", "[a")"#, #"string.find("abc", "(a")"#,
                 #"string.find("abc", "a)")"#, #"string.match("abc", "%1")"#, #"string.gsub("abc", "a", "%2")"#,
                 #"string.gsub("abc", "a", "%x")"#, #"string.find("abc", "%f")"#, #"string.find("abc", "%b")"#,
                 #"string.gsub("abc", "b", {b = {}})"#, #"string.find("a.c", ".", 1, true)"#,
                 #"string.find("abc", "", 10)"#, #"table.concat({string.find("abc", "", 4)}, ",")"#,
                 #"string.gsub("abc", "", "-")"#, #"string.gsub("hello", "l", "L", 1)"#,
                 #"string.match(string.rep("a", 300), string.rep("(a)", 33))"#,
                 #"string.gsub("abc", "%w", "%1")"#, #"select(2, string.gsub("abc", "x*", "-"))"#,
                 #"("a,b,,c"):gsub(",", ";")"#, #"string.gmatch("abc", "b", 3)()"#, #"string.gmatch("abcb", "b", -1)()"#]
        return list
    }()

    @Test func theMatcherAgreesWithLuaOnEveryFeature() throws {
        // No time limit: thousands of fixed calls, none of which may fail on a busy machine.
        let host = try LuaHost(limits: ScriptLimits(timeLimit: nil))
        var mismatches: [String] = []
        for expression in Self.cases {
            let expected = Self.reference(expression), got = try Self.ours(expression, host: host)
            if expected != got { mismatches.append("\(expression): lua \(expected), ours \(got)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).joined(separator: "\n"))")
        #expect(Self.cases.count > 3000)
    }

    @Test func aCatastrophicPatternStopsAtTheInstructionBudgetToo() throws {
        let host = try LuaHost(limits: ScriptLimits(timeLimit: nil, maxInstructions: 10_000_000))
        let env = try host.newEnvironment()
        let e = scriptError {
            try host.evaluate("return string.find(string.rep('a', 20000), string.rep('.-', 12) .. 'b')",
                              chunkName: "=budget", environment: env)
        }
        #expect(e?.kind == .instructionLimit)
        #expect(e?.message == "budget:1: instruction budget of 10,000,000 exceeded")
    }
}
