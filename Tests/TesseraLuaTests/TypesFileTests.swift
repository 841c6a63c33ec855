import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// `layouts/types/tessera.lua` (the editor annotations) documents exactly the functions the
/// host gives scripts: on `t`, on `ctx` (the registered methods and the C ones: set, size,
/// item), on layout values and on script layout tables. A failure names each missing or
/// stale name and where it belongs.
@Suite struct TypesFileTests {
    static let typesFile = "layouts/types/tessera.lua"
    static let root: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Names declared as `function <prefix>NAME(` in the types file, by prefix.
    static func documented(_ source: String, _ prefix: String) -> Set<String> {
        var names = Set<String>()
        for line in source.split(separator: "\n") where line.hasPrefix("function " + prefix) {
            let rest = line.dropFirst(("function " + prefix).count)
            if let paren = rest.firstIndex(of: "(") { names.insert(String(rest[..<paren])) }
        }
        return names
    }

    /// The keys of `t` and of a live `ctx` whose values are functions, as Lua sees them.
    static func registered(_ host: LuaHost) throws -> (module: Set<String>, context: Set<String>) {
        let env = try host.newEnvironment()
        let lister = try host.evaluate("""
        return function(ctx)
          local function functions(tbl)
            local names = {}
            for k, v in pairs(tbl) do if type(v) == "function" then names[#names + 1] = k end end
            return table.concat(names, " ")
          end
          return functions(require("tessera")), functions(ctx)
        end
        """, environment: env)[0]
        let context = LayoutContext(dataset: Dataset.synthetic(count: 1) { _ in Size(width: 1, height: 1) },
                                    collectionSize: Size(width: 10, height: 10))
        let lists = try host.call(lister, context: context)
        func words(_ v: LuaValue) -> Set<String> {
            guard case .string(let s) = v else { return [] }
            return Set(s.split(separator: " ").map(String.init))
        }
        return (words(lists[0]), words(lists[1]))
    }

    /// Lines saying which names one side has and the other lacks.
    static func mismatches(registered: Set<String>, documented: Set<String>, as qualified: (String) -> String) -> [String] {
        registered.subtracting(documented).sorted().map {
            "\(qualified($0)) is registered by the host but missing from \(typesFile) (add `function \(qualified($0))(...) end`)"
        } + documented.subtracting(registered).sorted().map {
            "\(typesFile) documents \(qualified($0)), which the host does not register (remove it or register it)"
        }
    }

    /// A host as `tessera test` makes one for a test file (its module has `t.run`), and the
    /// harness's functions: test, expect, count, name, run.
    static func testHost() throws -> (LuaHost, [LuaValue]) {
        let options = LayoutTestOptions(roots: [], document: { _ in .null }, write: { _, _ in })
        let host = try LuaHost()
        let session = LayoutTestSession(options: options, path: "x_test.lua", stored: SnapshotFile())
        host.layoutTestSession = session
        return (host, try host.installTestHarness(session: session))
    }

    @Test func theTypesFileListsEveryRegisteredFunctionAndNoOther() throws {
        let source = try String(contentsOfFile: Self.root + "/" + Self.typesFile, encoding: .utf8)
        let (host, _) = try Self.testHost()
        let (module, context) = try Self.registered(host)
        // t.run is there for test files only.
        #expect(try Self.registered(LuaHost()).module == module.subtracting(["run"]) && module.contains("run"))
        let layoutMethods = Set(TesseraModule.registrations(.layoutMethod).map(\.name))
        // The registration table and the live tables agree (nothing registered outside them).
        #expect(Set(TesseraModule.registrations(.module).map(\.name)).isSubset(of: module))
        #expect(Set(TesseraModule.registrations(.context).map(\.name)).isSubset(of: context))
        #expect(module.isSuperset(of: ["waterfall", "inset", "distribute"]) && context.isSuperset(of: ["set", "size", "item", "column"]))

        var problems: [String] = []
        problems += Self.mismatches(registered: module, documented: Self.documented(source, "t."), as: { "t.\($0)" })
        problems += Self.mismatches(registered: context, documented: Self.documented(source, "Context.")
                                        .union(Self.documented(source, "Context:")), as: { "ctx:\($0)" })
        problems += Self.mismatches(registered: layoutMethods, documented: Self.documented(source, "Layout:"), as: { "Layout:\($0)" })
        problems += Self.mismatches(registered: layoutMethods, documented: Self.documented(source, "Script:"), as: { "Script:\($0)" })
        #expect(problems == [], "\(problems.joined(separator: "\n"))")
    }

