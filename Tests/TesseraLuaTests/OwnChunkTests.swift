import Testing
import TesseraCore
@testable import TesseraLua

/// Tessera's own Lua chunks (the prelude, the REPL's helpers, the test harness) and the
/// traceback the host adds are told apart by what a script cannot forge: a script's text that
/// reads like a traceback keeps the real one under it, a script cannot name its chunk as one of
/// Tessera's, and the harness's frames are left out of a test's traceback as the prelude's are.
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
        #expect(e.traceback == "stack traceback:\n\t[C]: in function 'error'\n\t\(path):2: in function <\(path):1>")
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

    @Test func aScriptCannotNameItsChunkAsTesserasOwn() throws {
        let host = try LuaHost(limits: ScriptLimits(timeLimit: nil, maxInstructions: 100_000))
        let refused = try #require(scriptError {
            _ = try host.evaluate("local f = load('while true do end', '=[tessera]')", chunkName: "=mine", environment: host.newEnvironment())
        })
        #expect(refused.message == "mine:1: load: the chunk name '=[tessera]' is reserved (names starting with \"=[\" are Tessera's own chunks)")
        // Any other name is the script's: a limit names its line.
        let stopped = try #require(scriptError {
            _ = try host.evaluate("local f = load('\\n\\nwhile true do end', '=chunk')\nf()", chunkName: "=mine", environment: host.newEnvironment())
        })
        #expect(stopped.message == "chunk:3: instruction budget of 100,000 exceeded")
    }

    @Test func theTestHarnessFramesAreLeftOut() throws {
        let (host, harness) = try TypesFileTests.testHost()
        let environment = try host.newEnvironment()
        host.setField("test", of: environment, to: harness[0])
        host.setField("expect", of: environment, to: harness[1])
        let chunk = try host.load("""
        test("fails", function()
          expect(1):toEqual(2)
        end)
        """, chunkName: "@x_test.lua", environment: environment)
        try host.call(.function(chunk))
        let e = try #require(scriptError { try host.call(harness[4], [.integer(1)]) })
        #expect(e.message == "x_test.lua:2: expected values to be equal: the value is 1, expected 2")
        #expect(e.traceback == "stack traceback:\n\t[C]: in function 'error'\n\tx_test.lua:2: in field 'fn'")
    }
}
