import Foundation
import Testing
@testable import tessera

/// Hostile input to the command line: every run is a subprocess with a timeout, so a crash
/// (a status above 128) or a hang (`CLIOutcome.timedOut`) fails the one test, not the suite.
@Suite struct HardeningCLITests {
    /// Runs tessera with a timeout (far above any run's work) in a fresh temporary folder holding `files`.
    func run(_ arguments: [String], files: [String: String] = [:], in folder: URL? = nil,
             timeout: Double = 60) throws -> (CLIOutcome, URL) {
        let dir = try folder ?? temporaryDirectory()
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return (try runTessera(arguments, in: dir, timeout: timeout), dir)
    }

    /// A built-in layout given sizes a dataset refuses (past `Item.largestSize`) by a script:
    /// refused at the script's line as a dataset's are at load (they overflowed the waterfall's
    /// column into "waterfall layout produced an invalid frame (0, 1e+308, 375, 1e+308)").
    static let twoHugeItems = ["huge.lua": "local t = require(\"tessera\")\nreturn t.waterfall{ columns = 1 }:sized(function() return 1, 1e308 end)\n",
                               "two.json": #"{"items":[{"id":"a"},{"id":"b"}]}"#]

    @Test(arguments: ["json", "text", "svg", "html"])
    func aScriptSizePastTheLargestIsAnErrorInEveryFormat(format: String) throws {
        let (r, _) = try run(["run", "huge.lua", "--data", "two.json", "--format", format], files: Self.twoHugeItems)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "Error: huge.lua:2: size returned h = 1e+308 for item 1 (Lua index; item 0 in the output); a size needs two numbers from 0 to 1e7.\n")
    }

    /// A dataset's sizes within the bounds whose fillWidth scaling (h · pw / w) still overflows:
    /// the smallest positive width under the largest height. The layout names the item and the
    /// rule, and writes nothing; no per-item check pays for it (`SizeBounds` sees it at load).
    @Test func aLoadedSizeThatFillWidthScalesPastTheLargestDoubleIsAnError() throws {
        let (r, _) = try run(["run", "flow", "--data", "thin.json", "--sizing", "fillWidth", "--format", "json"],
                             files: ["thin.json": #"[{"id":"a","w":5e-324,"h":1e7},{"id":"b","w":10,"h":10}]"#])
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "Error: thin.json: item 0 (id \"a\") is 5e-324 x 10000000, which the fillWidth sizing rule scales to 375 x inf for a 375 x 812 container, too large for a number; expected an item size with a less extreme aspect ratio.\n")
    }

    @Test func aScriptFrameWhoseFarEdgeOverflowsIsAnError() throws {
        let script = "return { simpleLayout = function(ctx)\n  ctx.set(1, 1e308, 1e308, 1e308, 1e308)\nend }\n"
        let (r, _) = try run(["run", "big.lua"], files: ["big.lua": script])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("Error: big.lua:2: ctx.set: frame 1 (Lua index; item 0 in the output) has x + w = inf; a frame's far edges (x + w, y + h) must be finite numbers.\nstack traceback:\n"))
    }

    @Test(arguments: [
        (["--max-memory", "99999999999999999"], "--max-memory '99999999999999999' is not valid; expected a number of MB greater than 0 and at most 1,048,576"),
        (["--max-memory", "1e400"], "--max-memory '1e400' is not valid; expected a number of MB greater than 0 and at most 1,048,576"),
        (["--max-memory", "-5"], "--max-memory '-5' is not valid; expected a number of MB greater than 0 and at most 1,048,576"),
        (["--time-limit", "nan"], "--time-limit 'nan' is not valid; expected a number of seconds from 0 (no limit) to 86,400"),
        (["--time-limit", "inf"], "--time-limit 'inf' is not valid; expected a number of seconds from 0 (no limit) to 86,400"),
        (["--time-limit", "1e10"], "--time-limit '1e10' is not valid; expected a number of seconds from 0 (no limit) to 86,400"),
        (["--max-instructions", "-1"], "--max-instructions '-1' is not valid; expected a whole number from 0 (no budget) to 9,223,372,036,854,775,807"),
        (["--max-data-size", "0"], "--max-data-size '0' is not valid; expected a number of MB greater than 0 and at most 1,048,576"),
    ])
    func limitFlagsStateTheirRange(arguments: [String], message: String) throws {
        let (r, _) = try run(["run", "waterfall"] + arguments)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: \(message).\n"), "\(r.stderr)")
    }

