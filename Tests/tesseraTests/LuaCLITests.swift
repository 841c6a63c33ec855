import Foundation
import Testing
import TesseraLua
@testable import tessera

/// `tessera run LAYOUT.lua` failures and `tessera check` through the real binary (issue 3,
/// points 4 and 5): one `file:line:` sentence plus a traceback when Lua code ran on stderr, a
/// non-zero status, and no output file.
@Suite struct LuaCLITests {
    /// Writes `files` into a fresh folder; scripts are then named relative to it, so messages
    /// carry short paths.
    private func folder(_ files: [String: String]) throws -> URL {
        let dir = try temporaryDirectory()
        for (name, source) in files {
            try source.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return dir
    }

    private let scripts: [String: String] = [
        "syntax.lua": "return {\n  simpleLayout = function(ctx)\n    local x = = 1\n  end,\n}\n",
        "runtime.lua": "return { simpleLayout = function(ctx)\n  local item = ctx:item(1)\n  return item.nothing.here\nend }\n",
        "nan.lua": "return { simpleLayout = function(ctx)\n  for i = 1, ctx.count do\n    ctx.set(i, 0, 0/0, 1, 1)\n  end\nend }\n",
        "count.lua": "return {\n  simpleLayout = function(ctx)\n    return { {0, 0, 10, 10}, {0, 10, 10, 10} }\n  end,\n}\n",
        "visible.lua": """
        return {
          layout = function(ctx) return 100, ctx.count * 10 end,
          frame = function(i) return 0, (i - 1) * 10, 100, 10 end,
          visible = function(x, y, w, h, ctx)
            return { ctx.count + 1 }
          end,
        }
        """,
        "loop.lua": "return { simpleLayout = function(ctx)\n  while true do end\nend }\n",
        "bomb.lua": "local hoard = {}\nfor i = 1, math.huge do\n  hoard[i] = { i }\nend\n",
        "require.lua": "local helper = require(\"helper\")\nreturn helper\n",
        "params.lua": "return { params = { columns = 2 }, simpleLayout = function(ctx) end }\n",
    ]

    @Test func everyFailureExitsNonZeroWithFileLineAndWritesNothing() throws {
        let dir = try folder(scripts)
        let cases: [(args: [String], message: String, traceback: Bool)] = [
            (["syntax.lua"], "syntax.lua:3: unexpected symbol near '='.", false),
            (["runtime.lua"], "runtime.lua:3: attempt to index a nil value (field 'nothing').", true),
            (["nan.lua"], "nan.lua:3: ctx.set: frame 1 (Lua index; item 0 in the output) has y = nan; a frame needs finite numbers and a non-negative size.", true),
            (["count.lua"], "count.lua:2: simpleLayout returned 2 frames for 100 items.", false),
            (["visible.lua", "--offset", "0,0"], "visible.lua:4: visible returned Lua index 101, outside 1..100.", false),
            (["loop.lua", "--time-limit", "0.1"], "loop.lua:2: time limit of 0.1 s of CPU time exceeded.", true),
            // No time limit, so only the memory cap can stop the bomb, however busy the machine.
            (["bomb.lua", "--max-memory", "8", "--time-limit", "0"], "bomb.lua:3: memory limit of 8 MB exceeded.", true),
            (["require.lua"], "require.lua:1: module 'helper' not found:", true),
            (["params.lua", "--param", "colums=3"], "params.lua:1: unknown param 'colums' (did you mean columns?); known params: columns.", false),
        ]
        for (args, message, traceback) in cases {
            let out = dir.appendingPathComponent("out.json")
            let run = try runTessera(["run"] + args + ["--out", out.path], in: dir)
            #expect(run.status == 1, "\(args)")
            #expect(run.stdout == "", "\(args)")
            #expect(run.stderr.hasPrefix("Error: \(message)"), "\(args): \(run.stderr)")
            #expect(run.stderr.contains("\nstack traceback:\n") == traceback, "\(args): \(run.stderr)")
            // with no Lua frame to show (a syntax error, a wrong result the driver found), the
            // message alone: no "stack traceback:" header over nothing, no "[C]: in ?"
            if !traceback { #expect(run.stderr == "Error: \(message)\n", "\(args): \(run.stderr)") }
            #expect(!FileManager.default.fileExists(atPath: out.path), "\(args)")
        }
    }

    /// A traceback shows the frames that help and no C function Lua cannot name (Tessera's own
    /// entry points, once each traceback's last line "[C]: in ?"): an error the driver finds in
    /// what the script returned has no frame left, so it is the message alone; a script's error
    /// ends at the script's function; a memory refusal's traceback reads as the handler's does.
    @Test func tracebacksLeaveOutWhatLuaCannotName() throws {
        let dir = try folder([
            "empty.lua": "return {simpleLayout=function(ctx,p) return {} end}",
            "boom.lua": "return {simpleLayout=function(ctx,p)\n  error(\"boom\")\nend}\n",
            "rep.lua": "return {simpleLayout=function(ctx,p)\n  local s = string.rep(\"x\", 1 << 30)\nend}\n",
        ])
        let empty = try runTessera(["run", "empty.lua"], in: dir)
        #expect(empty.status == 1)
        #expect(empty.stderr == "Error: empty.lua:1: simpleLayout returned 0 frames for 100 items.\n")
        let boom = try runTessera(["run", "boom.lua"], in: dir)
        #expect(boom.stderr == "Error: boom.lua:2: boom.\nstack traceback:\n\t[C]: in function 'error'\n\tboom.lua:2: in function <boom.lua:1>\n")
        let rep = try runTessera(["run", "rep.lua", "--max-memory", "64"], in: dir)
        #expect(rep.stderr == "Error: rep.lua:2: memory limit of 64 MB exceeded.\nstack traceback:\n\t[C]: in function 'string.rep'\n"
            + "\trep.lua:2: in function <rep.lua:1>\nhint: if a table or string grows without end, fix it; if the work needs more, raise the cap with --max-memory MB\n")
    }

    /// A script that runs out of memory inside a coroutine is placed where the coroutine asked
    /// for the block (it named the resume's line), and its traceback goes from there down through
    /// every level of coroutines, the innermost first (it left out the middle one's).
    @Test(arguments: [
        ("""
        local function grow()
          local s = "x"
          for i = 1, 40 do s = s .. s end
        end
        return {simpleLayout=function(ctx,p)
          local co = coroutine.wrap(grow)
          co()
        end}

        """, "\tco.lua:7: in function <co.lua:5>\n"),
        ("""
        local function grow()
          local s = "x"
          for i = 1, 40 do s = s .. s end
        end
        local function middle()
          coroutine.wrap(grow)()
        end
        return {simpleLayout=function(ctx,p)
          coroutine.wrap(middle)()
        end}

        """, "\tco.lua:6: in function <co.lua:5>\n\t[C]: in upvalue 'resume'\n\tco.lua:9: in function <co.lua:8>\n"),
    ])
    func memoryRunOutInCoroutinesIsPlacedInTheInnermost(script: String, resumers: String) throws {
        let r = try runTessera(["run", "co.lua", "--max-memory", "64"], in: try folder(["co.lua": script]))
        #expect(r.status == 1)
        #expect(r.stderr == "Error: co.lua:3: memory limit of 64 MB exceeded.\nstack traceback:\n\tco.lua:3: in function <co.lua:1>\n"
            + "\t[C]: in upvalue 'resume'\n" + resumers + "hint: if a table or string grows without end, fix it; if the work needs more, raise the cap with --max-memory MB\n")
    }

