/// A pending statement followed line by line, so that a line whose outcome is certain is taken
/// without compiling the statement again: compiling after every line of an n-line function,
/// `do` block, `if` chain or long string would read n²/2 lines.
///
/// Two things make a line certain. Inside a long string or long comment that the compiler
/// reported unfinished, a line that does not close it leaves it unfinished. Inside blocks the
/// statement opened (a block statement's, an anonymous function's that runs on past its
/// line, as in `t.f = function()` or `f(function()`, and inside those a table constructor's
/// left open between fields, as in `local t = {`), a line that `ReplBlockParser` accepts,
/// ending between statements or between a table's fields, leaves the statement unfinished when
/// no block it opened closed in the line: the compiler would stop at `<eof>`.
/// Every other line is compiled as before, and the compiler stays the judge of completeness
/// and of every message. Lines compiled this way are read by the parser too, as one piece
/// with the lines before them that were not yet whole statements; when they never make whole
/// statements it accepts, the parser gives up for the rest of the statement.
struct ReplOpenStatement {
    /// The blocks open after the last whole statement; nil once the parser gave up.
    private var blocks: ReplBlockParser?
    /// Lines after that statement, not yet whole statements.
    private var piece: [[UInt8]] = []
    /// How many lines of `piece` were compiled: the piece is read again after each.
    private var pieceReadings = 0
    /// The level of the long bracket the statement ends inside, as the compiler reported.
    private var longBracket: Int?
    /// The line Lua numbers the statement's first line with.
    private let firstLine: Int
    /// Tokens the parser read, for tests: each line's once, with the start of a statement it
    /// resumes, and a piece's again at each compiled line.
    private(set) var tokensRead = 0

    /// Readings of one piece before the parser gives up (each reads the whole piece).
    static let maxPieceReadings = 32

    /// The statement after its first line, which the compiler found unfinished with `message`.
    init(firstLine line: [UInt8], numbered firstLine: Int, message: String) {
        self.firstLine = firstLine
        if !line.contains(0x0D) {
            switch LuaTokens.scanLine(line).map({ ReplBlockParser().reading($0, counting: &tokensRead) }) {
            case .statements(let after, _, _): blocks = after
            case .unfinished, nil:   // nil: the line ends inside a long bracket
                blocks = ReplBlockParser()
                piece = [line]
                pieceReadings = 1
            case .refused: break
            }
        }
        noteLongBracket(message: message, chunk: line)
    }

    /// Whether `line` is certain to leave the statement unfinished with no error in it; if so
    /// it is recorded. O(length of the line).
    mutating func takes(_ line: [UInt8]) -> Bool {
        if let level = longBracket {
            guard !ReplOpenStatement.closes(line, level: level) else { return false }
            if blocks != nil { piece.append(line) }
            return true
        }
        // With no block open, whole statements would be a whole statement: the compiler judges.
        // Tables open outside blocks are `ReplOpenTable`'s: there the compiler judges the rest.
        guard let blocks, piece.isEmpty, !line.contains(0x0D), let tokens = LuaTokens.scanLine(line),
              case .statements(let after, false, true) = blocks.reading(tokens, counting: &tokensRead),
              after.blocks.dropFirst().contains(where: { $0.kind != .table }) else { return false }
        self.blocks = after
        return true
    }

    /// Records `line`, which was compiled with the statement before it (`chunk`) and found
    /// unfinished with `message`.
    mutating func compiled(_ line: [UInt8], chunk: [UInt8], message: String) {
        longBracket = nil
        if let blocks {
            piece.append(line)
            pieceReadings += 1
            let text = ReplSource.joined(piece)
            let tokens = text.contains(0x0D) ? nil : LuaTokens.scanLine(text)
            let reading: ReplBlockParser.Reading = tokens.map { blocks.reading($0, counting: &tokensRead) } ?? .unfinished
            switch reading {
            case .statements(let after, _, _):
                self.blocks = after
                piece = []
                pieceReadings = 0
            case .unfinished where pieceReadings < ReplOpenStatement.maxPieceReadings && !text.contains(0x0D):
                break
            default:
                self.blocks = nil
                piece = []
            }
        }
        noteLongBracket(message: message, chunk: chunk)
    }

    /// Notes the long bracket the chunk ends inside when the compiler's message says so
    /// ("unfinished long string (starting at line 3)") and this lexer finds it on that line.
    private mutating func noteLongBracket(message: String, chunk: [UInt8]) {
        guard message.contains("unfinished long "), !chunk.contains(0x0D),
              let open = LuaTokens.openLongBracket(chunk) else { return }
        let line = firstLine + chunk[..<open.start].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        guard message.contains("(starting at line \(line))") else { return }
        longBracket = open.level
    }

    /// Whether `line` holds `]`, `level` equals signs and `]`.
    static func closes(_ line: [UInt8], level: Int) -> Bool {
        var i = 0
        while i < line.count {
            if line[i] == 0x5D {
                var k = 0
                while i + 1 + k < line.count, line[i + 1 + k] == 0x3D { k += 1 }
                if k == level, i + 1 + k < line.count, line[i + 1 + k] == 0x5D { return true }
                i += 1 + k
            } else {
                i += 1
            }
        }
        return false
    }
}
