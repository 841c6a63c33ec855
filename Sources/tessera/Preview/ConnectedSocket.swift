import Foundation

/// A connection's descriptor and the few blocking calls `tessera preview`'s server makes on it.
/// Each connection has a thread of its own, so a call that waits delays only its own client;
/// every wait for the client has a deadline, sends included.
struct ConnectedSocket: Sendable {
    let fd: Int32
    /// How long a send may wait with the client taking none of its bytes: one that stopped
    /// reading must not hold its connection and thread.
    let sendSeconds: Double
    /// The slowest a client may take what it is sent, in bytes a second: however steadily it
    /// reads, a send of n bytes is given up after `sendSeconds` + n / `sendRate` (so a client
    /// taking a byte now and then cannot hold a thread for good, and a slow tab still gets a
    /// page of megabytes).
    var sendRate = PreviewServer.Limits().sendRate

    enum Wait { case ready, timedOut, failed }

    /// Seconds on a clock that only goes forward.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Waits until there is something to read (or the peer closed), or `deadline` passes.
    func waitReadable(until deadline: Double) -> Wait { wait(for: POLLIN, until: deadline) }

    /// Waits until the socket takes more bytes to send (or failed), or `deadline` passes.
    func waitWritable(until deadline: Double) -> Wait { wait(for: POLLOUT, until: deadline) }

    private func wait(for event: Int32, until deadline: Double) -> Wait {
        while true {
            let left = deadline - Self.now()
            guard left > 0 else { return .timedOut }
            var entry = pollfd(fd: fd, events: Int16(event), revents: 0)
            let ready = poll(&entry, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready > 0 { return .ready }
            if ready < 0, errno != EINTR { return .failed }
        }
    }

    /// Reads what has arrived into `buffer`; the count, 0 at the end of the stream, -1 on error
    /// (without `waiting`, also when nothing has arrived).
    func receive(into buffer: inout [UInt8], waiting: Bool = true) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, waiting ? 0 : Int32(MSG_DONTWAIT)) }
            if count < 0, errno == EINTR { continue }
            return count
        }
    }

    /// When a send of `count` bytes starting now is given up, whatever the client takes.
    func sendDeadline(for count: Int) -> Double { Self.now() + sendSeconds + Double(count) / Double(max(1, sendRate)) }

    /// Writes all the bytes by `deadline` (by `sendDeadline` when none is given), the client
    /// taking some of them every `sendSeconds`; false when the connection failed (never a
    /// signal: MSG_NOSIGNAL) or the client did not take them in time.
    func send(_ bytes: UnsafeRawBufferPointer, until deadline: Double? = nil) -> Bool {
        let deadline = deadline ?? sendDeadline(for: bytes.count)
        var offset = 0, stall = Self.now() + sendSeconds, queued = unacknowledged()
        while offset < bytes.count {
            let sent = Foundation.send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            if sent >= 0 {
                offset += sent
                stall = Self.now() + sendSeconds
                queued = unacknowledged()
                continue
            }
            if errno == EINTR { continue }
            guard errno == EAGAIN || errno == EWOULDBLOCK else { return false }
            // The system wakes a writer only once half its buffer is free: a client taking
            // less in a while is still taking, which its queue going down says.
            switch waitWritable(until: min(stall, deadline, Self.now() + 1)) {
            case .ready: continue
            case .failed: return false
            case .timedOut:
                let now = Self.now(), left = unacknowledged()
                if left < queued { stall = now + sendSeconds }
                queued = left
                guard now < min(stall, deadline) else { return false }
            }
        }
        return true
    }

    /// The bytes sent that the client has not acknowledged yet (the system's queue for it).
    private func unacknowledged() -> Int {
        var count: Int32 = 0
        return ioctl(fd, UInt(TIOCOUTQ), &count) == 0 ? Int(count) : 0
    }

    func send(_ data: Data, until deadline: Double? = nil) -> Bool { data.isEmpty || data.withUnsafeBytes { send($0, until: deadline) } }

    /// Sends the frame's header and payload by one deadline for both.
    func send(_ frame: WebSocketFrame) -> Bool {
        let deadline = sendDeadline(for: frame.header.count + frame.payload.count)
        return frame.header.withUnsafeBytes { send($0, until: deadline) } && send(frame.payload, until: deadline)
    }

    /// Sends a reply, stops writing and drains: see `drain`. A reply the client does not take in
    /// time (head and body together: `send`) is given up and the connection reset (`abandon`):
    /// the caller closes it. The body is sent from the reply's own bytes, never copied: the
    /// page's megabytes are shared by every request sending them, however slowly it reads.
    func reply(_ reply: HTTPReply) {
        let head = reply.head
        let deadline = sendDeadline(for: head.count + (reply.sendsBody ? reply.body.count : 0))
        guard send(head, until: deadline), !reply.sendsBody || send(reply.body, until: deadline) else { return abandon() }
        shutdown(fd, Int32(SHUT_WR))
        drain()
    }

    /// Makes closing the descriptor reset the connection (SO_LINGER of 0 s), for a client that did
    /// not take what it was sent in time: the megabytes still queued for it in the system's
    /// buffers are dropped then, not trickled out to it after its thread has given up.
    func abandon() {
        var reset = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
    }

    /// Reads and drops what has arrived, at most `maxBytes`, without waiting for more: a
    /// `drain` for the accepting thread, which must not wait on a client.
    func dropArrived(maxBytes: Int = 64 << 10) {
        var dropped = 0, buffer = [UInt8](repeating: 0, count: 16 << 10)
        while dropped < maxBytes {
            let count = receive(into: &buffer, waiting: false)
            guard count > 0 else { return }
            dropped += count
        }
    }

    /// Reads and drops what the client still sends, until it pauses for 100 ms, for at most
    /// `seconds` and `maxBytes`, before the descriptor is closed: closing with unread bytes resets
    /// the connection, and the client could lose the reply (a refused 1 MB request line, or a
    /// too-big frame, is still arriving).
    func drain(seconds: Double = 1, maxBytes: Int = 4 << 20) {
        let deadline = Self.now() + seconds
        var drained = 0, buffer = [UInt8](repeating: 0, count: 16 << 10)
        while drained < maxBytes, waitReadable(until: min(deadline, Self.now() + 0.1)) == .ready {
            let count = receive(into: &buffer)
            guard count > 0 else { return }
            drained += count
        }
    }
}
