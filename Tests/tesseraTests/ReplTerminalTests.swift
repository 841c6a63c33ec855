import Foundation
import Testing

/// The REPL at a real (pseudo-)terminal, where lines are read with libedit.
@Suite struct ReplTerminalTests {
    /// Keys beyond ASCII reach Lua as their UTF-8 bytes, whatever locale the environment names:
    /// libedit, in the "C" locale the process started in, dropped them (`#"é"` was 0, and
    /// `print("café 🎉")` printed `caf `).
    @Test(arguments: [
        ["LC_ALL": nil, "LC_CTYPE": nil, "LANG": nil],          // no locale: the "C" one
        ["LC_ALL": "C", "LC_CTYPE": nil, "LANG": nil],
        ["LC_ALL": nil, "LC_CTYPE": nil, "LANG": "C.UTF-8"],
    ] as [[String: String?]])
    func typedNonASCIIReachesLua(environment: [String: String?]) throws {
        var environment = environment
        environment["TESSERA_HISTORY"] = try temporaryDirectory().appendingPathComponent("history").path
        let repl = try TerminalRun(["repl"], environment: environment)
        #expect(repl.waitFor("> "), "\(repl.shown)")
        let mark = repl.shown.utf8.count
        repl.send("print(#\"é\", \"café 🎉\")\r")
        #expect(repl.waitFor("\r\n> ", after: mark), "\(repl.shown)")
        #expect(String(decoding: repl.shown.utf8.dropFirst(mark), as: UTF8.self).contains("\r\n2\tcafé 🎉\r\n"), "\(repl.shown)")
        repl.send("\u{4}")   // Ctrl-D leaves
        #expect(repl.finish() == 0, "\(repl.shown)")
    }

    /// The banner says what `data` holds once: a file's items and its name, or the generated
    /// items (it read "100 items from 100 generated items").
    @Test(arguments: [
        ([], "Tessera REPL: 100 generated items. :help, or Ctrl-D to leave.\r\n> "),
        (["--data", "datasets/examples/photos.jsonl"], "Tessera REPL: 12 items from photos.jsonl. :help, or Ctrl-D to leave.\r\n> "),
    ])
    func theBannerNamesTheData(arguments: [String], banner: String) throws {
        let history = try temporaryDirectory().appendingPathComponent("history").path
        let repl = try TerminalRun(["repl"] + arguments, environment: ["TESSERA_HISTORY": history])
        #expect(repl.waitFor("> "), "\(repl.shown)")
        #expect(repl.shown == banner)
        repl.send("\u{4}")
        #expect(repl.finish() == 0, "\(repl.shown)")
    }

    /// Ctrl-D at the `>>` prompt drops the unfinished statement with its syntax error, as `lua`
    /// does, and the session goes on; arrow-up brings the statement back; at `>` Ctrl-D leaves.
    @Test func endOfInputInsideAStatementDropsIt() throws {
        let history = try temporaryDirectory().appendingPathComponent("history").path
        let repl = try TerminalRun(["repl", "--time-limit", "0"], environment: ["TESSERA_HISTORY": history])
        #expect(repl.waitFor("> "), "\(repl.shown)")
        repl.send("for i = 1, 2 do\r")
        #expect(repl.waitFor(">> "), "\(repl.shown)")
        var mark = repl.shown.utf8.count
        repl.send("\u{4}")
        #expect(repl.waitFor("stdin:1: 'end' expected near <eof>\r\n> ", after: mark), "\(repl.shown)")
        mark = repl.shown.utf8.count
        repl.send("\u{1b}[A")   // arrow-up: the dropped statement, to finish
        #expect(repl.waitFor("for i = 1, 2 do", after: mark), "\(repl.shown)")
        repl.send(" print(i * 10) end\r")
        #expect(repl.waitFor("\r\n10\r\n20\r\n> ", after: mark), "\(repl.shown)")
        repl.send("\u{4}")
        #expect(repl.finish() == 0, "\(repl.shown)")
    }

    /// Ctrl-C stops a running line; "interrupted" starts on a line of its own, not after the
    /// `^C` the terminal echoed, and the prompt comes back.
    @Test func anInterruptedLineIsReportedOnALineOfItsOwn() throws {
        let history = try temporaryDirectory().appendingPathComponent("history").path
        let repl = try TerminalRun(["repl", "--time-limit", "0"], environment: ["TESSERA_HISTORY": history])
        #expect(repl.waitFor("> "), "\(repl.shown)")
        let mark = repl.shown.utf8.count
        // The line says when it runs: a Ctrl-C sent before would find nothing running.
        repl.send("print('running') while true do end\r")
        #expect(repl.waitFor("running\r\n", after: mark), "\(repl.shown)")
        repl.interrupt()
        #expect(repl.waitFor("\r\n> ", after: mark), "\(repl.shown)")
        #expect(String(decoding: repl.shown.utf8.dropFirst(mark), as: UTF8.self)
                == "print('running') while true do end\r\nrunning\r\n^C\r\nstdin:1: interrupted\r\nstack traceback:\r\n\tstdin:1: in main chunk\r\n> ", "\(repl.shown)")
        repl.send("\u{4}")
        #expect(repl.finish() == 0, "\(repl.shown)")
    }
}
