/// A compiled chunk moved down its input: its lines renumbered as Lua numbers them when the
/// chunk's text comes after `offset` newlines. Lua always numbers a chunk's lines from 1, and
/// its lexer reads such newlines one by one, so a chunk that starts on line 60,000 would cost
/// 60,000 steps to compile; rewriting the chunk's dump (`lua_dump`) instead costs its size.
///
/// Every function's `linedefined` and `lastlinedefined` and every instruction's line move
/// down by `offset`, except for the main function's: its `linedefined` stays 0 (what marks
/// the main chunk) and its first instruction stays on line 1, where Lua codes it before it
/// reads the first token (the `VARARGPREP` of every main chunk).
///
/// Reads and writes Lua 5.4's dump format only (4-byte instructions, 8-byte integers and
/// floats); nil for anything else, so the caller can compile behind newlines instead.
enum LuaChunkLines {
    /// The dump with its lines moved down by `offset` (at least 0), or nil when it is not a
    /// dump this reads. O(size of the dump).
    static func shifted(_ dump: [UInt8], by offset: Int) -> [UInt8]? {
        guard offset >= 0, dump.count > header.count + 16, Array(dump[..<header.count]) == header else { return nil }
        var rewrite = Rewrite(input: dump, offset: offset)
        // The header, LUAC_INT and LUAC_NUM (8 bytes each), then the main closure's upvalue count.
        rewrite.output = Array(dump[..<(header.count + 17)])
        rewrite.at = header.count + 17
        do {
            try rewrite.function(isMain: true)
        } catch {
            return nil
        }
        return rewrite.at == dump.count ? rewrite.output : nil
    }

    /// `\eLua`, version 5.4, format 0, LUAC_DATA, then the sizes of an instruction, an
    /// integer and a float.
    static let header: [UInt8] = [0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00, 0x19, 0x93, 0x0D, 0x0A, 0x1A, 0x0A, 4, 8, 8]

    /// Lua's marker of an instruction whose line is in the absolute list, and how far the
    /// relative lines may run without one (lcode.c: ABSLINEINFO, LIMLINEDIFF, MAXIWTHABS).
    static let absoluteMarker: UInt8 = 0x80
    static let largestDifference = 0x80
    static let mostRelative = 128

    struct Malformed: Error {}

    private struct Rewrite {
        let input: [UInt8]
        let offset: Int
        var output: [UInt8] = []
        var at = 0

        init(input: [UInt8], offset: Int) {
            self.input = input
            self.offset = offset
            output.reserveCapacity(input.count + 16)
        }

        mutating func byte() throws -> UInt8 {
            guard at < input.count else { throw Malformed() }
            defer { at += 1 }
            return input[at]
        }

        mutating func bytes(_ count: Int) throws -> ArraySlice<UInt8> {
            guard count >= 0, count <= input.count - at else { throw Malformed() }
            defer { at += count }
            return input[at..<(at + count)]
        }

        /// ldump.c's dumpSize: 7 bits a byte, most significant first, the last byte marked.
        mutating func size() throws -> Int {
            var value = 0
            while true {
                let b = try byte()
                guard value <= Int(Int32.max) >> 7 else { throw Malformed() }
                value = value << 7 | Int(b & 0x7F)
                if b & 0x80 != 0 { return value }
            }
        }

        mutating func write(size value: Int) {
            var groups: [UInt8] = []
            var rest = value
            repeat {
                groups.append(UInt8(rest & 0x7F))
                rest >>= 7
            } while rest != 0
            groups[0] |= 0x80
            output += groups.reversed()
        }

        mutating func copy(_ count: Int) throws { output += try bytes(count) }

        mutating func copySize() throws -> Int {
            let value = try size()
            write(size: value)
            return value
        }

        /// A string: its length plus one, then its bytes; 0 for none.
        mutating func copyString() throws {
            let length = try copySize()
            if length > 0 { try copy(length - 1) }
        }

