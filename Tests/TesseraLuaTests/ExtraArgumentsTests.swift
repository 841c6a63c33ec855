import CLua
import Foundation
import LuaBridge
import Testing
import TesseraCore
@testable import TesseraLua

/// A host function given more arguments than it takes refuses the first extra one that is not
/// nil, before it runs, in the one shape of argument errors:
/// `engine:scroll: argument #3 must be absent (engine:scroll takes at most 2 arguments), got string`.
/// A nil past the end reads as absent, as an omitted optional argument does. ctx.set, ctx:size and
/// ctx:item (C hot paths) do not count their arguments.
@Suite struct ExtraArgumentsTests {
    static let engine = "local e = t.engine{ provider = t.provider{ data = {1, 2, 3}, layout = t.flow{} }, viewport = {100, 100} }"

    static let moduleCases: [(String, String)] = [
        ("e:measure('1', 10, 20, 99)", "engine:measure: argument #4 must be absent (engine:measure takes at most 3 arguments), got 99"),
        ("e:scroll(0, 10, 'x')", "engine:scroll: argument #3 must be absent (engine:scroll takes at most 2 arguments), got string"),
        ("e:layout(1)", "engine:layout: argument #1 must be absent (engine:layout takes no arguments), got 1"),
        ("e:frame(1, {})", "engine:frame: argument #2 must be absent (engine:frame takes at most 1 argument), got table"),
        ("e:scrollSection(1, 0, 0, nil, 5)", "engine:scrollSection: argument #5 must be absent (engine:scrollSection takes at most 4 arguments), got 5"),
        ("e:scroll(0, 10, nil, 'x')", "engine:scroll: argument #4 must be absent (engine:scroll takes at most 2 arguments), got string"),
        ("t.fw(0.5, 2)", "t.fw: argument #2 must be absent (t.fw takes at most 1 argument), got 2"),
        ("t.flow({}, {})", "t.flow: argument #2 must be absent (t.flow takes at most 1 argument), got table"),
        ("t.distribute('center', 1, 1, 1, 1, 'css', 0/0)", "t.distribute: argument #7 must be absent (t.distribute takes at most 6 arguments), got nan"),
        ("t.flow{}:transposed(true)", "layout:transposed: argument #1 must be absent (layout:transposed takes no arguments), got boolean"),
        ("t.flow{}:inset(1, 2)", "layout:inset: argument #2 must be absent (layout:inset takes at most 1 argument), got 2"),
        // The extra argument is refused before the others are read.
        ("t.inset('x', 1, 2)", "t.inset: argument #3 must be absent (t.inset takes at most 2 arguments), got 2"),
        // nil past the end is no argument.
        ("e:scroll(0, 10, nil, nil)", "no error"),
        ("t.fw(0.5, nil) and 'ok'", "no error"),
    ]

    /// Called inside simpleLayout with 3 items in one section.
    static let contextCases: [(String, String)] = [
        ("ctx:id(1, 2)", "ctx:id: argument #2 must be absent (ctx:id takes at most 1 argument), got 2"),
        ("ctx:textHeight('a', 10, nil, 'x')", "ctx:textHeight: argument #4 must be absent (ctx:textHeight takes at most 3 arguments), got string"),
        ("ctx.supplementary('header', 1, 0, 0, 1, 1, nil, 5)",
         "ctx.supplementary: argument #8 must be absent (ctx.supplementary takes at most 7 arguments), got 5"),
        // The hot paths do not count their arguments (a check costs every call).
        ("ctx:size(1, 10, 10, 5) and 'ok'", "no error"),
        ("ctx:item(1, 5) and 'ok'", "no error"),
        ("ctx.set(1, 0, 0, 1, 1, 5)", "no error"),
    ]

    @Test func anExtraArgumentIsRefusedWithItsExactMessage() throws {
        let host = try LuaHost()
        for (cases, inLayout, prelude) in [(Self.moduleCases, false, Self.engine), (Self.contextCases, true, "")] {
            let got = try ArgumentMessagesTests.messages(host, cases.map(\.0), prelude: prelude, inLayout: inLayout)
            #expect(got == cases.map(\.1))
        }
    }

