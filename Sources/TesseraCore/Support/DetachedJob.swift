#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// One run of `body` on a detached thread. Retained by the thread until it ends, so dropping
/// it early is safe.
package final class DetachedJob: @unchecked Sendable {
    private let body: @Sendable () -> Void
    private let done = Atomic<Bool>(false)

    package init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    package var finished: Bool { done.load(ordering: .acquiring) }

    /// Starts the thread; false if none could be made.
    package func start() -> Bool {
        var thread = pthread_t()
        let retained = Unmanaged.passRetained(self).toOpaque()
        let made = pthread_create(&thread, nil, { raw in
            let job = Unmanaged<DetachedJob>.fromOpaque(raw!).takeRetainedValue()
            job.body()
            job.done.store(true, ordering: .releasing)
            return nil
        }, retained)
        guard made == 0 else {
            Unmanaged<DetachedJob>.fromOpaque(retained).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}

/// Starts a body on a thread of its own; false when none could be made. The preview's server,
/// page sockets and file watcher and the REPL's Ctrl-C take one (`DetachedJob.startThread`
/// by default), so tests can make it fail.
package typealias ThreadStarter = @Sendable (@escaping @Sendable () -> Void) -> Bool

extension DetachedJob {
    /// Starts `body` on a detached thread; false when none could be made.
    package static let startThread: ThreadStarter = { DetachedJob($0).start() }
}