        /// ldump.c's dumpFunction, with the lines moved.
        mutating func function(isMain: Bool) throws {
            try copyString()   // source
            let defined = try size(), lastDefined = try size()
            guard isMain == (defined == 0) else { throw Malformed() }
            let moved = isMain ? 0 : defined + offset
            write(size: moved)
            write(size: isMain ? lastDefined : lastDefined + offset)
            try copy(1)   // numparams
            let isVararg = try byte()
            output.append(isVararg)
            if isMain && isVararg == 0 { throw Malformed() }
            try copy(1)   // maxstacksize
            let codeCount = try copySize()
            try copy(codeCount * 4)
            for _ in 0..<(try copySize()) {   // constants
                let tag = try byte()
                output.append(tag)
                switch tag {
                case 0x00, 0x01, 0x11: break                  // nil, false, true
                case 0x03, 0x13: try copy(8)                  // integer, float
                case 0x04, 0x14: try copyString()             // short, long string
                default: throw Malformed()
                }
            }
            try copy(3 * (try copySize()))   // upvalues: instack, idx, kind
            for _ in 0..<(try copySize()) { try function(isMain: false) }
            try lines(codeCount: codeCount, defined: defined, moved: moved, isMain: isMain)
            for _ in 0..<(try copySize()) {   // local variables: name, startpc, endpc
                try copyString()
                _ = try copySize()
                _ = try copySize()
            }
            for _ in 0..<(try copySize()) { try copyString() }   // upvalue names
        }

        /// The line of each instruction, read from `defined` and written again from `moved`
        /// as lcode.c's savelineinfo writes them.
        mutating func lines(codeCount: Int, defined: Int, moved: Int, isMain: Bool) throws {
            let relative = try bytes(try size())
            let absoluteCount = try size()
            var absolute: [(pc: Int, line: Int)] = []
            for _ in 0..<absoluteCount { absolute.append((try size(), try size())) }
            guard relative.count == codeCount || relative.isEmpty else { throw Malformed() }
            var line = defined, next = 0
            var lines: [Int] = []
            lines.reserveCapacity(relative.count)
            for (pc, info) in relative.enumerated() {
                if info == absoluteMarker {
                    guard next < absolute.count, absolute[next].pc == pc else { throw Malformed() }
                    line = absolute[next].line
                    next += 1
                } else {
                    line += Int(Int8(bitPattern: info))
                }
                lines.append(isMain && pc == 0 ? line : line + offset)
            }
            guard next == absolute.count else { throw Malformed() }

            var info: [UInt8] = []
            info.reserveCapacity(lines.count)
            absolute = []
            var previous = moved, sinceAbsolute = 0
            for (pc, line) in lines.enumerated() {
                let difference = line - previous
                var isAbsolute = abs(difference) >= largestDifference
                if !isAbsolute {
                    isAbsolute = sinceAbsolute >= mostRelative
                    sinceAbsolute += 1
                }
                if isAbsolute {
                    absolute.append((pc, line))
                    info.append(absoluteMarker)
                    sinceAbsolute = 1
                } else {
                    info.append(UInt8(bitPattern: Int8(difference)))
                }
                previous = line
            }
            write(size: info.count)
            output += info
            write(size: absolute.count)
            for entry in absolute {
                write(size: entry.pc)
                write(size: entry.line)
            }
        }
    }
}

extension LuaChunkLines {
    /// `count` newlines: what puts a chunk's text on line `count + 1` of its input for Lua.
    static func newlines(_ count: Int) -> [UInt8] {
        [UInt8](repeating: UInt8(ascii: "\n"), count: max(0, count))
    }
}

extension LuaChunkLines {
    /// A syntax error's message as Lua writes it when the chunk comes after `offset` newlines,
    /// from the message of the chunk compiled alone: its position (`stdin:3:`, Lua's
    /// `chunk:line:`) moved down. Nil when that is not certain, so the caller compiles behind
    /// the newlines: when the message names another line ("to close 'if' at line 2") before
    /// the token it quotes, or the chunk starts with a carriage return (read with the last
    /// newline as one). O(length of the message).
    static func shifted(message: String, chunkID: String, by offset: Int, chunk: [UInt8]) -> String? {
        guard offset >= 0, chunk.first != 0x0D, message.hasPrefix(chunkID + ":") else { return nil }
        let afterID = message.dropFirst(chunkID.count + 1)
        guard let colon = afterID.firstIndex(of: ":"), let line = Int(afterID[..<colon]), line > 0 else { return nil }
        let text = afterID[afterID.index(after: colon)...]
        // What the message says before the token it quotes is Lua's own wording and names.
        let wording = text.firstRange(of: " near ").map { text[..<$0.lowerBound] } ?? text
        guard !wording.contains("line") else { return nil }
        return "\(chunkID):\(line + offset):\(text)"
    }
}
