import Foundation
import LuaBridge
import Synchronization
import Testing
import TesseraCore
@testable import TesseraLua

/// The time limit counts the CPU time a call uses, not the time it waits: a script on a busy
/// machine is not blamed for waiting for a core, and a host function's worker thread counts as
/// the call's own. A wall-clock limit far above it still stops a call that only waits.
@Suite struct CPUTimeLimitTests {
    /// The calling thread's CPU time in seconds.
    static func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// A function value of `host` that runs `f` (a host function: no Lua instruction runs in it).
    static func hostFunction(_ host: LuaHost, _ f: tb_HostFunction) -> LuaValue {
        tb_pushhostfunction(host.L, f, nil, 0)
        defer { lua_settop(host.L, -2) }
        return .function(host.reference(at: -1))
    }

    /// A Lua function that calls its argument, then adds up 1 ... 100.
    static func callingThenCounting(_ host: LuaHost) throws -> LuaValue {
        let chunk = try host.load("return function(wait)\n  wait()\n  local x = 0\n  for i = 1, 100 do x = x + i end\n  return x\nend",
                                  chunkName: "=wait", environment: try host.newEnvironment())
        return try host.call(.function(chunk))[0]
    }

    /// A host function that sleeps 0.4 s: the call waits, using no CPU time.
    static let sleeping: tb_HostFunction = { _, _ in usleep(400_000); return 0 }
    /// A host function that sleeps 2 s.
    static let sleepingLong: tb_HostFunction = { _, _ in usleep(2_000_000); return 0 }

    @Test func aCallThatWaitsIsNotStoppedByItsCPUTimeLimit() throws {
        let host = try LuaHost(limits: ScriptLimits(timeLimit: nil))
        let f = try Self.callingThenCounting(host)
        host.limits.timeLimit = 0.2
        #expect(try host.call(f, [Self.hostFunction(host, Self.sleeping)]) == [.integer(5050)])
    }

    /// A limit too long for the watchdog's nanoseconds (1e300 s) counts as its longest, 1e8 s:
    /// the call runs (it once converted to a negative deadline, and stopped at once).
    @Test func aTimeLimitBeyondTheLongestCountsAsTheLongest() throws {
        for seconds in [1e300, .infinity, 1e8 + 1] {
            let host = try LuaHost(limits: ScriptLimits(timeLimit: seconds))
            let counted = try host.evaluate("local x = 0\nfor i = 1, 3000000 do x = x + 1 end\nreturn x", chunkName: "=count",
                                            environment: try host.newEnvironment())
            #expect(counted == [LuaValue.integer(3_000_000)])
        }
    }

    @Test func aCallThatWaitsPastTheWallClockLimitIsStopped() throws {
        let host = try LuaHost(limits: ScriptLimits(timeLimit: nil))
        let f = try Self.callingThenCounting(host)
        host.limits.timeLimit = 5
        tb_setwallclocklimit(host.L, 0.2)
        // A wait well past the limit: a loaded machine may wake the watchdog late, and a
        // wait that ended first would leave it nothing to stop.
        let error = scriptError { _ = try host.call(f, [Self.hostFunction(host, Self.sleepingLong)]) }
        #expect(error?.kind == .timeLimit)
        #expect(error?.message == "wait:3: wall-clock limit of 0.2 s exceeded (the time limit of 5 s of CPU time had not passed: the call waited)")
        // Without the test's wall-clock limit (the rule gives 60 s) the same call runs on.
        tb_setwallclocklimit(host.L, 0)
        #expect(try host.call(f, [Self.hostFunction(host, Self.sleeping)]) == [.integer(5050)])
    }

    /// A host function that hands 0.3 s of CPU work to a worker thread and waits for it, as
    /// `t.diff` does with a large diff.
    static let working: tb_HostFunction = { L, _ in
        do {
            _ = try LimitPoll(L!).run(size: 1, threshold: 1) {
                let start = CPUTimeLimitTests.threadCPU()
                while CPUTimeLimitTests.threadCPU() - start < 0.3 {}
                return 0
            }
            return 0
        } catch {
            return TB_RAISE_STOP
        }
    }

    @Test func aWorkerThreadsCPUTimeCountsAsTheCalls() throws {
        let host = try LuaHost(limits: ScriptLimits(timeLimit: nil))
        let f = try Self.callingThenCounting(host)
        host.limits.timeLimit = 0.1
        let error = scriptError { _ = try host.call(f, [Self.hostFunction(host, Self.working)]) }
        #expect(error?.kind == .timeLimit)
        #expect(error?.message == "wait:2: time limit of 0.1 s of CPU time exceeded")
    }

