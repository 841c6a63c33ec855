import OrderedCollections

// A strict RFC 8259 JSON parser into `JSONValue`.
//
// Hand-written rather than Foundation's `JSONSerialization` because that one loses what datasets
// need: key order (it returns unordered dictionaries), the difference between `5` and `5.0`
// (everything becomes NSNumber), and error positions (its errors carry no line or column).
//
// Strictness: no comments, no trailing commas, no NaN/Infinity, no leading zeros, no unescaped
// control characters, UTF-8 only (a leading byte-order mark is skipped), lone surrogates rejected,
// numbers that overflow a Double rejected, and *duplicate keys in one object are an error*: a dataset
// item `{"w": 10, "w": 20}` has no single meaning, and silently keeping one would hide the mistake.
//
// Speed: one pass over the bytes through an unsafe buffer; strings without escapes are created
// straight from their bytes; integers are accumulated without a String round trip; decimal numbers
// use the exact fast path (mantissa < 2^53, |exponent| <= 22) and fall back to the standard library's
// correctly rounded conversion otherwise. Members and elements gather on stacks shared by the whole
// document, so every object and array allocates its storage once, at its exact size. Line and column are computed only when an error occurs.

/// A JSON syntax error: where it happened (1-based line and column, 0-based byte offset) and what
/// the parser expected there.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line of the offending character.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int
    /// 0-based byte offset in the parsed text.
    public var offset: Int
    /// What was expected there, e.g. "',' or '}' after an object member".
    public var expected: String
    /// What was found instead, e.g. "']'" or "end of input"; nil when there is nothing useful to say.
    public var found: String?
    /// For a string left open: the 1-based line and column of its opening quote, which the message
    /// names. Kept apart from `expected` so that `movedDown(by:)` moves it with the error's line.
    package var openingLine: Int?
    package var openingColumn: Int?

    /// "expected X, found Y" — the message without the position.
    public var message: String {
        var what = expected
        if let openingLine, let openingColumn { what += " that starts at line \(openingLine), column \(openingColumn)" }
        if let found { return "expected \(what), found \(found)" }
        return "expected \(what)"
    }

    /// The error placed `lines` lines further down: for text parsed as one piece of a larger file
    /// (a line of a JSON Lines file), so that both the error's line and the line its message names
    /// count from the file's start.
    package func movedDown(by lines: Int) -> JSONParseError {
        var moved = self
        moved.line += lines
        moved.openingLine = openingLine.map { $0 + lines }
        return moved
    }

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// Parses JSON text into `JSONValue` (see the header comment for the exact strictness).
package enum JSONParser {
    /// Maximum nesting of arrays and objects; deeper input is an error rather than a stack overflow.
    public static let maximumDepth = 512

    /// Parses a complete JSON document. O(n) in the length of the input.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { try parse(buffer: $0) }
    }

    /// Parses a complete JSON document. O(n) in the length of the input.
    public static func parse(_ text: String) throws -> JSONValue {
        var text = text
        return try text.withUTF8 { try parse(buffer: $0) }
    }

    /// The value starting at byte `offset` of `buffer` and the offset just past it (what follows
    /// is not read). O(length of the value).
    static func parsePrefix(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) throws -> (JSONValue, Int) {
        var reader = JSONReader(buffer)
        reader.i = offset
        let value = try reader.value(expected: "a JSON value")
        return (value, reader.i)
    }

    /// Parses a complete JSON document held in `buffer` (a UTF-8 byte-order mark is skipped).
    public static func parse(buffer: UnsafeBufferPointer<UInt8>) throws -> JSONValue {
        var reader = JSONReader(buffer)
        if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { reader.i = 3 }
        reader.skipWhitespace()
        let value = try reader.value(expected: "a JSON value")
        reader.skipWhitespace()
        if reader.i < buffer.count {
            throw reader.error(JSONParser.endExpectation)
        }
        return value
    }
}

/// The parser state: the bytes and a cursor. Every method advances `i` past what it consumed.
/// The dataset loader reads items with it member by member (`JSONDatasetReader`).
struct JSONReader {
    let b: UnsafeBufferPointer<UInt8>
    var i = 0
    var depth = 0
    /// The members and elements of the objects and arrays being read, innermost on top.
    var keyStack: [String] = []
    var valueStack: [JSONValue] = []
    var elementStack: [JSONValue] = []

    init(_ buffer: UnsafeBufferPointer<UInt8>) { b = buffer }

