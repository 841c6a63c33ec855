import Foundation
import Testing

/// Numbers, allocations and outputs of the command line: each hostile input ends with exit 0,
/// 1 or 64 (a command line that does not parse), one true sentence, and no file changed that
/// should not be.
@Suite struct OutputHardeningCLITests {
    static let photos = repositoryRoot.appendingPathComponent("datasets/examples/photos.jsonl").path

    func run(_ arguments: [String], files: [String: String] = [:], in folder: URL? = nil) throws -> (CLIOutcome, URL) {
        let dir = try folder ?? temporaryDirectory()
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return (try runTessera(arguments, in: dir, timeout: 60), dir)
    }

    /// `arguments` do not parse: exit 64, exactly `message` and the usage of `arguments[0]` on
    /// stderr, and nothing on stdout.
    func expectUsageError(_ arguments: [String], _ message: String) throws {
        let (r, _) = try run(arguments)
        #expect(r.status == 64)
        #expect(r.stderr == usageErrorText(message, command: arguments[0]))
        #expect(r.stdout == "")
    }

    // MARK: Numbers

    @Test(arguments: [
        (["scroll", "waterfall", "--data", photos, "--steps", "10", "--to=1e308"],
         "--to '1e308' is not valid; expected an offset from -1e15 to 1e15 (beyond, a viewport's edges lose their precision)"),
        (["scroll", "waterfall", "--data", photos, "--from=-1e16"],
         "--from '-1e16' is not valid; expected an offset from -1e15 to 1e15 (beyond, a viewport's edges lose their precision)"),
        (["scroll", "waterfall", "--data", photos, "--to", "nan"],
         "--to 'nan' is not valid; expected an offset from -1e15 to 1e15 (beyond, a viewport's edges lose their precision)"),
        (["animate", "waterfall", "--data", photos, "--to", photos, "--fps", "nan"],
         "--fps 'nan' is not valid; expected a number of frames per second from 1 to 1,000"),
        (["animate", "waterfall", "--data", photos, "--to", photos, "--offset", "0,1e300"],
         "--offset '0,1e300' is not valid; expected coordinates from -1e15 to 1e15 (beyond, a viewport's edges lose their precision)"),
    ])
    func numbersOutOfRangeAreOneSentence(arguments: [String], message: String) throws {
        try expectUsageError(arguments, message)
    }

    /// One offset parser: every offset option has the same range and the same sentence.
    @Test(arguments: [
        (["run", "waterfall", "--data", photos, "--section-offset", "0=0,1e16"],
         "--section-offset '0=0,1e16' is not valid; expected coordinates from -1e15 to 1e15 (beyond, a viewport's edges lose their precision)"),
        (["animate", "waterfall", "--data", photos, "--to", photos, "--offset", "-2e15,0"],
         "--offset '-2e15,0' is not valid; expected coordinates from -1e15 to 1e15 (beyond, a viewport's edges lose their precision)"),
    ])
    func everyOffsetOptionHasTheSameRange(arguments: [String], message: String) throws {
        try expectUsageError(arguments, message)
    }

    @Test(arguments: ["svg", "html", "json", "text"])
    func aSubnormalViewportDrawsWithoutInfinities(format: String) throws {
        let (r, _) = try run(["run", "waterfall", "--data", Self.photos, "--viewport", "1e-320x1e-320", "--format", format])
        #expect(r.status == 0, "\(r.stderr)")
        let drawn = withoutCode(r.stdout)
        #expect(!drawn.contains("inf") && !drawn.contains("nan") && drawn.count > 100)
    }

