import Foundation
import Testing
import TesseraCore

/// `tessera repl` driven through a pipe: no prompts, only what the lines print on stdout,
/// errors on stderr. Sessions that do not test the limits run with `--time-limit 0`: a line's
/// fixed work must not fail because the machine is busy.
@Suite struct ReplCommandTests {
    /// The issue's first acceptance example, exactly.
    @Test func pipedLinesPrintOnlyTheirResults() throws {
        let outcome = try runTessera(["repl", "--time-limit", "0"], input: "x = 41\nx + 1\nlocal y = 2\ny\nfor i=1,2 do\nprint(i)\nend\n")
        #expect(outcome.stdout == "42\n2\n1\n2\n")
        #expect(outcome.stderr == "")
        #expect(outcome.status == 0)
    }

    /// The guides flags are `run`'s in the prompt, as `tessera run`'s are its layout's; a bad one
    /// is the one option message.
    @Test func theGuidesFlagsAreRunsGuides() throws {
        let compositional = "m = t.compositional{ contentInsetsReference = 'layoutMargins', section = t.section{ group = t.hgroup{ size = {'100%', 50}, items = {t.item{ size = {'100%', '100%'} }} } } }"
        let outcome = try runTessera(["repl", "--time-limit", "0", "--safe-area", "0,20,0,40", "--layout-margins", "5"],
                                     input: compositional + "\nrun(m, {width = 300}):frame(2)\n")
        #expect(outcome.stdout == "25\t50\t230\t50\n")
        #expect(outcome.stderr == "")
        let bad = try runTessera(["repl", "--safe-area", "-1"], input: "")
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: --safe-area '-1' is not valid; expected one non-negative length or four as T,L,B,R, for example 0,44,21,44.\n"))
    }

    /// `--sizing` is run's rule in the prompt, as `tessera run`'s is its layout's.
    @Test func theSizingFlagIsRunsRule() throws {
        let data = "datasets/tuxpaint-stamps.json"
        var sizes: [[Double?]] = []
        for rule in ["fit", "fill"] {
            let repl = try runTessera(["repl", "--time-limit", "0", "--data", data, "--sizing", rule],
                                      input: "run('flow'):contentSize()\n")
            #expect(repl.stderr == "")
            let run = try runTessera(["run", "flow", "--data", data, "--sizing", rule, "--format", "json"])
            guard case .object(let document) = try JSONParser.parse(run.stdout), case .array(let size)? = document["contentSize"] else {
                Issue.record("unexpected tessera run output: \(run.stderr)")
                continue
            }
            sizes.append(size.map(\.number))
            #expect(repl.stdout.dropLast().split(separator: "\t").map { Double($0) } == size.map(\.number))
        }
        #expect(sizes.count == 2 && sizes[0] != sizes[1])   // the rule made a difference
        let bad = try runTessera(["repl", "--sizing", "nope"], input: "")
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: --sizing 'nope' is not valid; expected one of fit, fillWidth, intrinsic, fill.\n"), "\(bad.stderr)")
    }

