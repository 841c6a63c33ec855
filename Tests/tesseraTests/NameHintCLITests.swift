import Foundation
import Testing
@testable import tessera

/// A misspelt global, method or field in `tessera run` and `tessera test`: the message keeps its
/// file and line and gets the hint; the traceback is Lua's as ever.
@Suite struct NameHintCLITests {
    @Test(arguments: [
        ("global.lua", """
        return {simpleLayout = function(ctx)
          pirnt(ctx.count)
        end}

        """, "global.lua:2: attempt to call a nil value (global 'pirnt') (did you mean print?)"),
        ("method.lua", """
        return {simpleLayout = function(ctx)
          for i = 1, ctx.count do
            local name = tostring(i)
            ctx.set(i, 0, 0, #name:uper(), 10)
          end
        end}

        """, "method.lua:4: attempt to call a nil value (method 'uper') (did you mean upper?)"),
        ("field.lua", """
        local t = require("tessera")
        return {simpleLayout = function(ctx)
          return t.flwo{}
        end}

        """, "field.lua:3: attempt to call a nil value (field 'flwo') (did you mean flow?)"),
        ("index.lua", """
        return {simpleLayout = function(ctx)
          return ctz.count
        end}

        """, "index.lua:2: attempt to index a nil value (global 'ctz') (did you mean ctx?)"),
    ])
    func runHintsAMisspeltName(file: String, source: String, message: String) throws {
        let dir = try temporaryDirectory()
        try source.write(to: dir.appendingPathComponent(file), atomically: true, encoding: .utf8)
        let run = try runTessera(["run", file], in: dir)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        let line = message.split(separator: ":")[1]
        #expect(run.stderr == "Error: \(message).\nstack traceback:\n\t\(file):\(line): in function <\(file):\(file == "field.lua" ? 2 : 1)>\n")
    }

    /// A params table refuses a name the script does not declare, with the hint after the name.
    @Test func runRefusesAnUndeclaredParam() throws {
        let dir = try temporaryDirectory()
        try """
        return {params = {columns = 2, spacing = 8}, simpleLayout = function(ctx, p)
          local w = ctx.width / p.colums
        end}

        """.write(to: dir.appendingPathComponent("params.lua"), atomically: true, encoding: .utf8)
        let run = try runTessera(["run", "params.lua"], in: dir)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == "Error: params.lua:2: params has no 'colums' (did you mean columns?); known params: columns, spacing.\n"
                + "stack traceback:\n\t[C]: in metamethod 'index'\n\tparams.lua:2: in function <params.lua:1>\n")
    }

    @Test func testHintsAMisspeltName() throws {
        let root = try TestCommandTests.project(test: """
        local t = require("tessera")
        test("global", function() pirnt(1) end)
        test("field", function() t.flwo{} end)
        test("method", function() local s = "a"; s:uper() end)
        test("local", function() local prnt; prnt(1) end)
        test("far", function() zqxw(1) end)
        """)
        let run = try TestCommandTests.test(in: root)
        #expect(run.status == 1)
        #expect(TestCommandTests.lines(run.stdout) == [
            "✘ tests/grid_test.lua › global (_ ms)",
            "    tests/grid_test.lua:2: attempt to call a nil value (global 'pirnt') (did you mean print?)",
            "✘ tests/grid_test.lua › field (_ ms)",
            "    tests/grid_test.lua:3: attempt to call a nil value (field 'flwo') (did you mean flow?)",
            "✘ tests/grid_test.lua › method (_ ms)",
            "    tests/grid_test.lua:4: attempt to call a nil value (method 'uper') (did you mean upper?)",
            "✘ tests/grid_test.lua › local (_ ms)",
            "    tests/grid_test.lua:5: attempt to call a nil value (local 'prnt')",
            "✘ tests/grid_test.lua › far (_ ms)",
            "    tests/grid_test.lua:6: attempt to call a nil value (global 'zqxw')",
            "0 passed, 5 failed",
            "",
        ])
    }
}
