import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// The sandbox: what scripts can and cannot reach.
@Suite struct SandboxTests {
    let folder = ScriptFolder()

    func evaluate(_ source: String, host: LuaHost? = nil) throws -> [LuaValue] {
        try TesseraLuaTests.evaluate(source, chunkName: "=sandbox", host: host)
    }

    func error(_ source: String) -> LuaScriptError? {
        scriptError { _ = try evaluate(source) }
    }

    @Test func osExecuteAndIoOpenAreUnavailable() {
        #expect(error("return os.execute('true')")?.message == "sandbox:1: attempt to call a nil value (field 'execute')")
        #expect(error("return io.open('/etc/passwd')")?.message == "sandbox:1: attempt to index a nil value (global 'io')")
        #expect(error("return os.exit(1)")?.message == "sandbox:1: attempt to call a nil value (field 'exit')")
    }

    @Test func binaryChunksAreRejected() throws {
        // A precompiled chunk starts with ESC "Lua"; text mode refuses it before parsing.
        #expect(try evaluate(#"return load("\27LuaT\0\25\147\r\n\26\n", "bin")"#) ==
                [.nil, .string("attempt to load a binary chunk (mode is 't')")])
        #expect(error(#"local f = load("return 1", "x", "b") return f"#)?.message ==
                #"sandbox:1: load: only text chunks are allowed here (mode "t")"#)
        #expect(try evaluate("return string.dump, ('').dump") == [.nil, .nil])
        // Text chunks load, in the caller's sandbox rather than the real globals.
        #expect(try evaluate(#"return load("return 1 + 1")(), load("return io")()"#) == [.integer(2), .nil])
        // A wrong chunk is blamed on the calling line (it named a line of the prelude).
        #expect(error("\nload()")?.message == "sandbox:2: bad argument #1 to 'load' (function expected, got no value)")
        #expect(error("load({})")?.message == "sandbox:1: bad argument #1 to 'load' (function expected, got table)")
        #expect(try evaluate("x = 1; return load(5), load('return x', 'n', 't', {x = 2})(), load('return x', 'n', 't')(), load('return x', 'n', nil, nil)")
                .prefix(3) == [.nil, .integer(2), .integer(1)])
    }

    @Test func onlyTheAllowedGlobalsExist() throws {
        let absent = ["io", "debug", "dofile", "loadfile", "package", "collectgarbage"]
        for name in absent {
            #expect(try evaluate("return \(name)") == [.nil], "\(name) should be absent")
        }
        #expect(try evaluate("return type(os.clock()), type(os.time()), type(os.date('%Y'))") ==
                [.string("number"), .string("number"), .string("string")])
        #expect(try evaluate("local n = 0 for k in pairs(os) do n = n + 1 end return n") == [.integer(3)])
        #expect(try evaluate("return ('ab'):rep(2), math.floor(2.5), table.concat({1, 2}, ','), utf8.char(72)") ==
                [.string("abab"), .integer(2), .string("1,2"), .string("H")])
    }

    @Test func coroutinesAndGetmetatableWork() throws {
        #expect(try evaluate("""
        local co = coroutine.create(function(a) local b = coroutine.yield(a + 1); return b * 2 end)
        local _, x = coroutine.resume(co, 1)
        local _, y = coroutine.resume(co, 10)
        local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)
        local t = setmetatable({}, { __index = { k = 5 } })
        return x, y, coroutine.status(co), gen() + gen() + gen(), getmetatable(t).__index.k, coroutine.resume(co)
        """) == [.integer(2), .integer(20), .string("dead"), .integer(6), .integer(5), .boolean(false), .string("cannot resume dead coroutine")])
        #expect(error("local f = coroutine.wrap(function() error('inside') end) f()")?.message == "sandbox:1: inside")
        #expect(error("coroutine.resume(5)")?.message == "sandbox:1: coroutine.resume: argument #1 (co) must be a coroutine, got 5")
    }

    /// A function of coroutine.wrap, as Lua's: calling it again once it ended names the calling
    /// line (it said "cannot resume dead coroutine" with no place), and an error that ends it
    /// runs its pending __close handlers (they never ran).
    @Test func wrapBlamesTheCallerAndClosesWhatAnErrorLeftOpen() throws {
        #expect(error("local f = coroutine.wrap(function() end)\nf()\nf()")?.message == "sandbox:3: cannot resume dead coroutine")
        // (this said "[tessera]:49: bad argument #1 to 'create' ...", a line of the prelude)
        #expect(error("\ncoroutine.wrap(5)")?.message == "sandbox:2: bad argument #1 to 'wrap' (function expected, got number)")
        #expect(error("coroutine.wrap()")?.message == "sandbox:1: bad argument #1 to 'wrap' (function expected, got no value)")
        #expect(error("local f\nf = coroutine.wrap(function()\n  f()\nend)\nf()")?.message ==
                "sandbox:3: cannot resume non-suspended coroutine")
        #expect(try evaluate("""
        closed = 0
        local f = coroutine.wrap(function()
          local guard <close> = setmetatable({}, {__close = function() closed = closed + 1 end})
          coroutine.yield(1)
          error("inside")
        end)
        local first, ok, e = f(), pcall(f)
        return first, ok, e, closed, select(2, pcall(f))
        """) == [.integer(1), .boolean(false), .string("sandbox:5: inside"), .integer(1),
                 .string("cannot resume dead coroutine")])   // called by pcall: no line to name, as in Lua
    }

    /// Resuming the running coroutine fails as in Lua, false first: its message was pushed on
    /// the very stack the false went to next, so the two came back swapped.
    @Test func resumingTheRunningCoroutineGivesFalseThenTheMessage() throws {
        #expect(try evaluate("""
        local co = coroutine.create(function() return coroutine.resume(coroutine.running()) end)
        local fromMain = table.pack(coroutine.resume(coroutine.running()))
        return fromMain[1], fromMain[2], coroutine.resume(co)
        """) == [.boolean(false), .string("cannot resume non-suspended coroutine"),
                 .boolean(true), .boolean(false), .string("cannot resume non-suspended coroutine")])
    }

    /// getmetatable("") gives no way to the real string table, and strings still have methods.
    @Test func theStringMetatableStaysOutOfReach() throws {
        #expect(try evaluate("return getmetatable(''), getmetatable('abc'), ('x'):rep(3)") == [.boolean(false), .boolean(false), .string("xxx")])
        #expect(error("getmetatable('').__index.upper = nil")?.message == "sandbox:1: attempt to index a boolean value")
    }

    /// A runaway loop inside a coroutine stops at the time limit, the instruction budget and
    /// the memory cap as on the main thread, also when the script catches the error.
    @Test func limitsApplyInsideCoroutines() throws {
        let runaway = """
        local co = coroutine.create(function() while true do end end)
        local created = coroutine.wrap(function() local t = {} while true do t[#t + 1] = {} end end)
        while true do coroutine.resume(co) end
        """
        // The loops never end, so the limits are all that stops them (no clock is read here).
        let timed = try LuaHost(limits: ScriptLimits(timeLimit: 0.05))
        let e = scriptError { _ = try evaluate(runaway, host: timed) }
        #expect(e?.kind == .timeLimit)
        #expect(e?.message.hasSuffix("time limit of 0.05 s of CPU time exceeded") == true)

        let budgeted = try LuaHost(limits: ScriptLimits(timeLimit: nil, maxInstructions: 100_000))
        let b = scriptError { _ = try evaluate(runaway, host: budgeted) }
        #expect(b?.kind == .instructionLimit)
        #expect(b?.message == "sandbox:1: instruction budget of 100,000 exceeded")   // in the coroutine, not at its resume

        let capped = try LuaHost(limits: ScriptLimits(maxMemoryBytes: 8 * 1_048_576, timeLimit: 5))
        let m = scriptError { _ = try evaluate("local f = coroutine.wrap(function() local t = {} while true do t[#t + 1] = {} end end) f()", host: capped) }
        #expect(m?.kind == .memory)
        // A coroutine made in one call and resumed in the next is still bounded.
        let env = try timed.newEnvironment()
        try timed.evaluate("co = coroutine.create(function() while true do end end)", environment: env)
        let later = scriptError { _ = try timed.evaluate("while true do coroutine.resume(co) end", environment: env) }
        #expect(later?.kind == .timeLimit)
    }

    /// Lua calls a message handler for an error raised in a hook with hooks off, so an xpcall
    /// handler that looped when a limit stopped the script could never be stopped: the process
    /// hung. The stop now passes the handler by; other errors still go through it.
    @Test func xpcallHandlersCannotOutlastALimit() throws {
        let looping = """
        local ok, m = xpcall(function() while true do end end, function(m) while true do end end)
        error("not stopped: " .. tostring(m))
        """
        let timed = try LuaHost(limits: ScriptLimits(timeLimit: 0.05))
        let e = scriptError { _ = try evaluate(looping, host: timed) }
        #expect(e?.kind == .timeLimit)
        #expect(e?.message.hasSuffix("time limit of 0.05 s of CPU time exceeded") == true)
        let budgeted = try LuaHost(limits: ScriptLimits(timeLimit: nil, maxInstructions: 100_000))
        let b = scriptError { _ = try evaluate(looping, host: budgeted) }
        #expect(b?.message == "sandbox:1: instruction budget of 100,000 exceeded")   // the loop's line, not the next
        #expect(try evaluate("""
        local function handler(m) return "handled: " .. m end
        local ok, m = xpcall(error, handler, "x", 0)
        return ok, m, select(2, xpcall(function(a, b) return a + b end, handler, 1, 2))
        """) == [.boolean(false), .string("handled: x"), .integer(3)])
        #expect(error("return xpcall(print)")?.message == "sandbox:1: bad argument #2 to 'xpcall' (function expected, got no value)")
        #expect(try evaluate("""
        local co = coroutine.wrap(function() return xpcall(function() coroutine.yield(1) return 2 end, print) end)
        return co(), co()
        """) == [.integer(1), .boolean(true), .integer(2)])
    }

    @Test func scriptsAreIsolatedFromEachOther() throws {
        let host = try LuaHost()
        let a = try host.newEnvironment(), b = try host.newEnvironment()
        try host.evaluate("shared = 1; math.floor = nil; string.upper = nil", environment: a)
        #expect(try host.evaluate("return shared, type(math.floor), ('x'):upper()", environment: b) ==
                [.nil, .string("function"), .string("X")])
    }

    @Test func requireFindsScriptsNextToTheScriptAndInLayouts() throws {
        let host = try LuaHost()
        folder.write("lib/helper.lua", "return { twice = function(x) return 2 * x end }")
        folder.write("layouts/shared.lua", "return { name = 'shared' }")
        let main = folder.write("lib/main.lua", """
        local helper = require("helper")
        local shared = require("shared")
        local t = require("tessera")
        assert(require("helper") == helper, "modules are cached")
        return { name = shared.name .. helper.twice(21) .. tostring(t.waterfall ~= nil),
                 simpleLayout = function(ctx) end }
        """)
        #expect(try host.loadLayoutScript(path: main).name == "shared42true")
        let bad = folder.write("lib/bad.lua", "return require('../../etc/passwd')")
        #expect(scriptError { _ = try host.loadLayoutScript(path: bad) }?.message ==
                "\(folder.path)/lib/bad.lua:1: module name '../../etc/passwd' is not valid; use letters, digits, '_', '-' and '.' (for folders), not a path")
    }

    /// A module name with a zero byte or a control character is quoted with Lua's escapes: the
    /// message was cut at the zero byte ("module name 'a" and nothing after it).
    @Test func anInvalidModuleNameIsQuotedWithEscapes() throws {
        let host = try LuaHost()
        let main = folder.write("escapes.lua", #"return require("a\0b\27[31m\n")"#)
        #expect(scriptError { _ = try host.loadLayoutScript(path: main) }?.message ==
                #"\#(folder.path)/escapes.lua:1: module name 'a\0b\27[31m\10' is not valid; use letters, digits, '_', '-' and '.' (for folders), not a path"#)
    }

    @Test func aSyntaxErrorInAModuleSlowToReadIsNoTimeLimit() throws {
        // 16 MB of comments (just under the source size limit) take longer to read and compile
        // than the 1 ms limit: the limit passes inside require, which then fails with the
        // module's syntax error, the error to report.
        let host = try LuaHost(limits: ScriptLimits(timeLimit: 0.001))
        let line = "-- " + String(repeating: "x", count: 76) + "\n"
        folder.write("slow.lua", String(repeating: line, count: 200_000) + "local = 1\n")
        let main = folder.write("main.lua", "return require('slow')")
        let e = scriptError { _ = try host.loadLayoutScript(path: main) }
        #expect(e?.kind == .runtime)
        #expect(e?.message == "\(folder.path)/slow.lua:200001: <name> expected near '='")
    }

    @Test func requireLoopsAreReported() throws {
        let host = try LuaHost()
        folder.write("a.lua", "return require('b')")
        folder.write("b.lua", "return require('a')")
        let main = folder.write("main.lua", "return require('a')")
        let e = scriptError { _ = try host.loadLayoutScript(path: main) }
        #expect(e?.message == "\(folder.path)/b.lua:1: module 'a' requires itself (a require loop through \(folder.path)/a.lua)")
    }

    @Test func interruptStopsARunningCall() throws {
        let host = try LuaHost(limits: ScriptLimits(timeLimit: nil))
        let env = try host.newEnvironment()
        let loop = try host.load("while true do end", chunkName: "=stdin", environment: env)
        final class Outcome: @unchecked Sendable { var error: LuaScriptError? }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        // The worker is the only thread that runs Lua; this one only calls interrupt().
        nonisolated(unsafe) let workerHost = host
        let worker = Thread {
            outcome.error = scriptError { try workerHost.call(.function(loop)) }
            done.signal()
        }
        worker.start()
        // An interrupt that arrives before the call starts is ignored, so keep sending one until
        // the call has ended: how soon the worker gets to run depends on how busy the machine is.
        while done.wait(timeout: .now() + 0.05) == .timedOut { host.interrupt() }
        #expect(outcome.error?.kind == .interrupted)
        #expect(outcome.error?.message == "stdin:1: interrupted")
        #expect(try host.evaluate("return 1", environment: env) == [.integer(1)])
    }

    @Test func replStyleEvaluation() throws {
        let host = try LuaHost()
        var printed: [String] = []
        host.output = { printed.append($0) }
        let env = try host.newEnvironment()
        try host.evaluate("x = 41", environment: env)
        #expect(try host.evaluate("return x + 1", environment: env) == [.integer(42)])
        try host.evaluate("print(1, nil, 'a')", environment: env)
        #expect(printed == ["1\tnil\ta"])
        let unfinished = scriptError { _ = try host.load("for i = 1, 2 do", chunkName: "=stdin", environment: env) }
        #expect(unfinished?.kind == .syntax)
        #expect(unfinished?.message == "stdin:1: 'end' expected near <eof>")
        #expect(host.field("x", of: env) == .integer(41))
        host.setField("y", of: env, to: .string("z"))
        #expect(try host.evaluate("return y", environment: env) == [.string("z")])
    }
}
