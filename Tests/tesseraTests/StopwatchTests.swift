import Foundation
import Testing
@testable import tessera

/// The script bench times both sides in the thread's CPU time, so a wait (the core held by
/// another process, or here a sleep) counts on the wall clock and not on the thread's.
@Suite struct StopwatchTests {
    @Test func aSleepCountsOnTheWallClockAndNotInTheThreadsCPUTime() {
        let wall = Stopwatch.wall.milliseconds { usleep(60_000) }
        let cpu = Stopwatch.threadCPU.milliseconds { usleep(60_000) }
        #expect(wall >= 60)
        #expect(cpu < 30, "a sleeping thread used \(cpu) ms of CPU")
    }

    @Test func workCountsInTheThreadsCPUTime() {
        var x = 0.0
        let cpu = Stopwatch.threadCPU.milliseconds {
            for i in 0..<3_000_000 { x += Double(i).squareRoot() }
        }
        blackHole(x)
        #expect(cpu > 0)
    }

    /// The load and diff benches' CPU notes: every thread's work counts in the process's
    /// CPU time, none of it in the time of the thread that waits for it.
    @Test func anotherThreadsWorkCountsInTheProcesssCPUTimeAndNotTheCallers() {
        let worker = WorkerTime()
        var caller = 0.0
        let process = Stopwatch.processCPU.milliseconds {
            caller = Stopwatch.threadCPU.milliseconds {
                let done = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    var x = 0.0
                    worker.milliseconds = Stopwatch.threadCPU.milliseconds {
                        for i in 0..<3_000_000 { x += Double(i).squareRoot() }
                    }
                    blackHole(x)
                    done.signal()
                }
                done.wait()
            }
        }
        let work = worker.milliseconds
        #expect(work > 0)
        #expect(process >= work, "process \(process) ms, worker \(work) ms")
        #expect(caller < 30, "a waiting thread used \(caller) ms of CPU")
    }

    @Test func timedGivesTheBodysValueAndItsTime() {
        let (value, ms) = Stopwatch.wall.timed { usleep(20_000); return "done" }
        #expect(value == "done")
        #expect(ms >= 20)
    }
}

/// The worker thread's CPU time, read once the semaphore says the worker is done.
private final class WorkerTime: @unchecked Sendable {
    var milliseconds = 0.0
}
