import Testing
import TesseraCore
@testable import TesseraLua

/// The traceback the host adds is told apart by what a script cannot forge: a script's text
/// that reads like a traceback keeps the real one under it.
@Suite struct OwnChunkTests {
    let folder = ScriptFolder()

    @Test func aMessageThatReadsLikeATracebackKeepsTheRealOne() throws {
        let path = folder.write("forged.lua", """
        return { simpleLayout = function(ctx)
          error("x\\nstack traceback:\\n fake")
        end }
        """)
        let e = try #require(scriptError {
            _ = try LuaHost().loadLayoutScript(path: path).configured().layout(sizedContext([Size(width: 1, height: 1)]))
        })
        #expect(e.message == "\(path):2: x\nstack traceback:\n fake")
        #expect(e.traceback == "stack traceback:\n\t[C]: in function 'error'\n\t\(path):2: in function <\(path):1>\n\t[C]: in ?")
    }

    /// A nested call's error still carries one traceback, even when the script caught it and
    /// raised it again unchanged.
    @Test func aNestedErrorKeepsItsOneTraceback() throws {
        let repl = try ReplRecorder()
        repl.feed("ok, e = pcall(run, t.sections{ sections = function() error(\"deep\") end })", "error(e, 0)")
        #expect(repl.err.count == 1)
        #expect(repl.err.first?.hasPrefix("stdin:1: deep\nstack traceback:\n") == true, "\(repl.err)")
        #expect(repl.err.first?.components(separatedBy: "stack traceback:").count == 2, "\(repl.err)")
    }
}
