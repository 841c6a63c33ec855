/// A Lua 5.4 lexer reduced to what Tessera's readers of Lua text need (the REPL's statements,
/// a script file that opens with a bare table): the names, keywords and punctuation of a
/// chunk with their byte ranges, with strings, numbers and comments recognised only so that
/// their contents are never mistaken for code. It never fails: an unfinished string or
/// comment simply runs to the end of the text (the compiler reports those, not this lexer).
struct LuaTokens {
    enum Kind: Equatable {
        /// A name or a keyword (`local`, `function`, `x`).
        case word
        /// One punctuation character (`=`, `,`, `<`, `>`, `(`, ...).
        case symbol
        /// A string literal, short or long.
        case string
        /// A numeral.
        case number
    }

    struct Token: Equatable {
        var kind: Kind
        /// Byte offsets into the chunk's UTF-8 text.
        var range: Range<Int>
        var text: String
    }

    /// Tokenizes `source`. O(length of the source).
    static func scan(_ source: String) -> [Token] { scan(Array(source.utf8)) }

    /// Tokenizes the chunk `bytes` (a name's `text` is decoded as UTF-8). O(length).
    static func scan(_ bytes: [UInt8]) -> [Token] {
        var lexer = Lexer(bytes: bytes)
        return lexer.run()
    }

    /// Tokenizes one line, or nil when a long string or long comment in it runs past its end
    /// (the next line would be read inside it). An unfinished short string is a token like
    /// any other: its text lacks the closing quote. O(length).
    static func scanLine(_ bytes: [UInt8]) -> [Token]? {
        var lexer = Lexer(bytes: bytes)
        let tokens = lexer.run()
        return lexer.runsOn ? nil : tokens
    }

    /// Where the long string or long comment that `bytes` ends inside starts (the offset of
    /// its `[`) and its level, or nil when it ends outside one. O(length).
    static func openLongBracket(_ bytes: [UInt8]) -> (start: Int, level: Int)? {
        var lexer = Lexer(bytes: bytes)
        _ = lexer.run()
        return lexer.openBracket
    }

    private struct Lexer {
        let bytes: [UInt8]
        var at = 0
        var tokens: [Token] = []
        /// Whether a long bracket never closed.
        var runsOn = false
        /// The offset and level of the long bracket that never closed.
        var openBracket: (start: Int, level: Int)?

        init(bytes: [UInt8]) { self.bytes = bytes }

        func peek(_ offset: Int = 0) -> UInt8? {
            at + offset < bytes.count ? bytes[at + offset] : nil
        }

        mutating func add(_ kind: Kind, from start: Int) {
            let text = String(decoding: bytes[start..<at], as: UTF8.self)
            tokens.append(Token(kind: kind, range: start..<at, text: text))
        }

        mutating func run() -> [Token] {
            while let b = peek() {
                let start = at
                switch b {
                case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                    at += 1
                case 0x2D where peek(1) == 0x2D:                    // -- comment
                    at += 2
                    if let level = longBracketLevel() { skipLongBracket(level) } else { skipLine() }
                case 0x5B where longBracketLevel() != nil:           // [[ or [=[ string
                    skipLongBracket(longBracketLevel()!)
                    add(.string, from: start)
                case 0x22, 0x27:                                     // " or '
                    skipShortString(quote: b)
                    add(.string, from: start)
                case _ where LuaName.isDigit(b) || (b == 0x2E && peek(1).map(LuaName.isDigit) == true):
                    skipNumber()
                    add(.number, from: start)
                case _ where LuaName.isNameStart(b):
                    while let c = peek(), LuaName.isNamePart(c) { at += 1 }
                    add(.word, from: start)
                default:
                    at += 1
                    add(.symbol, from: start)
                }
            }
            return tokens
        }

        /// At `[`: the level of a long bracket `[==[` starting here, or nil.
        func longBracketLevel() -> Int? {
            guard peek() == 0x5B else { return nil }
            var level = 0
            while peek(1 + level) == 0x3D { level += 1 }
            return peek(1 + level) == 0x5B ? level : nil
        }

        /// Skips `[==[ ... ]==]` of the given level (to the end if it never closes).
        mutating func skipLongBracket(_ level: Int) {
            let start = at
            at += level + 2
            while at < bytes.count {
                if bytes[at] == 0x5D {
                    var k = 0
                    while peek(1 + k) == 0x3D { k += 1 }
                    if k == level && peek(1 + k) == 0x5D {
                        at += level + 2
                        return
                    }
                }
                at += 1
            }
            runsOn = true
            openBracket = (start, level)
        }

        mutating func skipLine() {
            while let c = peek(), c != 0x0A { at += 1 }
        }

        /// Skips a quoted string; an escape skips the byte after the backslash, which is
        /// enough to find the closing quote (`\z`, `\x..`, `\u{...}` contain no quotes).
        mutating func skipShortString(quote: UInt8) {
            at += 1
            while let c = peek() {
                at += 1
                if c == quote || c == 0x0A { return }
                if c == 0x5C { at += 1 }
            }
            at = min(at, bytes.count)
        }

        /// Skips a numeral: digits, letters, dots, and a sign right after an exponent mark.
        mutating func skipNumber() {
            while let c = peek() {
                if LuaName.isNamePart(c) || c == 0x2E {
                    at += 1
                } else if (c == 0x2B || c == 0x2D), at > 0, [0x65, 0x45, 0x70, 0x50].contains(bytes[at - 1]) {
                    at += 1
                } else {
                    return
                }
            }
        }
    }
}
