import CLua
import Foundation
import LuaBridge
import Synchronization
import Testing
import TesseraCore
@testable import TesseraLua

/// Host functions whose work grows with their input keep to the script's time limit: they poll
/// it and raise the error the watchdog raises. Every test sets a limit that has certainly
/// passed before the work's first poll (one nanosecond, against thousands of elements), and
/// calls the host function itself, not through Lua code: no Lua instruction runs, so the count
/// hook cannot stop the call, only the host function's own poll.
@Suite struct HostLimitTests {
    /// A host without limits, the given function and arguments built by `source` (its results),
    /// then the limit set to one nanosecond.
    func stoppedCall(_ source: String) throws -> (LuaHost, [LuaValue]) {
        let host = try LuaHost(limits: ScriptLimits(timeLimit: nil))
        let chunk = try host.load("local t = require('tessera')\n" + source, chunkName: "=test", environment: try host.newEnvironment())
        let values = try host.call(.function(chunk))
        host.limits.timeLimit = 1e-9
        return (host, values)
    }

    @Test func tDiffOfLargeSidesStopsAtTheTimeLimitAndTheHostRunsOn() throws {
        let (host, v) = try stoppedCall("""
            local old, new = {}, {}
            for i = 1, 20000 do old[i] = i; new[i] = 20001 - i end
            return t.diff, old, new
            """)
        let error = scriptError { _ = try host.call(v[0], [v[1], v[2]]) }
        #expect(error?.kind == .timeLimit)
        #expect(error?.message == "time limit of 1e-09 s of CPU time exceeded")
        #expect(error?.traceback == "")   // t.diff called from Swift: no frame Lua can name
        // The stop belonged to that call: without the limit the same diff runs.
        host.limits.timeLimit = nil
        let result = try host.call(v[0], [v[1], v[2]])
        host.push(result[0])
        defer { lua_settop(host.L, 0) }
        guard case .object(let d) = try LuaStack.json(host.L, -1, path: "d"), case .object(let summary)? = d["summary"] else {
            Issue.record("no summary"); return
        }
        #expect(summary["moved"] == .int(19999))
    }

    @Test func tDiffCalledFromAScriptNamesTheScriptLine() throws {
        let (host, v) = try stoppedCall("""
            local old = {sections = {}}
            for s = 1, 3000 do old.sections[s] = {id = s, items = {{id = s, title = 'x'}}} end
            return function()
              local d = t.diff(old, old)
              return d
            end
            """)
        // Line 5, the call's: a stop left to the count hook would name line 6, where the next
        // Lua instruction runs.
        let error = scriptError { _ = try host.call(v[0]) }
        #expect(error?.kind == .timeLimit)
        #expect(error?.message == "test:5: time limit of 1e-09 s of CPU time exceeded")
    }

    @Test func tAlignOfManySizesStopsAtTheTimeLimit() throws {
        let (host, v) = try stoppedCall("""
            local sizes = {}
            for i = 1, 10000 do sizes[i] = {10, 10} end
            return t.align, sizes
            """)
        let error = scriptError { _ = try host.call(v[0], [.string("start"), v[1], .number(0), .number(0), .number(0), .number(100)]) }
        #expect(error?.kind == .timeLimit)
        #expect(error?.message == "time limit of 1e-09 s of CPU time exceeded")
    }

    @Test func providerDataOfManyItemsStopsAtTheTimeLimit() throws {
        let (host, v) = try stoppedCall("""
            local data = {}
            for i = 1, 10000 do data[i] = {title = 'x' .. i} end
            return t.provider, {data = data, layout = t.flow{}}
            """)
        let error = scriptError { _ = try host.call(v[0], [v[1]]) }
        #expect(error?.kind == .timeLimit)
        #expect(error?.message == "time limit of 1e-09 s of CPU time exceeded")
    }

    /// Work that cannot poll (the core's diff) runs beside the poll: a stop returns at once,
    /// while the work is still blocked, and the work is left to end on its own.
    @Test func workThatCannotPollIsLeftBehindAtAStop() throws {
        let host = try LuaHost(limits: ScriptLimits(timeLimit: nil))
        tb_pushhostfunction(host.L, { L, _ in
            LuaHost.raising(L!) {
                _ = try LimitPoll(L!).run(size: 1_000_000) {
                    while !blockedWorkGate.load(ordering: .acquiring) { usleep(1000) }
                    return 1
                }
                return 0
            }
        }, nil, 0)
        let function = LuaValue.function(host.popReference())
        host.limits.timeLimit = 1e-9
        let error = scriptError { _ = try host.call(function) }
        blockedWorkGate.store(true, ordering: .releasing)
        #expect(error?.kind == .timeLimit)
        #expect(error?.message == "time limit of 1e-09 s of CPU time exceeded")
        // Without a limit the same call waits for the work and returns.
        host.limits.timeLimit = nil
        #expect(try host.call(function) == [])
    }

    @Test("the default limits: 256 MB of memory, 1 s per call, no instruction budget")
    func defaultLimits() throws {
        #expect(ScriptLimits.defaultMaxMemoryBytes == 268_435_456)
        #expect(ScriptLimits() == ScriptLimits(maxMemoryBytes: 268_435_456, timeLimit: 1, maxInstructions: nil))
        let host = try LuaHost()
        #expect(host.limits.maxMemoryBytes == ScriptLimits.defaultMaxMemoryBytes)
        host.limits.maxMemoryBytes = 8 << 20
        #expect(host.limits.maxMemoryBytes == 8_388_608)
    }
}

/// Released once the test that blocks on it has seen its stop.
private let blockedWorkGate = Atomic<Bool>(false)
