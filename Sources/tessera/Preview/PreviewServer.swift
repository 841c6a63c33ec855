import FlyingFox
import FlyingSocks
import Foundation
import TesseraRender

/// `tessera preview`'s HTTP server (FlyingFox): the page at `/` and its WebSocket at `/ws`,
/// on 127.0.0.1 only, every request checked by `PreviewAccess`. Nothing else is served: no
/// files, no directory listings, and no CORS headers (no other origin may read anything).
final class PreviewServer: @unchecked Sendable {
    let hub: PreviewHub
    private let server: HTTPServer
    private let state: State
    /// Text messages from pages: the page's connection id and the message.
    private let onMessage: @Sendable (UUID, String) -> Void

    /// The access rule, set once the port is known.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var access = PreviewAccess(token: "", port: -1)
    }

    init(port: UInt16, token: String, hub: PreviewHub, onMessage: @escaping @Sendable (UUID, String) -> Void) throws {
        self.hub = hub
        self.onMessage = onMessage
        let state = State()
        state.access = PreviewAccess(token: token, port: Int(port))
        self.state = state
        let socket = PreviewSocket(hub: hub, onMessage: onMessage)
        let page = Data(PreviewPage.html.utf8)
        let handler = ClosureHTTPHandler { request in
            let access = state.lock.withLock { state.access }
            let isSocket = request.path == "/ws"
            let verdict = access.check(token: request.query["token"], host: request.headers[.host],
                                       origin: request.headers[HTTPHeader("Origin")], isWebSocket: isSocket)
            if case .refused(let status, let reason) = verdict {
                return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: "Forbidden"),
                                    headers: HTTPHeaders([.contentType: "text/plain; charset=utf-8"]), body: Data((reason + "\n").utf8))
            }
            switch (request.method, request.path) {
            case (.GET, "/"):
                return HTTPResponse(statusCode: .ok, headers: Self.pageHeaders(port: access.port), body: page)
            case (.GET, "/ws"):
                return try await WebSocketHTTPHandler(handler: socket).handleRequest(request)
            default:
                return HTTPResponse(statusCode: .notFound, headers: HTTPHeaders([.contentType: "text/plain; charset=utf-8"]),
                                    body: Data("not found\n".utf8))
            }
        }
        server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), timeout: 30, logger: .disabled, handler: handler)
    }

    /// The page may run its own inline script and style, a worker made from its own script (the
    /// socket's), and talk to this server's socket, and nothing else: no request leaves for
    /// anywhere else, and no other site may frame it.
    static func pageHeaders(port: Int) -> HTTPHeaders {
        [.contentType: "text/html; charset=utf-8",
         .cacheControl: "no-store",
         HTTPHeader("Content-Security-Policy"): "default-src 'none'; script-src 'unsafe-inline'; worker-src blob:; style-src 'unsafe-inline'; img-src data:; connect-src ws://127.0.0.1:\(port) ws://localhost:\(port); frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
         HTTPHeader("Referrer-Policy"): "no-referrer",
         HTTPHeader("X-Content-Type-Options"): "nosniff"]
    }

    /// Starts listening (in a task of its own) and returns the port it got.
    func start() async throws -> Int {
        let server = self.server
        Task { try? await server.run() }
        try await server.waitUntilListening(timeout: 10)
        guard case .ip4(_, let port)? = await server.listeningAddress else {
            throw CLIError("preview: the server did not start listening on 127.0.0.1")
        }
        state.lock.withLock { state.access.port = Int(port) }
        return Int(port)
    }

    func stop() async { await server.stop() }
}

/// One page's WebSocket, frames in and out (FlyingFox's `MessageFrameWSHandler` copies every
/// outgoing message into an unbounded stream, so a page that stops reading would grow the server
/// by a frame per save): registers with the hub, whose bounded outbox the socket pulls frames
/// from as fast as the page reads, and hands the page's text messages on. A message from the
/// page past `maxMessage` bytes closes the socket with 1009 (too big).
struct PreviewSocket: WSHandler {
    let hub: PreviewHub
    let onMessage: @Sendable (UUID, String) -> Void
    /// The longest message a page may send (its messages are a few hundred bytes of JSON).
    static let maxMessage = 64 << 10
    /// Outgoing messages go out in frames of at most this size.
    static let frameSize = 1 << 20

    func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
        let id = UUID()
        let outbox = hub.add(id)
        let hub = self.hub, onMessage = self.onMessage
        Task {
            var message = Data(), opcode = WSFrame.Opcode.text
            do {
                reading: for try await frame in client {
                    switch frame.opcode {
                    case .text, .binary, .continuation:
                        if frame.opcode != .continuation { (message, opcode) = (Data(), frame.opcode) }
                        guard message.count + frame.payload.count <= Self.maxMessage else {
                            outbox.control(.close(code: WSCloseCode(1009, reason: "message too big")))
                            break reading
                        }
                        message.append(frame.payload)
                        guard frame.fin else { continue }
                        if opcode == .text, let text = String(data: message, encoding: .utf8) { onMessage(id, text) }
                        message = Data()
                    case .ping:
                        outbox.control(WSFrame(fin: true, opcode: .pong, mask: nil, payload: frame.payload))
                    case .close:
                        outbox.control(.close(code: .normalClosure))
                        break reading
                    default:
                        continue
                    }
                }
            } catch {}
            hub.remove(id)
        }
        let split = SplitFrames()
        return AsyncStream { await split.next(from: outbox) }
    }
}

/// The frames of the message being sent, taken one at a time.
private final class SplitFrames: @unchecked Sendable {
    private var frames: [WSFrame] = []

    func next(from outbox: PageOutbox) async -> WSFrame? {
        if !frames.isEmpty { return frames.removeFirst() }
        switch await outbox.next() {
        case nil: return nil
        case .control(let frame)?: return frame
        case .message(let message)?:
            let (opcode, payload): (WSFrame.Opcode, Data)
            switch message {
            case .text(let text): (opcode, payload) = (.text, Data(text.utf8))
            case .data(let data): (opcode, payload) = (.binary, data)
            case .close(let code): return .close(code: code)
            }
            frames = stride(from: 0, to: max(payload.count, 1), by: PreviewSocket.frameSize).map { start in
                WSFrame(fin: false, opcode: start == 0 ? opcode : .continuation, mask: nil,
                        payload: payload.subdata(in: start..<min(payload.count, start + PreviewSocket.frameSize)))
            }
            frames[frames.count - 1].fin = true
            return frames.removeFirst()
        }
    }
}