    @inline(__always) var atEnd: Bool { i >= b.count }
    @inline(__always) var peek: UInt8 { i < b.count ? b[i] : 0 }

    @inline(__always) mutating func skipWhitespace() {
        while i < b.count {
            switch b[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return
            }
        }
    }

    // MARK: Values

    mutating func value(expected: String) throws -> JSONValue {
        guard i < b.count else { throw error(expected) }
        switch b[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            do { return try number() } catch is MinusInfinity { throw error(expected, found: "'-Infinity'") }
        case UInt8(ascii: "t"): try literal("true", expected: expected); return .bool(true)
        case UInt8(ascii: "f"): try literal("false", expected: expected); return .bool(false)
        case UInt8(ascii: "n"): try literal("null", expected: expected); return .null
        default: throw error(expected)
        }
    }

    mutating func literal(_ word: StaticString, expected: String) throws {
        let n = word.utf8CodeUnitCount
        let w = word.utf8Start
        guard i + n <= b.count else { throw error(expected) }
        for k in 0..<n where b[i + k] != w[k] { throw error(expected) }
        i += n
    }

    mutating func enter() throws {
        depth += 1
        if depth > JSONParser.maximumDepth {
            throw error("at most \(NumberText.grouped(JSONParser.maximumDepth)) levels of nesting", found: "deeper nesting")
        }
    }

