// The statements of Lua 5.4 the block reader accepts, and the checks Lua makes of them
// (blocks closed by their own keyword, `return` last, `break` in a loop, labels and `goto`s,
// read-only locals). O(tokens of the statement).

extension ReplBlockParser.Reader {
    // MARK: Statements

    /// One statement; when the tokens end inside an anonymous function's body or between a
    /// table's fields, notes where the statement around it starts. Inside a table left open,
    /// the statement around it is read again with the tokens.
    mutating func statement() -> Bool {
        if let top = state.blocks.last, top.kind == .table, let resume = top.resume {
            return resuming(resume)
        }
        let start = at
        guard statementAfterLabels() else {
            for i in suspended.indices where suspended[i].statementStart == nil { suspended[i].statementStart = start }
            return false
        }
        state.mayBeCalled = suffixedEnd == at
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
                state.blocks[innermost].gotos.append(ReplBlockParser.Goto(name: name, locals: state.blocks[innermost].locals))
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

    /// At the `end` of an anonymous function whose body began on an earlier line, or on the
    /// line after a table left open: the statement around it read again from its start, the
    /// body or the fields left out (they were read), with the rest of the tokens.
    mutating func resuming(_ resume: [LuaTokens.Token]) -> Bool {
        guard state.blocks[state.blocks.count - 1].gotos.isEmpty else { return false }
        let outermostTable = state.blocks.count == 2 && state.blocks[1].kind == .table
        state.blocks.removeLast()
        state.mustClose = false
        tokens = resume + tokens[at...]
        at = 0
        suffixedEnd = -1
        tokensRead += resume.count
        peakTokens = max(peakTokens, tokens.count)
        guard statement() else { return false }
        // The table was the outermost block, and its statement ended: it may be complete.
        if outermostTable { closedOutermost = true }
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
}
