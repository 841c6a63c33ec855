import Foundation

/// The head of an HTTP/1.1 request to `tessera preview`: its request line and header fields.
///
/// Read by `RequestHeadReader`, which bounds every part a client controls before anything
/// (the token check included) looks at it.
struct RequestHead: Equatable, Sendable {
    struct Field: Equatable, Sendable {
        var name: String
        var value: String
    }

    var method: String
    /// The request target as sent: origin form (`/ws?token=...`), or absolute form
    /// (`http://127.0.0.1:8080/ws?token=...`, which RFC 9112 has a server accept).
    var target: String
    var version: String
    var fields: [Field]

    /// The first field of that name (names compare without case), or nil.
    func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return fields.first { $0.name.lowercased() == lowered }?.value
    }

    /// How many fields have that name.
    func count(of name: String) -> Int {
        let lowered = name.lowercased()
        return fields.reduce(0) { $0 + ($1.name.lowercased() == lowered ? 1 : 0) }
    }

    /// The host an absolute-form target names (`127.0.0.1:8080`), which RFC 9112 has a server
    /// take instead of the Host header; nil for an origin-form target.
    var authority: String? {
        Self.afterScheme(target).map { String($0.prefix { $0 != "/" && $0 != "?" }) }
    }

    /// The path and query: the target without an absolute form's scheme and authority.
    private var originForm: Substring {
        guard let rest = Self.afterScheme(target) else { return target[...] }
        return rest[(rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex)...]
    }

    /// The target's path, without its query (`/` for an absolute form with none, as RFC 9110 says).
    var path: String {
        let path = originForm.prefix { $0 != "?" }
        return path.isEmpty ? "/" : String(path)
    }

    /// The first query parameter of that name, percent-decoded; nil when absent or undecodable.
    func query(_ name: String) -> String? {
        let target = originForm
        guard let mark = target.firstIndex(of: "?") else { return nil }
        for pair in target[target.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0] == name { return parts.count == 2 ? String(parts[1]).removingPercentEncoding : "" }
        }
        return nil
    }

    /// What is wrong with the request's body, as the status and reason to refuse it with; nil
    /// when it has none. The preview takes no body, so one announced (a Content-Length past 0,
    /// however large, or any Transfer-Encoding) is 413; a Content-Length that is not one number
    /// of bytes is 400 (RFC 9112: where the request ends is then unknown).
    var bodyProblem: (status: Int, reason: String)? {
        let lengths = fields.filter { $0.name.lowercased() == "content-length" }
        guard lengths.count <= 1 else { return (400, "expected one Content-Length header") }
        let digits = lengths.first.map { Array($0.value.utf8) } ?? []
        guard lengths.isEmpty || (!digits.isEmpty && digits.allSatisfy { (0x30...0x39).contains($0) }) else {
            return (400, "expected Content-Length to be a number of bytes")
        }
        guard digits.allSatisfy({ $0 == 0x30 }), header("Transfer-Encoding") == nil else {
            return (413, "expected no request body (the preview takes none)")
        }
        return nil
    }

    /// What follows `http://` in an absolute-form target with a host, else nil (the only scheme
    /// this server speaks; any other is not a request for it).
    static func afterScheme<S: StringProtocol>(_ target: S) -> S.SubSequence? {
        let scheme = "http://"
        guard target.count > scheme.count, target.prefix(scheme.count).lowercased() == scheme else { return nil }
        let rest = target.dropFirst(scheme.count)
        return rest.first == "/" || rest.first == "?" ? nil : rest
    }
}

/// Reads a request head from bytes as they arrive, in one pass over them: each byte is looked at
/// once, and the reader refuses as soon as a part passes its limit, so a client cannot make the
/// server hold or scan more than the limits (plus one read) whatever it sends.
struct RequestHeadReader {
    struct Limits: Sendable {
        /// The request line, in bytes (without its line end).
        var requestLine = 8 << 10
        /// Header fields, at most.
        var fields = 64
        /// All header lines together, in bytes (with their line ends).
        var headerBytes = 16 << 10
    }

    enum Outcome: Equatable {
        /// The head is not complete yet.
        case needMore
        /// The head, and the bytes after it (the start of a WebSocket's frames).
        case head(RequestHead, rest: [UInt8])
        /// Refused with this status and reason.
        case refused(status: Int, reason: String)
    }

    let limits: Limits
    private var buffer: [UInt8] = []
    /// Where the line being read starts, and how far the buffer has been scanned.
    private var lineStart = 0, scanned = 0
    private var lines: [Range<Int>] = []
    private var headerStart = -1
    private var finished = false
    /// Whether the empty line RFC 9112 lets a client send before its request line was passed.
    private var skippedEmptyLine = false

    init(limits: Limits = Limits()) { self.limits = limits }

