import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// Lua strings are bytes: what is typed reaches Lua unchanged, and `print` writes the bytes
/// of its strings, even those that are not UTF-8.
@Suite struct ReplBytesTests {
    /// A session recording standard output as bytes, one entry per write.
    final class Recorder {
        var out: [[UInt8]] = []
        var err: [String] = []
        let session: ReplSession

        init() throws {
            session = try ReplSession(dataset: Dataset.synthetic(count: 3) { _ in Size(width: 100, height: 50) },
                                      output: ReplOutput(standard: { _ in }, error: { _ in }))
            session.output = ReplOutput(standardBytes: { [unowned self] in self.out.append($0) },
                                        error: { [unowned self] in self.err.append($0) })
        }

        func feed(_ line: [UInt8]) { _ = session.feed(bytes: line) }
    }

    @Test func typedBytesReachLuaAsTheyAre() throws {
        let repl = try Recorder()
        repl.feed(Array(#"#"\#u{FF}""#.utf8))                        // a UTF-8 character: two bytes
        repl.feed(Array("#\"".utf8) + [0xFF] + Array("\"".utf8))     // the byte 0xFF alone: one
        repl.feed(Array("s = \"".utf8) + [0xC3, 0x28, 0xFF] + Array("\"".utf8))
        repl.feed(Array("string.byte(s, 1, -1)".utf8))
        #expect(repl.out == [Array("2".utf8), Array("1".utf8), Array("195\t40\t255".utf8)])
        #expect(repl.err == [])
    }

    @Test func printWritesTheBytesOfStrings() throws {
        let repl = try Recorder()
        repl.feed(Array(#"print("a\255b", "\xc3")"#.utf8))
        repl.feed(Array("\"".utf8) + [0xFE] + Array("\"".utf8))
        #expect(repl.out == [[0x61, 0xFF, 0x62, 0x09, 0xC3], [0xFE]])
    }

    /// A layout script's own `print` (run from a file, in its own environment) writes bytes as
    /// the prompt's does: it decoded them, so 0xFF came out as U+FFFD's three bytes.
    @Test func aLayoutScriptsPrintWritesTheBytesOfStrings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-repl-bytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("printer.lua")
        try #"return { simpleLayout = function(ctx) print("a\255b", "caf\xc3\xa9") for i = 1, ctx.count do ctx.set(i, 0, 0, 1, 1) end end }"#
            .write(to: script, atomically: true, encoding: .utf8)
        let repl = try Recorder()
        repl.feed(Array("_ = run(load(\"\(script.path)\"))".utf8))
        #expect(repl.err == [])
        #expect(repl.out == [[0x61, 0xFF, 0x62, 0x09] + Array("café".utf8)])
    }

    @Test func aStatementOverSeveralLinesKeepsItsBytes() throws {
        let repl = try Recorder()
        repl.feed(Array("local s = [[".utf8) + [0xFF])
        repl.feed([0x80] + Array("]]".utf8))
        repl.feed(Array("s".utf8))
        #expect(repl.out == [[0xFF, 0x0A, 0x80]])
    }

    /// The cut backs off only over a UTF-8 character it would split; other bytes stay.
    @Test func longOutputIsCutAtBytesNotCharacters() throws {
        let repl = try Recorder()
        repl.session.maxCharacters = 4
        repl.feed(Array(#"string.rep("\xff", 10)"#.utf8))
        repl.feed(Array(#"string.rep("\x80", 10)"#.utf8))
        repl.feed(Array(#""abc\u{E9}""#.utf8))
        repl.feed(Array(#""ab\u{E9}z""#.utf8))
        let note = { (left: Int) in Array("\n-- (truncated: \(left) more bytes; output is limited to 4 characters)".utf8) }
        #expect(repl.out == [[0xFF, 0xFF, 0xFF, 0xFF] + note(6), [0x80, 0x80, 0x80, 0x80] + note(6),
                             Array("abc".utf8) + note(2), Array("ab\u{E9}".utf8) + note(1)])
    }

    /// Text sinks (`ReplOutput(standard:)`) still get text: what is not UTF-8 as U+FFFD.
    @Test func aTextSinkGetsReplacementCharacters() throws {
        var out: [String] = []
        let session = try ReplSession(dataset: Dataset.synthetic(count: 1) { _ in Size(width: 1, height: 1) },
                                      output: ReplOutput(standard: { out.append($0) }, error: { _ in }))
        _ = session.feed(bytes: Array("\"a".utf8) + [0xFF] + Array("\"".utf8))
        #expect(out == ["a\u{FFFD}"])
    }
}