    /// The second: the REPL's content size and count are `tessera run`'s for the same inputs.
    @Test func runInTheReplMatchesTesseraRun() throws {
        let data = "datasets/tuxpaint-stamps.json", layout = "layouts/waterfall.lua"
        let repl = try runTessera(["repl", "--time-limit", "0", "--data", data, "--layout", layout],
                                  input: "r = run(L)\nr:contentSize()\n#r:frames()\n")
        #expect(repl.stderr == "")
        let run = try runTessera(["run", layout, "--data", data, "--format", "json", "--time-limit", "0"])
        #expect(run.status == 0)
        guard case .object(let document) = try JSONParser.parse(run.stdout),
              case .array(let size)? = document["contentSize"], case .array(let items)? = document["items"] else {
            Issue.record("unexpected tessera run output: \(run.stderr)")
            return
        }
        let lines = repl.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.split(separator: "\t").map { Double($0) } == size.map(\.number))
        #expect(lines.last == String(items.count))
        #expect(items.count == 961)
    }

    /// The third: a syntax error, a runtime error and a runaway loop each print a clear message,
    /// and the next line still runs.
    @Test func errorsLeaveTheSessionRunning() throws {
        let outcome = try runTessera(["repl", "--time-limit", "0.1"], input: "x = = 1\n'one'\nerror('boom')\n'two'\nwhile true do end\n'three'\n")
        #expect(outcome.stdout == "one\ntwo\nthree\n")
        #expect(outcome.status == 1)   // a piped session fails when any line raised an error
        let stderr = outcome.stderr
        // piped lines: each message names its line of the input
        #expect(stderr.hasPrefix("stdin:1: unexpected symbol near '='\nstdin:3: boom\nstack traceback:\n"))
        #expect(stderr.contains("\nstdin:5: time limit of 0.1 s of CPU time exceeded\nstack traceback:\n\tstdin:5: in main chunk\n"))
        #expect(stderr.hasSuffix("(a line may run for 0.1 s of CPU time; start the REPL with --time-limit SECONDS to change that)\n"))
    }

    @Test func limitFlagsApply() throws {
        let outcome = try runTessera(["repl", "--time-limit", "0", "--max-instructions", "50000"],
                                     input: "for i = 1, 1e9 do end\n'after'\n")
        #expect(outcome.stdout == "after\n")
        #expect(outcome.stderr.hasPrefix("stdin:1: instruction budget of 50,000 exceeded\n"))
    }

    @Test func quitStopsReadingAndEndOfInputReportsAnUnfinishedStatement() throws {
        let quit = try runTessera(["repl", "--time-limit", "0"], input: "1\n:quit\n2\n")
        #expect(quit.stdout == "1\n")
        #expect(quit.status == 0)
        let unfinished = try runTessera(["repl", "--time-limit", "0"], input: "'before'\nfor i = 1, 2 do\n")
        #expect(unfinished.stdout == "before\n")
        #expect(unfinished.stderr == "stdin:2: 'end' expected near <eof>\n")
        #expect(unfinished.status == 1)
        let clean = try runTessera(["repl", "--time-limit", "0"], input: "x = 1\nx + 1\n")
        #expect(clean.stdout == "2\n")
        #expect(clean.status == 0)
    }

    @Test func viewportAndShowInAPipe() throws {
        let outcome = try runTessera(["repl", "--time-limit", "0", "--viewport", "300x200"],
                                     input: ":viewport\nr = run(t.waterfall{columns = 3})\nr:show()\n")
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "viewport 300x200")
        // Not a terminal: at most 80 columns; the outline's top edge starts the picture.
        #expect(lines.dropFirst().allSatisfy { $0.count <= 80 })
        #expect(lines[1].hasPrefix("+---") && lines[1].hasSuffix("---+"))
        #expect(outcome.stdout.contains("viewport 300x200 at 0,0 outlined;"))
        #expect(outcome.stderr == "")
    }

    @Test func badStartsAreOneSentence() throws {
        let missing = try runTessera(["repl", "--layout", "layouts/no-such-layout.lua"], input: "")
        #expect(missing.status == 1)
        #expect(missing.stderr == "Error: layouts/no-such-layout.lua: expected a script file, found no such file.\n")
        let data = try runTessera(["repl", "--data", "datasets/no-such.json"], input: "")
        #expect(data.status == 1)
        #expect(data.stderr.hasPrefix("Error: datasets/no-such.json"))
        #expect(data.stdout == "")
    }

    /// `--layout` takes a script by the name `tessera run` knows it by; a built-in name says how
    /// to get that layout at the prompt, and an unknown one gets run's list.
    @Test func theLayoutFlagTakesRunsScriptNames() throws {
        let byName = try runTessera(["repl", "--data", "datasets/appstream-bookworm.json", "--layout", "appstore"],
                                    input: "#run(L):frames()\n")
        let byPath = try runTessera(["repl", "--data", "datasets/appstream-bookworm.json", "--layout", "layouts/appstore.lua"],
                                    input: "#run(L):frames()\n")
        #expect(byName.status == 0 && byName.stderr == "", "\(byName.stderr)")
        #expect(byName.stdout == byPath.stdout && byName.stdout != "")
        let builtin = try runTessera(["repl", "--layout", "flow"], input: "")
        #expect(builtin.status == 1)
        #expect(builtin.stderr == "Error: --layout flow: a built-in layout has no script for :reload to re-read; expected a .lua file "
                + "or a script's name (`tessera layouts` lists them), or type L = t.flow{} at the prompt.\n")
        let unknown = try runTessera(["repl", "--layout", "mosiac"], input: "")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("Error: unknown layout 'mosiac' (did you mean mosaic?); expected a .lua file"), "\(unknown.stderr)")
    }

    /// A FILE that is a folder or a symbolic link loop is named as one, in the readers' words
    /// (a loop "does not exist", a folder was not "a readable UTF-8 Lua file").
    @Test func aFileThatIsAFolderOrALinkLoopIsNamedAsOne() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("d.lua"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("a.lua").path, withDestinationPath: "b.lua")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("b.lua").path, withDestinationPath: "a.lua")
        let folderFile = try runTessera(["repl", "d.lua", "--batch"], in: folder, input: "")
        #expect(folderFile.status == 1 && folderFile.stderr == "Error: d.lua: expected a regular file, found a directory.\n")
        let loop = try runTessera(["repl", "a.lua", "--batch"], in: folder, input: "")
        #expect(loop.status == 1 && loop.stderr == "Error: a.lua: cannot read the file (too many levels of symbolic links).\n")
    }

    @Test func aBrokenLayoutStillOpensThePrompt() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "return {\n  simpleLayout = function(ctx)\n".write(to: folder.appendingPathComponent("b.lua"), atomically: true, encoding: .utf8)
        let outcome = try runTessera(["repl", "--time-limit", "0", "--layout", "b.lua"], in: folder, input: "L\n1 + 1\n")
        #expect(outcome.stdout == "nil\n2\n")
        #expect(outcome.stderr == "b.lua:3: 'end' expected (to close 'function' at line 2) near <eof>\nL is nil until :reload succeeds\n")
        #expect(outcome.status == 1)   // the broken layout counts as an error of the session
    }

    /// Lua strings are bytes: a piped line's bytes reach Lua unchanged, and print's bytes
    /// reach the pipe unchanged (`readLine` and `String` would make 0xFF three bytes, U+FFFD).
    @Test func pipedBytesThatAreNotUTF8StayBytes() throws {
        let pipeline = #"printf 'print(#"\377")\nprint("\377")\n"\376"\n' | "$TESSERA" repl --time-limit 0 | od -An -tx1"#
        let outcome = try runTessera(["-c", pipeline], executable: URL(fileURLWithPath: "/bin/sh"),
                                     environment: ["TESSERA": tesseraBinary.path])
        #expect(outcome.stdout.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                == "31 0a ff 0a fe 0a\n")
        #expect(outcome.stderr == "")
        #expect(outcome.status == 0)
    }
}
