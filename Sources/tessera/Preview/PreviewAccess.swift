/// Who may talk to `tessera preview`'s server, as pure checks on a request's parts.
///
/// The server listens on 127.0.0.1 only, but any web page the user has open can still send
/// requests to it, and a DNS-rebound name can make such a page same-origin with it. So:
/// - every request carries the random token of the printed address (`?token=`), compared in
///   constant time, else 403;
/// - the Host header must name this server by loopback address and port (`127.0.0.1:P`,
///   `localhost:P` or `[::1]:P`, which a browser or a port forward that prefers IPv6 sends): a
///   rebound name arrives with its own Host and is refused (so must an
///   absolute-form target's host, which the server takes over the Host header);
/// - the WebSocket's Origin must be this server's own origin: a page elsewhere cannot open
///   the push channel (browsers do not apply CORS to WebSockets, so the server must);
/// - any other request that carries an Origin must carry that one too: a browser sends Origin
///   with what another site's page makes it request (a fetch, a form's POST), and sends none
///   with a top-level navigation's GET, which is allowed.
///
/// Hosts and origins compare without case in ASCII only (`asciiLowercased`).
struct PreviewAccess: Sendable {
    var token: String
    var port: Int

    enum Verdict: Equatable {
        case allowed
        case refused(status: Int, reason: String)
    }

    /// A token of 128 random bits, as 32 hex digits.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = UInt32.random(in: .min ... .max, using: &generator)
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }.joined()
    }

    /// A Host value that names the server, and whether a Content-Security-Policy source may name
    /// it: an IPv6 literal may not (Chromium drops `ws://[::1]:P` with a console error), and a
    /// page served there reaches its socket through 'self'.
    struct Host: Equatable, Sendable {
        var value: String
        var inPolicy: Bool
    }

    /// The Host values that name the server on `port` (the page's socket may be opened at any).
    static func hosts(port: Int) -> [Host] {
        [Host(value: "127.0.0.1:\(port)", inPolicy: true), Host(value: "localhost:\(port)", inPolicy: true),
         Host(value: "[::1]:\(port)", inPolicy: false)]
    }
    var hosts: [String] { Self.hosts(port: port).map(\.value) }

    /// The verdict on a request: its token, its Host header and its Origin, which must be the
    /// page's own (the page opens its socket at the host it was served from); only the
    /// WebSocket must have one.
    func check(token given: String?, host: String?, origin: String?, isWebSocket: Bool) -> Verdict {
        guard let host else { return .refused(status: 403, reason: "missing Host header") }
        let named = asciiLowercased(host)
        guard hosts.contains(named) else {
            return .refused(status: 403, reason: "unexpected Host header")
        }
        guard let given, Self.constantTimeEqual(given, token) else {
            return .refused(status: 403, reason: "missing or wrong token")
        }
        if isWebSocket || origin != nil {
            guard let origin, asciiLowercased(origin) == "http://" + named else {
                return .refused(status: 403, reason: (isWebSocket ? "WebSocket" : "request") + " from another origin")
            }
        }
        return .allowed
    }

    /// Compares without stopping at the first difference, so timing tells nothing of the token.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for i in 0..<max(x.count, y.count) {
            difference |= (i < x.count ? x[i] : 0) ^ (i < y.count ? y[i] : 0)
        }
        return difference == 0
    }
}