    /// Adds bytes received; the outcome once the head is complete or refused (later calls repeat
    /// nothing: feed no more after that).
    mutating func feed(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        guard !finished else { return .refused(status: 400, reason: "the request head was already read") }
        buffer.append(contentsOf: bytes)
        while scanned < buffer.count {
            let byte = buffer[scanned]
            scanned += 1
            if byte == UInt8(ascii: "\n") {
                var end = scanned - 1
                if end > lineStart, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = lineStart..<end
                lineStart = scanned
                if lines.isEmpty {
                    guard line.count <= limits.requestLine else { return refuse(414, requestLineTooLong) }
                    // RFC 9112: a server should ignore at least one empty line before the request line.
                    if line.isEmpty, !skippedEmptyLine { skippedEmptyLine = true; continue }
                    guard !line.isEmpty else { return refuse(400, "expected a request line, got an empty line") }
                    // Judged now, not once the head is over: an HTTP/0.9 request (`GET /`) sends no
                    // more, and would wait for the head's deadline to be answered.
                    if let (status, reason) = Self.problem(ofRequestLine: buffer[line]) { return refuse(status, reason) }
                    lines.append(line)
                    headerStart = scanned
                    continue
                }
                guard scanned - headerStart <= limits.headerBytes else { return refuse(431, headersTooBig) }
                if line.isEmpty { return finish() }
                guard lines.count <= limits.fields else { return refuse(431, tooManyFields) }
                lines.append(line)
            } else if byte == UInt8(ascii: "\r") {
                // Judged with the byte after it: looked at again once that has arrived.
                guard scanned < buffer.count else { scanned -= 1; break }
                if buffer[scanned] != UInt8(ascii: "\n") { return refuse(400, "a bare carriage return in the request head") }
            } else if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
                return refuse(400, "a control character (\(byte)) in the request head")
            }
        }
        // Refused while still arriving: the part being read is already past its limit.
        if lines.isEmpty, buffer.count - lineStart > limits.requestLine + 1 { return refuse(414, requestLineTooLong) }
        if !lines.isEmpty, buffer.count - headerStart > limits.headerBytes { return refuse(431, headersTooBig) }
        return .needMore
    }

    private var requestLineTooLong: String { "a request line longer than \(limits.requestLine) bytes" }
    private var headersTooBig: String { "header fields longer than \(limits.headerBytes) bytes in all" }
    private var tooManyFields: String { "more than \(limits.fields) header fields" }

    private mutating func refuse(_ status: Int, _ reason: String) -> Outcome {
        finished = true
        buffer = []
        return .refused(status: status, reason: reason)
    }

    private mutating func finish() -> Outcome {
        finished = true
        let buffer = self.buffer
        func text(_ range: Range<Int>) -> String { String(decoding: buffer[range], as: UTF8.self) }
        let parts = text(lines[0]).split(separator: " ", omittingEmptySubsequences: false)
        var fields: [RequestHead.Field] = []
        for (k, range) in lines.dropFirst().enumerated() {
            let line = text(range)
            guard let colon = line.firstIndex(of: ":"), colon > line.startIndex,
                  line[..<colon].allSatisfy(Self.isTokenCharacter) else {
                return refuse(400, "expected header field \(k + 1) to be NAME: VALUE")
            }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            fields.append(.init(name: String(line[..<colon]), value: value))
        }
        let rest = Array(buffer[scanned...])
        self.buffer = []
        return .head(RequestHead(method: String(parts[0]), target: String(parts[1]), version: String(parts[2]), fields: fields),
                     rest: rest)
    }

    /// What is wrong with a request line, as the status and reason to refuse it with; nil when
    /// it is METHOD TARGET VERSION in ASCII, with a target this server reads and HTTP/1.1 or 1.0.
    /// Another version (`HTTP/2.0`) is 505; what is no version at all (`http/1.1`, none) is 400
    /// (RFC 9112).
    static func problem(ofRequestLine bytes: ArraySlice<UInt8>) -> (status: Int, reason: String)? {
        // A request line is ASCII (RFC 9112, 3986): a byte past it would be read as U+FFFD.
        if let byte = bytes.first(where: { $0 >= 0x80 }) { return (400, "a byte outside ASCII (\(byte)) in the request line") }
        let parts = String(decoding: bytes, as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false)
        let malformed = (400, "expected a request line METHOD /TARGET HTTP/1.1")
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenCharacter),
              parts[1].hasPrefix("/") || RequestHead.afterScheme(parts[1]) != nil else { return malformed }
        guard parts[2] != "HTTP/1.1", parts[2] != "HTTP/1.0" else { return nil }
        guard parts[2].wholeMatch(of: /HTTP\/[0-9]\.[0-9]/) != nil else { return malformed }
        return (505, "expected HTTP/1.1 or HTTP/1.0")
    }

    /// RFC 9110's token characters (method and field names).
    private static func isTokenCharacter(_ c: Character) -> Bool {
        guard let ascii = c.asciiValue, ascii > 0x20, ascii < 0x7F else { return false }
        return !"\"(),/:;<=>?@[\\]{}".contains(c)
    }
}
