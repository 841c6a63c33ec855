import LuaBridge

/// The CPU time a worker thread has spent, read from the thread that waits for it: a script's
/// time limit counts CPU time, and work a host function hands to a worker (`LimitPoll.run`)
/// is the script's as much as work on its own thread.
final class WorkerClock: @unchecked Sendable {
    private let lock = RecursiveLock()
    private var clock: tb_ThreadClock?
    private var start: Int64 = 0
    private var total: Int64?

    /// Called first on the worker: its clock from here on is the work's.
    func begin() {
        let clock = tb_threadclock()
        let start = withUnsafePointer(to: clock) { tb_readthreadclock($0) }
        lock.lock(); defer { lock.unlock() }
        self.clock = clock
        self.start = max(0, start)
    }

    /// Called last on the worker: the time it spent, kept for readers after it has gone.
    func end() {
        let spent = read()
        lock.lock(); defer { lock.unlock() }
        total = spent
    }

    /// Nanoseconds of CPU time the work has spent so far. Under the lock, a worker that has
    /// not ended is alive (it takes the lock to end), so its clock can be read.
    var spent: Int64 {
        lock.lock(); defer { lock.unlock() }
        return total ?? read()
    }

    private func read() -> Int64 {
        lock.lock(); defer { lock.unlock() }
        guard let clock else { return 0 }
        let now = withUnsafePointer(to: clock) { tb_readthreadclock($0) }
        return now < 0 ? 0 : max(0, now - start)
    }
}
