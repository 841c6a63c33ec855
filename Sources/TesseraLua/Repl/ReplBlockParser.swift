/// A recognizer for the Lua 5.4 statements a pasted block is made of, read a line (or a few)
/// at a time: it carries the blocks left open (`function`, `do`, loops, `if`, `repeat`) from
/// one line to the next, so a line can be checked without reading the statement again.
///
/// It accepts only what Lua's compiler certainly accepts: names, plain numerals and strings,
/// calls, assignments, `local` without attributes, every block statement, `return` and
/// `break` where they are allowed, anonymous functions. It refuses the rest (`goto`, labels,
/// `<const>`, escapes beyond single characters), which the compiler then judges. Its limits
/// (blocks open, locals, tokens in a line) keep a line it accepts far from the compiler's
/// (200 C levels, 200 locals, 255 registers and upvalues).
struct ReplBlockParser: Equatable {
    enum Kind: Equatable {
        case function(vararg: Bool)
        case block
        case loop
        case conditional(elsePassed: Bool)
        case `repeat`
    }

    struct Block: Equatable {
        var kind: Kind
        /// Locals the block declared that are still in scope (a loop's hidden ones too).
        var locals: Int
    }

    /// The blocks open, innermost last; the first is the chunk itself.
    private(set) var blocks = [Block(kind: .function(vararg: true), locals: 0)]
    /// Whether the last statement was a `return`, so only the end of its block may follow.
    private(set) var mustClose = false

    /// What reading some tokens found.
    enum Reading: Equatable {
        /// Whole statements: the state after them, whether the statement the REPL reads closed
        /// its outermost block on the way (it may be complete), and whether the tokens stayed
        /// within the limits that let a line be taken without compiling.
        case statements(ReplBlockParser, closedOutermost: Bool, withinLimits: Bool)
        /// Statements so far, the last one unfinished where the tokens end.
        case unfinished
        /// Something this recognizer does not accept.
        case refused
    }

    static let maxBlocks = 40
    static let maxLocals = 100
    static let maxTokens = 100

    /// The state after the first line of a statement, which must start a block statement (so
    /// that the REPL's trial of the line as an expression fails at its first token).
    static func reading(firstLine tokens: [LuaTokens.Token]) -> Reading {
        let openers: Set<String> = ["function", "local", "if", "while", "for", "do", "repeat"]
        guard let first = tokens.first, first.kind == .word, openers.contains(first.text) else { return .refused }
        return ReplBlockParser().reading(tokens)
    }

    /// The state after `tokens`, which follow a line break after whole statements. A line
    /// starting with `(` is refused: Lua reads it as a call of what ended the line before.
    func reading(_ tokens: [LuaTokens.Token]) -> Reading {
        let merged = ReplBlockParser.operators(tokens)
        if merged.first?.text == "(" && merged.first?.kind == .symbol { return .refused }
        var reader = Reader(tokens: merged, state: self)
        while reader.at < merged.count {
            guard reader.statement() else { return reader.ranOut ? .unfinished : .refused }
        }
        let within = reader.peakBlocks <= ReplBlockParser.maxBlocks && reader.peakLocals <= ReplBlockParser.maxLocals
            && merged.count <= ReplBlockParser.maxTokens
        return .statements(reader.state, closedOutermost: reader.closedOutermost, withinLimits: within)
    }

    /// The tokens with Lua's operators of several characters joined (`==`, `..`, `...`, `::`).
    static func operators(_ tokens: [LuaTokens.Token]) -> [LuaTokens.Token] {
        let pairs: Set<String> = ["==", "~=", "<=", ">=", "//", "..", "::", "<<", ">>"]
        var out: [LuaTokens.Token] = []
        out.reserveCapacity(tokens.count)
        for token in tokens {
            if token.kind == .symbol, var last = out.last, last.kind == .symbol, last.range.upperBound == token.range.lowerBound,
               pairs.contains(last.text + token.text) || (last.text == ".." && token.text == ".") {
                last.text += token.text
                last.range = last.range.lowerBound..<token.range.upperBound
                out[out.count - 1] = last
            } else {
                out.append(token)
            }
        }
        return out
    }

    private struct Reader {
        let tokens: [LuaTokens.Token]
        var state: ReplBlockParser
        var at = 0
        /// Whether a check failed for want of a token.
        var ranOut = false
        var closedOutermost = false
        var peakBlocks = 0
        var peakLocals = 0

        init(tokens: [LuaTokens.Token], state: ReplBlockParser) {
            self.tokens = tokens
            self.state = state
            note()
        }

        // MARK: Tokens

        func peek(_ offset: Int = 0) -> LuaTokens.Token? {
            at + offset < tokens.count ? tokens[at + offset] : nil
        }

        func isSymbol(_ text: String, _ offset: Int = 0) -> Bool {
            peek(offset).map { $0.kind == .symbol && $0.text == text } ?? false
        }

        func isKeyword(_ text: String, _ offset: Int = 0) -> Bool {
            peek(offset).map { $0.kind == .word && $0.text == text } ?? false
        }

