import Foundation

/// Reads a page's WebSocket frames (RFC 6455) from bytes as they arrive, bounded: a frame is
/// judged by its header before its payload is read, so a message past `maxMessage` (in one
/// frame or across several) is refused with 1009 having buffered at most one read past the limit.
/// Anything else the protocol forbids closes with 1002 (1007 for text that is not UTF-8), a
/// page's close frame included: a 1-byte payload, a code RFC 6455 does not let a page send
/// (`CloseCode`), or a reason that is not UTF-8 (1007).
struct WebSocketReader {
    enum Event: Equatable {
        case text(String)
        case binary(Data)
        case ping(Data)
        case pong
        case close
        /// The socket must close with this code and reason; nothing more is read.
        case refused(code: UInt16, reason: String)
    }

    let maxMessage: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var message: [UInt8] = []
    /// The opcode of the fragmented message being read, if any.
    private var messageOpcode: UInt8?
    private var failed = false

    init(maxMessage: Int) { self.maxMessage = maxMessage }

    /// Bytes received and not yet read as frames (for tests).
    var buffered: Int { buffer.count - start }

    mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        if !failed { buffer.append(contentsOf: bytes) }
    }

    /// The next complete event; nil when more bytes are needed (or after a refusal).
    mutating func next() -> Event? {
        while !failed {
            let available = buffer.count - start
            guard available >= 2 else { return nil }
            let b0 = buffer[start], b1 = buffer[start + 1]
            let fin = b0 & 0x80 != 0, opcode = b0 & 0x0F
            guard b0 & 0x70 == 0 else { return refuse(1002, "reserved bits set") }
            guard b1 & 0x80 != 0 else { return refuse(1002, "an unmasked frame from a page") }
            var length = UInt64(b1 & 0x7F), offset = 2
            if length == 126 {
                guard available >= 4 else { return nil }
                length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
                offset = 4
            } else if length == 127 {
                guard available >= 10 else { return nil }
                length = (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(buffer[start + 2 + $1]) }
                offset = 10
                // RFC 6455 5.2: a length no 63-bit number holds is malformed, not merely too big.
                guard length >> 63 == 0 else { return refuse(1002, "a frame length with its most significant bit set") }
            }
            if opcode >= 8 {
                guard opcode <= 10 else { return refuse(1002, "unknown opcode \(opcode)") }
                guard fin, length <= 125 else { return refuse(1002, "a control frame must be final and at most 125 bytes") }
            } else {
                guard opcode <= 2 else { return refuse(1002, "unknown opcode \(opcode)") }
                if opcode == 0, messageOpcode == nil { return refuse(1002, "a continuation frame outside a message") }
                if opcode != 0, messageOpcode != nil { return refuse(1002, "a new message inside a fragmented one") }
                guard length <= UInt64(maxMessage - message.count) else {
                    return refuse(1009, "message too big: more than \(maxMessage) bytes")
                }
            }
            let count = Int(length)
            guard available >= offset + 4 + count else { return nil }
            let mask = start + offset, body = mask + 4
            var payload = [UInt8](repeating: 0, count: count)
            for i in 0..<count { payload[i] = buffer[body + i] ^ buffer[mask + i % 4] }
            start = body + count
            if start == buffer.count {
                buffer.removeAll(keepingCapacity: true); start = 0
            } else if start > 1 << 16 {
                buffer.removeFirst(start); start = 0
            }
            switch opcode {
            case 8:
                if let (code, reason) = CloseCode.problem(ofPayload: payload) { return refuse(code, reason) }
                return .close
            case 9: return .ping(Data(payload))
            case 10: return .pong
            default:
                message += payload
                if opcode != 0 { messageOpcode = opcode }
                guard fin else { continue }
                defer { message = []; messageOpcode = nil }
                if messageOpcode == 2 { return .binary(Data(message)) }
                guard let text = String(validating: message, as: UTF8.self) else { return refuse(1007, "a text message that is not UTF-8") }
                return .text(text)
            }
        }
        return nil
    }

    private mutating func refuse(_ code: UInt16, _ reason: String) -> Event {
        failed = true
        buffer = []
        message = []
        return .refused(code: code, reason: reason)
    }
}
