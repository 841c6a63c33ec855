import CLua
import Foundation
import Testing

/// Scripts that tried to crash, hang or escape the sandbox's limits, each run as a subprocess
/// with a timeout: a crash is a status above 128 and a hang `CLIOutcome.timedOut`.
@Suite struct SandboxHardeningCLITests {
    func run(_ script: String, _ extra: [String] = [], name: String = "s.lua") throws -> CLIOutcome {
        let dir = try temporaryDirectory()
        try script.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        return try runTessera(["run", name] + extra, in: dir)
    }

    /// LUA_VERSION_RELEASE_NUM of the Lua built in (5.4.7: 50407), which Swift does not import (a
    /// macro of an expression): made of the two macros it is made of.
    static let luaReleaseNumber = Int(LUA_VERSION_NUM) * 100 + (Int(LUA_VERSION_RELEASE) ?? 0)

    static let layout = "return { simpleLayout = function(ctx) for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end end }\n"

    @Test func aRunawayFinalizerIsRefusedBeforeItCanRun() throws {
        let r = try run("setmetatable({}, {__gc = function() while true do end end})\n" + Self.layout,
                                   ["--time-limit", "1"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("Error: s.lua:1: setmetatable: __gc finalizers are not allowed in scripts (they would run outside the time and memory limits).\nstack traceback:\n\t[C]: in global 'setmetatable'\n\ts.lua:1: in main chunk"), "\(r.stderr)")
    }

    @Test func aFinalizerUsingASavedCtxCannotBeSet() throws {
        let script = "local saved\nsetmetatable({}, {__gc = function() saved:size(1) end})\n"
            + "return { simpleLayout = function(ctx) saved = ctx end }\n"
        let r = try run(script)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("Error: s.lua:2: setmetatable: __gc finalizers are not allowed"))
    }

    @Test func aCtxSavedFromAnEarlierPassAnswersWithoutCrashing() throws {
        let script = """
        local t = require("tessera")
        local saved
        local inner = { simpleLayout = function(ctx) saved = ctx; for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end end }
        local l = t.sections{ sections = function() return inner end }
        return { simpleLayout = function(ctx)
          for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end
          if saved then saved.set(1, 0, 0, 1, 1) end
        end }
        """
        let r = try run(script)
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func aCatastrophicPatternStopsAtTheTimeLimit() throws {
        let script = "return { simpleLayout = function(ctx)\n  string.find(string.rep(\"a\", 20000), string.rep(\".-\", 12) .. \"b\")\nend }\n"
        let r = try run(script, ["--time-limit", "0.1"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("Error: s.lua:2: time limit of 0.1 s of CPU time exceeded.\nstack traceback:\n\t[C]: in function 'string.find'\n"))
        // The pattern would run for ages: only the limit stops it (a hang is runTessera's timeout).
    }

    @Test(arguments: ["t.inset(l, 1)", "t.transpose(l)", "l:inset(1)"])
    func deeplyNestedDecoratorsAreAnErrorNamingTheScript(step: String) throws {
        let script = "local t = require(\"tessera\")\nlocal l = t.waterfall{}\nfor i = 1, 20000 do l = \(step) end\nreturn l\n"
        let r = try run(script)
        #expect(r.status == 1)
        let function = step.hasPrefix("l:") ? "layout:inset" : step.hasPrefix("t.inset") ? "t.inset" : "t.transpose"
        let argument = step.hasPrefix("l:") ? "self" : "argument #1 (layout)"
        #expect(r.stderr.hasPrefix("Error: s.lua:3: \(function): \(argument) is already nested 200 layouts deep; at most 200 levels are allowed.\n"), "\(r.stderr)")
    }

    @Test func aSectionsFunctionReturningItsOwnLayoutIsAnError() throws {
        let script = "local t = require(\"tessera\")\nlocal s\ns = t.sections{ sections = function() return s end }\nreturn s\n"
        let r = try run(script)
        #expect(r.status == 1)
        #expect(r.stderr == "Error: s.lua:3: t.sections: the layouts its sections function chose are nested more than 200 deep; at most 200 levels are allowed; expected a layout that does not contain this t.sections (does the function return it?).\n")
    }

    /// Laid out from Lua (t.run in a test file), the message names where t.sections was
    /// called, as from the command line, and not t.run's line too.
    @Test func aSectionsFunctionReturningItsOwnLayoutNamesOnePlaceFromLua() throws {
        let dir = try temporaryDirectory()
        let script = "local t = require(\"tessera\")\nlocal s\ns = t.sections{ sections = function() return s end }\n"
            + "test(\"deep\", function()\n  t.run(s, { data = { { id = \"a\", w = 10, h = 10 } } })\nend)\n"
        try script.write(to: dir.appendingPathComponent("s_test.lua"), atomically: true, encoding: .utf8)
        let r = try runTessera(["test", "s_test.lua"], in: dir)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count > 2, "\(r.stdout)")
        #expect(lines.dropFirst().first == "    s_test.lua:3: t.sections: the layouts its sections function chose are nested more than 200 deep; at most 200 levels are allowed; expected a layout that does not contain this t.sections (does the function return it?)")
    }

    @Test(arguments: [("error()", "error called with no value; expected a message string"),
                      ("error({})", "error called with a table value; expected a message string")])
    func errorWithoutAMessageNamesTheLine(call: String, message: String) throws {
        let r = try run("return { simpleLayout = function(ctx)\n  \(call)\nend }\n")
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("Error: s.lua:2: \(message).\nstack traceback:\n"))
    }