    /// An error raised inside a coroutine shows the coroutine's frames first, where it was
    /// raised, then the resumer's from the script's line that the error went on from (it showed
    /// only the resumer's, under a stray "(...tail calls...)" of the sandbox's wrap).
    @Test func anErrorInACoroutineShowsTheCoroutinesFrames() throws {
        let dir = try folder([
            "wrap.lua": """
            local function inner() error("boom") end
            local function body() inner() end
            return {simpleLayout=function(ctx,p)
              local co = coroutine.wrap(body)
              co()
            end}

            """,
            "resume.lua": """
            local function inner() error("boom", 0) end
            local function body() inner() end
            return {simpleLayout=function(ctx,p)
              local ok, msg = coroutine.resume(coroutine.create(body))
              if not ok then error(msg, 0) end
            end}

            """,
            "index.lua": """
            local function body(t) return t.x.y end
            return {simpleLayout=function(ctx,p)
              coroutine.wrap(body)({})
            end}

            """,
            "nested.lua": """
            local function innermost() error("deep") end
            local function middle()
              coroutine.wrap(innermost)()
            end
            return {simpleLayout=function(ctx,p)
              coroutine.wrap(middle)()
            end}

            """,
            "set.lua": """
            local function body(ctx) ctx.set(0, 0, 0, 10, 10) end
            return {simpleLayout=function(ctx,p)
              coroutine.wrap(body)(ctx)
            end}

            """,
        ])
        let cases: [(String, String)] = [
            ("wrap.lua", "Error: wrap.lua:1: boom.\nstack traceback:\n\t[C]: in function 'error'\n\twrap.lua:1: in upvalue 'inner'\n"
                + "\twrap.lua:2: in function <wrap.lua:2>\n\twrap.lua:5: in function <wrap.lua:3>\n"),
            ("resume.lua", "Error: boom.\nstack traceback:\n\t[C]: in function 'error'\n\tresume.lua:1: in upvalue 'inner'\n"
                + "\tresume.lua:2: in function <resume.lua:2>\n\tresume.lua:5: in function <resume.lua:3>\n"),
            ("index.lua", "Error: index.lua:1: attempt to index a nil value (field 'x').\nstack traceback:\n"
                + "\tindex.lua:1: in function <index.lua:1>\n\tindex.lua:3: in function <index.lua:2>\n"),
            ("nested.lua", "Error: nested.lua:1: deep.\nstack traceback:\n\t[C]: in function 'error'\n\tnested.lua:1: in function <nested.lua:1>\n"
                + "\tnested.lua:3: in function <nested.lua:2>\n\tnested.lua:6: in function <nested.lua:5>\n"),
            ("set.lua", "Error: set.lua:1: ctx.set: argument #1 (i) must be an item index in 1..100, got 0 (ctx.set(i, x, y, w, h) takes the item's index first, counting from 1).\nstack traceback:\n"
                + "\t[C]: in field 'set'\n\tset.lua:1: in function <set.lua:1>\n\tset.lua:3: in function <set.lua:2>\n"),
        ]
        try expectRunsFail(cases, in: dir)
    }

