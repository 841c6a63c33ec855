/// How the REPL turns what was typed into chunks to compile, as the standard `lua` REPL does
/// (`return` prepended to expressions, `>>` for unfinished chunks), plus one thing it does not: locals that outlive their line.
///
/// **Expression first.** `=expr` is short for `return expr`. A line is compiled first as
/// `return <line>;`; if that compiles, its values are printed (run without a tail call, unlike
/// `lua`, so tracebacks keep the line's frame). Otherwise it is compiled as a
/// statement; if *that* fails with a syntax error ending in `<eof>`, the statement is
/// unfinished and the REPL asks for another line (the `>>` prompt), joining lines with `\n`.
/// (A line that only adds plain fields to an unfinished data table is taken without compiling:
/// see `ReplOpenTable`.)
///
/// **Persistent locals.** Every line is its own chunk, so in plain `lua` a `local y = 2` is
/// gone by the next line. Here all lines share one environment table per session, and a
/// statement's *top-level* `local` declarations are rewritten into assignments to that
/// table before it runs:
///
///     local y = 2                 ->   y = 2
///     local a, b <const> = f()    ->   a, b = f()
///     local z                     ->   z = nil
///     local function f() ... end  ->   function f() ... end
///
/// Only declarations at nesting depth 0 change (a `local` inside a function, loop or `do`
/// block keeps its scope), and only after the chunk as typed has compiled, so syntax errors
/// and `<const>` violations are reported against what the user wrote; the rewrite removes
/// tokens without moving lines, so line numbers in runtime errors still match. A `<close>`
/// declaration is left as a real local: closing it at the end of its line is what it means.
/// The price is Lua semantics at the top level only: a function defined on a line sees later
/// changes to a "local" from that line, as it would for a global of the session.
enum ReplSource {
    // Chunks are bytes, as Lua strings are: a typed "\xff" must reach Lua as one byte.

    /// `=expr` as `return expr` (Lua 5.4's compatibility form); other text unchanged.
    static func expandingEquals(_ source: [UInt8]) -> [UInt8] {
        source.first == UInt8(ascii: "=") ? Array("return ".utf8) + source.dropFirst() : source
    }

    /// The lines of a statement typed over several lines, joined as they were typed.
    static func joined(_ lines: [[UInt8]]) -> [UInt8] {
        Array(lines.joined(separator: [UInt8(ascii: "\n")]))
    }

    /// The chunk to try first: the text as an expression whose values are returned.
    static func expressionChunk(_ source: [UInt8]) -> [UInt8] {
        Array("return ".utf8) + source + [UInt8(ascii: ";")]
    }

    /// The expression chunk that runs, once `expressionChunk` compiled: the same values, passed
    /// through a function of their own, so a line that is a call is not a tail call. A tail call
    /// drops the line's frame, and with it the line's place in messages (`stdin:1:`), its `in
    /// main chunk` and Lua's name for the function called. What follows the last token (spaces
    /// and comments) is left out, so a comment cannot hide the closing parenthesis, which stays
    /// on the expression's last line: Lua gives an error the line of the token it read last.
    /// O(length of the source).
    static func runningExpressionChunk(_ source: [UInt8]) -> [UInt8] {
        let end = LuaTokens.scan(source).last?.range.upperBound ?? 0
        return Array("return (function(...) return ... end)(".utf8) + source[..<end] + [UInt8(ascii: ")")]
    }

    /// True when a compiler message says the chunk merely ended too early (`... near <eof>`).
    static func isIncomplete(_ message: String) -> Bool {
        message.hasSuffix("<eof>")
    }

    /// The chunk with its top-level `local` declarations rewritten into assignments to the
    /// session's environment (see the type's documentation). O(length of the source).
    static func persistingLocals(_ source: [UInt8]) -> [UInt8] {
        let tokens = LuaTokens.scan(source)
        var edits: [(range: Range<Int>, replacement: String)] = []
        var depth = 0
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            guard token.kind == .word else { i += 1; continue }
            switch token.text {
            case "function", "do", "if", "repeat": depth += 1
            case "end", "until": depth = max(0, depth - 1)
            case "local" where depth == 0:
                if let declaration = rewriteLocal(tokens, at: i) {
                    edits += declaration.edits
                    i = declaration.next
                    continue
                }
            default: break
            }
            i += 1
        }
        guard !edits.isEmpty else { return source }
        var bytes = source
        for edit in edits.reversed() {
            bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return bytes
    }

    /// The edits for the declaration whose `local` is `tokens[start]`, and the index of the
    /// first token after its names; nil to leave it alone (`<close>`, or not a declaration).
    private static func rewriteLocal(_ tokens: [LuaTokens.Token], at start: Int)
        -> (edits: [(range: Range<Int>, replacement: String)], next: Int)? {
        let local = tokens[start]
        // `local function f` -> `function f`; the function keyword then opens its body.
        if start + 1 < tokens.count, tokens[start + 1].kind == .word, tokens[start + 1].text == "function" {
            return ([(local.range, "")], start + 1)
        }
        var edits: [(range: Range<Int>, replacement: String)] = [(local.range, "")]
        var i = start + 1
        var lastName: LuaTokens.Token?
        while i < tokens.count, tokens[i].kind == .word {
            lastName = tokens[i]
            i += 1
            // An attribute: `<const>` disappears, `<close>` keeps the declaration local.
            if i + 2 < tokens.count, tokens[i].text == "<", tokens[i + 1].kind == .word, tokens[i + 2].text == ">" {
                if tokens[i + 1].text == "close" { return nil }
                edits.append((tokens[i].range.lowerBound..<tokens[i + 2].range.upperBound, ""))
                i += 3
            }
            guard i < tokens.count, tokens[i].kind == .symbol, tokens[i].text == "," else { break }
            i += 1
        }
        guard let lastName else { return nil }
        // The chunk compiled as typed, so a `=` here is the declaration's own.
        let assigns = i < tokens.count && tokens[i].kind == .symbol && tokens[i].text == "="
        if !assigns {
            edits.append((lastName.range.upperBound..<lastName.range.upperBound, " = nil"))
        }
        return (edits, i)
    }
}
