/// A function value left open by an `end` too few: in `f = function(ctx) for ... do ... end,`
/// the `end` closes the `for`, so Lua meets the `,` inside the function's body and says only
/// "unexpected symbol near ','". The message then names which block that `end` closed and
/// which are still open, each with the word that closes it (`until` for a `repeat`), matched
/// from the tokens: strings and comments never count.
enum MissingEnd {
    /// The symbols that end a function value inside a table or a call's arguments.
    static let closers: Set<String> = [",", "}", ")"]

    /// What Lua's message says before the quoted symbol.
    static let luaWording = ": unexpected symbol near '"

    /// The hint (with its leading space) for Lua's syntax error `message` about the chunk
    /// `text`, or nil unless it is certain: the message quotes a `,`, `}` or `)` on the line
    /// of the first `end` that closes a block other than a function right before one of those,
    /// every block before it matches, a function is still open there, and `readsToEnd` says
    /// Lua's compiler reads the text before that symbol without an error (so Lua's error is at
    /// this symbol, not at an earlier one on the same line). O(length of the text), plus
    /// `readsToEnd`; asked only once the compiler has refused the chunk.
    static func hint(for message: String, in text: [UInt8], readsToEnd: ([UInt8]) -> Bool) -> String? {
        guard let (line, symbol) = quoted(in: message) else { return nil }
        let tokens = LuaTokens.scan(text)
        let lines = startLines(of: tokens, in: text)
        var open: [Block] = []
        for (i, token) in tokens.enumerated() where token.kind == .word {
            switch token.text {
            case "function", "if", "repeat":
                open.append(Block(keyword: token.text, line: lines[i]))
            case "for", "while":
                open.append(Block(keyword: token.text, line: lines[i], awaitsDo: true))
            case "do":
                // The `do` of a `for` or `while` belongs to it; any other opens a block.
                if open.last?.awaitsDo == true {
                    open[open.count - 1].awaitsDo = false
                } else {
                    open.append(Block(keyword: "do", line: lines[i]))
                }
            case "then", "elseif", "else":
                guard open.last?.keyword == "if" else { return nil }
            case "until":
                guard open.last?.keyword == "repeat" else { return nil }
                open.removeLast()
            case "end":
                guard let closed = open.popLast(), closed.keyword != "repeat", !closed.awaitsDo else { return nil }
                guard i + 1 < tokens.count, closed.keyword != "function" else { continue }
                let next = tokens[i + 1]
                guard next.kind == .symbol, closers.contains(next.text) else { continue }
                // An `end` that can end no expression, before a symbol that follows one.
                guard next.text == symbol, lines[i + 1] == line,
                      let function = open.lastIndex(where: { $0.keyword == "function" }),
                      !open[function...].contains(where: \.awaitsDo),
                      readsToEnd(Array(text[..<next.range.lowerBound])) else { return nil }
                return " (the 'end' at line \(lines[i]) closes \(closed); \(stillOpen(open[function...].reversed())))"
            default:
                continue
            }
        }
        return nil
    }

    /// A block that an `end` (or, for `repeat`, an `until`) closes.
    struct Block: CustomStringConvertible {
        /// The word that opened it: `function`, `for`, `while`, `do`, `if` or `repeat`.
        var keyword: String
        var line: Int
        /// A `for` or `while` whose `do` has not come yet.
        var awaitsDo = false

        var description: String { "the '\(keyword)' of line \(line)" }
        /// The word that closes it.
        var closer: String { keyword == "repeat" ? "until" : "end" }
    }

    /// `a has no 'end' yet`, `a and b have no 'end' yet`; blocks in a row that one word closes
    /// are named together: `a has no 'until' yet; b and c have no 'end' yet`.
    static func stillOpen(_ blocks: [Block]) -> String {
        var runs: [[Block]] = []
        for block in blocks {
            if let last = runs.last?.last, last.closer == block.closer {
                runs[runs.count - 1].append(block)
            } else {
                runs.append([block])
            }
        }
        return runs.map { run in
            "\(listed(run)) \(run.count == 1 ? "has" : "have") no '\(run[0].closer)' yet"
        }.joined(separator: "; ")
    }

    /// `a`, `a and b`, `a, b and c`.
    static func listed(_ blocks: [Block]) -> String {
        let names = blocks.map(\.description)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    /// The line and the symbol of Lua's `chunk:line: unexpected symbol near 'X'` for X a
    /// closer; nil for any other message. Read from the end: Lua shortens a long chunk name.
    static func quoted(in message: String) -> (line: Int, symbol: String)? {
        for symbol in closers where message.hasSuffix(luaWording + symbol + "'") {
            let head = message.dropLast(luaWording.count + symbol.count + 1)
            let digits = head.reversed().prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, head.dropLast(digits.count).hasSuffix(":"),
                  let line = Int(String(digits.reversed())) else { return nil }
            return (line, symbol)
        }
        return nil
    }

    /// The line each token starts on, counted as Lua counts them: `\n`, `\r`, `\r\n` and
    /// `\n\r` each end one line. O(length of the text).
    static func startLines(of tokens: [LuaTokens.Token], in text: [UInt8]) -> [Int] {
        var lines: [Int] = []
        lines.reserveCapacity(tokens.count)
        var line = 1, at = 0
        for token in tokens {
            while at < token.range.lowerBound {
                let b = text[at]
                at += 1
                guard b == 0x0A || b == 0x0D else { continue }
                if at < text.count, text[at] != b, text[at] == 0x0A || text[at] == 0x0D { at += 1 }
                line += 1
            }
            lines.append(line)
        }
        return lines
    }
}