    /// layouts/types/test.lua documents the globals of a test file and exactly the matchers
    /// `expect` gives; .luarc.json points editors at its folder.
    @Test func theTestTypesListTheHarnessGlobalsAndEveryMatcher() throws {
        let source = try String(contentsOfFile: Self.root + "/layouts/types/test.lua", encoding: .utf8)
        let (host, functions) = try Self.testHost()
        let env = try host.newEnvironment()
        let lister = try host.evaluate("""
        return function(expect)
          local names = {}
          for k, v in pairs(getmetatable(expect(1)).__index) do
            if type(v) == "function" then names[#names + 1] = k end
          end
          return table.concat(names, " ")
        end
        """, environment: env)[0]
        guard case .string(let text)? = try host.call(lister, [functions[1]]).first else { Issue.record("no matchers"); return }
        let matchers = Set(text.split(separator: " ").map(String.init))
        #expect(matchers == ["toEqual", "toBeCloseTo", "toMatchSnapshot", "toHaveNoOverlaps", "toFitContent", "toMirrorInRTL"])
        #expect(Self.mismatches(registered: matchers, documented: Self.documented(source, "Expectation:"),
                                as: { "Expectation:\($0)" }) == [])
        #expect(source.contains("\nfunction test(name, fn) end\n") && source.contains("\nfunction expect(value) end\n"))
        let luarc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.root + "/.luarc.json")))
        #expect(((luarc as? [String: Any])?["workspace.library"] as? [String])?.contains("layouts/types") == true)
    }

    @Test func mismatchesNameTheMissingFunctionAndWhere() {
        #expect(Self.mismatches(registered: ["a", "b"], documented: ["b", "c"], as: { "t.\($0)" }) == [
            "t.a is registered by the host but missing from layouts/types/tessera.lua (add `function t.a(...) end`)",
            "layouts/types/tessera.lua documents t.c, which the host does not register (remove it or register it)",
        ])
        #expect(Self.documented("function t.a(x) end\nfunction Context:item(i) end\n  function t.nested() end", "t.") == ["a"])
    }

    /// Lua 5.4's standard global names (what `luaL_openlibs` gives).
    static let standardGlobals: Set<String> = [
        "_G", "_VERSION", "assert", "collectgarbage", "coroutine", "debug", "dofile", "error",
        "getmetatable", "io", "ipairs", "load", "loadfile", "math", "next", "os", "package", "pairs",
        "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "require", "select",
        "setmetatable", "string", "table", "tonumber", "tostring", "type", "utf8", "warn", "xpcall",
    ]

    /// The names on the `-- KEY: a b c` line of a source file.
    static func listed(_ key: String, in source: String) -> Set<String>? {
        let prefix = "-- \(key): "
        guard let line = source.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else { return nil }
        return Set(line.dropFirst(prefix.count).split(separator: " ").map(String.init))
    }

    /// The sandbox is written down in four places: `layouts/types/sandbox.lua` (its `globals:`
    /// and `absent:` lines), `.luarc.json` (the libraries an editor turns off), the types file's
    /// header and docs/sandbox.md. All of them must say what a script's environment really holds.
    @Test func theEditorFilesAndTheDocsAgreeWithTheSandboxsGlobals() throws {
        let host = try LuaHost()
        let listing = try host.evaluate("""
        local names = {}
        for k in pairs(_G) do names[#names + 1] = k end
        return table.concat(names, " ")
        """, environment: host.newEnvironment())
        guard case .string(let text) = listing.first else { Issue.record("no listing"); return }
        let actual = Set(text.split(separator: " ").map(String.init))
        #expect(actual.isSuperset(of: ["coroutine", "getmetatable", "load", "os"]) && !actual.contains("io"))

        let sandbox = try String(contentsOfFile: Self.root + "/layouts/types/sandbox.lua", encoding: .utf8)
        #expect(Self.listed("globals", in: sandbox) == actual, "layouts/types/sandbox.lua's globals: line")
        #expect(Self.listed("absent", in: sandbox) == Self.standardGlobals.subtracting(actual),
                "layouts/types/sandbox.lua's absent: line")
        let docs = try String(contentsOfFile: Self.root + "/docs/sandbox.md", encoding: .utf8)
        #expect(Self.listed("globals", in: docs.replacingOccurrences(of: "\n    -- ", with: "\n-- ")) == actual,
                "docs/sandbox.md's globals: line")

        // .luarc.json turns off exactly the standard libraries the sandbox lacks, plus os, which
        // sandbox.lua declares with the functions scripts have.
        let luarc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.root + "/.luarc.json")))
        let builtin = ((luarc as? [String: Any])?["runtime.builtin"] as? [String: String]) ?? [:]
        let libraries: Set<String> = ["coroutine", "debug", "io", "math", "os", "package", "string", "table", "utf8"]
        let disabled = Set(builtin.filter { $0.value == "disable" }.keys)
        #expect(disabled == libraries.subtracting(actual).union(["os"]), "\(disabled)")
        #expect(sandbox.contains("\nos = {}\n"))
        let hostOS = try host.evaluate("local n = {} for k in pairs(os) do n[#n + 1] = k end table.sort(n) return table.concat(n, ' ')",
                                       environment: host.newEnvironment())
        #expect(hostOS == [.string(Self.documented(sandbox, "os.").sorted().joined(separator: " "))])

        // The types file's header names what is present and absent the same way.
        let types = try String(contentsOfFile: Self.root + "/" + Self.typesFile, encoding: .utf8)
        let header = types.split(separator: "\n").prefix { $0.hasPrefix("--") || $0.isEmpty }.joined(separator: " ")
        for name in ["coroutine", "getmetatable"] where actual.contains(name) {
            #expect(header.contains("Scripts get `coroutine` and `getmetatable`"), "\(name) is present: the header says so")
        }
        if let absentPart = header.range(of: "they get no ").map({ header[$0.upperBound...].prefix { $0 != ";" } }) {
            let named = Set(absentPart.replacingOccurrences(of: ",", with: " ").split(separator: " ").map(String.init))
                .subtracting(["--", "or", "and", "of", "os", "only", "clock", "time", "date"])
            #expect(named == Self.standardGlobals.subtracting(actual), "the header's list of absent globals: \(named)")
        } else {
            Issue.record("the types file's header should say what scripts get no access to")
        }
    }
}
