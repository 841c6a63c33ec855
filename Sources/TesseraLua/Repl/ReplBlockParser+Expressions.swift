// The expressions of Lua 5.4 the block reader accepts: operators, constants it knows Lua
// reads (plain numerals and strings), calls, fields, tables and anonymous functions.
// O(tokens of the expression).

extension ReplBlockParser.Reader {
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
              Self.binary.contains(token.text) else { return false }
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
            return Self.isReadable(token.text)
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
                if ended || !suspended.isEmpty { suspended.append(ReplBlockParser.Suspension(block: depth - 1, headEnd: headEnd)) }
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
        suffixedEnd = at
        return kind
    }

    mutating func arguments() -> Bool {
        guard let token = peek() else { ranOut = true; return false }
        if token.kind == .string {
            at += 1
            return Self.isReadable(token.text)
        }
        if isSymbol("{") { return table() }
        guard expect("(") else { return false }
        if isSymbol(")") { at += 1; return true }
        return expressions() && expect(")")
    }

    /// A table constructor. If the tokens end between its fields, it is noted as suspended:
    /// after its `{`, `,` or `;` the same things may follow.
    mutating func table() -> Bool {
        guard expect("{") else { return false }
        let braceEnd = at
        while true {
            if at == tokens.count {
                suspended.append(ReplBlockParser.Suspension(block: nil, headEnd: braceEnd))
                ranOut = true
                return false
            }
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