    @Test(arguments: [
        (["--viewport", "-1x5"], "--viewport '-1x5' is not valid; expected two numbers, neither negative, like 375x812"),
        (["--offset", "0,nan"], "--offset '0,nan' is not valid; expected two finite numbers like 0,2000"),
        (["--viewport", String(repeating: "9", count: 100_000) + "x5"],
         "--viewport '\(String(repeating: "9", count: 64))'… (100,002 characters) is not valid; expected two finite numbers like 375x812"),
    ])
    func optionValuesGetAMessageThatStatesTheBounds(arguments: [String], message: String) throws {
        let (r, _) = try run(["run", "waterfall"] + arguments)
        #expect(r.status == 64)
        #expect(r.stderr == usageErrorText(message, command: "run"))
    }

    /// A layout parameter's value is the layout's to judge, when it runs: exit 1, the sentence alone.
    @Test func aParameterOutOfItsRangeIsFoundWhileRunning() throws {
        let (r, _) = try run(["run", "waterfall", "--param", "columns=1000000000"])
        #expect(r.status == 1)
        #expect(r.stderr == "Error: waterfall param 'columns' expects a whole number from 1 to 1,000, got 1000000000.\n")
    }

    @Test func aNegativeOffsetIsAValueNotAnOption() throws {
        let (r, _) = try run(["run", "waterfall", "--offset", "-5,10"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"visible\""))
    }

