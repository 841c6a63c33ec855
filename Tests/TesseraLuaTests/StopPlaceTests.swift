import Testing
import TesseraCore
@testable import TesseraLua

/// A time or instruction stop names where the runaway code was (the line running when the
/// limit was hit) and traces that place, whether or not a `pcall`, an `xpcall` or a coroutine's
/// resume caught it on the way: the script is stopped again at its next instruction with the
/// same error, not one naming that later instruction. The instruction budget makes each stop
/// land in the loop, the only code that runs long enough.
@Suite struct StopPlaceTests {
    let host: LuaHost

    init() throws {
        host = try LuaHost(limits: ScriptLimits(timeLimit: nil, maxInstructions: 100_000))
    }

    /// The error a chunk named `ins` stops with.
    func stop(_ source: String) throws -> LuaScriptError {
        let e = try #require(scriptError { _ = try TesseraLuaTests.evaluate(source, chunkName: "=ins", host: host) })
        #expect(e.kind == .instructionLimit)
        return e
    }

    @Test func aPlainLoop() throws {
        let e = try stop("""
        local n = 0
        while true do
          n = n + 1
        end
        """)
        #expect(e.message == "ins:3: instruction budget of 100,000 exceeded")
        #expect(e.traceback == "stack traceback:\n\tins:3: in main chunk")
    }

    @Test func aLoopInsidePcall() throws {
        let e = try stop("""
        local ok = pcall(function()
          while true do end
        end)
        return ok
        """)
        #expect(e.message == "ins:2: instruction budget of 100,000 exceeded")
        #expect(e.traceback == "stack traceback:\n\tins:2: in function <ins:1>\n\t[C]: in global 'pcall'\n\tins:1: in main chunk")
    }

    @Test func aLoopInsideXpcallWithAHandler() throws {
        let e = try stop("""
        local function spin()
          while true do end
        end
        local ok, m = xpcall(spin, function(m) return "handled: " .. m end)
        error("not stopped: " .. tostring(m))
        """)
        #expect(e.message == "ins:2: instruction budget of 100,000 exceeded")
        #expect(e.traceback == "stack traceback:\n\tins:2: in function <ins:1>\n\t[C]: in global 'xpcall'\n\tins:4: in main chunk")
    }

    @Test func aLoopInACoroutineResumedInsidePcall() throws {
        let e = try stop("""
        local co = coroutine.create(function()
          local n = 0
          while true do n = n + 1 end
        end)
        local ok, resumed, m = pcall(coroutine.resume, co)
        error("not stopped: " .. tostring(m))
        """)
        #expect(e.message == "ins:3: instruction budget of 100,000 exceeded")
        // the coroutine's frames, then its resumer's from the script's own (as for any error a
        // coroutine raises that escapes)
        #expect(e.traceback == "stack traceback:\n\tins:3: in function <ins:1>\n\tins:5: in main chunk")
    }

    /// The time limit as the budget: a loop caught with pcall still names the loop's line.
    @Test func aTimedLoopInsidePcall() throws {
        let timed = try LuaHost(limits: ScriptLimits(timeLimit: 0.05))
        let e = try #require(scriptError { _ = try TesseraLuaTests.evaluate("""
            for i = 1, 3 do
              pcall(function() while true do end end)
            end
            error("not stopped")
            """, chunkName: "=timed", host: timed) })
        #expect(e.kind == .timeLimit)
        #expect(e.message == "timed:2: time limit of 0.05 s of CPU time exceeded")
        #expect(e.traceback == "stack traceback:\n\ttimed:2: in function <timed:2>\n\t[C]: in global 'pcall'\n\ttimed:2: in main chunk")
    }

    /// The memory limit stays catchable (docs/sandbox.md says why): a script that catches it in
    /// a loop allocates up to the cap, never past it, and the budget stops the loop, naming the
    /// line that allocates, where nearly all its instructions run.
    @Test func aScriptCatchingMemoryErrorsInALoopStaysWithinTheCapAndIsStopped() throws {
        let cap = 8 * 1_048_576
        let capped = try LuaHost(limits: ScriptLimits(maxMemoryBytes: cap, timeLimit: nil, maxInstructions: 3_000_000))
        capped.resetMemoryPeak()
        let e = try #require(scriptError { _ = try TesseraLuaTests.evaluate("""
            local caught = 0
            while true do
              if not pcall(function() local t = {} for i = 1, 1e9 do t[i] = { i } end end) then caught = caught + 1 end
            end
            """, chunkName: "=hoard", host: capped) })
        #expect(e.kind == .instructionLimit)
        #expect(e.message == "hoard:3: instruction budget of 3,000,000 exceeded")
        #expect(capped.memoryPeak <= cap)
    }
}
