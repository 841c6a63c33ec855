import Foundation
import TesseraCore

/// One page's WebSocket, after the handshake: the connection's thread reads the page's frames
/// (bounded by `WebSocketReader`) and hands text messages on; a writer thread of its own sends
/// what the page's bounded `PageOutbox` holds, as fast as the page reads. A page that stops
/// reading blocks only its writer, and its connection is reset when a frame is not taken in time
/// (`ConnectedSocket.send`); a page that goes quiet is pinged, and closed (1001) when nothing comes back.
struct PageSocket {
    let hub: PreviewHub
    let limits: PreviewServer.Limits
    /// Starts the writer's thread (`PreviewServer`'s); false when none could be made.
    let startThread: ThreadStarter
    let onMessage: @Sendable (UUID, String) -> Void

    /// Answers the page's handshake with `handshake` (the 101 reply) and serves the page until its
    /// socket closes; `rest` holds bytes that came with the handshake. The page joins the hub
    /// before it hears the answer, so whatever is published once its socket is open reaches it
    /// (a save just after the page connects plays there too), and says the generation it has
    /// (`generation`), so that a save made before (while the page loaded) plays there as well.
    func serve(_ socket: ConnectedSocket, handshake: Data, rest: [UInt8], having generation: Int?) {
        let id = UUID()
        let outbox = hub.add(id, having: generation)
        guard socket.send(handshake) else { return hub.remove(id) }
        let writerDone = DispatchSemaphore(value: 0)
        let writing = startThread {
            Thread.current.name = "preview page"
            var taken = true
            while taken, let item = outbox.take() {
                let frame = item.frame
                taken = socket.send(frame)
                if frame.opcode == .close { break }
            }
            // A page that took too long to take a frame (or whose connection failed) is shut both
            // ways, which ends the reading loop too, and reset when closed: the frame's megabytes
            // still queued for it are dropped at once. Else only writing stops.
            if !taken { socket.abandon() }
            shutdown(socket.fd, Int32(taken ? SHUT_WR : SHUT_RDWR))
            writerDone.signal()
        }
        guard writing else {
            // No writer, no page: say why (1011, the server's trouble) and let the page reconnect.
            hub.remove(id)
            _ = socket.send(.close(1011, "the preview could not start a thread for this page"))
            return
        }

        var reader = WebSocketReader(maxMessage: limits.message)
        rest.withUnsafeBytes { reader.feed($0) }
        var heard = ConnectedSocket.now(), pinged = false
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        reading: while true {
            while let event = reader.next() {
                heard = ConnectedSocket.now()
                pinged = false
                switch event {
                case .text(let text): onMessage(id, text)
                case .binary, .pong: break
                case .ping(let payload): outbox.control(WebSocketFrame(opcode: .pong, payload: payload))
                case .close:
                    outbox.control(.close(1000))
                    break reading
                case .refused(let code, let reason):
                    outbox.control(.close(code, reason))
                    break reading
                }
            }
            switch socket.waitReadable(until: heard + limits.pingSeconds * (pinged ? 2 : 1)) {
            case .timedOut where pinged:
                outbox.control(.close(1001, "no answer to a ping"))
                break reading
            case .timedOut:
                outbox.control(WebSocketFrame(opcode: .ping, payload: Data()))
                pinged = true
            case .failed:
                break reading
            case .ready:
                let count = socket.receive(into: &buffer)
                guard count > 0 else { break reading }
                buffer.withUnsafeBytes { reader.feed(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            }
        }
        // The outbox ends: the writer sends what is pending (the close frame last) and stops; a
        // page that does not read gets a moment, then its connection is shut under the writer.
        hub.remove(id)
        if writerDone.wait(timeout: .now() + limits.closeGrace) == .timedOut {
            shutdown(socket.fd, Int32(SHUT_RDWR))
            writerDone.wait()
        }
        socket.drain()
    }
}
