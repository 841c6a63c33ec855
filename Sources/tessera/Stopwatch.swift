import Foundation

/// What a timing is taken by: the one place the commands (`run`, `diff`, `scroll`) and the
/// benches read a clock.
enum Stopwatch {
    /// Wall time: what a user waits for.
    case wall
    /// The CPU time of the calling thread. It leaves out the time other processes hold the
    /// core, so the ratio of two timings taken in turns holds on a busy machine; only for
    /// work done on the calling thread (a layout pass, a query).
    case threadCPU
    /// The CPU time of the whole process, user and system, every thread's: what a busy
    /// machine inflates far less than wall time, for work that runs on several threads.
    case processCPU

    /// This clock's reading in nanoseconds, from a start of its own (only differences mean
    /// anything).
    func nanoseconds() -> UInt64 {
        var t = timespec()
        switch self {
        case .wall: clock_gettime(CLOCK_MONOTONIC, &t)
        case .threadCPU: clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        case .processCPU: clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        }
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// Milliseconds that `body` takes by this clock.
    func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        try timed(body).milliseconds
    }

    /// What `body` returns, and the milliseconds it took by this clock.
    func timed<T>(_ body: () throws -> T) rethrows -> (value: T, milliseconds: Double) {
        let start = nanoseconds()
        let value = try body()
        return (value, Double(nanoseconds() - start) / 1e6)
    }
}
