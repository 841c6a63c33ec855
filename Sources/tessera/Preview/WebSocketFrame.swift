import Foundation

/// A message for a page: text (errors, timings, replies) or binary (frames, id tables).
enum PageMessage: Equatable, Sendable {
    case text(String)
    case data(Data)
}

/// One WebSocket frame the server sends (RFC 6455: unmasked, always final; a message is one frame).
struct WebSocketFrame: Equatable, Sendable {
    enum Opcode: UInt8, Sendable {
        case continuation = 0, text = 1, binary = 2, close = 8, ping = 9, pong = 10
    }

    var opcode: Opcode
    var payload: Data

    /// A close frame: the code, then the reason (cut to fit a control frame's 125 bytes).
    static func close(_ code: UInt16, _ reason: String = "") -> WebSocketFrame {
        var payload = Data([UInt8(code >> 8), UInt8(code & 0xFF)])
        payload.append(contentsOf: Array(reason.utf8.prefix(123)))
        return WebSocketFrame(opcode: .close, payload: payload)
    }

    static func message(_ message: PageMessage) -> WebSocketFrame {
        switch message {
        case .text(let text): WebSocketFrame(opcode: .text, payload: Data(text.utf8))
        case .data(let data): WebSocketFrame(opcode: .binary, payload: data)
        }
    }

    /// The frame's header; the payload follows it as it is.
    var header: [UInt8] {
        let count = payload.count
        var bytes: [UInt8] = [0x80 | opcode.rawValue]
        if count < 126 {
            bytes.append(UInt8(count))
        } else if count <= 0xFFFF {
            bytes += [126, UInt8(count >> 8), UInt8(count & 0xFF)]
        } else {
            bytes.append(127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: UInt64(count) >> UInt64(shift))) }
        }
        return bytes
    }

    /// `Sec-WebSocket-Accept` for a client's `Sec-WebSocket-Key`.
    static func acceptKey(for key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }
}
