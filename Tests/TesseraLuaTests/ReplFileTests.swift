import Testing
import TesseraCore
@testable import TesseraLua

/// `tessera repl FILE.lua`: the file runs as one chunk named after its path before the prompt;
/// its globals stay for the typed lines, its errors name the file and line.
@Suite struct ReplFileTests {
    let folder = ScriptFolder()

    @Test("a file that runs: its prints reach the output, its globals stay, its locals do not")
    func aFileThatRuns() throws {
        let path = folder.write("setup.lua", "x = 41\nlocal hidden = 1\nprint('ready', #data)\nreturn 'not printed'\n")
        let repl = try ReplRecorder()
        #expect(try repl.session.runFile(path: path))
        repl.feed("x + 1", "hidden")
        #expect(repl.out == ["ready\t3", "42", "nil"])
        #expect(repl.err == [])
    }

    @Test("a syntax error names the file and line; nothing of the file runs and the session goes on")
    func aSyntaxError() throws {
        let path = folder.write("broken.lua", "y = 1\nif y then\n  print('never')\n")
        let repl = try ReplRecorder()
        #expect(try repl.session.runFile(path: path) == false)
        #expect(repl.err == ["\(path):4: 'end' expected (to close 'if' at line 2) near <eof>"])
        repl.feed("y")
        #expect(repl.out == ["nil"])
    }

    @Test("a runtime error names the file and line; what ran before it stays")
    func aRuntimeError() throws {
        let path = folder.write("fails.lua", "z = 5\n\nerror('no data here')\n")
        let repl = try ReplRecorder()
        #expect(try repl.session.runFile(path: path) == false)
        #expect(repl.err.first?.split(separator: "\n").first == "\(path):3: no data here")
        repl.feed("z")
        #expect(repl.out == ["5"])
    }

    @Test("a missing file is thrown as a file error, worded as for a layout script")
    func aMissingFile() throws {
        let path = folder.path + "/nowhere.lua"
        let repl = try ReplRecorder()
        #expect(throws: LuaScriptError(.file, message: "\(path): expected a script file, found no such file.")) {
            try repl.session.runFile(path: path)
        }
        #expect(repl.err == [])
    }

    @Test("source run under a name reports errors with that name")
    func sourceWithAName() throws {
        let repl = try ReplRecorder()
        #expect(repl.session.runFile(source: "w = 2", name: "inline.lua"))
        #expect(repl.session.runFile(source: "w = = 3", name: "inline.lua") == false)
        #expect(repl.err == ["inline.lua:1: unexpected symbol near '='"])
        repl.feed("w")
        #expect(repl.out == ["2"])
    }
}
