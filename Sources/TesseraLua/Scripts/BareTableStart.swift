/// A script file whose first statement is a bare table, `{ simpleLayout = ... }`, with the
/// `return` in front of it forgotten: Lua calls that an "unexpected symbol near '{'", which
/// says nothing of the missing word, so the error names it.
enum BareTableStart {
    /// What Lua says of a statement that starts with `{`.
    static let luaMessageEnd = "unexpected symbol near '{'"

    /// What the message gains.
    static let hint = " (a script returns its table: write `return {`)"

    /// Whether the first code of `text` (after a `#!` line, blanks and comments) is `{`.
    /// O(length of the text): it is asked only once the compiler has refused the file.
    static func opens(_ text: [UInt8]) -> Bool {
        let code = text.first == UInt8(ascii: "#") ? Array(text.drop { $0 != UInt8(ascii: "\n") }) : text
        guard let first = LuaTokens.scan(code).first else { return false }
        return first.kind == .symbol && first.text == "{"
    }
}
