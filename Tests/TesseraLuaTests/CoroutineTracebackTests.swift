import Testing
import TesseraCore
@testable import TesseraLua

/// The traceback of an error raised inside a coroutine that escapes to the host: the
/// coroutine's frames first (innermost coroutine first), then the resumer's; what resume and
/// wrap give a script that catches the error stays Lua's.
@Suite struct CoroutineTracebackTests {
    func error(_ source: String, host: LuaHost? = nil) -> LuaScriptError? {
        scriptError { _ = try TesseraLuaTests.evaluate(source, chunkName: "=co", host: host) }
    }

    func evaluate(_ source: String) throws -> [LuaValue] {
        try TesseraLuaTests.evaluate(source, chunkName: "=co")
    }

    @Test func wrapShowsTheFramesInsideTheCoroutine() {
        let e = error("""
        local function inner() error("boom") end
        local f = coroutine.wrap(function() inner() end)
        f()
        """)
        #expect(e?.message == "co:1: boom")
        #expect(e?.traceback == "stack traceback:\n\t[C]: in function 'error'\n\tco:1: in upvalue 'inner'\n"
                + "\tco:2: in function <co:2>\n\tco:3: in main chunk")
    }

    /// A script that catches the error gets the message alone, from resume and from wrap.
    @Test func aCaughtErrorIsTheBareMessage() throws {
        #expect(try evaluate("""
        local function body() error("boom") end
        local ok, msg = coroutine.resume(coroutine.create(body))
        return ok, msg, pcall(coroutine.wrap(body))
        """) == [.boolean(false), .string("co:1: boom"), .boolean(false), .string("co:1: boom")])
    }

    /// The caught message raised again later, elsewhere, is still that error: its coroutine's
    /// frames come first, then the line that raised it again.
    @Test func aMessageRaisedAgainLaterKeepsItsFrames() {
        let e = error("""
        local co = coroutine.create(function() local x = nil; return x.y end)
        local ok, msg = coroutine.resume(co)
        local function later() error(msg, 0) end
        later()
        """)
        #expect(e?.message == "co:1: attempt to index a nil value (local 'x')")
        #expect(e?.traceback == "stack traceback:\n\tco:1: in function <co:1>\n\tco:3: in local 'later'\n\tco:4: in main chunk")
    }

    /// Another error after a coroutine failed shows no frames of that coroutine.
    @Test func anotherErrorShowsOnlyItsOwnFrames() {
        let e = error("""
        local ok, msg = coroutine.resume(coroutine.create(function() error("first") end))
        error("second")
        """)
        #expect(e?.message == "co:2: second")
        #expect(e?.traceback == "stack traceback:\n\t[C]: in function 'error'\n\tco:2: in main chunk")
    }

    /// An error object with __tostring is placed where the coroutine raised it, as a string error
    /// is (it named the line it went on from), and gets the coroutine's frames.
    @Test func anErrorObjectGetsTheCoroutinesFrames() {
        let e = error("""
        local problem = setmetatable({}, {__tostring = function() return "a problem" end})
        local f = coroutine.wrap(function() error(problem) end)
        f()
        """)
        #expect(e?.message == "co:2: a problem")
        #expect(e?.traceback == "stack traceback:\n\t[C]: in function 'error'\n\tco:2: in function <co:2>\n\tco:3: in main chunk")
    }

    /// The instruction budget, spent inside a coroutine resumed by hand: the stop names the
    /// coroutine's line, where the budget ran out, and the traceback goes on to the resumer's.
    @Test func aBudgetStopShowsWhereTheCoroutineWas() throws {
        let budgeted = try LuaHost(limits: ScriptLimits(timeLimit: nil, maxInstructions: 100_000))
        let e = error("""
        local co = coroutine.create(function()
          while true do end
        end)
        coroutine.resume(co)
        """, host: budgeted)
        #expect(e?.kind == .instructionLimit)
        #expect(e?.message == "co:2: instruction budget of 100,000 exceeded")
        #expect(e?.traceback == "stack traceback:\n\tco:2: in function <co:1>\n\tco:4: in main chunk")
    }

    /// A stack overflow inside a coroutine says what it means, as on the main thread (it read
    /// "stack overflow" alone); its deep stack is cut as any traceback is, then the resumer's
    /// frames follow.
    @Test func aStackOverflowInACoroutineIsCut() {
        let e = error("""
        local function f() return 1 + f() end
        coroutine.wrap(f)()
        """)
        #expect(e?.message == "co:1: stack overflow (calls nested too deeply: a function that calls itself without end?)")
        let call = "\tco:1: in upvalue 'f'\n"
        #expect(e?.traceback == "stack traceback:\n" + String(repeating: call, count: 10) + "\t...\t(skipping 999,975 levels)\n"
                + String(repeating: call, count: 10) + "\tco:1: in function <co:1>\n\tco:2: in main chunk")
    }
}
