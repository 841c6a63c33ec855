import Testing
@testable import TesseraLua

/// What a newcomer types first from other REPLs gets what does it here, not `nil` or "attempt to
/// call a nil value"; a name the session defines runs as Lua.
@Suite struct ReplFirstWordsTests {
    @Test func helpQuitAndExitSayWhatDoesItHere() throws {
        let repl = try ReplRecorder()
        let steps = repl.feed("help", "help()", "quit", "exit()", "os.exit(0)", " os.exit() ")
        #expect(repl.out == [])
        #expect(repl.err == [
            "help is not defined here; :help lists the names and the commands",
            "help is not defined here; :help lists the names and the commands",
            "quit is not defined here; :quit or Ctrl-D leaves the REPL",
            "exit is not defined here; :quit or Ctrl-D leaves the REPL",
            "os.exit is not in the sandbox; :quit or Ctrl-D leaves the REPL",
            "os.exit is not in the sandbox; :quit or Ctrl-D leaves the REPL",
        ])
        #expect(steps.last == .done(history: "os.exit()"))
        #expect(repl.session.errorCount == 6)
    }

    @Test func aNameTheSessionDefinesRunsAsLua() throws {
        let repl = try ReplRecorder()
        repl.feed("help = 'mine'", "help", "function quit() return 'bye' end", "quit()", "os.exit = function(n) return n end", "os.exit(3)")
        #expect(repl.out == ["mine", "bye", "3"])
        #expect(repl.err == [])
    }

    @Test func shellLinesAndPastedPromptsSayWhatToTypeInstead() throws {
        let repl = try ReplRecorder()
        let steps = repl.feed("tessera run waterfall --data datasets/x.json", "tessera --help", "$ tessera repl",
                              ">  #data ", "x = 2", "> x")
        #expect(repl.out == [])
        #expect(repl.err == [
            "tessera is a shell command, not Lua; :quit or Ctrl-D leaves the REPL",
            "tessera is a shell command, not Lua; :quit or Ctrl-D leaves the REPL",
            "this line is a shell command, not Lua; :quit or Ctrl-D leaves the REPL",
            "the pages show `> ` before what is typed at the prompt: type only `#data`",
            "the pages show `> ` before what is typed at the prompt: type only `x`",
        ])
        #expect(steps.last == .done(history: "> x"))
        #expect(repl.session.errorCount == 5)
    }

    @Test func luaThatStartsWithTesseraRunsAsLua() throws {
        let repl = try ReplRecorder()
        repl.feed("tessera = 4", "tessera and 1", "tessera or 2", "tessera --help", "tessera - 1", "tessera run")
        #expect(repl.out == ["1", "4", "4", "3"])
        #expect(repl.err == ["stdin:1: syntax error near 'run'"])
    }

    @Test func otherLinesAreLua() throws {
        #expect(ReplSession.firstWords("help('run')") == nil)
        #expect(ReplSession.firstWords("helper") == nil)
        #expect(ReplSession.firstWords("exit(1, 2)") == nil)
        #expect(ReplSession.firstWords("x.exit()") == nil)
        #expect(ReplSession.firstWords("exit(1)")?.path == ["exit"])
    }
}