    @Test func aGroupCountOfMaxIntegerIsAnError() throws {
        let script = "local t = require('tessera')\nreturn t.compositional{ sections = { t.section{ group = t.hgroup{ count = math.maxinteger, items = { t.item{} } } } } }\n"
        let (r, _) = try run(["run", "hg.lua", "--data", Self.photos], files: ["hg.lua": script])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("Error: hg.lua:2: t.hgroup: field 'count' must be an integer from 1 to 1,000,000, got 9223372036854775807.\nstack traceback:\n"))
    }

    @Test func anAnimationTooLongToSampleForAPageIsRefused() throws {
        let animator = "return { insert = function(e) return { duration = 3600 } end, update = function(e) return { duration = 3600 } end }\n"
        let (r, dir) = try run(["animate", "flow", "--data", "old.jsonl", "--to", "new.jsonl", "--animator", "long.lua",
                                "--format", "html", "--out", "page.html"],
                               files: ["long.lua": animator, "old.jsonl": "{\"id\":\"a\"}\n", "new.jsonl": "{\"id\":\"a\"}\n{\"id\":\"b\"}\n"])
        #expect(r.status == 1)
        #expect(r.stderr == "Error: the animation lasts 3600 s: at 60 frames per second its samples would hold more than 200,000 view states (2 views per frame); use a lower frame rate (--fps) or a shorter animation.\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("page.html").path))
    }

    @Test func samplesTooManyAreRefusedBeforeTheRestOfTheTimelineIsBuilt() throws {
        // The item views' tracks already make the samples too many: the animator is never asked
        // about the headers and backgrounds (its hook for them would fail), and nothing is written.
        let animator = """
        local function hook(e)
          if e.category ~= "cell" and e.isReloading and e.reloadCount > 0 then error("asked about a " .. e.category) end
          return { duration = 3600 }
        end
        return { insert = hook, update = hook }

        """
        let row = (0..<6).map { "{\"id\":\"a\($0)\",\"g\":\"x\"}\n" }.joined()
        let files = ["picky.lua": animator, "old.jsonl": row + "{\"id\":\"b\",\"g\":\"y\"}\n",
                     "new.jsonl": row + "{\"id\":\"c\",\"g\":\"x\"}\n{\"id\":\"b\",\"g\":\"y\"}\n"]
        let common = ["animate", "split", "--param", "header=30", "--section-by", "g", "--data", "old.jsonl", "--to", "new.jsonl",
                      "--animator", "picky.lua"]
        let (refused, dir) = try run(common + ["--fps", "10", "--out", "t.json"], files: files)
        #expect(refused.status == 1)
        #expect(refused.stderr == "Error: the animation lasts 3600 s: at 10 frames per second its samples would hold more than 200,000 view states (8 views per frame); use a lower frame rate (--fps) or a shorter animation.\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("t.json").path))
        // The page samples at 60 frames per second by default: refused the same way.
        let (page, _) = try run(common + ["--format", "html"], files: files)
        #expect(page.stderr.hasPrefix("Error: the animation lasts 3600 s: at 60 frames per second"), "\(page.stderr)")
        // Without samples the timeline is built, and the hook fails on the background.
        let (built, _) = try run(common, files: files)
        #expect(built.status == 1)
        #expect(built.stderr.hasPrefix("Error: picky.lua:2: asked about a decoration.\n"), "\(built.stderr)")
    }

    @Test func animatorNumbersThatWouldOverflowAreRefused() throws {
        let animator = "return { insert = function(e) return { duration = 1e308, delay = 1e308 } end }\n"
        let (r, _) = try run(["animate", "flow", "--data", "old.jsonl", "--to", "new.jsonl", "--animator", "big.lua", "--fps", "10"],
                             files: ["big.lua": animator, "old.jsonl": "{\"id\":\"a\"}\n", "new.jsonl": "{\"id\":\"a\"}\n{\"id\":\"b\"}\n"])
        #expect(r.status == 1)
        #expect(r.stderr == "Error: big.lua:1: the insert hook's animation: duration must be a non-negative number of seconds of at most 3,600, got 1e+308.\n")
    }

    /// Refused as the param it is, before any pass, even one with nothing to animate (OLD == NEW).
    @Test(arguments: [("duration=1e308", "1e+308"), ("duration=-1", "-1"), ("duration=-0.5", "-0.5"), ("duration=slow", #""slow""#)])
    func builtInAnimatorParametersAreBoundedAsScriptsAre(param: String, shown: String) throws {
        for new in ["new.jsonl", "old.jsonl"] {
            let (r, _) = try run(["animate", "flow", "--data", "old.jsonl", "--to", new, "--animator", "fade",
                                  "--animator-param", param, "--fps", "10"],
                                 files: ["old.jsonl": "{\"id\":\"a\"}\n", "new.jsonl": "{\"id\":\"a\"}\n{\"id\":\"b\"}\n"])
            #expect(r.status == 1)
            #expect(r.stderr == "Error: --animator fade: param 'duration' expects a number of seconds from 0 to 3,600, got \(shown).\n")
            #expect(r.stdout == "")
        }
    }

    // MARK: Messages

    @Test(arguments: ["scroll", "animate"])
    func duplicateIdsOfferTheFlagTheCommandHas(command: String) throws {
        let files = ["dup.jsonl": "{\"id\":\"a\"}\n{\"id\":\"a\"}\n"]
        let extra = command == "animate" ? ["--to", "dup.jsonl"] : ["--steps", "2"]
        let (rejected, dir) = try run([command, "flow", "--data", "dup.jsonl"] + extra, files: files)
        #expect(rejected.status == 1)
        #expect(rejected.stderr == "Error: dup.jsonl:2:7: id: expected a unique id (or a duplicate policy: --duplicates pairInOrder|suffix), found \"a\" again (first on line 1).\n")
        let (suffixed, _) = try run([command, "flow", "--data", "dup.jsonl", "--duplicates", "suffix"] + extra, in: dir)
        #expect(suffixed.status == 0, "\(suffixed.stderr)")
        let (unknown, _) = try run([command, "flow", "--data", "dup.jsonl", "--duplicates", "keep"] + extra, in: dir)
        #expect(unknown.status == 64)
        #expect(unknown.stderr == usageErrorText("--duplicates 'keep' is not valid; expected reject, pairInOrder or suffix", command: command))
    }

    @Test func aScrollHookFailingInTheMiddleStopsTheScroll() throws {
        let hook = "return { scroll = function(e)\n  if e.contentOffset[2] > 100 and e.contentOffset[2] < 200 then error('boom') end\nend }\n"
        let (r, _) = try run(["scroll", "waterfall", "--data", Self.photos, "--steps", "20", "--animator", "fail.lua"], files: ["fail.lua": hook])
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("Error: fail.lua:2: boom.\nstack traceback:\n"))
    }

    // MARK: Injection

    @Test func theAnimatePageShowsAnInjectedIdAsText() throws {
        let id = #"</script><script>document.title='PWNED'</script>"#
        let data = "{\"id\":\"\(id.replacingOccurrences(of: "\"", with: "\\\""))\"}\n"
        let (r, dir) = try run(["animate", "flow", "--data", "old.jsonl", "--to", "new.jsonl", "--format", "html", "--out", "page.html"],
                               files: ["old.jsonl": "{\"id\":\"a\"}\n", "new.jsonl": data])
        #expect(r.status == 0, "\(r.stderr)")
        let page = try String(contentsOf: dir.appendingPathComponent("page.html"), encoding: .utf8)
        #expect(!page.contains(id))
        #expect(page.contains(#"\u003c/script\u003e\u003cscript\u003edocument.title='PWNED'\u003c/script\u003e"#))
        #expect(page.components(separatedBy: "</script>").count == 2)
    }

    // MARK: --out

    @Test func outRefusesAFileTheUserMayNotWrite() throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("ro.json").path
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        if geteuid() == 0 { #expect(chown(file, 65534, 65534) == 0) }   // nobody's own, read-only file
        #expect(chmod(file, 0o444) == 0)
        let r = try runAsUser(["run", "waterfall", "--out", "ro.json"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr == "Error: cannot write ro.json: you do not have permission to write it (a shell's > would refuse it too).\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["ro.json"])
    }

    @Test func outWritesInPlaceWhenTheFolderTakesNoNewFile() throws {
        let dir = try temporaryDirectory()
        let sub = dir.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: false)
        let file = sub.appendingPathComponent("out.json").path
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        if geteuid() == 0 { #expect(chown(file, 65534, 65534) == 0) }
        #expect(chmod(file, 0o644) == 0)
        #expect(chmod(dir.path, 0o777) == 0)
        #expect(chmod(sub.path, 0o555) == 0)   // the user may write the file but not the folder
        defer { chmod(sub.path, 0o755) }
        let r = try runAsUser(["run", "waterfall", "--out", "locked/out.json"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("{\n  \"viewport\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: sub.path) == ["out.json"])
    }

    @Test func outKeepsTheOwnerLinksAndPermissionsOfTheFileItReplaces() throws {
        let dir = try temporaryDirectory()
        let owned = dir.appendingPathComponent("owned.json").path, linked = dir.appendingPathComponent("linked.json").path
        let other = dir.appendingPathComponent("other.json").path
        for file in [owned, linked] { try "old".write(toFile: file, atomically: false, encoding: .utf8) }
        #expect(link(linked, other) == 0)
        #expect(chmod(owned, 0o600) == 0)
        let foreign = geteuid() == 0
        if foreign { #expect(chown(owned, 65534, 65534) == 0) }
        var before = stat(), after = stat()
        #expect(stat(owned, &before) == 0)
        let (r, _) = try run(["run", "waterfall", "--out", "owned.json"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(stat(owned, &after) == 0)
        #expect(after.st_uid == before.st_uid && after.st_gid == before.st_gid)
        #expect(after.st_mode & 0o7777 == 0o600)
        #expect(after.st_ino == before.st_ino || !foreign)
        let (l, _) = try run(["run", "waterfall", "--out", "linked.json"], in: dir)
        #expect(l.status == 0, "\(l.stderr)")
        var a = stat(), b = stat()
        #expect(stat(linked, &a) == 0 && stat(other, &b) == 0)
        #expect(a.st_ino == b.st_ino && a.st_nlink == 2)
        let text = try String(contentsOfFile: other, encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"viewport\"") && text.hasSuffix("}\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["linked.json", "other.json", "owned.json"])
    }

    @Test(arguments: [
        ("loop.json", "Error: cannot write loop.json: it is a symbolic link loop (or a chain of more than 40 links).\n"),
        ("/dev/stdout", "Error: cannot write /dev/stdout: it is a symbolic link to a FIFO (named pipe), not to a regular file; --out only replaces regular files.\n"),
        ("/proc/self/fd/1", "Error: cannot write /proc/self/fd/1: it is a symbolic link to a FIFO (named pipe), not to a regular file; --out only replaces regular files.\n"),
        ("/proc/version", geteuid() == 0
            ? "Error: cannot write /proc/version: the folder '/proc' takes no new file for the replacement (no such file or directory).\n"
            : "Error: cannot write /proc/version: you do not have permission to write it (a shell's > would refuse it too).\n"),
    ])
    func outToWhatIsNotAPlainFileSaysWhatItIs(path: String, message: String) throws {
        let dir = try temporaryDirectory()
        #expect(symlink("loop2.json", dir.appendingPathComponent("loop.json").path) == 0)
        #expect(symlink("loop.json", dir.appendingPathComponent("loop2.json").path) == 0)
        let version = try String(contentsOfFile: "/proc/version", encoding: .utf8)
        let (r, _) = try run(["run", "waterfall", "--out", path], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr == message)
        #expect(r.stdout == "")
        #expect(try String(contentsOfFile: "/proc/version", encoding: .utf8) == version)
    }

    /// `--out` naming a file the command reads is refused and the file is left as it was: it
    /// used to be replaced by the output (the dataset by its layout, the script by a page).
    @Test(arguments: [
        (["run", "flow", "--data", "d.json", "--out", "d.json"], "d.json", "the --data dataset"),
        (["run", "flow", "--data", "d.json", "--out", "./link.json"], "d.json", "the --data dataset"),
        (["run", "s.lua", "--data", "d.json", "--format", "svg", "--out", "s.lua"], "s.lua", "the layout script"),
        (["animate", "flow", "--data", "d.json", "--to", "e.json", "--out", "e.json"], "e.json", "the --to dataset"),
        (["animate", "flow", "--data", "d.json", "--to", "e.json", "--animator", "a.lua", "--format", "html", "--out", "a.lua"],
         "a.lua", "the --animator script"),
    ])
    func outNamingAnInputIsRefused(arguments: [String], input: String, role: String) throws {
        let files = ["d.json": "[{\"id\": \"a\"}]\n", "e.json": "[{\"id\": \"b\"}]\n",
                     "s.lua": "return { simpleLayout = function(ctx) ctx.set(1, 0, 0, 10, 10) end }\n",
                     "a.lua": "return { insert = function(e) return nil end }\n"]
        let dir = try temporaryDirectory()
        #expect(symlink("d.json", dir.appendingPathComponent("link.json").path) == 0)
        let (r, _) = try run(arguments, files: files, in: dir)
        let out = arguments[arguments.count - 1]
        #expect(r.status == 1)
        #expect(r.stderr == "Error: cannot write \(out): it is \(role), which this command reads; write the output to another file.\n")
        #expect(r.stdout == "")
        #expect(try String(contentsOf: dir.appendingPathComponent(input), encoding: .utf8) == files[input])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.lua", "d.json", "e.json", "link.json", "s.lua"])
    }

    /// The output file is checked before any work: a layout that fails, a dataset that does not
    /// load, are not reached (a 1M-item run used to do all its work, then refuse its --out).
    @Test(arguments: [
        (["run", "boom.lua", "--data", "d.json", "--out", "d.json"], "cannot write d.json: it is the --data dataset, which this command reads; write the output to another file."),
        (["run", "boom.lua", "--data", "d.json", "--out", "nowhere/x.json"], "cannot write nowhere/x.json: the folder 'nowhere' does not exist."),
        (["run", "flow", "--data", "bad.json", "--out", "bad.json"], "cannot write bad.json: it is the --data dataset, which this command reads; write the output to another file."),
        (["animate", "boom.lua", "--data", "d.json", "--to", "bad.json", "--out", "d.json"], "cannot write d.json: it is the --data dataset, which this command reads; write the output to another file."),
        (["animate", "flow", "--data", "bad.json", "--to", "d.json", "--out", "d.json"], "cannot write d.json: it is the --to dataset, which this command reads; write the output to another file."),
    ])
    func outIsCheckedBeforeAnyWork(arguments: [String], message: String) throws {
        let files = ["d.json": "[{\"id\": \"a\"}]\n", "bad.json": "[{\"id\": true}]\n",
                     "boom.lua": "return { simpleLayout = function(ctx) error(\"laid out\") end }\n"]
        let (r, dir) = try run(arguments, files: files)
        #expect(r.status == 1)
        #expect(r.stderr == "Error: \(message)\n")
        #expect(r.stdout == "")
        #expect(try String(contentsOf: dir.appendingPathComponent("d.json"), encoding: .utf8) == files["d.json"])
    }
}