    /// The script runs a loop sized to take about 0.025 s of CPU time, under a limit of 0.2 s,
    /// on a thread of lowered priority while busy threads (two for each core) keep the
    /// machine's cores taken: it waits for a core far longer than it runs (about 20 times as
    /// long), and is not stopped. The margins hold on a loaded machine: the loop may cost up to
    /// eight times its measured CPU time (a busy host's cores, caches refilled after each
    /// switch) before the limit is reached, and other load only starves it more. All of them
    /// run on one core: spread over several, the scheduler could leave the script a core of its
    /// own for a while (under other load it once ran as fast as it would alone).
    @Test func aScriptStarvedOfCPUIsNotStopped() throws {
        let host = try LuaHost(limits: ScriptLimits(timeLimit: nil))
        let chunk = try host.load("return function(n)\n  local x = 0\n  for i = 1, n do x = x + i % 7 end\n  return x\nend",
                                  chunkName: "=spin", environment: try host.newEnvironment())
        let spin = try host.call(.function(chunk))[0]
        let probe = 2_000_000
        let before = Self.threadCPU()
        _ = try host.call(spin, [.integer(probe)])
        let perIteration = (Self.threadCPU() - before) / Double(probe)
        let n = Int(0.025 / perIteration)

        let core = OneCore.current()
        let stop = StopFlag()
        let busy = 2 * ProcessInfo.processInfo.activeProcessorCount
        let group = DispatchGroup()
        var started = 0
        for _ in 0..<busy {
            let job = DetachedJob {
                core.pinCallingThread()
                stop.running.add(1, ordering: .relaxed)
                while !stop.value.load(ordering: .relaxed) {}
                group.leave()
            }
            group.enter()
            if job.start() { started += 1 } else { group.leave() }
        }
        defer { stop.value.store(true, ordering: .relaxed); group.wait() }
        // A loaded machine may start them late: the call waits until they all spin, else it
        // could run before them, as fast as the machine's other load lets it.
        while stop.running.load(ordering: .relaxed) < started { usleep(1000) }
        host.limits.timeLimit = 0.2
        // Other load on the machine can leave a call less starved than planned (once one
        // waited 0.35 s of a limit of 0.4 s, proving nothing): then it runs again, up to three
        // times. A wall-clock limit would stop the first that waits past 0.2 s.
        var call = StarvedCall(host: host, spin: spin, n: n, core: core)
        for _ in 0..<3 {
            call = StarvedCall(host: host, spin: spin, n: n, core: core)
            try #require(call.runAtLowPriority())
            if call.error != nil || call.waited > 0.2 { break }
        }
        // The call took longer than its limit on the wall clock (so a wall-clock limit would
        // have stopped it), and less CPU time than the limit.
        #expect(call.error == nil)
        #expect(call.waited > 0.2, "the busy threads did not starve the script: \(call.waited) s")
        #expect(call.used < 0.2, "\(call.used) s of CPU time")
    }
}

/// One call of `spin(n)` on a thread of its own whose priority is lowered (nice 10), so that
/// threads of normal priority take most of a core from it; the caller waits for it. Its
/// results are read after `runAtLowPriority` returns.
private final class StarvedCall: @unchecked Sendable {
    let host: LuaHost
    let spin: LuaValue
    let n: Int
    let core: OneCore
    private(set) var error: (any Error)?
    private(set) var waited = 0.0, used = 0.0
    private let done = DispatchSemaphore(value: 0)

    init(host: LuaHost, spin: LuaValue, n: Int, core: OneCore) {
        self.host = host
        self.spin = spin
        self.n = n
        self.core = core
    }

    /// Runs the call and waits for it; false when no thread could be made.
    func runAtLowPriority() -> Bool {
        let job = DetachedJob { [self] in
            core.pinCallingThread()
            #if os(Linux)
            // Linux keeps a nice value per thread, and `who` 0 is the calling one: raising it
            // needs no privilege, and it ends with the thread.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            #endif
            let wall = Date(), cpu = CPUTimeLimitTests.threadCPU()
            do { _ = try host.call(spin, [.integer(n)]) } catch { self.error = error }
            waited = Date().timeIntervalSince(wall)
            used = CPUTimeLimitTests.threadCPU() - cpu
            done.signal()
        }
        guard job.start() else { return false }
        done.wait()
        return true
    }
}

/// Tells the busy threads to end, and counts those that began spinning.
private final class StopFlag: Sendable {
    let value = Atomic<Bool>(false)
    let running = Atomic<Int>(0)
}

/// The core the test thread runs on, to which the busy threads and the starved call are pinned
/// so that they share one run queue, where nice values weigh as planned. Pinning is best effort
/// (Linux only; a failed call leaves the thread free to run anywhere, as before). Glibc declares
/// `sched_getcpu` and `sched_setaffinity` only for GNU sources, so they are looked up by name.
private struct OneCore: Sendable {
    let cpu: Int32

    static func current() -> OneCore {
        #if os(Linux)
        typealias GetCPU = @convention(c) () -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "sched_getcpu") else { return OneCore(cpu: -1) }
        return OneCore(cpu: unsafeBitCast(symbol, to: GetCPU.self)())
        #else
        return OneCore(cpu: -1)
        #endif
    }

    func pinCallingThread() {
        #if os(Linux)
        typealias SetAffinity = @convention(c) (pid_t, Int, UnsafeRawPointer) -> Int32
        guard cpu >= 0, let symbol = dlsym(dlopen(nil, RTLD_NOW), "sched_setaffinity") else { return }
        var set = cpu_set_t()
        let bits = MemoryLayout<UInt>.size * 8
        withUnsafeMutableBytes(of: &set) { bytes in
            bytes.bindMemory(to: UInt.self)[Int(cpu) / bits] |= 1 << (UInt(cpu) % UInt(bits))
        }
        _ = withUnsafeBytes(of: &set) { unsafeBitCast(symbol, to: SetAffinity.self)(0, $0.count, $0.baseAddress!) }
        #endif
    }
}
