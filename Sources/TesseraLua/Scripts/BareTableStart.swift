/// A script file whose first statement is a bare table, `{ simpleLayout = ... }`, with the
/// `return` in front of it forgotten: Lua calls that an "unexpected symbol near '{'", which
/// says nothing of the missing word, so the error names it.
enum BareTableStart {
    /// What Lua says of a statement that starts with `{`.
    static let luaMessageEnd = "unexpected symbol near '{'"

    /// What the message gains.
    static let hint = " (a script returns its table: write `return {`)"

    /// Whether the first code of `text` (after a `#!` line, blanks and `--` comments, long ones
    /// too) is `{`. O(length of what it skips).
    static func opens(_ text: [UInt8]) -> Bool {
        var i = 0
        if text.starts(with: Array("#".utf8)) { i = endOfLine(text, from: i) }
        while i < text.count {
            let byte = text[i]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") {
                i += 1
            } else if byte == UInt8(ascii: "-"), i + 1 < text.count, text[i + 1] == UInt8(ascii: "-") {
                i = endOfComment(text, from: i + 2)
            } else {
                return byte == UInt8(ascii: "{")
            }
        }
        return false
    }

    /// The index after the newline that ends the line at `i` (or the end of `text`).
    private static func endOfLine(_ text: [UInt8], from i: Int) -> Int {
        var j = i
        while j < text.count, text[j] != UInt8(ascii: "\n") { j += 1 }
        return min(j + 1, text.count)
    }

    /// The index after a comment whose `--` ends just before `i`: a long one, `[==[ ... ]==]`,
    /// to its closing bracket, else to the end of the line.
    private static func endOfComment(_ text: [UInt8], from i: Int) -> Int {
        guard i < text.count, text[i] == UInt8(ascii: "[") else { return endOfLine(text, from: i) }
        var j = i + 1
        while j < text.count, text[j] == UInt8(ascii: "=") { j += 1 }
        guard j < text.count, text[j] == UInt8(ascii: "[") else { return endOfLine(text, from: i) }
        let close = [UInt8(ascii: "]")] + Array(repeating: UInt8(ascii: "="), count: j - i - 1) + [UInt8(ascii: "]")]
        var k = j + 1
        while k + close.count <= text.count {
            if text[k] == close[0], Array(text[k..<(k + close.count)]) == close { return k + close.count }
            k += 1
        }
        return text.count
    }
}
