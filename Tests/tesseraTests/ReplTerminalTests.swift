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
}
