import Foundation

/// A response of `tessera preview`'s server, as the bytes it writes. Every response but the
/// WebSocket's 101 closes its connection (`Connection: close`): a page is one request, so
/// nothing is gained by keeping connections, and none waits idle between requests.
struct HTTPReply: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: Data
    /// False for a reply to HEAD: its head says what GET's would (the body's length included),
    /// and no body follows (RFC 9110).
    var sendsBody = true

    /// A plain-text answer: the reason and a line end.
    static func text(_ status: Int, _ reason: String) -> HTTPReply {
        HTTPReply(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data((reason + "\n").utf8))
    }

    static func phrase(of status: Int) -> String {
        switch status {
        case 101: "Switching Protocols"
        case 200: "OK"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 426: "Upgrade Required"
        case 431: "Request Header Fields Too Large"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Error"
        }
    }

    /// The status line and the headers, up to the empty line that ends them.
    var head: Data {
        var head = "HTTP/1.1 \(status) \(Self.phrase(of: status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if status != 101 { head += "Content-Length: \(body.count)\r\nConnection: close\r\n" }
        return Data((head + "\r\n").utf8)
    }

    /// The head, then the body (unless `sendsBody` is false), in one buffer: a copy of the body.
    var bytes: Data {
        var bytes = head
        if sendsBody { bytes.append(body) }
        return bytes
    }
}