    mutating func object() throws -> JSONValue {
        try enter()
        i += 1 // '{'
        skipWhitespace()
        if peek == UInt8(ascii: "}") { i += 1; depth -= 1; return .object([:]) }
        // Members collect on the reader's shared stacks (nested objects push above this one's),
        // so each object allocates its key and value storage once, at its exact size.
        let base = keyStack.count
        var seen: Set<String>?   // only for objects with many keys; small ones compare directly
        var keyExpectation = "a string key or '}'"
        while true {
            guard peek == UInt8(ascii: "\"") else { throw error(keyExpectation) }
            let keyStart = i
            let key = try string()
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw error("':' after an object key") }
            i += 1
            skipWhitespace()
            let v = try value(expected: "a JSON value after ':'")
            let repeated: Bool
            if seen == nil && keyStack.count - base >= 16 { seen = Set(keyStack[base...]) }
            if seen != nil { repeated = !seen!.insert(key).inserted } else { repeated = keyStack[base...].contains(key) }
            if repeated {
                i = keyStart
                throw error("unique keys in an object", found: "\(describeIdentifier(key)) twice")
            }
            keyStack.append(key)
            valueStack.append(v)
            if try closes(UInt8(ascii: "}"), else: "',' or '}' after an object member") {
                let members = OrderedDictionary(uncheckedUniqueKeys: keyStack[base...], values: valueStack[base...])
                keyStack.removeLast(keyStack.count - base)
                valueStack.removeLast(valueStack.count - base)
                return .object(members)
            }
            keyExpectation = "a string key after ',' in an object"
        }
    }

    mutating func array() throws -> JSONValue {
        try enter()
        i += 1 // '['
        skipWhitespace()
        if peek == UInt8(ascii: "]") { i += 1; depth -= 1; return .array([]) }
        // Elements collect on the shared stack too: one exact allocation per array.
        let base = elementStack.count
        var expectation = "a JSON value or ']'"
        while true {
            elementStack.append(try value(expected: expectation))
            if try closes(UInt8(ascii: "]"), else: "',' or ']' after an array element") {
                let elements = Array(elementStack[base...])
                elementStack.removeLast(elementStack.count - base)
                return .array(elements)
            }
            expectation = "a JSON value after ',' in an array"
        }
    }

    /// After an object member or array element: true at `close` (consumed, leaving the
    /// container), false at ',' (consumed with the whitespace after it); anything else is an
    /// error expecting `expected`.
    @inline(__always)
    mutating func closes(_ close: UInt8, else expected: String) throws -> Bool {
        skipWhitespace()
        switch peek {
        case UInt8(ascii: ","):
            i += 1
            skipWhitespace()
            return false
        case close:
            i += 1
            depth -= 1
            return true
        default:
            throw error(expected)
        }
    }

    // MARK: Strings

    /// A string without escapes at the opening quote: validated, skipped, and its bytes (between
    /// the quotes) returned without building a `String`. Nil, with the cursor left at the quote,
    /// when it has an escape (read it with `string()`).
    mutating func plainString() throws -> Range<Int>? {
        let quote = i
        i += 1
        let start = i
        guard try scanToQuoteOrEscape(openedAt: quote) else { i = quote; return nil }
        i += 1
        return start..<(i - 1)
    }

    /// Moves the cursor over a string's plain bytes to its closing quote (true) or its first
    /// escape (false); throws on a control character or a string that never ends.
    @inline(__always)
    private mutating func scanToQuoteOrEscape(openedAt quote: Int) throws -> Bool {
        while true {
            skipPlainBytes()
            guard i < b.count else { throw unterminatedString(start: quote) }
            let c = b[i]
            if c == UInt8(ascii: "\"") { return true }
            if c == UInt8(ascii: "\\") { return false }
            if c < 0x20 { throw controlCharacterError() }
            if c < 0x80 { i += 1 } else { try skipUTF8Scalar() }
        }
    }

    /// A string starting at the opening quote. Runs without escapes are copied in one go.
    mutating func string() throws -> String {
        let quote = i
        i += 1
        let start = i
        // Fast scan: most strings have no escapes.
        if try scanToQuoteOrEscape(openedAt: quote) {
            let s = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
            i += 1
            return s
        }
        // Slow path: decode escapes into a byte buffer.
        var bytes = Array(UnsafeBufferPointer(rebasing: b[start..<i]))
        while i < b.count {
            let c = b[i]
            switch c {
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: bytes, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &bytes)
            case 0..<0x20:
                throw controlCharacterError()
            case 0x80...:
                let s = i
                try skipUTF8Scalar()
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: b[s..<i]))
            default:
                bytes.append(c)
                i += 1
            }
        }
        throw unterminatedString(start: start - 1)
    }

    /// Skips the bytes at the cursor that a string holds as they are (ASCII from U+0020 except
    /// '"' and '\\'), eight at a time, stopping at the first other byte or near the end.
    @inline(__always)
    mutating func skipPlainBytes() {
        guard let base = b.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        while i &+ 8 <= b.count {
            let w = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            // A high bit per byte that may be special: the lowest one is exact (the borrows
            // that cause false ones only run upward from a byte that is special).
            let quote = w ^ (ones &* 0x22), backslash = w ^ (ones &* 0x5C)
            let special = (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((w &- ones &* 0x20) & ~w) | w) & high
            if special != 0 {
                i &+= special.trailingZeroBitCount &>> 3
                return
            }
            i &+= 8
        }
    }

    mutating func escape(into bytes: inout [UInt8]) throws {
        i += 1 // backslash
        guard i < b.count else { throw error(escapeExpectation) }
        let c = b[i]
        i += 1
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(c)
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
            let escapeStart = i - 2
            var code = try hex4()
            if (0xDC00...0xDFFF).contains(code) {
                i = escapeStart
                throw error("a high surrogate (\\uD800-\\uDBFF) before a low surrogate",
                            found: "a lone \\u\(hexString(code))")
            }
            if (0xD800...0xDBFF).contains(code) {
                guard i + 1 < b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else {
                    throw error("a low surrogate (\\uDC00-\\uDFFF) after the high surrogate \\u\(hexString(code))")
                }
                i += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    i -= 6
                    throw error("a low surrogate (\\uDC00-\\uDFFF) after the high surrogate \\u\(hexString(code))",
                                found: "\\u\(hexString(low))")
                }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            appendUTF8(Unicode.Scalar(code)!, to: &bytes)
        default:
            i -= 1
            throw error(escapeExpectation)
        }
    }

    var escapeExpectation: String { "one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u after '\\' in a string" }

    mutating func hex4() throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < b.count, let d = hexDigit(b[i]) else { throw error("4 hex digits after '\\u'") }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    /// Validates one multi-byte UTF-8 scalar at `i` (RFC 3629: no overlongs, no surrogates) and skips it.
    mutating func skipUTF8Scalar() throws {
        guard let n = JSONParser.utf8ScalarLength(b, at: i) else {
            throw error(JSONParser.utf8Expectation, found: "the byte 0x\(hexString(UInt32(b[i]), width: 2))")
        }
        i += n
    }

    func controlCharacterError() -> JSONParseError {
        error("an escape such as \\n or \\u0000 instead of a raw control character in a string",
              found: "U+\(hexString(UInt32(b[i])))")
    }

    func unterminatedString(start: Int) -> JSONParseError {
        var e = error("a closing '\"' for the string", found: "end of input")
        (e.openingLine, e.openingColumn) = JSONParser.lineAndColumn(b, offset: start)
        return e
    }

    // MARK: Numbers

    /// What `number()` throws at a `-` before `Infinity`, with the position back at the `-`:
    /// Python writes -Infinity where JSON has no value, so the caller names it as the value it
    /// expected there, as NaN and Infinity are named. (Thrown rather than passing the caller's
    /// expectation in: every number would carry it.)
    struct MinusInfinity: Error {}

    /// A number per the JSON grammar: integers that fit an `Int` become `.int`, the rest `.double`.
    /// - Throws: `MinusInfinity` for `-Infinity`, else a `JSONParseError`.
    mutating func number() throws -> JSONValue {
        let start = i
        // Fast path: a non-negative integer of at most 15 digits, without a leading zero, and
        // not followed by a fraction, an exponent or a 16th digit (anything else: the full parse).
        var acc = 0
        while i < b.count, i &- start < 16, case let d = b[i] &- UInt8(ascii: "0"), d < 10 {
            acc = acc &* 10 &+ Int(d)
            i &+= 1
        }
        let digits = i &- start
        if digits > 0, digits < 16, b[start] != UInt8(ascii: "0") || digits == 1,
           i == b.count || (b[i] != UInt8(ascii: ".") && b[i] | 0x20 != UInt8(ascii: "e")) {
            return .int(acc)
        }
        i = start
        return try fullNumber()
    }

    /// `number()` for every number the fast path leaves.
    private mutating func fullNumber() throws -> JSONValue {
        let start = i
        let negative = b[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < b.count, isDigit(b[i]) else {
            if negative && foundDescription(b, at: i) == "'Infinity'" {
                i = start
                throw MinusInfinity()
            }
            throw error("a digit after '-'")
        }
        // Integer part, accumulated negatively so Int.min fits.
        var acc = 0
        var overflow = false
        var mantissa: UInt64 = 0     // up to 19 significant digits, for the exact double fast path
        var mantissaDigits = 0
        var droppedDigits = 0        // integer digits beyond what `mantissa` holds
        if b[i] == UInt8(ascii: "0") {
            i += 1
            if i < b.count, isDigit(b[i]) {
                throw error("'.', 'e' or the end of the number after a leading 0", found: "'\(Character(Unicode.Scalar(b[i])))'")
            }
        } else {
            while i < b.count, isDigit(b[i]) {
                let d = Int(b[i] &- UInt8(ascii: "0"))
                if !overflow {
                    let (m, o1) = acc.multipliedReportingOverflow(by: 10)
                    let (s, o2) = m.subtractingReportingOverflow(d)
                    if o1 || o2 { overflow = true } else { acc = s }
                }
                if mantissaDigits < 19 { mantissa = mantissa * 10 + UInt64(d); mantissaDigits += 1 } else { droppedDigits += 1 }
                i += 1
            }
        }
        var isInteger = true
        var fractionDigits = 0
        if i < b.count, b[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard i < b.count, isDigit(b[i]) else { throw error("a digit after '.'") }
            while i < b.count, isDigit(b[i]) {
                if mantissaDigits < 19 {
                    // Leading zeros of the fraction (as in 0.001) do not use up mantissa digits.
                    mantissa = mantissa * 10 + UInt64(b[i] &- UInt8(ascii: "0"))
                    if mantissa != 0 { mantissaDigits += 1 }
                    fractionDigits += 1
                }
                i += 1
            }
        }
        var exponent = 0
        if i < b.count, b[i] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            i += 1
            var expNegative = false
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                expNegative = b[i] == UInt8(ascii: "-"); i += 1
            }
            guard i < b.count, isDigit(b[i]) else { throw error("a digit in the exponent") }
            while i < b.count, isDigit(b[i]) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(b[i] &- UInt8(ascii: "0")) }
                i += 1
            }
            if expNegative { exponent = -exponent }
        }
        if isInteger && !overflow && (negative || acc != .min) {
            return .int(negative ? acc : -acc)
        }
        // Exact fast path (Clinger): both operands exact, so one IEEE operation rounds correctly.
        let e10 = exponent - fractionDigits + droppedDigits
        if droppedDigits == 0 && mantissa < (1 << 53) && e10 >= -22 && e10 <= 22 {
            var d = Double(mantissa)
            d = e10 < 0 ? d / exactPowersOfTen[-e10] : d * exactPowersOfTen[e10]
            return .double(negative ? -d : d)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
        guard let d = Double(text), d.isFinite else {
            let end = i
            i = start
            throw error("a number within the range of a double",
                        found: shortenedForMessage(String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)))
        }
        return .double(d)
    }

    // MARK: Errors

    func error(_ expected: String) -> JSONParseError {
        error(expected, found: foundDescription(b, at: i))
    }

    func error(_ expected: String, found: String?) -> JSONParseError {
        let (line, column) = JSONParser.lineAndColumn(b, offset: i)
        return JSONParseError(line: line, column: column, offset: i, expected: expected, found: found)
    }
}

