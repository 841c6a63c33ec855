import Testing
@testable import TesseraLua

/// A chunk compiled alone and moved down its input is the chunk Lua compiles behind as many
/// newlines, byte for byte.
@Suite struct LuaChunkLinesTests {
    static let longString = String(repeating: "s", count: 60)   // a long string constant (over 40 bytes)
    static let sources = [
        "x = 1",
        "error('boom')",
        "local function f(a)\n  return a + nil\nend\nreturn f(1)",
        "return function() return function()\n error('deep') end end",
        "local s, n, f, b, c, z = 'short', 3, 2.5, true, false, nil\nlocal long = '\(longString)'\nreturn s, n, f, b, c, z, long",
        // A gap of more than 127 lines inside a function, and more than 128 instructions in a row.
        "local a = 1" + String(repeating: "\n", count: 200) + String(repeating: "a = a + 1\n", count: 300) + "return a",
        "function g()\n" + String(repeating: "  a = 1\n", count: 150) + String(repeating: "\n", count: 300) + "  return a\nend",
        "for i = 1, 3 do\n  local z = i\n  while z > 0 do z = z - 1 end\nend",
    ]

    static func dump(_ host: LuaHost, _ source: String, behind newlines: Int) throws -> [UInt8] {
        try host.loadChunk(LuaChunkLines.newlines(newlines) + Array(source.utf8), chunkName: "=stdin")
        defer { _ = host.popValue() }
        return try #require(host.dumpFunction())
    }

    @Test(arguments: [0, 1, 2, 126, 127, 128, 129, 5_000, 100_000])
    func aMovedDumpIsTheDumpOfTheChunkBehindNewlines(offset: Int) throws {
        let host = try LuaHost()
        for source in Self.sources {
            let alone = try Self.dump(host, source, behind: 0)
            #expect(LuaChunkLines.shifted(alone, by: offset) == (try Self.dump(host, source, behind: offset)), "\(source)")
        }
    }

    @Test func aMovedChunkRunsAndNamesTheInputsLines() throws {
        let host = try LuaHost()
        let env = try host.newEnvironment()
        let chunk = try host.load(Array("local x = 1\nlocal function f() error('late') end\nf()".utf8), chunkName: "=stdin",
                                  firstLine: 70_001, environment: env)
        let error = try #require(throws: LuaScriptError.self) { try host.call(.function(chunk)) }
        #expect(error.description == "stdin:70002: late\nstack traceback:\n\t[C]: in function 'error'\n\tstdin:70002: in local 'f'\n\tstdin:70003: in main chunk")
    }

    @Test func whatIsNoLua54DumpIsRefused() {
        #expect(LuaChunkLines.shifted([], by: 3) == nil)
        #expect(LuaChunkLines.shifted(Array("x = 1".utf8), by: 3) == nil)
        var wrongVersion = LuaChunkLines.header + [UInt8](repeating: 0, count: 40)
        wrongVersion[4] = 0x53
        #expect(LuaChunkLines.shifted(wrongVersion, by: 3) == nil)
        // A header and then nothing a function can be read from.
        #expect(LuaChunkLines.shifted(LuaChunkLines.header + [UInt8](repeating: 0, count: 17) + [0xFF], by: 3) == nil)
    }
}

/// A syntax error's message moved down its input is the message Lua writes for the chunk
/// behind as many newlines, or nil when only compiling behind them can say.
@Suite struct LuaChunkLinesMessageTests {
    /// Each failing chunk, and whether its message can be moved without compiling again.
    static let failures: [(source: String, moves: Bool)] = [
        ("x = = 1", true),
        ("if x then\n  y = = 1", true),
        ("x = \"unfinished", true),
        ("x = 'a\\q'", true),
        ("x = 3x", true),
        ("x = 1 +", true),
        ("local x <const> = 1; x = 2", true),
        ("t = {\n1,\n2", false),                              // "(to close '{' at line 1)"
        ("while true do\n  local function f()\n  end", false),  // "(to close 'while' at line 1)"
        ("goto nowhere", false),
        ("::a:: ::a::", false),
        ("x = [[\nlong", false),
        ("x = 'a' 'at line 2'", true),
        ("line = = 2", true),
        ("\rx = = 1", false),
    ]

    @Test(arguments: [1, 2, 40_000])
    func aMovedMessageIsTheMessageBehindNewlines(offset: Int) throws {
        let host = try LuaHost()
        for (source, moves) in Self.failures {
            let chunk = Array(source.utf8)
            let alone = try #require(throws: LuaScriptError.self) { try host.loadChunk(chunk, chunkName: "=stdin") }
            let behind = try #require(throws: LuaScriptError.self) { try host.loadChunk(LuaChunkLines.newlines(offset) + chunk, chunkName: "=stdin") }
            let moved = LuaChunkLines.shifted(message: alone.message, chunkID: "stdin", by: offset, chunk: chunk)
            #expect(moved == (moves ? behind.message : nil), "\(source)")
        }
    }
}
