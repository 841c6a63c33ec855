/// A recognizer for the Lua 5.4 statements a pasted block is made of, read a line (or a few)
/// at a time: it carries the blocks left open (`function`, `do`, loops, `if`, `repeat`) from
/// one line to the next, so a line can be checked without reading the statement again.
///
/// It accepts only what Lua's compiler certainly accepts: names, plain numerals and strings,
/// calls, assignments (never to a `<const>` or `<close>` name), `local` with or without
/// attributes, every block statement, `return` and `break` where they are allowed, `goto` and
/// labels (a label's name unused in its function's open blocks, no `goto` jumping into a
/// local's scope), anonymous functions, also one whose body runs on past its line. It refuses
/// the rest (escapes beyond single characters, a line starting with `(`), which the compiler
/// then judges. Its limits (blocks open, locals, tokens in a line) keep a line it accepts far
/// from the compiler's (200 C levels, 200 locals, 255 registers and upvalues).
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
        /// Names the block declared `<const>` or `<close>`: assigning one is an error.
        var readOnly: [String] = []
        /// Labels the block declared: visible in it and the blocks inside it, up to a function.
        var labels: [String] = []
        /// `goto`s in the block, or in blocks it closed, whose label was not yet seen.
        var gotos: [Goto] = []
        /// For an anonymous function whose body went on past a line: the tokens of the
        /// statement around it through the function's parameters, read again with the
        /// function's `end` and what follows it once that comes.
        var resume: [LuaTokens.Token]?
    }

    /// A `goto` waiting for its label, with the block's locals where it was (or where the block
    /// it was in opened): Lua refuses a label after more of them, unless the block ends there.
    struct Goto: Equatable {
        var name: String
        var locals: Int
    }

    /// The blocks open, innermost last; the first is the chunk itself.
    private(set) var blocks = [Block(kind: .function(vararg: true), locals: 0)]
    /// Whether the last statement was a `return`, so only the end of its block may follow.
    private(set) var mustClose = false
    /// Whether the last statement was a label that a `goto` before it jumps into a local's scope
    /// through, which Lua allows only when the label ends its block (`;` and labels aside).
    private(set) var labelMustEndBlock = false

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

    /// The state after the first line of a statement.
    static func reading(firstLine tokens: [LuaTokens.Token]) -> Reading {
        ReplBlockParser().reading(tokens)
    }

    /// The state after `tokens`, which follow a line break after whole statements. A line
    /// starting with `(` is refused: Lua reads it as a call of what ended the line before.
    func reading(_ tokens: [LuaTokens.Token]) -> Reading {
        let merged = ReplBlockParser.operators(tokens)
        if merged.first?.text == "(" && merged.first?.kind == .symbol { return .refused }
        var reader = Reader(tokens: merged, state: self)
        while reader.at < reader.tokens.count {
            guard reader.statement() else {
                if !reader.suspended.isEmpty { return reader.suspendedReading() }
                return reader.ranOut ? .unfinished : .refused
            }
        }
        return .statements(reader.state, closedOutermost: reader.closedOutermost, withinLimits: reader.withinLimits)
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

    /// An anonymous function whose body the tokens ended in, between statements: its block's
    /// index, where its parameters end, and where the statement around it starts.
    private struct Suspension {
        var block: Int
        var headEnd: Int
        var statementStart: Int?
    }

    private struct Reader {
        /// The tokens read: a line's, or a resumed statement's start and the rest of the line.
        var tokens: [LuaTokens.Token]
        var state: ReplBlockParser
        var at = 0
        /// Whether a check failed for want of a token.
        var ranOut = false
        var closedOutermost = false
        var peakBlocks = 0
        var peakLocals = 0
        var peakTokens = 0
        /// The anonymous functions the tokens ended in, innermost first.
        var suspended: [Suspension] = []

        init(tokens: [LuaTokens.Token], state: ReplBlockParser) {
            self.tokens = tokens
            self.state = state
            peakTokens = tokens.count
            note()
        }

        var withinLimits: Bool {
            peakBlocks <= ReplBlockParser.maxBlocks && peakLocals <= ReplBlockParser.maxLocals && peakTokens <= ReplBlockParser.maxTokens
        }

        /// The state when the tokens ended inside anonymous functions' bodies, between their
        /// statements: each function's block keeps the start of the statement around it.
        func suspendedReading() -> Reading {
            var state = self.state
            for suspension in suspended {
                guard let start = suspension.statementStart else { return .unfinished }
                state.blocks[suspension.block].resume = Array(tokens[start..<suspension.headEnd])
            }
            return .statements(state, closedOutermost: closedOutermost, withinLimits: withinLimits)
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

        mutating func name() -> Bool { nameText() != nil }

        /// Consumes a name and returns it; nil (noting a want of tokens at the end) if absent.
        mutating func nameText() -> String? {
            guard let token = peek() else { ranOut = true; return nil }
            guard isName() else { return nil }
            at += 1
            return token.text
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

        /// Closes the innermost block; false when Lua refuses to: a function ends with a `goto`
        /// whose label it never saw. A block's other waiting `goto`s become its parent's.
        mutating func close() -> Bool {
            if state.blocks.count == 2 { closedOutermost = true }
            return leave()
        }

        /// Closes the innermost block, as `close()`, where another part of its statement follows.
        mutating func leave() -> Bool {
            let closed = state.blocks.removeLast()
            state.mustClose = false
            guard !closed.gotos.isEmpty else { return true }
            if case .function = closed.kind { return false }
            let parent = state.blocks.count - 1
            let locals = state.blocks[parent].locals
            state.blocks[parent].gotos += closed.gotos.map { Goto(name: $0.name, locals: locals) }
            return true
        }

        /// The labels visible here: those of the open blocks of the innermost function.
        func labelIsVisible(_ name: String) -> Bool {
            for block in state.blocks.reversed() {
                if block.labels.contains(name) { return true }
                if case .function = block.kind { return false }
            }
            return false
        }

        /// Whether assigning `name` would assign a `<const>` or `<close>` local (or one of the
        /// same name that hides it: such a line is left to the compiler).
        func isReadOnly(_ name: String) -> Bool {
            state.blocks.contains { $0.readOnly.contains(name) }
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

        /// One statement; when the tokens end inside an anonymous function's body, notes where
        /// the statement around that function starts.
        mutating func statement() -> Bool {
            let start = at
            guard statementAfterLabels() else {
                for i in suspended.indices where suspended[i].statementStart == nil { suspended[i].statementStart = start }
                return false
            }
            return true
        }

        /// A statement, once a label before it that must end its block is known to.
        mutating func statementAfterLabels() -> Bool {
            guard let token = peek() else { ranOut = true; return false }
            if state.labelMustEndBlock && !(token.kind == .symbol && (token.text == ";" || token.text == "::")) {
                guard token.kind == .word && ["end", "else", "elseif"].contains(token.text) else { return false }
                state.labelMustEndBlock = false
            }
            return blockStatement(token)
        }

        mutating func blockStatement(_ token: LuaTokens.Token) -> Bool {
            if state.mustClose && !(token.kind == .word && ["end", "else", "elseif", "until"].contains(token.text)) { return false }
            if token.kind == .symbol {
                if token.text == ";" { at += 1; return true }
                if token.text == "::" { return label() }
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
                // The part before closes: its waiting `goto`s become the enclosing block's.
                guard leave() else { return false }
                open(.conditional(elsePassed: token.text == "else"))
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
                return close()
            case "end":
                guard state.blocks.count > 1, top.kind != .repeat else { return false }
                if let resume = top.resume { return resuming(resume) }
                at += 1
                return close()
            case "function":
                at += 1
                guard let name = nameText() else { return false }
                var method = false, plain = true
                while isSymbol(".") || isSymbol(":") {
                    method = isSymbol(":")
                    plain = false
                    at += 1
                    guard self.name() else { return false }
                    if method { break }
                }
                if plain && isReadOnly(name) { return false }
                return functionHead(selfParameter: method)
            case "local":
                at += 1
                if isKeyword("function") {
                    at += 1
                    guard name() else { return false }
                    declare(1)
                    return functionHead(selfParameter: false)
                }
                var names = 0, readOnly: [String] = [], closing = false
                repeat {
                    if names > 0 { at += 1 }
                    guard let name = nameText() else { return false }
                    names += 1
                    if isSymbol("<") {
                        at += 1
                        guard let attribute = peek() else { ranOut = true; return false }
                        guard attribute.kind == .word, attribute.text == "const" || (attribute.text == "close" && !closing) else { return false }
                        at += 1
                        guard expect(">") else { return false }
                        closing = closing || attribute.text == "close"
                        readOnly.append(name)
                    }
                } while isSymbol(",")
                if isSymbol("=") {
                    at += 1
                    guard expressions() else { return false }
                }
                declare(names)
                state.blocks[state.blocks.count - 1].readOnly += readOnly
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
            case "goto":
                at += 1
                guard let name = nameText() else { return false }
                // A label already seen is jumped back to at once; else the goto waits for one.
                if !labelIsVisible(name) {
                    let innermost = state.blocks.count - 1
                    state.blocks[innermost].gotos.append(Goto(name: name, locals: state.blocks[innermost].locals))
                }
            default:
                return isName() ? expressionStatement() : false
            }
            return true
        }

        /// `::name::`: a label unused in the function's open blocks. The `goto`s waiting for it
        /// in the block are resolved; if one would jump into a local's scope, the label must
        /// end the block.
        mutating func label() -> Bool {
            at += 1
            guard let name = nameText(), expect("::"), !labelIsVisible(name) else { return false }
            let innermost = state.blocks.count - 1
            let block = state.blocks[innermost]
            if block.gotos.contains(where: { $0.name == name && $0.locals < block.locals }) { state.labelMustEndBlock = true }
            state.blocks[innermost].gotos.removeAll { $0.name == name }
            state.blocks[innermost].labels.append(name)
            return true
        }

        /// At the `end` of an anonymous function whose body began on an earlier line: the
        /// statement around it read again from its start, the body left out (it was read), with
        /// the `end` and the rest of the tokens.
        mutating func resuming(_ resume: [LuaTokens.Token]) -> Bool {
            guard state.blocks[state.blocks.count - 1].gotos.isEmpty else { return false }
            state.blocks.removeLast()
            state.mustClose = false
            tokens = resume + tokens[at...]
            at = 0
            peakTokens = max(peakTokens, tokens.count)
            return statement()
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
            var start = at
            guard let first = suffixed() else { return false }
            if isSymbol("=") || isSymbol(",") {
                guard first == .assignable, writable(from: start) else { return false }
                while isSymbol(",") {
                    at += 1
                    start = at
                    guard let next = suffixed() else { return false }
                    guard next == .assignable, writable(from: start) else { return false }
                }
                guard expect("="), expressions() else { return false }
                return true
            }
            if first == .call { return true }
            if peek() == nil { ranOut = true }   // `f` may be called, or assigned, on the next line
            return false
        }

        /// Whether the target read from `start` may be assigned: not a read-only name.
        func writable(from start: Int) -> Bool {
            at != start + 1 || !isReadOnly(tokens[start].text)
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
        /// If the tokens end between its statements, it is noted as suspended.
        mutating func functionBody() -> Bool {
            guard functionHead(selfParameter: false) else { return false }
            let depth = state.blocks.count, headEnd = at
            while state.blocks.count >= depth {
                let ended = at >= tokens.count
                guard !ended, statement() else {
                    if ended || !suspended.isEmpty { suspended.append(Suspension(block: depth - 1, headEnd: headEnd)) }
                    ranOut = ranOut || ended
                    return false
                }
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
