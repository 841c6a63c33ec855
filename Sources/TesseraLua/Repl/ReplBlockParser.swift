/// A recognizer for the Lua 5.4 statements a pasted block is made of, read a line (or a few)
/// at a time: it carries the blocks left open (`function`, `do`, loops, `if`, `repeat`) and
/// the table constructors left open between fields from one line to the next, so a line can be
/// checked without reading the statement again. It decides whether a line leaves whole
/// statements; reading a line costs O(its tokens, plus the start of a statement it resumes).
///
/// It accepts only what Lua's compiler certainly accepts: names, plain numerals and strings,
/// calls, assignments (never to a `<const>` or `<close>` name), `local` with or without
/// attributes, every block statement, `return` and `break` where they are allowed, `goto` and
/// labels (a label's name unused in its function's open blocks, no `goto` jumping into a
/// local's scope), anonymous functions and table constructors, also ones that run on past their
/// line. It refuses the rest (escapes beyond single characters, a line starting with `(` that
/// Lua reads as a call of the statement before), which the compiler then judges. Its limits
/// (blocks open, locals, tokens in a line, registers) keep a line it accepts far from the
/// compiler's (200 C levels, 200 locals, 255 registers and upvalues).
struct ReplBlockParser: Equatable {
    enum Kind: Equatable {
        case function(vararg: Bool)
        case block
        case loop
        case conditional(elsePassed: Bool)
        case `repeat`
        /// A table constructor the tokens ended in between fields; its `resume` holds the
        /// statement through the table's `{`, read again with the next line.
        case table
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
        /// function's `end` and what follows it once that comes. For a table: the statement
        /// through the table's `{` (the fields read are left out: they were read).
        var resume: [LuaTokens.Token]?
    }

    /// A `goto` waiting for its label, with the block's locals where it was (or where the block
    /// it was in opened): Lua refuses a label after more of them, unless the block ends there.
    struct Goto: Equatable {
        var name: String
        var locals: Int
    }

    /// The blocks open, innermost last; the first is the chunk itself.
    var blocks = [Block(kind: .function(vararg: true), locals: 0)]
    /// Whether the last statement was a `return`, so only the end of its block may follow.
    var mustClose = false
    /// Whether the last statement was a label that a `goto` before it jumps into a local's scope
    /// through, which Lua allows only when the label ends its block (`;` and labels aside).
    var labelMustEndBlock = false
    /// Whether the last statement ended in a name, field, index, call or parenthesized
    /// expression: Lua reads a `(` starting the next line as a call of it.
    var mayBeCalled = false

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
    /// Registers Lua may need, counted as locals, 51 per open table (50 values before they
    /// are stored, and the table) and one per token read: well below the compiler's 255.
    static let maxRegisters = 250

    /// The state after `tokens`, which follow a line break after whole statements (or inside
    /// a table, between fields). A line starting with `(` after a statement that may be called
    /// is refused: Lua reads it as a call of what ended the line before, which is not kept.
    func reading(_ tokens: [LuaTokens.Token]) -> Reading {
        var read = 0
        return reading(tokens, counting: &read)
    }

    /// `reading(_:)`, adding to `read` the tokens read: the line's, and a resumed statement's.
    func reading(_ tokens: [LuaTokens.Token], counting read: inout Int) -> Reading {
        let merged = ReplBlockParser.operators(tokens)
        if mayBeCalled && merged.first?.text == "(" && merged.first?.kind == .symbol { return .refused }
        var reader = Reader(tokens: merged, state: self)
        defer { read += reader.tokensRead }
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
}
