import Foundation
import Testing

/// `tessera layouts` lists every name the commands accept, and `run`/`check` resolve a shipped
/// script by its name as `--animator` does; a script stopped by a limit names the flag.
@Suite("tessera layouts and names")
struct LayoutsCommandTests {
    @Test("layouts: the built-ins, then every shipped layout and animator script, a line each")
    func listing() throws {
        let outcome = try runTessera(["layouts"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(7)) == [
            "Built-in layouts (tessera run NAME --param K=V):",
            "  flow         CSS flexbox wrap: lines justified and aligned as a browser does",
            "  row          one line of items, some of them stretched to fill it (fill=ids)",
            "  waterfall    masonry columns: each item goes into the shortest column",
            "  overlay      every item fills the container, one over another",
            "  split        UICollectionViewSplitLayout: sections in two columns",
            "",
        ])
        #expect(lines.contains("Layout scripts (tessera run NAME) in layouts/:"))
        #expect(lines.contains("  appstore     the App Store screens"))
        #expect(lines.contains("  grid         a grid of equal cells, in the analytic form"))
        #expect(lines.contains("  waterfall    masonry columns (by path only)"))
        #expect(lines.contains("Animator scripts (--animator NAME) in animators/:"))
        #expect(lines.contains("  cascade      a cascading reload"))
        #expect(lines.contains("  fade         views fade in and out on reloads after the first load"))
        for folder in ["layouts", "animators"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(folder).path)
            for file in files where file.hasSuffix(".lua") {
                let name = String(file.dropLast(4))
                let row = lines.first { $0.hasPrefix("  \(name) ") }
                #expect(row.map { $0.count > name.count + 6 } == true, "\(folder)/\(file) has a line with a summary")
            }
        }
        #expect(lines.allSatisfy { $0.count <= 80 }, "every line fits 80 columns")
    }

    @Test("layouts reads only a script's header: a 2 GB script is listed under a 1.5 GB memory cap")
    func aHugeScriptIsListedFromItsHeader() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("layouts"), withIntermediateDirectories: true)
        let huge = dir.appendingPathComponent("layouts/huge.lua")
        try Data("-- huge.lua: a script of two gigabytes.\nreturn {}\n".utf8).write(to: huge)
        #expect(truncate(huge.path, 2 << 30) == 0, "a sparse file: no disk space used")
        let outcome = try runTessera(["-c", "ulimit -v 1572864; exec \"$0\" layouts", tesseraBinary.path], in: dir,
                                     executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("\n  huge         a script of two gigabytes\n"))
    }

    @Test("names that are not regular files (a folder, a FIFO, a dangling link) are neither listed nor offered")
    func onlyRegularFilesAreScripts() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let layouts = dir.appendingPathComponent("layouts")
        try FileManager.default.createDirectory(at: layouts.appendingPathComponent("folder.lua"), withIntermediateDirectories: true)
        #expect(mkfifo(layouts.appendingPathComponent("pipe.lua").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: layouts.appendingPathComponent("gone.lua").path, withDestinationPath: "/nonexistent")
        try "-- real.lua: a real one.\nreturn {}\n".write(to: layouts.appendingPathComponent("real.lua"), atomically: true, encoding: .utf8)
        let listing = try runTessera(["layouts"], in: dir)
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(listing.stdout.contains("Layout scripts (tessera run NAME) in layouts/:\n  real         a real one\n\n"), "\(listing.stdout)")
        // Named, such a file is said to be what it is, not an unknown layout.
        let run = try runTessera(["run", "pipe"], in: dir)
        #expect(run.status == 1)
        #expect(run.stderr == "Error: layouts/pipe.lua: expected a regular file, found a FIFO (named pipe).\n", "\(run.stderr)")
        let gone = try runTessera(["run", "gone"], in: dir)
        #expect(gone.stderr == "Error: layouts/gone.lua: expected a script file, found a broken symbolic link (to '/nonexistent').\n", "\(gone.stderr)")
    }

    /// A new temporary folder holding an empty `folder` (`layouts`, `animators`) and an empty
    /// `secret/` beside it, where a link out of `folder` leads. The caller removes it.
    func folderWithSecret(beside folder: String) throws -> URL {
        let dir = try temporaryDirectory()
        for name in [folder, "secret"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        return dir
    }

    @Test("an animator script the lookup refuses (a link out of animators/) is not listed")
    func aRefusedAnimatorIsNotListed() throws {
        let dir = try folderWithSecret(beside: "animators")
        defer { try? FileManager.default.removeItem(at: dir) }
        let animators = dir.appendingPathComponent("animators")
        try "-- away.lua: from elsewhere.\nreturn {}\n".write(to: dir.appendingPathComponent("secret/away.lua"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: animators.appendingPathComponent("away.lua").path,
                                                   withDestinationPath: dir.appendingPathComponent("secret/away.lua").path)
        try "-- here.lua: a script here.\nreturn {}\n".write(to: animators.appendingPathComponent("here.lua"), atomically: true, encoding: .utf8)
        let listing = try runTessera(["layouts"], in: dir)
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(listing.stdout.contains("Animator scripts (--animator NAME) in animators/:\n  here         a script here\n\n"), "\(listing.stdout)")
        #expect(!listing.stdout.contains("away"), "\(listing.stdout)")
    }

    @Test("an animator script over 16 MB is listed from its header and refused when used, as a layout script is")
    func anAnimatorTooLargeIsListedAndRefused() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for folder in ["layouts", "animators"] {
            let big = dir.appendingPathComponent("\(folder)/big.lua")
            try FileManager.default.createDirectory(at: big.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("-- big.lua: a script past the limit.\nreturn {}\n".utf8).write(to: big)
            #expect(truncate(big.path, 17 * 1_048_576) == 0, "a sparse file: no disk space used")
        }
        let listing = try runTessera(["layouts"], in: dir)
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(listing.stdout.contains("Layout scripts (tessera run NAME) in layouts/:\n  big          a script past the limit\n"), "\(listing.stdout)")
        #expect(listing.stdout.contains("Animator scripts (--animator NAME) in animators/:\n  big          a script past the limit\n"), "\(listing.stdout)")
        let limit = "expected a Lua source file of at most 16 MB, found 17 MB"
        let layout = try runTessera(["run", "big"], in: dir)
        #expect(layout.status == 1 && layout.stdout == "")
        #expect(layout.stderr == "Error: layouts/big.lua: the script cannot be read (\(limit)).\n", "\(layout.stderr)")
        let animator = try runTessera(["scroll", "grid", "--animator", "big"], in: dir)
        #expect(animator.status == 1 && animator.stdout == "")
        #expect(animator.stderr == "Error: animators/big.lua: the animator script cannot be read (\(limit)).\n", "\(animator.stderr)")
    }

    @Test("an animator reached through a linked folder that leads out of animators/ is refused naming the link")
    func anAnimatorThroughALinkedFolderNamesTheLink() throws {
        let dir = try folderWithSecret(beside: "animators")
        defer { try? FileManager.default.removeItem(at: dir) }
        try "-- grid.lua: from elsewhere.\nreturn {}\n".write(to: dir.appendingPathComponent("secret/grid.lua"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("animators/outlib").path, withDestinationPath: "../secret")
        let secret = dir.resolvingSymlinksInPath().appendingPathComponent("secret").path
        let outcome = try runTessera(["scroll", "grid", "--animator", "outlib.grid"], in: dir)
        #expect(outcome.status == 1 && outcome.stdout == "")
        #expect(outcome.stderr == "Error: animators/outlib/grid.lua resolves through a symbolic link (animators/outlib -> \(secret)) to "
                + "'\(secret)/grid.lua', outside its search folder animators; expected a file inside that folder.\n", "\(outcome.stderr)")
    }

    @Test("a layout script linked from outside layouts/ is refused by name and not listed; one linked inside runs")
    func aLayoutLinkedFromOutsideIsRefused() throws {
        let dir = try folderWithSecret(beside: "layouts")
        defer { try? FileManager.default.removeItem(at: dir) }
        let layouts = dir.appendingPathComponent("layouts")
        let grid = try String(contentsOf: repositoryRoot.appendingPathComponent("layouts/grid.lua"), encoding: .utf8)
        try grid.write(to: dir.appendingPathComponent("secret/away.lua"), atomically: true, encoding: .utf8)
        try grid.write(to: layouts.appendingPathComponent("grid.lua"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: layouts.appendingPathComponent("away.lua").path, withDestinationPath: "../secret/away.lua")
        try FileManager.default.createSymbolicLink(atPath: layouts.appendingPathComponent("alias.lua").path, withDestinationPath: "grid.lua")
        let away = try runTessera(["run", "away", "--data", repositoryRoot.appendingPathComponent("datasets/examples/photos.jsonl").path], in: dir)
        #expect(away.status == 1 && away.stdout == "")
        let target = dir.resolvingSymlinksInPath().appendingPathComponent("secret/away.lua").path
        #expect(away.stderr == "Error: layouts/away.lua resolves through a symbolic link to '\(target)', outside its search folder layouts; "
                + "expected a file inside that folder.\n", "\(away.stderr)")
        let alias = try runTessera(["run", "alias", "--data", repositoryRoot.appendingPathComponent("datasets/examples/photos.jsonl").path], in: dir)
        #expect(alias.status == 0, "\(alias.stderr)")
        let listing = try runTessera(["layouts"], in: dir)
        #expect(listing.stdout.contains("in layouts/:\n  alias "), "\(listing.stdout)")
        #expect(!listing.stdout.contains("away"), "\(listing.stdout)")
    }

    @Test("run and check find a shipped script by name, from the repository and from anywhere else")
    func shippedScriptByName() throws {
        let path = try runTessera(["run", "layouts/appstore.lua", "--data", "datasets/appstream-bookworm.json"])
        let name = try runTessera(["run", "appstore", "--data", "datasets/appstream-bookworm.json"])
        #expect(name.status == 0, "\(name.stderr)")
        #expect(name.stdout == path.stdout)
        let elsewhere = try temporaryDirectory()
        let data = repositoryRoot.appendingPathComponent("datasets/appstream-bookworm.json").path
        let far = try runTessera(["run", "appstore", "--data", data], in: elsewhere)
        #expect(far.status == 0, "\(far.stderr)")
        #expect(far.stdout == path.stdout)
        let check = try runTessera(["check", "justified", "--data", "datasets/tuxpaint-stamps.json"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.hasSuffix("justified: ok on datasets/tuxpaint-stamps.json: 961 items, content 375x79958.99, 0 warnings\n"), "\(check.stdout)")
    }

    @Test("every command that takes a LAYOUT says in its help that a script's name is one")
    func layoutArgumentHelp() throws {
        // preview resolves a name as run does, so its help must not say it takes only paths and built-ins.
        for command in ["run", "check", "scroll", "animate", "preview"] {
            let help = try runTessera([command, "--help"])
            #expect(help.stdout.contains("""
              <layout>                A built-in layout (flow, row, waterfall, overlay,
                                      split), a layout script by name (appstore; `tessera
                                      layouts` lists them), or a .lua file.
            """), "\(command): \(help.stdout)")
        }
    }

    @Test("an unknown name lists the built-ins and the scripts, with the closest one")
    func unknownName() throws {
        let outcome = try runTessera(["run", "apstore"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "Error: unknown layout 'apstore' (did you mean appstore?); expected a .lua file, a built-in "
            + "(flow, row, waterfall, overlay, split), or a script by name (appstore, emoji-split, grid, justified, mosaic, "
            + "rings, sectioned, timeline); `tessera layouts` lists them.\n")
    }

    @Test("a script stopped by a limit ends with the flag that moves the limit")
    func limitHints() throws {
        let dir = try temporaryDirectory()
        try Data("return { simpleLayout = function(ctx)\n  while true do end\nend }\n".utf8)
            .write(to: dir.appendingPathComponent("loop.lua"))
        let time = try runTessera(["check", "loop.lua", "--time-limit", "0.1"], in: dir)
        #expect(time.status == 1)
        #expect(time.stderr.hasPrefix("Error: loop.lua:2: time limit of 0.1 s of CPU time exceeded.\nstack traceback:\n"), "\(time.stderr)")
        #expect(time.stderr.hasSuffix("\nhint: if a loop never ends, fix it; if the work needs longer, raise the limit with --time-limit SECONDS (0 for none)\n"), "\(time.stderr)")
        let budget = try runTessera(["check", "loop.lua", "--max-instructions", "100000"], in: dir)
        #expect(budget.stderr.hasSuffix("\nhint: if a loop never ends, fix it; if the work needs more, raise the budget with --max-instructions N (0 for none)\n"), "\(budget.stderr)")
        let broken = try runTessera(["check", "nothing.lua"], in: dir)
        #expect(broken.status == 1)
        #expect(!broken.stderr.contains("hint:"), "other errors get no hint")
    }

    @Test("check and the text summary count one item, section and warning in the singular")
    func singularCounts() throws {
        let dir = try temporaryDirectory()
        try Data(#"{"items": [{"id": "a", "w": 10, "h": 10}]}"#.utf8).write(to: dir.appendingPathComponent("one.json"))
        try Data("return { simpleLayout = function(ctx) ctx.set(1, -5, 0, 10, 10) end }\n".utf8)
            .write(to: dir.appendingPathComponent("left.lua"))
        let check = try runTessera(["check", "left.lua", "--data", "one.json"], in: dir)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.hasSuffix("left.lua: problems on one.json: 1 item, content 5x10, 1 warning (1 item outside)\n"), "\(check.stdout)")
        let text = try runTessera(["run", "waterfall", "--data", "one.json", "--offset", "0,0", "--format", "text"], in: dir)
        #expect(text.stdout.contains("data:         one.json (1 item in 1 section)\n"), "\(text.stdout)")
        #expect(text.stdout.contains("visible:      1 item (0)"), "\(text.stdout)")
    }
}