    /// Runs each (script, stderr) case in dir: each fails with exactly that stderr.
    private func expectRunsFail(_ cases: [(String, String)], in dir: URL) throws {
        for (script, expected) in cases {
            let r = try runTessera(["run", script], in: dir)
            #expect(r.status == 1, "\(script)")
            #expect(r.stderr == expected, "\(script)")
        }
    }

    /// A limit's stop inside a coroutine shows where the coroutine was, also when the script
    /// resumed it by hand and the stop went on in the resumer (the message names the loop's
    /// line, where the limit was hit, not the resumer's next line, where it was raised again).
    @Test func aTimeLimitInACoroutineShowsWhereTheCoroutineWas() throws {
        let dir = try folder(["spin.lua": """
            local function spin()
              while true do end
            end
            return {simpleLayout=function(ctx,p)
              local ok = coroutine.resume(coroutine.create(spin))
              error("not stopped")
            end}

            """])
        let r = try runTessera(["run", "spin.lua", "--time-limit", "0.1"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr == "Error: spin.lua:2: time limit of 0.1 s of CPU time exceeded.\nstack traceback:\n"
            + "\tspin.lua:2: in function <spin.lua:1>\n\tspin.lua:5: in function <spin.lua:4>\n"
            + "hint: if a loop never ends, fix it; if the work needs longer, raise the limit with --time-limit SECONDS (0 for none)\n")
    }

    /// A script that catches a coroutine's error gets the bare message, as resume returns it in
    /// Lua: the frames go only to a traceback of an error that escapes.
    @Test func aCaughtCoroutineErrorIsTheBareMessage() throws {
        let dir = try folder(["caught.lua": """
            local function body() error("boom") end
            return {simpleLayout=function(ctx,p)
              local ok, msg = coroutine.resume(coroutine.create(body))
              if ok or msg ~= "caught.lua:1: boom" then error("resume gave " .. tostring(msg)) end
              for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 10, 10, 10) end
            end}

            """])
        let r = try runTessera(["check", "caught.lua"], in: dir)
        #expect(r.stderr == "")
        #expect(r.stdout == "caught.lua: ok on 100 generated items: 100 items, content 10x1000, 0 warnings\n")
    }

    /// An error value given a place by the handler (an object with __tostring, a number) is
    /// placed where the coroutine raised it, as a string error is, through every level of
    /// coroutines (it named the outermost resumer's line).
    @Test func anErrorObjectInACoroutineIsPlacedWhereItWasRaised() throws {
        let dir = try folder([
            "object.lua": """
            local E = setmetatable({}, {__tostring = function() return "custom failure" end})
            local function innermost() error(E) end
            local function middle()
              local ok, e = coroutine.resume(coroutine.create(innermost))
              error(e, 0)
            end
            return {simpleLayout=function(ctx,p)
              coroutine.wrap(middle)()
            end}

            """,
            "number.lua": """
            local function body()
              error(42)
            end
            return {simpleLayout=function(ctx,p)
              coroutine.wrap(body)()
            end}

            """,
        ])
        let cases: [(String, String)] = [
            ("object.lua", "Error: object.lua:2: custom failure.\nstack traceback:\n\t[C]: in function 'error'\n"
                + "\tobject.lua:2: in function <object.lua:2>\n\tobject.lua:5: in function <object.lua:3>\n"
                + "\tobject.lua:8: in function <object.lua:7>\n"),
            ("number.lua", "Error: number.lua:2: 42.\nstack traceback:\n\t[C]: in function 'error'\n"
                + "\tnumber.lua:2: in function <number.lua:1>\n\tnumber.lua:5: in function <number.lua:4>\n"),
        ]
        try expectRunsFail(cases, in: dir)
    }

    /// A coroutine's error the script caught leaves no frames behind: an unrelated error with
    /// the same text raised later shows only its own (pcall and xpcall around the coroutine),
    /// and the same error failing again in fresh coroutines is each time a new one, not a
    /// re-raise (the frames of every earlier failure were shown, one set per failure).
    @Test func aCaughtCoroutineErrorForgetsItsFrames() throws {
        let dir = try folder([
            "pcall.lua": """
            local function body() error("boom", 0) end
            local function elsewhere() error("boom", 0) end
            return {simpleLayout=function(ctx,p)
              local ok = pcall(coroutine.wrap(body))
              elsewhere()
            end}

            """,
            "xpcall.lua": """
            local function body() error("boom", 0) end
            return {simpleLayout=function(ctx,p)
              xpcall(coroutine.wrap(body), function(e) return e end)
              error("boom", 0)
            end}

            """,
            "again.lua": """
            local function body() error("boom") end
            return {simpleLayout=function(ctx,p)
              for i = 1, 2 do coroutine.resume(coroutine.create(body)) end
              coroutine.wrap(body)()
            end}

            """,
        ])
        let cases: [(String, String)] = [
            ("pcall.lua", "Error: boom.\nstack traceback:\n\t[C]: in function 'error'\n\tpcall.lua:2: in upvalue 'elsewhere'\n"
                + "\tpcall.lua:5: in function <pcall.lua:3>\n"),
            ("xpcall.lua", "Error: boom.\nstack traceback:\n\t[C]: in function 'error'\n\txpcall.lua:4: in function <xpcall.lua:2>\n"),
            ("again.lua", "Error: again.lua:1: boom.\nstack traceback:\n\t[C]: in function 'error'\n"
                + "\tagain.lua:1: in function <again.lua:1>\n\tagain.lua:4: in function <again.lua:2>\n"),
        ]
        try expectRunsFail(cases, in: dir)
    }

    /// A query the script fails after layout (an analytic `frame(i)`) reaches every caller as the
    /// script's error: each output format of `run`, `check`, and the REPL's result methods.
    @Test func aFailingAnalyticQueryIsAnErrorForEveryCaller() throws {
        let dir = try folder(["frame.lua": """
        return {
          layout = function(ctx) return 10, ctx.count * 10 end,
          frame = function(i)
            if i == 3 then error("no frame for item 3") end
            return 0, (i - 1) * 10, 10, 10
          end,
          visible = function(x, y, w, h, ctx)
            local all = {}
            for i = 1, ctx.count do all[i] = i end
            return all
          end,
        }
        """])
        let expected = "Error: frame.lua:4: no frame for item 3.\nstack traceback:\n"
        for format in ["json", "text", "svg", "html"] {
            let run = try runTessera(["run", "frame.lua", "--format", format], in: dir)
            #expect(run.status == 1, "\(format)")
            #expect(run.stdout == "", "\(format)")
            #expect(run.stderr.hasPrefix(expected), "\(format): \(run.stderr)")
        }
        let check = try runTessera(["check", "frame.lua"], in: dir)
        #expect(check.status == 1)
        #expect(check.stderr.hasPrefix(expected), "\(check.stderr)")
        let repl = try runTessera(["repl", "--time-limit", "0"], in: dir, input: "r = run('frame.lua')\nprint(r:frame(2))\nprint(r:frame(3))\n")
        #expect(repl.stdout.contains("0\t10\t10\t10\n"), "\(repl.stdout)")
        #expect(repl.stderr.contains("frame.lua:4: no frame for item 3\nstack traceback:\n"), "\(repl.stderr)")
    }

    /// Without --time-limit a script runs under the default limit, 1 s of CPU time, which stops
    /// a loop that never ends (`everyFailureExitsNonZeroWithFileLineAndWritesNothing` runs one
    /// under 0.1 s through the same flag; burning the whole second proves nothing more).
    @Test func withoutTheFlagAScriptRunsUnderTheDefaultTimeLimit() throws {
        #expect(ScriptLimits.defaultTimeLimit == 1)
        #expect(try RunCommand.parse(["loop.lua"]).limits.options.scriptLimits == ScriptLimits(timeLimit: 1))
        #expect(try ReplCommand.parse([]).limits.options.scriptLimits == ScriptLimits(timeLimit: 1))
        #expect(try RunCommand.parse(["loop.lua", "--time-limit", "0.1"]).limits.options.scriptLimits == ScriptLimits(timeLimit: 0.1))
    }

    @Test func checkReportsErrorsWithTheScriptsLine() throws {
        let dir = try folder(scripts)
        let nan = try runTessera(["check", "nan.lua"], in: dir)
        #expect(nan.status == 1)
        #expect(nan.stderr.hasPrefix("Error: nan.lua:3: ctx.set: frame 1 (Lua index; item 0 in the output) has y = nan; a frame needs finite numbers and a non-negative size.\nstack traceback:\n"))
        let count = try runTessera(["check", "count.lua", "--data", repositoryRoot.path + "/datasets/tuxpaint-stamps.json"], in: dir)
        #expect(count.status == 1)
        #expect(count.stderr.hasPrefix("Error: count.lua:2: simpleLayout returned 2 frames for 961 items.\n"))
        let visible = try runTessera(["check", "visible.lua"], in: dir)
        #expect(visible.status == 1)
        #expect(visible.stderr.hasPrefix("Error: visible.lua:4: visible returned Lua index 101, outside 1..100.\n"))
    }

    @Test func checkWarnsAboutOverlapsAndItemsOutsideTheContent() throws {
        let dir = try folder([
            "clean.lua": "return { simpleLayout = function(ctx)\n  for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 10, 10, 10) end\nend }\n",
            "messy.lua": """
            return {
              frame = function(i) return (i == 3) and -5 or 0, (i - 1) * 8, 10, 10 end,
              visible = function(x, y, w, h, ctx)
                local r = {}
                for i = 1, ctx.count do r[i] = i end
                return r
              end,
              layout = function(ctx) return 10, ctx.count * 8 + 2 + 1 / 7 end,
            }
            """,
        ])
        let clean = try runTessera(["check", "clean.lua"], in: dir)
        #expect(clean.status == 0)
        #expect(clean.stdout == "clean.lua: ok on 100 generated items: 100 items, content 10x1000, 0 warnings\n")
        let messy = try runTessera(["check", "messy.lua", "--max-warnings", "2"], in: dir)
        #expect(messy.status == 0, "\(messy.stderr)")
        #expect(messy.stdout == """
        warning: items 0 (0) and 1 (1) overlap: (0, 0, 10, 10) and (0, 8, 10, 10)
        warning: items 1 (1) and 2 (2) overlap: (0, 8, 10, 10) and (-5, 16, 10, 10)
        warning: ... 97 more overlapping pairs
        warning: item 2 (2) at (-5, 16, 10, 10) lies outside the content bounds from (0, 0) to (10, 802.14)
        messy.lua: problems on 100 generated items: 100 items, content 10x802.14, 100 warnings (99 overlapping pairs, 1 item outside)

        """)
    }
}
