import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// `:help` names every global and every `t.*` function on one 80 × 24 screen, and Tab
/// completion (`ReplSession.completions(before:)`, which the terminal's libedit calls) offers
/// globals, `t.` names, fields after a dot and methods after a colon.
@Suite struct ReplHelpCompletionTests {
    let folder = ScriptFolder()

    func session() throws -> ReplRecorder {
        let repl = try ReplRecorder()
        try repl.session.loadLayout(path: folder.write("stack.lua", replStackScript))
        return repl
    }

    /// The keys of a global table of the session, as Lua's `pairs` sees them.
    func keys(_ repl: ReplRecorder, _ expression: String) throws -> Set<String> {
        repl.feed("print(table.concat((function() local n = {} for k in pairs(\(expression)) do n[#n + 1] = tostring(k) end return n end)(), ' '))")
        return Set((repl.out.popLast() ?? "").split(separator: " ").map(String.init))
    }

    @Test func helpNamesEveryGlobalAndEveryFunctionOfTOnOneScreen() throws {
        let repl = try session()
        repl.feed(":help")
        let help = repl.out.last ?? ""
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 22, "with the prompt and the :help line it fits 24 rows: \(lines.count) lines")
        #expect(lines.allSatisfy { $0.count <= 79 }, "\(lines.filter { $0.count > 79 })")
        let indents = Set(lines.map { $0.prefix(while: { $0 == " " }).count })
        #expect(indents.isSubset(of: [0, 7, 19]), "a line outside :help's three columns: indents \(indents.sorted())")
        let words = Set(help.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
        let module = try keys(repl, "t")
        #expect(module.count >= 30)
        #expect(module.subtracting(words).sorted() == [], "t.* names missing from :help")
        let globals = try keys(repl, "_G")
        let plain = try LuaHost()
        let sandbox = try plain.evaluate("local n = {} for k in pairs(_G) do n[#n + 1] = k end return table.concat(n, ' ')",
                                         environment: plain.newEnvironment())
        guard case .string(let standard) = sandbox.first else { Issue.record("no sandbox listing"); return }
        let added = globals.subtracting(standard.split(separator: " ").map(String.init))
        #expect(added.isSuperset(of: ["t", "data", "L", "run"]), "\(added)")
        #expect(added.subtracting(words).sorted() == [], "REPL globals missing from :help")
        for name in ["load", "require", "print", "coroutine", "string", "math", "r:frames", "e:scroll"] {
            #expect(help.contains(name), "\(name)")
        }
    }

    @Test func tabCompletesGlobalsNamesOfTAndMethods() throws {
        let repl = try session()
        let s = repl.session
        func complete(_ text: String) -> [String] { s.completions(before: text).candidates }
        #expect(s.completions(before: "x = t.wat") == (6, ["waterfall"]))
        #expect(complete("t.s") == ["section", "sections", "sized", "spacer", "split", "sticky"])
        #expect(complete("ru") == ["run"])
        #expect(complete("da") == ["data"])
        #expect(complete("wh") == ["while"])
        #expect(complete("print(string.for") == ["format"])
        repl.feed("r = run(L)", "e = t.engine{ provider = t.provider{ data = {1, 2} } }")
        #expect(complete("r:f") == ["frame", "frames"])
        #expect(complete("r:") == ["contentSize", "frame", "frames", "show", "visible"])
        #expect(complete("L:in") == ["inset"])
        #expect(complete("e:scr") == ["scroll", "scrollSection", "scrollTo"])
        // Fields an engine computes (no table holds them) complete after a dot, beside its methods.
        #expect(complete("e.off") == ["offset"])
        #expect(complete("e.re").contains("reloadCount"))
        #expect(complete("e.sta") == ["stats"])
        #expect(complete("e:off") == [], "a field is no method")
        #expect(complete("data.sec") == ["sections"])
        #expect(s.completions(before: ":he") == (0, [":help"]))
        #expect(s.completions(before: "  :v") == (2, [":viewport"]))
        // Nothing to look into: a number, a missing table, a method's result, a string's bytes.
        #expect(complete("x = 1.") == [])
        #expect(complete("nothing.x") == [])
        #expect(complete("r:frames().x") == [])
        #expect(complete("t.waterfall.") == [])
        // Completing runs no code: a table whose __index is a function offers only its own keys.
        repl.feed("trap = setmetatable({own = 1}, {__index = function() error('ran') end})")
        #expect(complete("trap.") == ["own"])
        #expect(repl.err == [])
    }
}
