#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LuaBridge
import TesseraCore

/// A host function's loop over caller-sized data, kept inside the script's limits.
///
/// Lua code is stopped by the bridge's count hook, but a host function runs no Lua
/// instructions: a loop over a script's data (t.diff's sides, JSON conversions, ctx:column,
/// r:frames) would run past the time limit. So such a loop calls `step()` per element; every
/// 4096th asks the bridge (`tb_stopping`: the stop flag and one clock read) and throws `Stop`
/// once the call must stop, which `LuaHost.raising` turns into the error the limits raise
/// ("file:line: time limit of 1 s of CPU time exceeded", with a traceback). A class, so one poll counts
/// across the helpers a host function passes it to.
final class LimitPoll {
    /// The running call must stop (time limit, instruction budget, interrupt).
    struct Stop: Error {}

    private let L: OpaquePointer
    private var steps: UInt32 = 0

    /// A poll of the call running on `L`'s state.
    init(_ L: OpaquePointer) { self.L = L }

    /// Counts one element; every 4096th checks the limits.
    @inline(__always)
    func step() throws {
        steps &+= 1
        if steps & 4095 == 0 { try check() }
    }

    /// Counts `count` elements at once, checking the limits when one of them is a 4096th (as
    /// many `step()`s would): a tight loop polls per block instead of per element.
    @inline(__always)
    func step(_ count: Int) throws {
        let before = steps
        steps &+= UInt32(truncatingIfNeeded: count)
        if before >> 12 != steps >> 12 || count >= 4096 { try check() }
    }

    /// Checks the limits now: between stages of work that cannot poll inside.
    func check() throws {
        if tb_stopping(L) != 0 { throw Stop() }
    }
}

extension LimitPoll {
    /// Runs `work`, which cannot poll (core code that knows nothing of Lua), within the limits:
    /// work over at least `size` elements (`threshold` or more) runs on a thread of its own
    /// while this one checks the limits every 2 ms (counting the worker's CPU time as the
    /// call's), and a stop throws `Stop` at once, leaving
    /// the worker to finish unobserved and its result to be dropped; smaller work (milliseconds
    /// at most) runs here. `work` gets only values, so nothing it touches is shared.
    func run<T: Sendable>(size: Int, threshold: Int = 20_000, _ work: @escaping @Sendable () throws -> T) throws -> T {
        guard size >= threshold else {
            let result = try work()
            try check()
            return result
        }
        let box = ResultBox<T>()
        let clock = WorkerClock()
        let job = DetachedJob {
            clock.begin()
            box.value = Result { try work() }
            clock.end()
        }
        guard job.start() else { return try work() }
        var lent: Int64 = 0
        while !job.finished {
            lend(clock.spent, &lent)
            try check()
            usleep(2000)
        }
        lend(clock.spent, &lent)
        return try box.value!.get()
    }
}

extension LimitPoll {
    /// Counts the worker's CPU time against the call's time limit: what it spent since `lent`.
    private func lend(_ spent: Int64, _ lent: inout Int64) {
        if spent > lent { tb_lendcpu(L, spent - lent) }
        lent = max(lent, spent)
    }
}

/// Where a detached job leaves its result: written by the worker before the job is finished,
/// read only after.
private final class ResultBox<T>: @unchecked Sendable {
    var value: Result<T, any Error>?
}