// MARK: - Helpers (pure functions)

private let exactPowersOfTen: [Double] = (0...22).map { e in
    var p = 1.0
    for _ in 0..<e { p *= 10 }  // exact: every 10^e with e <= 22 is representable
    return p
}

@inline(__always) private func isDigit(_ c: UInt8) -> Bool { c &- UInt8(ascii: "0") < 10 }

@inline(__always) private func hexDigit(_ c: UInt8) -> UInt32? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(c - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(c - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(c - UInt8(ascii: "A") + 10)
    default: return nil
    }
}

private func hexString(_ v: UInt32, width: Int = 4) -> String {
    let s = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - s.count)) + s
}

private func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
    UTF8.encode(scalar) { bytes.append($0) }
}

extension JSONParser {
    /// What a document's syntax error expects after its value, when more follows.
    static let endExpectation = "the end of input after the top-level value"
    /// What a syntax error expects where a byte is not UTF-8.
    static let utf8Expectation = "valid UTF-8 text"
}

extension JSONParser {
    /// The length of the valid UTF-8 scalar starting at `i`, or nil when the bytes there are not
    /// valid UTF-8 (RFC 3629: shortest form only, no surrogates, at most U+10FFFF).
    static func utf8ScalarLength(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let c0 = b[i]
        if c0 < 0x80 { return 1 }
        @inline(__always) func cont(_ k: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
            i + k < b.count && b[i + k] >= lo && b[i + k] <= hi
        }
        switch c0 {
        case 0xC2...0xDF: return cont(1) ? 2 : nil
        case 0xE0: return cont(1, 0xA0) && cont(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : nil
        case 0xED: return cont(1, 0x80, 0x9F) && cont(2) ? 3 : nil
        case 0xF0: return cont(1, 0x90) && cont(2) && cont(3) ? 4 : nil
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : nil
        case 0xF4: return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : nil
        default: return nil
        }
    }

    /// 1-based line and column (in Unicode scalars) of byte `offset`. O(offset); used only for errors.
    /// A "\r\n" pair counts as one line break, as does a lone "\r". A leading byte-order mark is
    /// no column, as an editor shows none.
    static func lineAndColumn(_ b: UnsafeBufferPointer<UInt8>, offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        var k = b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF ? 3 : 0
        let end = min(offset, b.count)
        while k < end {
            let c = b[k]
            if c == 0x0A || (c == 0x0D && !(k + 1 < b.count && b[k + 1] == 0x0A)) {
                line += 1; column = 1
            } else if c & 0xC0 != 0x80 && c != 0x0D {
                column += 1
            }
            k += 1
        }
        return (line, column)
    }
}

/// What the parser sees at `i`, for "found ..." in messages: "end of input", "'x'", a word
/// such as "'NaN'", or "U+000A" for control characters.
private func foundDescription(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> String {
    guard i < b.count else { return "end of input" }
    let c = b[i]
    if c < 0x20 || c == 0x7F { return "U+\(hexString(UInt32(c)))" }
    if c < 0x80 {
        let isWordByte = { (x: UInt8) in (x | 0x20) >= UInt8(ascii: "a") && (x | 0x20) <= UInt8(ascii: "z") }
        if isWordByte(c) {
            var j = i
            while j < b.count, j - i < 20, isWordByte(b[j]) || isDigit(b[j]) { j += 1 }
            return "'" + String(decoding: UnsafeBufferPointer(rebasing: b[i..<j]), as: UTF8.self) + "'"
        }
        return "'\(Character(Unicode.Scalar(c)))'"
    }
    guard let n = JSONParser.utf8ScalarLength(b, at: i) else { return "the byte 0x\(hexString(UInt32(c), width: 2))" }
    return "'" + String(decoding: UnsafeBufferPointer(rebasing: b[i..<(i + n)]), as: UTF8.self) + "'"
}
