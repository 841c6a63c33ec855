import Foundation
import Testing

/// A layout or animator script's `choices` (the values a param allows, beside `params`):
/// `--param`, `--animator-param` and `t.run`'s params take only those values, with one sentence
/// naming the file and the param; a `choices` table that does not fit the params is the
/// script's error when it loads.
@Suite struct ParamChoicesCLITests {
    static let script = """
        return {
          params = { mode = "grid", columns = 2 },
          choices = { mode = { "grid", "list" }, columns = { 1, 2, 3 } },
          simpleLayout = function(ctx, p)
            local w = p.mode == "list" and ctx.width or ctx.width / p.columns
            for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 10, w, 10) end
          end,
        }

        """

    func folder(_ files: [String: String]) throws -> URL {
        let dir = try temporaryDirectory()
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return dir
    }

    @Test func paramTakesOnlyADeclaredChoice() throws {
        let dir = try folder(["pick.lua": Self.script])
        let list = try runTessera(["run", "pick.lua", "--param", "mode=list", "--param", "columns=3.0", "--format", "json"], in: dir)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains(#""frame": [0, 0, 375, 10]"#) || list.stdout.contains(#""frame":[0,0,375,10]"#), "\(list.stdout.prefix(400))")
        let cases: [([String], String)] = [
            (["--param", "mode=tiles"], #"Error: pick.lua:2: param 'mode' expects one of "grid", "list", got "tiles"."#),
            (["--param", "mode=gird"], #"Error: pick.lua:2: param 'mode' expects one of "grid", "list", got "gird" (did you mean grid?)."#),
            (["--param", "mode=List"], #"Error: pick.lua:2: param 'mode' expects one of "grid", "list", got "List" (did you mean list?)."#),
            (["--param", "columns=4"], "Error: pick.lua:2: param 'columns' expects one of 1, 2, 3, got 4."),
            // The type is checked first, as for a param without choices.
            (["--param", "columns=many"], #"Error: pick.lua:2: param 'columns' expects a number, got "many"."#),
        ]
        for (args, message) in cases {
            let run = try runTessera(["run", "pick.lua"] + args, in: dir)
            #expect(run.status == 1, "\(args)")
            #expect(run.stderr == message + "\n", "\(args): \(run.stderr)")
        }
    }

    /// A built-in layout's parameter that takes one of a few names: a near miss gets the
    /// closest, a far one the list alone; either is found while running (exit 1).
    @Test(arguments: [
        ("justifyContent=centre",
         #"Error: flow param 'justifyContent' expects one of start, center, end, spaceBetween, spaceAround, spaceEvenly, got "centre" (did you mean center?)."#),
        ("alignItems=strech", #"Error: flow param 'alignItems' expects one of start, center, end, stretch, got "strech" (did you mean stretch?)."#),
        ("justifyContent=middle",
         #"Error: flow param 'justifyContent' expects one of start, center, end, spaceBetween, spaceAround, spaceEvenly, got "middle"."#),
    ])
    func aBuiltinChoiceGetsTheClosestName(param: String, message: String) throws {
        let run = try runTessera(["run", "flow", "--data", "datasets/emoji-15.1.json", "--param", param])
        #expect(run.status == 1)
        #expect(run.stderr == message + "\n")
        #expect(run.stdout == "")
    }

    @Test func tRunsParamsTakeOnlyADeclaredChoice() throws {
        let root = try temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("tests"), withIntermediateDirectories: true)
        try Self.script.write(to: root.appendingPathComponent("pick.lua"), atomically: true, encoding: .utf8)
        try """
        local t = require("tessera")
        test("a choice", function()
          expect(t.run("../pick.lua", {data = {{id = "a"}}, params = {mode = "list"}}).items[1].frame):toEqual({0, 0, 375, 10})
        end)
        test("not a choice", function() t.run("../pick.lua", {data = {{id = "a"}}, params = {mode = "tiles"}}) end)
        test("a near miss", function() t.run("../pick.lua", {data = {{id = "a"}}, params = {mode = "lsit"}}) end)

        """.write(to: root.appendingPathComponent("tests/pick_test.lua"), atomically: true, encoding: .utf8)
        let run = try runTessera(["test"], in: root, environment: ["CI": nil])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map { String($0).replacingOccurrences(of: #"\(\d+ ms\)$"#, with: "(_ ms)", options: .regularExpression) }
        #expect(lines == [
            "✔ tests/pick_test.lua › a choice (_ ms)",
            "✘ tests/pick_test.lua › not a choice (_ ms)",
            #"    tests/pick_test.lua:5: t.run: pick.lua:2: param 'mode' expects one of "grid", "list", got "tiles""#,
            "✘ tests/pick_test.lua › a near miss (_ ms)",
            #"    tests/pick_test.lua:6: t.run: pick.lua:2: param 'mode' expects one of "grid", "list", got "lsit" (did you mean list?)"#,
            "1 passed, 2 failed",
        ], "\(run.stdout)\(run.stderr)")
    }

    /// An animator script's choices hold `--animator-param` to them the same way.
    @Test func animatorParamTakesOnlyADeclaredChoice() throws {
        let dir = try folder(["pop.lua": """
            return {
              params = { curve = "linear" },
              choices = { curve = { "linear", "spring" } },
              insert = function(e, p) return { from = { alpha = 0 }, curve = p.curve } end,
            }

            """])
        func animate(_ curve: String) throws -> CLIOutcome {
            try runTessera(["animate", "flow", "--data", "datasets/emoji-15.1.json", "--to", "datasets/emoji-17.0.json",
                            "--animator", dir.appendingPathComponent("pop.lua").path, "--animator-param", "curve=\(curve)",
                            "--format", "json"])
        }
        let spring = try animate("spring")
        #expect(spring.status == 0, "\(spring.stderr)")
        #expect(spring.stdout.contains(#""curve": "spring""#) || spring.stdout.contains(#""curve":"spring""#), "\(spring.stdout.prefix(400))")
        let bounce = try animate("bounce")
        #expect(bounce.status == 1)
        #expect(bounce.stderr.split(separator: "\n").first.map(String.init)
                == #"Error: \#(dir.appendingPathComponent("pop.lua").path):2: param 'curve' expects one of "linear", "spring", got "bounce"."#)
        let sprign = try animate("sprign")
        #expect(sprign.status == 1)
        #expect(sprign.stderr
                == #"Error: \#(dir.appendingPathComponent("pop.lua").path):2: param 'curve' expects one of "linear", "spring", got "sprign" (did you mean spring?)."# + "\n")
        let dirBad = try folder(["bad.lua": "return { params = { curve = \"linear\" }, choices = { curve = { \"spring\" } }, insert = function() end }\n"])
        let bad = try runTessera(["animate", "flow", "--data", "datasets/emoji-15.1.json", "--to", "datasets/emoji-17.0.json",
                                  "--animator", dirBad.appendingPathComponent("bad.lua").path])
        #expect(bad.stderr.split(separator: "\n").first.map(String.init)
                == #"Error: \#(dirBad.appendingPathComponent("bad.lua").path):1: choices.curve does not include the default "linear"."#)
    }

    @Test func choicesThatDoNotFitTheParamsAreTheScriptsError() throws {
        let body = "simpleLayout = function(ctx) end }\n"
        let cases: [(String, String)] = [
            ("return { params = { mode = \"grid\" }, choices = { mdoe = { \"grid\" } }, " + body,
             "Error: bad.lua:1: choices.mdoe names no declared param; known params: mode."),
            ("return { params = { mode = \"grid\" }, choices = { mode = { \"list\", \"tiles\" } }, " + body,
             #"Error: bad.lua:1: choices.mode does not include the default "grid"."#),
            ("return { params = { mode = \"grid\" }, choices = { mode = { \"grid\", 2 } }, " + body,
             "Error: bad.lua:1: choices.mode[2] must be a string, as the default is, got 2."),
            ("return { params = { mode = \"grid\" }, choices = { mode = {} }, " + body,
             "Error: bad.lua:1: choices.mode must be a non-empty list of values, got an array."),
            ("return { params = { flag = true }, choices = { flag = { true, false } }, " + body,
             "Error: bad.lua:1: choices.flag is for a param whose default is true; choices are for numbers and strings."),
            ("return { params = { mode = \"grid\" }, choices = \"grid\", " + body,
             #"Error: bad.lua: field 'choices' must be a table of lists by param name, like { mode = {"grid", "list"} }, got "grid"."#),
        ]
        for (text, message) in cases {
            let dir = try folder(["bad.lua": text])
            let run = try runTessera(["run", "bad.lua"], in: dir)
            #expect(run.status == 1, "\(text)")
            #expect(run.stderr.split(separator: "\n").first.map(String.init) == message, "\(text): \(run.stderr)")
        }
    }
}