        func isName(_ offset: Int = 0) -> Bool {
            peek(offset).map { $0.kind == .word && !ReplSession.keywords.contains($0.text) } ?? false
        }

        /// Consumes the symbol or keyword `text`; false (noting a want of tokens at the end) if absent.
        mutating func expect(_ text: String) -> Bool {
            guard let token = peek() else { ranOut = true; return false }
            guard token.text == text, token.kind == .symbol || token.kind == .word else { return false }
            at += 1
            return true
        }

        mutating func name() -> Bool {
            guard peek() != nil else { ranOut = true; return false }
            guard isName() else { return false }
            at += 1
            return true
        }

        // MARK: Blocks

        mutating func note() {
            peakBlocks = max(peakBlocks, state.blocks.count)
            peakLocals = max(peakLocals, state.blocks.reduce(0) { $0 + $1.locals })
        }

        mutating func open(_ kind: Kind, locals: Int = 0) {
            state.blocks.append(Block(kind: kind, locals: locals))
            state.mustClose = false
            note()
        }

        mutating func declare(_ count: Int) {
            state.blocks[state.blocks.count - 1].locals += count
            note()
        }

        mutating func close() {
            state.blocks.removeLast()
            state.mustClose = false
            if state.blocks.count == 1 { closedOutermost = true }
        }

        var innermostFunctionIsVararg: Bool {
            for block in state.blocks.reversed() {
                if case .function(let vararg) = block.kind { return vararg }
            }
            return false
        }

        var insideLoop: Bool {
            for block in state.blocks.reversed() {
                switch block.kind {
                case .function: return false
                case .loop, .repeat: return true
                default: continue
                }
            }
            return false
        }

        // MARK: Statements

        mutating func statement() -> Bool {
            guard let token = peek() else { ranOut = true; return false }
            if state.mustClose && !(token.kind == .word && ["end", "else", "elseif", "until"].contains(token.text)) { return false }
            if token.kind == .symbol {
                if token.text == ";" { at += 1; return true }
                return token.text == "(" ? expressionStatement() : false
            }
            guard token.kind == .word else { return false }
            let top = state.blocks[state.blocks.count - 1]
            switch token.text {
            case "if":
                at += 1
                guard expression(), expect("then") else { return false }
                open(.conditional(elsePassed: false))
            case "elseif", "else":
                guard state.blocks.count > 1, top.kind == .conditional(elsePassed: false) else { return false }
                at += 1
                if token.text == "elseif" {
                    guard expression(), expect("then") else { return false }
                }
                state.blocks[state.blocks.count - 1] = Block(kind: .conditional(elsePassed: token.text == "else"), locals: 0)
                state.mustClose = false
            case "while":
                at += 1
                guard expression(), expect("do") else { return false }
                open(.loop)
            case "do":
                at += 1
                open(.block)
            case "for":
                at += 1
                guard name() else { return false }
                if isSymbol("=") {
                    at += 1
                    guard expression(), expect(","), expression() else { return false }
                    if isSymbol(",") {
                        at += 1
                        guard expression() else { return false }
                    }
                    guard expect("do") else { return false }
                    open(.loop, locals: 4)
                } else {
                    var names = 1
                    while isSymbol(",") {
                        at += 1
                        guard name() else { return false }
                        names += 1
                    }
                    guard expect("in"), expressions(), expect("do") else { return false }
                    open(.loop, locals: 4 + names)
                }
            case "repeat":
                at += 1
                open(.repeat)
            case "until":
                guard state.blocks.count > 1, top.kind == .repeat else { return false }
                at += 1
                state.mustClose = false
                guard expression() else { return false }
                close()
            case "end":
                guard state.blocks.count > 1, top.kind != .repeat else { return false }
                at += 1
                close()
            case "function":
                at += 1
                guard name() else { return false }
                var method = false
                while isSymbol(".") || isSymbol(":") {
                    method = isSymbol(":")
                    at += 1
                    guard name() else { return false }
                    if method { break }
                }
                return functionHead(selfParameter: method)
            case "local":
                at += 1
                if isKeyword("function") {
                    at += 1
                    guard name() else { return false }
                    declare(1)
                    return functionHead(selfParameter: false)
                }
                guard name() else { return false }
                var names = 1
                while isSymbol(",") {
                    at += 1
                    guard name() else { return false }
                    names += 1
                }
                if isSymbol("=") {
                    at += 1
                    guard expressions() else { return false }
                }
                declare(names)
            case "return":
                at += 1
                if let next = peek(), !(next.kind == .word && ["end", "else", "elseif", "until"].contains(next.text)), !isSymbol(";") {
                    guard expressions() else { return false }
                }
                if isSymbol(";") { at += 1 }
                state.mustClose = true
            case "break":
                guard insideLoop else { return false }
                at += 1
            default:
                return isName() ? expressionStatement() : false
            }
            return true
        }

        /// `(params)` after a function's name, opening its body.
        mutating func functionHead(selfParameter: Bool) -> Bool {
            guard let parameters = parameters() else { return false }
            open(.function(vararg: parameters.vararg), locals: parameters.count + (selfParameter ? 1 : 0))
            return true
        }