    /// The REPL's run and its results' methods count theirs too.
    @Test func theReplsFunctionsRefuseExtraArguments() throws {
        let repl = try ReplRecorder()
        repl.feed("r = run(t.flow{})", "r:frame(1, 2)", "r:frames(true)", "run(t.flow{}, nil, 3)")
        #expect(repl.err.map { $0.components(separatedBy: "\n")[0] } == [
            "stdin:1: r:frame: argument #2 must be absent (r:frame takes at most 1 argument), got 2",
            "stdin:1: r:frames: argument #1 must be absent (r:frames takes no arguments), got boolean",
            "stdin:1: run: argument #3 must be absent (run takes at most 2 arguments), got 3",
        ])
    }

    /// The parameters of a list that starts after its "(" and ends at the matching ")", split at
    /// the commas outside brackets (`{[1]: string, [2]: number}[]` is one).
    static func parameters(_ text: Substring) -> [String] {
        var depth = 0, current = "", list: [String] = []
        for c in text {
            if "([{".contains(c) { depth += 1 }
            if ")]}".contains(c) {
                if depth == 0 { break }
                depth -= 1
            }
            if c == "," && depth == 0 { list.append(current); current = "" } else { current.append(c) }
        }
        list.append(current)
        return list.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Every counted host function takes as many arguments as layouts/types/tessera.lua declares
    /// for it, so a count in the registrations cannot drift from the documented parameters; the
    /// hot paths and the functions that take any number count none.
    @Test func everyCountMatchesTheTypesFile() throws {
        let source = try String(contentsOfFile: TypesFileTests.root + "/" + TypesFileTests.typesFile, encoding: .utf8)
        // The most parameters of each declared function, over its `---@overload fun(...)` forms too.
        var declared: [String: Int] = [:], overloads = 0
        for line in source.split(separator: "\n") {
            if line.hasPrefix("---@overload fun(") {
                overloads = max(overloads, Self.parameters(line.dropFirst("---@overload fun(".count)).filter { !$0.hasPrefix("self") }.count)
            } else if line.hasPrefix("function "), let open = line.firstIndex(of: "(") {
                let name = line[line.index(line.startIndex, offsetBy: "function ".count)..<open]
                declared[String(name)] = max(overloads, Self.parameters(line[line.index(after: open)...]).count)
                overloads = 0
            }
        }
        // How the types file names what the host names `layout:inset`, `ctx:id`, `engine:scroll`.
        let prefixes = ["t.": "t.", "layout:": "Layout:", "ctx:": "Context:", "ctx.": "Context.", "engine:": "Engine:"]

        let repl = try ReplRecorder()
        repl.feed("e = t.engine{ provider = t.provider{ data = {1, 2, 3}, layout = t.flow{} }, viewport = {100, 100} }",
                  "run({ simpleLayout = function(ctx) c = ctx; for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end end })")
        #expect(repl.err == [])
        let host = repl.session.host
        let L = host.L
        let found = RegisteredFunctions.all(in: host)
        defer { for f in found { luaL_unref(L, LuaStack.registry, f.reference) } }
        var checked = Set<String>(), problems: [String] = []
        for function in found where function.isHost && !function.key.hasPrefix("__") {
            guard let name = function.name else { continue }
            lua_rawgeti(L, LuaStack.registry, lua_Integer(function.reference))
            let slots = Int(tb_hostarguments(L, -1))
            tb_pop(L, 1)
            let arguments = slots < 0 ? nil : slots - (name.contains(":") ? 1 : 0)
            if ["print", "require", "load", "ctx:item"].contains(name) {
                if arguments != nil { problems.append("\(name) counts its arguments") }
                continue
            }
            guard let prefix = prefixes.keys.first(where: { name.hasPrefix($0) }) else {
                if arguments == nil { problems.append("\(name) counts no arguments") }
                continue
            }
            let documented = prefixes[prefix]! + name.dropFirst(prefix.count)
            if arguments != declared[documented] {
                problems.append("\(name) takes \(arguments.map(String.init) ?? "any number"), \(documented) declares \(declared[documented].map(String.init) ?? "none")")
            }
            checked.insert(name)
        }
        #expect(problems == [])
        #expect(checked.isSuperset(of: ["t.flow", "t.inset", "layout:with", "ctx:textSize", "ctx.decoration", "engine:measure"]))
        #expect(declared["t.align"] == 6 && declared["Engine:measure"] == 3 && declared["Layout:transposed"] == 0)
    }
}
