// The reading of tokens: where it is in them, the blocks it opens and closes, and the
// anonymous functions and tables it stops inside. O(1) per token, but for a label or a `goto`,
// which look through the open blocks.

extension ReplBlockParser {
    /// An anonymous function whose body the tokens ended in, between statements, or a table
    /// constructor they ended in, between fields: the function's block's index (nil for a
    /// table, which becomes a block of its own), where its parameters end (or the index after
    /// the table's `{`), and where the statement around it starts.
    struct Suspension {
        var block: Int?
        var headEnd: Int
        var statementStart: Int?
    }

    struct Reader {
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
        var peakTables = 0
        /// Tokens read, a resumed statement's counted again: the work done, for tests.
        var tokensRead = 0
        /// The index after the last name, field, index, call or parenthesized expression read.
        var suffixedEnd = -1
        /// The anonymous functions and the table the tokens ended in, innermost first.
        var suspended: [Suspension] = []

        init(tokens: [LuaTokens.Token], state: ReplBlockParser) {
            self.tokens = tokens
            self.state = state
            peakTokens = tokens.count
            tokensRead = tokens.count
            note()
        }

        var withinLimits: Bool {
            peakBlocks <= ReplBlockParser.maxBlocks && peakLocals <= ReplBlockParser.maxLocals && peakTokens <= ReplBlockParser.maxTokens
                && peakLocals + 51 * peakTables + peakTokens <= ReplBlockParser.maxRegisters
        }

        /// The state when the tokens ended inside anonymous functions' bodies, between their
        /// statements, or inside a table between its fields: each function's block keeps the
        /// start of the statement around it, and the table becomes the innermost block.
        func suspendedReading() -> Reading {
            var reader = self
            for suspension in suspended {
                guard let start = suspension.statementStart else { return .unfinished }
                let resume = Array(tokens[start..<suspension.headEnd])
                if let block = suspension.block {
                    reader.state.blocks[block].resume = resume
                } else {
                    reader.state.blocks.append(Block(kind: .table, locals: 0, resume: resume))
                    reader.state.mayBeCalled = false
                    reader.note()
                }
            }
            return .statements(reader.state, closedOutermost: closedOutermost, withinLimits: reader.withinLimits)
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
            peakTables = max(peakTables, state.blocks.reduce(0) { $0 + ($1.kind == .table ? 1 : 0) })
        }

        mutating func open(_ kind: Kind, locals: Int = 0) {
            state.blocks.append(Block(kind: kind, locals: locals))
            state.mustClose = false
            state.mayBeCalled = false
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
            state.mayBeCalled = false
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
    }
}
