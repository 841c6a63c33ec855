import Foundation

/// One page's messages that its socket has not taken yet, bounded whatever the page does.
///
/// The socket pulls (`next()`) as fast as the page reads; a page that stops reading would
/// otherwise keep every frame of every save (megabytes each at 100k items). So the outbox holds
/// at most one frame (a newer one replaces it: only the newest generation matters), at most one
/// id table (likewise, and always before the frame that needs it), text messages (errors,
/// timings, animations, replies) up to `textBudget` bytes, the oldest dropped first, and at
/// most `controlLimit` protocol frames (a close frame is always kept). Of pongs it holds only the
/// newest: a flood of pings gets its last one answered, as RFC 6455 lets a server answer only the
/// most recent ping it has not answered yet (keeping the first few and dropping the rest left the
/// last ping of a burst without an answer).
/// The socket's writer thread takes with `take()`, which blocks; tests read `messages`.
final class PageOutbox: @unchecked Sendable {
    /// What pending text messages may hold at most, in bytes.
    static let textBudget = 32 << 20
    static let controlLimit = 4

    /// What the socket takes next: a message, or a protocol frame sent as it is.
    enum Item: Sendable {
        case message(PageMessage)
        case control(WebSocketFrame)

        /// The frame that carries it.
        var frame: WebSocketFrame {
            switch self {
            case .message(let message): .message(message)
            case .control(let frame): frame
            }
        }
    }

    private enum Kind { case frame, ids, text, control }
    private let lock = NSCondition()
    private var queue: [(kind: Kind, item: Item, bytes: Int)] = []
    private var textBytes = 0
    private var closed = false
    private var waiter: CheckedContinuation<Item?, Never>?

    /// The messages in order as the socket would pull them (protocol frames left out); ends
    /// once closed and drained.
    var messages: AsyncStream<PageMessage> {
        AsyncStream { [self] in
            while let item = await next() { if case .message(let message) = item { return message } }
            return nil
        }
    }

    func frame(_ data: Data) { push(.frame, .message(.data(data)), bytes: data.count) }
    func ids(_ data: Data) { push(.ids, .message(.data(data)), bytes: data.count) }
    func text(_ text: String) { push(.text, .message(.text(text)), bytes: text.utf8.count) }
    func control(_ frame: WebSocketFrame) { push(.control, .control(frame), bytes: frame.payload.count) }

    /// No more messages: the stream ends after what is pending.
    func close() {
        let waiting = lock.withLock { () -> CheckedContinuation<Item?, Never>? in
            closed = true
            lock.broadcast()
            defer { waiter = nil }
            return waiter
        }
        waiting?.resume(returning: nil)
    }

    /// Bytes pending, for tests and the soak.
    var pendingBytes: Int { lock.withLock { queue.reduce(0) { $0 + $1.bytes } } }

    private func push(_ kind: Kind, _ item: Item, bytes: Int) {
        let waiting = lock.withLock { () -> CheckedContinuation<Item?, Never>? in
            guard !closed else { return nil }
            if let waiter { self.waiter = nil; return waiter }
            if case .control(let frame) = item, frame.opcode == .pong { queue.removeAll(where: Self.isPong) }
            if case .control(let frame) = item, frame.opcode != .close,
               queue.filter({ $0.kind == .control }).count >= Self.controlLimit { return nil }
            if kind == .frame || kind == .ids { queue.removeAll { $0.kind == kind } }
            queue.append((kind, item, bytes))
            if kind == .text {
                textBytes += bytes
                while textBytes > Self.textBudget, let oldest = queue.firstIndex(where: { $0.kind == .text }) {
                    textBytes -= queue.remove(at: oldest).bytes
                }
            }
            lock.signal()
            return nil
        }
        waiting?.resume(returning: item)
    }

    private static func isPong(_ entry: (kind: Kind, item: Item, bytes: Int)) -> Bool {
        if case .control(let frame) = entry.item { frame.opcode == .pong } else { false }
    }

    /// The next item, waiting for one (on the socket's writer thread); nil once closed and drained.
    func take() -> Item? {
        lock.withLock {
            while queue.isEmpty, !closed { lock.wait() }
            guard !queue.isEmpty else { return nil }
            let first = queue.removeFirst()
            if first.kind == .text { textBytes -= first.bytes }
            return first.item
        }
    }

    /// The next item, waiting for one; nil once closed and drained.
    func next() async -> Item? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Item?, Never>) in
            let ready = lock.withLock { () -> Item?? in
                if !queue.isEmpty {
                    let first = queue.removeFirst()
                    if first.kind == .text { textBytes -= first.bytes }
                    return .some(first.item)
                }
                if closed { return .some(nil) }
                waiter = continuation
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
