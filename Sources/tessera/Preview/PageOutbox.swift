import FlyingFox
import Foundation

/// One page's messages that its socket has not taken yet, bounded whatever the page does.
///
/// The socket pulls (`next()`) as fast as the page reads; a page that stops reading would
/// otherwise keep every frame of every save (megabytes each at 100k items). So the outbox holds
/// at most one frame (a newer one replaces it: only the newest generation matters), at most one
/// id table (likewise, and always before the frame that needs it), and text messages (errors,
/// timings, animations, replies) up to `textBudget` bytes, the oldest dropped first.
final class PageOutbox: @unchecked Sendable {
    /// What pending text messages may hold at most, in bytes.
    static let textBudget = 32 << 20

    private enum Kind { case frame, ids, text }
    private let lock = NSLock()
    private var queue: [(kind: Kind, message: WSMessage, bytes: Int)] = []
    private var textBytes = 0
    private var closed = false
    private var waiter: CheckedContinuation<WSMessage?, Never>?

    /// The messages in order as the socket pulls them; ends once closed and drained.
    var messages: AsyncStream<WSMessage> { AsyncStream { [self] in await next() } }

    func frame(_ data: Data) { push(.frame, .data(data), bytes: data.count) }
    func ids(_ data: Data) { push(.ids, .data(data), bytes: data.count) }
    func text(_ text: String) { push(.text, .text(text), bytes: text.utf8.count) }

    /// No more messages: the stream ends after what is pending.
    func close() {
        let waiting = lock.withLock { () -> CheckedContinuation<WSMessage?, Never>? in
            closed = true
            defer { waiter = nil }
            return waiter
        }
        waiting?.resume(returning: nil)
    }

    /// Bytes pending, for tests and the soak.
    var pendingBytes: Int { lock.withLock { queue.reduce(0) { $0 + $1.bytes } } }

    private func push(_ kind: Kind, _ message: WSMessage, bytes: Int) {
        let waiting = lock.withLock { () -> CheckedContinuation<WSMessage?, Never>? in
            guard !closed else { return nil }
            if let waiter { self.waiter = nil; return waiter }
            if kind != .text { queue.removeAll { $0.kind == kind } }
            queue.append((kind, message, bytes))
            if kind == .text {
                textBytes += bytes
                while textBytes > Self.textBudget, let oldest = queue.firstIndex(where: { $0.kind == .text }) {
                    textBytes -= queue.remove(at: oldest).bytes
                }
            }
            return nil
        }
        waiting?.resume(returning: message)
    }

    private func next() async -> WSMessage? {
        await withCheckedContinuation { (continuation: CheckedContinuation<WSMessage?, Never>) in
            let ready = lock.withLock { () -> WSMessage?? in
                if !queue.isEmpty {
                    let first = queue.removeFirst()
                    if first.kind == .text { textBytes -= first.bytes }
                    return .some(first.message)
                }
                if closed { return .some(nil) }
                waiter = continuation
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
