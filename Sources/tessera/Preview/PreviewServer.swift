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
                return try await WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: socket, frameSize: 1 << 20))
                    .handleRequest(request)
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

/// One page's WebSocket: registers with the hub (which pushes frames and errors) and hands the
/// page's text messages on.
struct PreviewSocket: WSMessageHandler {
    let hub: PreviewHub
    let onMessage: @Sendable (UUID, String) -> Void

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let id = UUID()
        let stream = hub.add(id)
        let hub = self.hub, onMessage = self.onMessage
        Task {
            for await message in client {
                if case .text(let text) = message { onMessage(id, text) }
            }
            hub.remove(id)
        }
        return stream
    }
}
