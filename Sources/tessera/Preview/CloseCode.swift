/// The status codes a page's close frame may carry (RFC 6455 7.4): the defined ones a peer may
/// send (1000-1003, 1007-1011) and IANA's later ones (1012-1014), and those of libraries and
/// applications (3000-4999). 1004-1006 and 1015 never go on the wire; the rest is unassigned.
enum CloseCode {
    static func isValid(_ code: UInt16) -> Bool {
        (1000...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code)
    }

    /// What is wrong with a close frame's payload (no payload, or a code then a UTF-8 reason),
    /// as the code and reason to close with; nil when nothing is.
    static func problem(ofPayload payload: [UInt8]) -> (code: UInt16, reason: String)? {
        guard !payload.isEmpty else { return nil }
        guard payload.count >= 2 else { return (1002, "a close frame with a 1-byte payload; expected none, or a 2-byte code") }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard isValid(code) else { return (1002, "an invalid close code \(code)") }
        guard String(validating: payload[2...], as: UTF8.self) != nil else { return (1007, "a close reason that is not UTF-8") }
        return nil
    }
}
