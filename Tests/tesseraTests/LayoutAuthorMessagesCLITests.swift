import Foundation
import Testing

/// A new layout author's slips, from the shell: a refused param named at its entry in the
/// script, every `t.run` failure in one shape (`file:line: t.run: ...`), and a `toEqual` of two
/// numbers a rounding error apart pointed to `toBeCloseTo`, and the content bounds said as a
/// rectangle.
@Suite struct LayoutAuthorMessagesCLITests {
    static let grid = """
    return {
      name = "g",
      params = {
        columns = 2,
      },
      simpleLayout = function(ctx, p)
        for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 10, 10, 10) end
      end,
    }

    """

    @Test func aRefusedParamIsNamedAtItsLineInTheScript() throws {
        let dir = try temporaryDirectory()
        try Self.grid.write(to: dir.appendingPathComponent("g.lua"), atomically: true, encoding: .utf8)
        let run = try runTessera(["run", "g.lua", "--param", "columns=abc"], in: dir)
        #expect(run.status == 1)
        #expect(run.stderr == "Error: g.lua:4: param 'columns' expects a number, got \"abc\".\n")
        #expect(run.stdout == "")
    }

    /// A script that reads a field some items lack fails at its line with which items lack it
    /// and what to do, in run and check alike.
    @Test func aFieldSomeItemsLackIsNamedWithTheFirstSuchItem() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = """
        return {
          simpleLayout = function(ctx)
            local y = 0
            for i = 1, ctx.count do
              local h = ctx:item(i).rating * 10
              ctx.set(i, 0, y, ctx.width, h)
              y = y + h
            end
          end,
        }

        """
        try script.write(to: dir.appendingPathComponent("rated.lua"), atomically: true, encoding: .utf8)
        try "{\"id\":\"a\",\"w\":10,\"h\":20,\"rating\":3}\n{\"id\":\"b\",\"w\":10,\"h\":20}\n"
            .write(to: dir.appendingPathComponent("d.jsonl"), atomically: true, encoding: .utf8)
        for command in ["run", "check"] {
            let r = try runTessera([command, "rated.lua", "--data", "d.jsonl"], in: dir)
            #expect(r.status == 1 && r.stdout == "", "\(command)")
            #expect(r.stderr == """
            Error: rated.lua:5: attempt to perform arithmetic on a nil value (field 'rating'); 1 of the 2 items has no field 'rating', \
            the first ctx:item(2) (id "b"): give it one in the data, or read it with a default (ctx:item(i).rating or 0).
            stack traceback:
            \trated.lua:5: in function <rated.lua:2>

            """, "\(command)")
        }
    }

    @Test func everyRunFailureStartsWithTRun() throws {
        let root = try TestCommandTests.project(test: """
        local t = require("tessera")
        test("built-in param", function() t.run("waterfall", {params = {colums = 2}}) end)
        test("script param", function() t.run("../g.lua", {params = {columns = "2"}}) end)
        test("dataset", function() t.run("flow", {data = "../nothing.json"}) end)
        test("rounding", function() expect(0.1 + 0.2):toEqual(0.3) end)
        test("far apart", function() expect(0.5):toEqual(0.3) end)
        test("above the content", function()
          local above = {simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, -5, 10, 10) end end}
          expect(t.run(above, {data = {{id = "a"}}})):toFitContent()
        end)
        """)
        try Self.grid.write(to: root.appendingPathComponent("g.lua"), atomically: true, encoding: .utf8)
        let failures = [
            ("built-in param", "tests/grid_test.lua:2: t.run: unknown param 'colums' for the waterfall layout (did you mean columns?); known params: columns, spacing"),
            ("script param", "tests/grid_test.lua:3: t.run: g.lua:4: param 'columns' expects a number, got \"2\""),
            ("dataset", "tests/grid_test.lua:4: t.run: nothing.json: expected a dataset file, found no such file."),
            ("rounding", "tests/grid_test.lua:5: expected values to be equal: the value is 0.30000000000000004, expected 0.3 (they differ by a rounding error: use toBeCloseTo(0.3))"),
            ("far apart", "tests/grid_test.lua:6: expected values to be equal: the value is 0.5, expected 0.3"),
        ]
        let run = try TestCommandTests.test(in: root)
        #expect(run.status == 1, "\(run.stderr)")
        // The content is a rectangle from (0, 0): a frame at y < 0 is plainly outside it.
        let outside = [
            "✘ tests/grid_test.lua › above the content (_ ms)",
            "    tests/grid_test.lua:9: expected every element inside the content bounds from (0, 0) to (10, 5), 1 lie outside:",
            "      item 0 (\"a\") at (0, -5, 10, 10) lies outside the content bounds from (0, 0) to (10, 5)",
        ]
        #expect(TestCommandTests.lines(run.stdout) == failures.flatMap { ["✘ tests/grid_test.lua › \($0.0) (_ ms)", "    " + $0.1] }
                + outside + ["0 passed, 6 failed", ""])
    }
}