    /// A FIFO is refused before it is opened (a read would wait for a writer), as a dataset, a
    /// layout script, an animator script or a required module, each message saying what it is.
    @Test(arguments: [
        (["run", "waterfall", "--data", "pipe.json"], "Error: pipe.json: expected a regular file, found a FIFO (named pipe).\n"),
        (["run", "pipe.lua"], "Error: pipe.lua: expected a regular file, found a FIFO (named pipe).\n"),
        (["animate", "flow", "--data", "items.json", "--to-layout", "row", "--animator", "pipe.lua"],
         "Error: pipe.lua: expected a regular file, found a FIFO (named pipe).\n"),
        (["run", "main.lua"],
         "Error: main.lua:1: module 'pipe': pipe.lua: expected a regular file, found a FIFO (named pipe).\nstack traceback:\n\t[C]: in global 'require'\n\tmain.lua:1: in main chunk\n"),
    ])
    func aFifoIsRefusedWithoutBlocking(arguments: [String], message: String) throws {
        let dir = try temporaryDirectory()
        for pipe in ["pipe.json", "pipe.lua"] { #expect(mkfifo(dir.appendingPathComponent(pipe).path, 0o644) == 0) }
        let files = ["main.lua": "return require(\"pipe\")\n", "items.json": #"[{"id":"a","w":10,"h":10}]"#]
        let (r, _) = try run(arguments, files: files, in: dir)
        #expect(r.status == 1)
        #expect(r.stderr == message)
    }

    @Test func aDataFileOverTheSizeLimitIsRefusedAndTheFlagRaisesIt() throws {
        let items = (0..<30_000).map { #"{"id":\#($0),"w":10,"h":10}"# }.joined(separator: ",")
        let files = ["big.json": #"{"items":["# + items + "]}"]
        let (r, dir) = try run(["run", "waterfall", "--data", "big.json", "--max-data-size", "0.5"], files: files)
        #expect(r.status == 1)
        #expect(r.stderr == "Error: big.json: expected a data file of at most 0.5 MB (raise the limit with --max-data-size MB), found 0.8 MB.\n")
        let (ok, _) = try run(["run", "waterfall", "--data", "big.json", "--max-data-size", "2", "--format", "text"], in: dir)
        #expect(ok.status == 0, "\(ok.stderr)")
        // Every command that reads a dataset names the flag alike (TesseraCore's message names none).
        try #"[{"id":"a","w":10,"h":10}]"#.write(to: dir.appendingPathComponent("small.json"), atomically: true, encoding: .utf8)
        let limit = ["--max-data-size", "0.5"]
        for arguments in [["check", "waterfall", "--data", "big.json"], ["scroll", "waterfall", "--data", "big.json"],
                          ["animate", "waterfall", "--data", "small.json", "--to", "big.json"], ["diff", "small.json", "big.json"],
                          ["repl", "--data", "big.json"], ["scroll", "waterfall", "--data", "small.json", "--measured", "big.json"]] {
            let (refused, _) = try run(arguments + limit, in: dir)
            #expect(refused.status == 1, "\(arguments)")
            #expect(refused.stderr == "Error: big.json: expected a data file of at most 0.5 MB (raise the limit with --max-data-size MB), found 0.8 MB.\n",
                    "\(arguments)")
        }
    }

    @Test func stdoutOnAFullDiskIsAnErrorWithStatus1() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let process = try ChildProcess(tesseraBinary.path, ["run", "waterfall"], environment: childEnvironment(),
                                       stdout: .handle(full), stderr: .pipe)
        try full.close()
        let message = String(decoding: process.error!.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.wait() == .exited(1))
        #expect(message == "Error: cannot write to standard output: no space left on device.\n")
    }

    @Test func stdoutIntoAPipeClosedEarlyEndsQuietlyAsSIGPIPEDoes() throws {
        // `head -c 1` closes the pipe after one byte; the rest of the layout meets the closed pipe.
        let data = repositoryRoot.appendingPathComponent("datasets/emoji-15.1.json").path
        let r = try runTessera(["-c", "\"$0\" run flow --data \"$1\" | head -c 1 >/dev/null; echo \"status ${PIPESTATUS[0]}\"",
                                tesseraBinary.path, data], executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(r.stdout == "status 141\n")
        #expect(r.stderr == "")
    }

    /// Every command that prints to stdout, with its reader gone before it writes: killed by
    /// SIGPIPE, as `cat` is, and nothing on stderr.
    @Test(arguments: [
        ["run", "waterfall"], ["run", "waterfall", "--format", "text"], ["check", "waterfall"], ["layouts"],
        ["scroll", "waterfall", "--data", "datasets/examples/photos.jsonl", "--steps", "2"],
        ["animate", "waterfall", "--data", "datasets/examples/photos.jsonl", "--to-layout", "flow"],
        ["diff", "datasets/examples/photos.jsonl", "datasets/examples/photos.jsonl"],
        ["run", "--help"], ["help"],
    ])
    func everyCommandEndsQuietlyWhenItsReaderHasGone(arguments: [String]) throws {
        let out = Pipe()
        try out.fileHandleForReading.close()   // the reader is gone before the first write
        let process = try ChildProcess(tesseraBinary.path, arguments, in: repositoryRoot.path,
                                       environment: childEnvironment(),
                                       stdout: .handle(out.fileHandleForWriting), stderr: .pipe)
        try out.fileHandleForWriting.close()
        let message = String(decoding: process.error!.readDataToEndOfFile(), as: UTF8.self)
        #expect(message == "")
        #expect(process.wait() == .signalled(SIGPIPE))
    }

    @Test func outPastTheFileSizeLimitIsAnErrorAndLeavesNoTemporary() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = repositoryRoot.appendingPathComponent("datasets/emoji-15.1.json").path
        let r = try runTessera(["-c", "ulimit -f 1; \"$0\" run flow --data \"$1\" --out x.json; echo \"status $?\"",
                                tesseraBinary.path, data], in: dir, executable: URL(fileURLWithPath: "/bin/bash"),
                               environment: noCoverageProfile)
        #expect(r.stdout == "status 1\n")
        #expect(r.stderr == "Error: cannot write x.json: file too large.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
    }

    @Test func aLongErrorMessageIsCutWithANote() throws {
        let script = "return { simpleLayout = function(ctx)\n  error(string.rep(\"x\", 1000000))\nend }\n"
        let (r, _) = try run(["run", "long.lua", "--time-limit", "0"], files: ["long.lua": script])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("Error: long.lua:2: xxxx"))
        #expect(r.stderr.count < 4200)
        #expect(r.stderr.contains("\n[... 996,") && r.stderr.contains(" characters cut from this message ...]\n"))
        #expect(r.stderr.hasSuffix("xxxx.\nstack traceback:\n\t[C]: in function 'error'\n\tlong.lua:2: in function <long.lua:1>\n"))
    }

    @Test func terminalEscapesAreShownEscapedOnATerminalOnly() throws {
        let script = "print(\"\\27[2Jhi\\7\")\nreturn { simpleLayout = function(ctx) error(\"\\27]0;title\\7 boom\") end }\n"
        let dir = try temporaryDirectory()
        try script.write(to: dir.appendingPathComponent("esc.lua"), atomically: true, encoding: .utf8)
        // Through pipes the bytes pass unchanged.
        let plain = try runTessera(["run", "esc.lua"], in: dir)
        #expect(plain.stderr.hasPrefix("\u{1B}[2Jhi\u{07}\nError: esc.lua:2: \u{1B}]0;title\u{07} boom.\n"))
        // On a terminal (script(1) gives the child a pseudo-terminal) they are escaped.
        let command = "'\(tesseraBinary.path)' run esc.lua"
        let tty = try runProgram("/usr/bin/script", ["-qec", command, "/dev/null"], in: dir)
        #expect(tty.contains("\\27[2Jhi\\7"), "\(tty)")
        #expect(tty.contains("Error: esc.lua:2: \\27]0;title\\7 boom"), "\(tty)")
        #expect(!tty.contains("\u{1B}"))
    }

    // MARK: Pictures

    /// A dataset refuses such a size (past `Item.largestSize`); a script's frame may have it.
    @Test func theTextPreviewDrawsAnItemTallerThanIntCanCount() throws {
        let (r, _) = try run(["run", "tall.lua", "--data", "one.json", "--format", "text"],
                             files: ["tall.lua": "return { simpleLayout = function(ctx) ctx.set(1, 0, 0, 375, 1e22) end }",
                                     "one.json": #"{"items":[{"id":"a"}]}"#])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\nAAAA"))
    }

    /// A browser holds SVG geometry in single precision: a 1e308 tall content is written in
    /// units that keep every number below 1e30, and says what it left off.
    @Test func anSVGOfContentTallerThanAFloatHoldsWritesOnlyDrawableNumbers() throws {
        let (r, _) = try run(["run", "tall.lua", "--data", "two.json", "--format", "svg"],
                             files: ["tall.lua": "return { simpleLayout = function(ctx) ctx.set(1, 0, 0, 375, 1e308); ctx.set(2, 0, 5e307, 100, 100) end }",
                                     "two.json": #"{"items":[{"id":"a"},{"id":"b"}]}"#])
        #expect(r.status == 0, "\(r.stderr)")
        // The minimap, a hairline at this length, is a strip of density bands, which leaves nothing off.
        #expect(r.stdout.contains(">drawn to scale</text>"))
        #expect(r.stdout.contains("<title>0: \u{2068}a\u{2069} (0, 0, 375, 1e+308)</title>"))
        let attributes = try Regex(#"(?:x|y|width|height|stroke-width|scale)[=(]"([^"]*)""#)
        let numbers = r.stdout.matches(of: attributes).compactMap { Double($0.output[1].substring ?? "") }
        #expect(numbers.count > 20)
        #expect(numbers.allSatisfy { abs($0) < 1e30 }, "\(numbers)")
    }

    @Test(arguments: ["svg", "html", "text"])
    func anEmptyViewportDraws(format: String) throws {
        let (r, _) = try run(["run", "waterfall", "--viewport", "0x0", "--offset", "0,100", "--format", format])
        #expect(r.status == 0, "\(r.stderr)")
        let drawn = withoutCode(r.stdout)
        #expect(!drawn.contains("inf") && !drawn.contains("nan") && drawn.count > 100)
    }

    @Test func anOffsetBeyondThePrecisionOfAViewportIsAnError() throws {
        let (r, _) = try run(["run", "waterfall", "--format", "svg", "--offset", "0,1e20"])
        #expect(r.status == 64)
        #expect(r.stderr == usageErrorText("--offset '0,1e20' is not valid; expected coordinates from -1e15 to 1e15 (beyond, a viewport's edges lose their precision)",
                                           command: "run"))
        let (far, _) = try run(["run", "waterfall", "--format", "svg", "--offset", "0,1e15"])
        #expect(far.status == 0, "\(far.stderr)")
        #expect(far.stdout.hasPrefix("<svg") && !far.stdout.contains("inf"))
    }

    // MARK: --out

    @Test func outOverAFifoFailsAndLeavesTheFifo() throws {
        let dir = try temporaryDirectory()
        let fifo = dir.appendingPathComponent("out.json").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let (r, _) = try run(["run", "waterfall", "--out", "out.json"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr == "Error: cannot write out.json: it is a FIFO (named pipe), not a regular file; --out only replaces regular files.\n")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.json"])
    }

    @Test func outOverADeviceOrADirectoryFails() throws {
        let (device, _) = try run(["run", "waterfall", "--out", "/dev/null"])
        #expect(device.status == 1)
        #expect(device.stderr == "Error: cannot write /dev/null: it is a character device, not a regular file; --out only replaces regular files.\n")
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("d"), withIntermediateDirectories: false)
        let (folder, _) = try run(["run", "waterfall", "--out", "d"], in: dir)
        #expect(folder.stderr == "Error: cannot write d: it is a directory, not a regular file; --out only replaces regular files.\n")
    }

    @Test func outKeepsThePermissionsOfTheFileItReplaces() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("private.json").path
        try "old".write(toFile: out, atomically: true, encoding: .utf8)
        #expect(chmod(out, 0o640) == 0)
        let (r, _) = try run(["run", "waterfall", "--out", "private.json"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        var info = stat()
        #expect(stat(out, &info) == 0 && info.st_mode & 0o7777 == 0o640)
        #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("{"))
    }

    @Test func outThroughASymlinkReplacesTheTargetAndKeepsTheLink() throws {
        let dir = try temporaryDirectory()
        try "old".write(to: dir.appendingPathComponent("real.json"), atomically: true, encoding: .utf8)
        #expect(symlink("real.json", dir.appendingPathComponent("link.json").path) == 0)
        let (r, _) = try run(["run", "waterfall", "--out", "link.json"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        var info = stat()
        #expect(lstat(dir.appendingPathComponent("link.json").path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
        #expect(try String(contentsOf: dir.appendingPathComponent("real.json"), encoding: .utf8).hasPrefix("{"))
        #expect(symlink("nowhere.json", dir.appendingPathComponent("dangling.json").path) == 0)
        let (dangling, _) = try run(["run", "waterfall", "--out", "dangling.json"], in: dir)
        #expect(dangling.stderr == "Error: cannot write dangling.json: it is a symbolic link to a file that does not exist.\n")
    }

    @Test func outRemovesStaleTemporariesOfItsOwnNamingOnly() throws {
        let dir = try temporaryDirectory()
        // The pid of a process that has exited: its temporary is stale.
        let gone = try ChildProcess("/bin/true", [])
        gone.wait()
        let stale = ".o.json.tessera-tmp-\(gone.pid)"
        let alive = ".o.json.tessera-tmp-\(getpid())"   // this test process: still running
        for name in [stale, alive, ".o.json.tmp-1"] {
            try "partial".write(to: dir.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        let (r, _) = try run(["run", "waterfall", "--out", "o.json"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [alive, ".o.json.tmp-1", "o.json"])
    }

    /// An empty name does not parse (exit 64); a folder that is missing is found while writing (exit 1).
    @Test(arguments: [
        ("", 64, usageErrorText("--out '' is not valid; expected a file name", command: "run")),
        ("missing/x.json", 1, "Error: cannot write missing/x.json: the folder 'missing' does not exist.\n"),
    ])
    func outNamesTheProblemInItsOwnWords(path: String, status: Int32, message: String) throws {
        let (r, _) = try run(["run", "waterfall", "--out", path])
        #expect(r.status == status)
        #expect(r.stderr == message)
    }
}

/// Runs a program, returning its stdout and stderr together (for script(1)).
func runProgram(_ path: String, _ arguments: [String], in directory: URL) throws -> String {
    let out = Pipe()
    let process = try ChildProcess(path, arguments, in: directory.path, environment: childEnvironment(),
                                   stdin: .null, stdout: .handle(out.fileHandleForWriting), stderr: .handle(out.fileHandleForWriting))
    try out.fileHandleForWriting.close()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.wait()
    return String(decoding: data, as: UTF8.self)
}
