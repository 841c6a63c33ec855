/// A pending statement known to be an unfinished table of plain data, as a pasted data table
/// is (`t = {`, then a line per value or record), so that a line adding only plain fields is
/// taken without compiling the statement again. Each compile reads the whole statement so
/// far: compiling after every line of an n-line table would read n²/2 lines.
///
/// A line is taken only when what Lua's compiler would make of the statement with it is
/// certain: still unfinished (an error ending in `<eof>`), with no error in the line. That holds
/// when the statement began `NAME = {`, `NAME.field = {`, `local NAME = {` or `return {` (so its
/// table holds few registers), every later line was taken too, and this line holds only
/// constants (decimal numerals, hexadecimal integers, short strings with plain escapes,
/// `true`, `false`, `nil`), names (`x`, `a.b`), `name =` and `[constant] =` keys, tables that
/// keep at most `maxDepth` open, and separators, and leaves the outermost table open. Any other
/// line is compiled as before, and so is every line after it: the REPL then knows no more
/// than the compiler tells it.
struct ReplOpenTable {
    /// Tables open at once, the outermost included: each may hold 50 values in registers
    /// before Lua stores them, and a function has 255 registers.
    static let maxDepth = 4

    /// Tables open, the outermost included (1...maxDepth).
    private(set) var depth = 1
    /// Whether a field or `}` comes next (after `{`, `,` or `;`), rather than `,`, `;` or `}`.
    private(set) var expectsField = true

    /// The table the statement's first line leaves open, or nil when the line is not the head
    /// of a table (see the type's documentation) followed by plain fields. Only for a line the
    /// compiler found unfinished.
    init?(statement line: [UInt8]) {
        guard let tokens = ReplOpenTable.tokens(of: line) else { return nil }
        var i = 0
        if tokens.first?.text == "return" {
            i = 1
        } else {
            let local = tokens.first?.text == "local"
            guard let end = local ? (tokens.count > 1 && ReplOpenTable.isName(tokens[1]) ? 2 : nil) : ReplOpenTable.names(tokens[...], at: 0),
                  end < tokens.count, tokens[end].isSymbol("=") else { return nil }
            i = end + 1
        }
        guard i < tokens.count, tokens[i].isSymbol("{") else { return nil }
        guard let open = ReplOpenTable().reading(tokens[(i + 1)...]) else { return nil }
        self = open
    }

    private init() {}

    /// The table after `line`, or nil when the line is not plain fields that leave it open.
    /// O(length of the line).
    func taking(_ line: [UInt8]) -> ReplOpenTable? {
        ReplOpenTable.tokens(of: line).flatMap { reading($0[...]) }
    }

    /// The tokens of a line Lua's lexer reads as they are read here, or nil: a carriage return
    /// ends a line for Lua (in a comment too), and a long bracket may run into the next line.
    private static func tokens(of line: [UInt8]) -> [LuaTokens.Token]? {
        guard !line.contains(0x0D) else { return nil }
        return LuaTokens.scanLine(line)
    }

    /// The table after `tokens`, or nil.
    private func reading(_ tokens: ArraySlice<LuaTokens.Token>) -> ReplOpenTable? {
        var table = self
        var i = tokens.startIndex
        while i < tokens.endIndex {
            let token = tokens[i]
            if token.isSymbol("}") {
                table.depth -= 1
                guard table.depth > 0 else { return nil }   // the statement may be complete
                table.expectsField = false
                i += 1
            } else if !table.expectsField {
                guard token.isSymbol(",") || token.isSymbol(";") else { return nil }
                table.expectsField = true
                i += 1
            } else {
                // A key: `name =` or `[constant] =`, then the value.
                if ReplOpenTable.isName(token), i + 1 < tokens.endIndex, tokens[i + 1].isSymbol("=") {
                    i += 2
                } else if token.isSymbol("[") {
                    guard let end = ReplOpenTable.constant(tokens, at: i + 1), tokens[i + 1].text != "nil",
                          end + 1 < tokens.endIndex, tokens[end].isSymbol("]"), tokens[end + 1].isSymbol("=") else { return nil }
                    i = end + 2
                }
                guard i < tokens.endIndex else { return nil }   // a field the next line ends
                if tokens[i].isSymbol("{") {
                    guard table.depth < ReplOpenTable.maxDepth else { return nil }
                    table.depth += 1
                    i += 1
                } else if let end = ReplOpenTable.constant(tokens, at: i) ?? ReplOpenTable.names(tokens, at: i) {
                    table.expectsField = false
                    i = end
                } else {
                    return nil
                }
            }
        }
        return table
    }

    /// The index after the constant at `i`, or nil.
    private static func constant(_ tokens: ArraySlice<LuaTokens.Token>, at i: Int) -> Int? {
        guard i < tokens.endIndex else { return nil }
        let token = tokens[i]
        switch token.kind {
        case .number: return isPlainNumeral(token.text) ? i + 1 : nil
        case .string: return isPlainString(token.text) ? i + 1 : nil
        case .word: return ["true", "false", "nil"].contains(token.text) ? i + 1 : nil
        case .symbol:
            guard token.text == "-", i + 1 < tokens.endIndex, tokens[i + 1].kind == .number, isPlainNumeral(tokens[i + 1].text) else { return nil }
            return i + 2
        }
    }

    /// The index after `name` or `name.name...` at `i`, or nil. A name the next line calls
    /// (`f` then `"x"` or `{`) leaves `expectsField` false, so that line is compiled.
    private static func names(_ tokens: ArraySlice<LuaTokens.Token>, at i: Int) -> Int? {
        guard i < tokens.endIndex, isName(tokens[i]) else { return nil }
        var end = i + 1
        while end + 1 < tokens.endIndex, tokens[end].isSymbol("."), isName(tokens[end + 1]) { end += 2 }
        return end
    }

    /// A name that is not a keyword.
    private static func isName(_ token: LuaTokens.Token) -> Bool {
        token.kind == .word && !ReplSession.keywords.contains(token.text)
    }

    /// A decimal numeral (`12`, `1.5`, `.5`, `3e-2`) or `0x` and hexadecimal digits: numerals
    /// Lua reads as these bytes and never rejects (hexadecimal floats are left to the compiler).
    static func isPlainNumeral(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        if bytes.count > 2, bytes[0] == 0x30, bytes[1] | 0x20 == 0x78 {
            return bytes.dropFirst(2).allSatisfy { LuaName.isDigit($0) || (0x61...0x66).contains($0 | 0x20) }
        }
        var i = 0
        func digits() -> Int {
            let start = i
            while i < bytes.count, LuaName.isDigit(bytes[i]) { i += 1 }
            return i - start
        }
        var count = digits()
        if i < bytes.count, bytes[i] == 0x2E {
            i += 1
            count += digits()
        }
        guard count > 0 else { return false }
        if i < bytes.count, bytes[i] | 0x20 == 0x65 {
            i += 1
            if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == bytes.count
    }

    /// A quoted string closed on its line whose escapes are single characters Lua knows.
    static func isPlainString(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 2, let quote = bytes.first, quote == 0x22 || quote == 0x27, bytes.last == quote else { return false }
        var i = 1
        while i < bytes.count - 1 {
            if bytes[i] == 0x5C {
                guard i + 1 < bytes.count - 1, Array("abfnrtv\\\"'".utf8).contains(bytes[i + 1]) else { return false }
                i += 2
            } else {
                i += 1
            }
        }
        return i == bytes.count - 1
    }
}

private extension LuaTokens.Token {
    func isSymbol(_ symbol: String) -> Bool { kind == .symbol && text == symbol }
}