        /// `(a, b, ...)`: the names and whether it ends with `...`.
        mutating func parameters() -> (count: Int, vararg: Bool)? {
            guard expect("(") else { return nil }
            var count = 0
            if isSymbol(")") { at += 1; return (0, false) }
            while true {
                if isSymbol("...") {
                    at += 1
                    return expect(")") ? (count, true) : nil
                }
                guard name() else { return nil }
                count += 1
                if isSymbol(",") { at += 1; continue }
                return expect(")") ? (count, false) : nil
            }
        }

        /// A call, or an assignment to names, fields and indexes.
        mutating func expressionStatement() -> Bool {
            guard let first = suffixed() else { return false }
            if isSymbol("=") || isSymbol(",") {
                guard first == .assignable else { return false }
                while isSymbol(",") {
                    at += 1
                    guard let next = suffixed() else { return false }
                    guard next == .assignable else { return false }
                }
                guard expect("="), expressions() else { return false }
                return true
            }
            if first == .call { return true }
            if peek() == nil { ranOut = true }   // `f` may be called, or assigned, on the next line
            return false
        }

        // MARK: Expressions

        enum Suffixed { case call, assignable, other }

        mutating func expressions() -> Bool {
            guard expression() else { return false }
            while isSymbol(",") {
                at += 1
                guard expression() else { return false }
            }
            return true
        }

        static let binary: Set<String> = ["+", "-", "*", "/", "//", "%", "^", "..", "==", "~=", "<", "<=", ">", ">=",
                                          "and", "or", "&", "|", "~", "<<", ">>"]

        mutating func expression() -> Bool {
            repeat {
                while let token = peek(), token.kind == .symbol ? ["-", "#", "~"].contains(token.text) : (token.kind == .word && token.text == "not") {
                    at += 1
                }
                guard simple() else { return false }
            } while binaryOperator()
            return true
        }

        mutating func binaryOperator() -> Bool {
            guard let token = peek(), token.kind == .symbol || token.kind == .word,
                  Reader.binary.contains(token.text) else { return false }
            if token.kind == .word && token.text != "and" && token.text != "or" { return false }
            at += 1
            return true
        }

        mutating func simple() -> Bool {
            guard let token = peek() else { ranOut = true; return false }
            switch token.kind {
            case .number:
                at += 1
                return ReplOpenTable.isPlainNumeral(token.text)
            case .string:
                at += 1
                return Reader.isReadable(token.text)
            case .word where ["nil", "true", "false"].contains(token.text):
                at += 1
                return true
            case .word where token.text == "function":
                at += 1
                return functionBody()
            case .symbol where token.text == "...":
                at += 1
                return innermostFunctionIsVararg
            case .symbol where token.text == "{":
                return table()
            default:
                return suffixed() != nil
            }
        }

        /// An anonymous function: its parameters and statements through its `end`.
        mutating func functionBody() -> Bool {
            guard functionHead(selfParameter: false) else { return false }
            let depth = state.blocks.count
            while state.blocks.count >= depth {
                guard at < tokens.count else { ranOut = true; return false }
                guard statement() else { return false }
            }
            return true
        }

        /// A name or parenthesized expression, then fields, indexes and calls.
        mutating func suffixed() -> Suffixed? {
            var kind: Suffixed
            if isSymbol("(") {
                at += 1
                guard expression(), expect(")") else { return nil }
                kind = .other
            } else {
                guard name() else { return nil }
                kind = .assignable
            }
            while let token = peek() {
                if token.kind == .string || isSymbol("{") || isSymbol("(") {
                    guard arguments() else { return nil }
                    kind = .call
                } else if isSymbol(".") {
                    at += 1
                    guard name() else { return nil }
                    kind = .assignable
                } else if isSymbol("[") {
                    at += 1
                    guard expression(), expect("]") else { return nil }
                    kind = .assignable
                } else if isSymbol(":") {
                    at += 1
                    guard name(), arguments() else { return nil }
                    kind = .call
                } else {
                    break
                }
            }
            return kind
        }

        mutating func arguments() -> Bool {
            guard let token = peek() else { ranOut = true; return false }
            if token.kind == .string {
                at += 1
                return Reader.isReadable(token.text)
            }
            if isSymbol("{") { return table() }
            guard expect("(") else { return false }
            if isSymbol(")") { at += 1; return true }
            return expressions() && expect(")")
        }

        mutating func table() -> Bool {
            guard expect("{") else { return false }
            while true {
                if isSymbol("}") { at += 1; return true }
                if isSymbol("[") {
                    at += 1
                    guard expression(), expect("]"), expect("="), expression() else { return false }
                } else if isName(), isSymbol("=", 1) {
                    at += 2
                    guard expression() else { return false }
                } else {
                    guard expression() else { return false }
                }
                if isSymbol(",") || isSymbol(";") {
                    at += 1
                } else {
                    return expect("}")
                }
            }
        }

        /// A quoted string Lua reads without question, or a long string (which has no escapes).
        static func isReadable(_ text: String) -> Bool {
            text.hasPrefix("[") || ReplOpenTable.isPlainString(text)
        }
    }
}