    /// A recursion of Lua functions (or of metamethods) overflows inside the script, where Lua
    /// gives the place itself: the message says what it means there too (it read "s.lua:1: stack
    /// overflow" alone). The run has a time limit far above what it needs: filling Lua's stack
    /// (a million slots, about 60 MB) takes 0.04 s of CPU time on a quiet machine, but the
    /// kernel's time faulting those pages in counts as the run's too, and on a loaded machine
    /// short of memory it can pass the default limit of 1 s (the run then stops at the limit).
    @Test(arguments: [
        ("local function f(n) return 1 + f(n + 1) end\nreturn { simpleLayout = function(ctx) f(1) end }\n", "stack overflow"),
        ("local m = {}\nm.__index = function(s, k) return s[k] end\nlocal v = setmetatable({}, m)\nreturn { simpleLayout = function(ctx) return v.x end }\n",
         "C stack overflow"),
    ])
    func aStackOverflowInTheScriptSaysWhatItMeans(script: String, message: String) throws {
        let r = try run(script, ["--time-limit", "30"])
        let line = message == "stack overflow" ? 1 : 2
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("Error: s.lua:\(line): \(message) (calls nested too deeply: a function that calls itself without end?).\nstack traceback:\n"),
                "\(r.stderr.prefix(300))")
    }

    @Test func aCStackOverflowNamesTheLine() throws {
        let script = "local function f() return tostring(setmetatable({}, {__tostring = f})) end\nreturn { simpleLayout = function(ctx) f() end }\n"
        let r = try run(script)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("Error: s.lua:1: C stack overflow (calls nested too deeply: a function that calls itself without end?).\nstack traceback:\n"))
    }

    /// Lua runs a closed coroutine's __close handlers with that coroutine's own count of C calls,
    /// not its closer's, so handlers that each close the next coroutine (here a thousand, each
    /// inside 150 pcalls) overflowed the C stack and the process crashed. Closes nest at most 8
    /// deep; the ninth is Lua's "C stack overflow", which each handler passes on.
    @Test func coroutinesClosedFromCloseHandlersWithoutEndAreAnError() throws {
        let script = """
        local function nest(n, f) if n == 0 then return f() end local ok, e = pcall(nest, n - 1, f) if not ok then error(e, 0) end end
        local co = false
        for i = 1, 1000 do
          local previous = co
          co = coroutine.create(function()
            local x <close> = setmetatable({}, {__close = function()
              if previous then nest(150, function() local ok, e = coroutine.close(previous) if not ok then error(e, 0) end end) end
            end})
            coroutine.yield()
          end)
          coroutine.resume(co)
        end
        local ok, e = coroutine.close(co)
        error(e, 0)

        """
        let r = try run(script)
        #expect(r.status == 1)
        #expect(r.stderr == "Error: s.lua:14: C stack overflow (calls nested too deeply: a function that calls itself without end?).\nstack traceback:\n\t[C]: in function 'error'\n\ts.lua:14: in main chunk\n", "\(r.stderr)")
    }

    /// A recursion without end under a small cap runs out of memory while Lua grows the stack.
    /// Lua 5.4.6 and later hold the stack's pointers as offsets while they move it, so placing
    /// that refusal by walking the stack crashed there; it is an error on every Lua 5.4, placed
    /// where the Lua linked in allows (5.4.4 here: the recursion's line).
    @Test func aRecursionWithoutEndUnderASmallCapIsAnError() throws {
        let r = try run("local function f(n) return f(n + 1) + 1 end\nreturn {simpleLayout = function(ctx) f(1) end}\n",
                        ["--max-memory", "1"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("Error: s.lua:1: memory limit of 1 MB exceeded.\nstack traceback:\n\ts.lua:1: in upvalue 'f'\n")
                || r.stderr == "Error: memory limit of 1 MB exceeded.\nhint: if a table or string grows without end, fix it; if the work needs more, raise the cap with --max-memory MB\n", "\(r.stderr)")
    }

    /// Lua 5.4.6 and later move a stack with its pointers held as offsets, where the place of a
    /// refusal cannot be read: the growth is granted past the cap and the count hook raises the
    /// memory error at the next instruction, placed and traced as any refusal (it was the bare
    /// `memory limit of 8 MB exceeded`), in the main thread and in a coroutine alike. The depth
    /// reached, hence the levels skipped, follows the state's size, so that count alone is not
    /// compared. Against 5.4.4 (Debian 12) the refusal is placed where it happens:
    /// aRecursionWithoutEndUnderASmallCapIsAnError covers it; scripts/test-lua-version runs this.
    @Test(.enabled(if: Self.luaReleaseNumber >= 50406, "the Lua linked in is older than 5.4.6, which places every refusal where it happens"),
          arguments: [
        ("f(1)", "\ts.lua:2: in function <s.lua:2>\n"),
        ("coroutine.wrap(f)(1)", "\ts.lua:1: in upvalue 'f'\n\ts.lua:1: in function <s.lua:1>\n\t[C]: in upvalue 'resume'\n"
            + "\ts.lua:2: in function <s.lua:2>\n"),
    ])
    func aRecursionWithoutEndOutgrowingTheCapWhileLuaMovesItsStackIsPlaced(call: String, outer: String) throws {
        let r = try run("local function f(n) return f(n + 1) + 1 end\nreturn {simpleLayout = function(ctx) \(call) end}\n",
                        ["--max-memory", "8"])
        let skipped = try #require(r.stderr.firstMatch(of: /\t\.\.\.\t\(skipping (\d{1,3}(?:,\d{3})*) levels\)\n/), "\(r.stderr)")
        let f = String(repeating: "\ts.lua:1: in upvalue 'f'\n", count: 9)
        #expect(r.status == 1)
        #expect(r.stderr == "Error: s.lua:1: memory limit of 8 MB exceeded.\nstack traceback:\n\ts.lua:1: in upvalue 'f'\n"
                + f + "\t...\t(skipping \(skipped.1) levels)\n" + f + outer
                + "hint: if a table or string grows without end, fix it; if the work needs more, raise the cap with --max-memory MB\n", "\(r.stderr)")
    }

    @Test(arguments: [("coroutine.yield()", "attempt to yield from outside a coroutine"),
                      ("coroutine.wrap(function() table.sort({2, 1}, function() coroutine.yield() end) end)()",
                       "attempt to yield across a C-call boundary")])
    func aYieldLuaRefusesNamesTheLine(call: String, message: String) throws {
        // Lua raises these from C without a position; the message handler adds the script's line.
        let r = try run("return { simpleLayout = function(ctx)\n  \(call)\nend }\n")
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("Error: s.lua:2: \(message).\nstack traceback:\n"), "\(r.stderr)")
    }

    @Test func anAnimatorHookOverTheMemoryCapShowsOnlyScriptFrames() throws {
        let dir = try temporaryDirectory()
        try "{\"items\": [{\"id\": \"a\"}]}".write(to: dir.appendingPathComponent("d.json"), atomically: true, encoding: .utf8)
        try "return { insert = function(e)\n  local s = string.rep(\"x\", 1 << 30)\nend }\n"
            .write(to: dir.appendingPathComponent("a.lua"), atomically: true, encoding: .utf8)
        let r = try runTessera(["scroll", "flow", "--data", "d.json", "--animator", "a.lua", "--steps", "1"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr == "Error: a.lua:2: memory limit of 256 MB exceeded.\nstack traceback:\n\t[C]: in function 'string.rep'\n"
            + "\ta.lua:2: in field 'insert'\nhint: if a table or string grows without end, fix it; if the work needs more, raise the cap with --max-memory MB\n", "\(r.stderr)")
    }

    @Test func aMemoryCapTooLowForTheScriptsEnvironmentNamesTheScript() throws {
        // The cap stops Tessera's own prelude before the script's first line: the message names
        // the script, not the prelude's chunk, and no traceback of prelude frames follows.
        let r = try run(Self.layout, ["--max-memory", "0.01"])
        #expect(r.status == 1)
        #expect(r.stderr == "Error: s.lua: memory limit of 10,485 bytes exceeded.\nhint: if a table or string grows without end, fix it; if the work needs more, raise the cap with --max-memory MB\n", "\(r.stderr)")
    }

    @Test func theInstructionBudgetNamesTheScriptLineNotThePrelude() throws {
        let script = "print(\"hello\")\nlocal x = 0\nfor i = 1, 1000 do x = x + i end\n" + Self.layout
        let r = try run(script, ["--max-instructions", "100"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("hello\nError: s.lua:3: instruction budget of 100 exceeded.\nstack traceback:\n"), "\(r.stderr)")
        #expect(!r.stderr.contains("[tessera]"))
    }
}

/// The REPL under the same attacks: its `t` and every loaded script see their own module.
@Suite struct ReplHardeningTests {
    func repl(_ lines: String, files: [String: String] = [:]) throws -> CLIOutcome {
        let dir = try temporaryDirectory()
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return try runTessera(["repl", "--time-limit", "0"], in: dir, input: lines)
    }

    /// rawset refuses the REPL's read-only views (`t`, `data`, its items and sections) as an
    /// assignment does, so nothing shadows them for the lines that follow or the scripts loaded
    /// later.
    @Test func rawsetOnTAndDataIsRefused() throws {
        let r = try repl("""
        rawset(t, "waterfall", 5)
        rawset(data, 1, 5)
        rawset(data[1], "id", 5)
        rawset(data.sections, 1, 5)
        rawset(data.meta, "x", 5)
        print(type(t.waterfall), data[1].id, #data.sections, data.meta.x)
        print(load("w.lua"))

        """, files: ["w.lua": "local t = require(\"tessera\")\nreturn t.waterfall{ columns = 2 }\n"])
        #expect(r.status == 1)
        #expect(r.stdout == "function\t0\t1\tnil\ntessera layout: w\n", "\(r.stderr)")
        // piped lines: each message names its line of the input
        func refusal(_ line: Int, _ key: String) -> String {
            "stdin:\(line): attempt to modify a read-only table (key '\(key)')\nstack traceback:\n\t[C]: in global 'rawset'\n\tstdin:\(line): in main chunk\n"
        }
        #expect(r.stderr == refusal(1, "waterfall") + refusal(2, "1") + refusal(3, "id") + refusal(4, "1") + refusal(5, "x"))
    }

    @Test func aNestedRunErrorHasOneTraceback() throws {
        let r = try repl("function f(n) if n == 0 then error(\"deep\") end return run(t.sections{sections=function() return f(n-1) end}) end\nf(30)\n")
        #expect(r.stderr.hasPrefix("stdin:1: deep\nstack traceback:\n"))
        #expect(r.stderr.components(separatedBy: "stack traceback:").count == 2, "\(r.stderr)")
    }

    @Test func loadErrorsNameTheFileNotTheReplInternals() throws {
        let r = try repl("y = load(\"bad.lua\")\n", files: ["bad.lua": "return { simpleLayout = function(ctx) local x = end }\n"])
        #expect(r.stderr == "bad.lua:1: unexpected symbol near 'end'\nstack traceback:\n\t[C]: in upvalue 'load'\n\tstdin:1: in main chunk\n")
    }
}
