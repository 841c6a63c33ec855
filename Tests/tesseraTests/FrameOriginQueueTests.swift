import Foundation
import Testing
@testable import tessera

/// The inspector's script-line runs: one at a time, and a request while one runs replaces the
/// one waiting.
@Suite struct FrameOriginQueueTests {
    final class Log: @unchecked Sendable {
        let lock = NSLock()
        var entries: [Int] = []
        func add(_ k: Int) { lock.withLock { entries.append(k) } }
    }

    @Test func theLatestWaitingRequestRunsAfterTheRunningOne() {
        let queue = FrameOriginQueue(), log = Log()
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        queue.submit { log.add(1); started.signal(); release.wait() }
        started.wait()
        for k in 2...4 { queue.submit { log.add(k); if k == 4 { done.signal() } } }
        release.signal()
        done.wait()
        // Idle again: a new request runs at once.
        queue.submit { log.add(5); done.signal() }
        done.wait()
        #expect(log.lock.withLock { log.entries } == [1, 4, 5])
    }
}
