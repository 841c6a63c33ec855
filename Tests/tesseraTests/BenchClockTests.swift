import Foundation
import Testing
@testable import tessera

/// The script bench times both sides in the thread's CPU time, so a wait (the core held by
/// another process, or here a sleep) counts on the wall clock and not on the thread's.
@Suite struct BenchClockTests {
    @Test func aSleepCountsOnTheWallClockAndNotInTheThreadsCPUTime() {
        let wall = BenchClock.Clock.wall.milliseconds { usleep(60_000) }
        let cpu = BenchClock.Clock.threadCPU.milliseconds { usleep(60_000) }
        #expect(wall >= 60)
        #expect(cpu < 30, "a sleeping thread used \(cpu) ms of CPU")
    }

    @Test func workCountsInTheThreadsCPUTime() {
        var x = 0.0
        let cpu = BenchClock.Clock.threadCPU.milliseconds {
            for i in 0..<3_000_000 { x += Double(i).squareRoot() }
        }
        blackHole(x)
        #expect(cpu > 0)
    }
}
