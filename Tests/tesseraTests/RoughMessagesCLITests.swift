import Foundation
import Testing
@testable import tessera

/// The messages a user meets on a mistake that read unlike their neighbours: a number too
/// large for any whole number, an empty or `-` argument, a layout that is a broken link, an
/// empty sizes file, a path that cannot be looked up. Each takes the one shape of its kind.
@Suite struct RoughMessagesCLITests {
    static let emoji = "datasets/emoji-15.1.json"

    /// A whole number above its flag's range, or with too many digits for any, is said to be
    /// too large, with the largest allowed (grouped as a count is; a port is not a count).
    @Test(arguments: [
        (["check", "waterfall", "--max-warnings", "99999999999999999999"],
         "--max-warnings '99999999999999999999' is not valid (too large: the largest is 9,223,372,036,854,775,807); expected a whole number, 0 or more"),
        (["scroll", "waterfall", "--data", emoji, "--steps", "10000001"],
         "--steps '10000001' is not valid (too large: the largest is 10,000,000); expected a whole number from 1 to 10,000,000"),
        (["scroll", "waterfall", "--data", emoji, "--steps", "+99999999999999999999"],
         "--steps '+99999999999999999999' is not valid (too large: the largest is 10,000,000); expected a whole number from 1 to 10,000,000"),
        (["run", "waterfall", "--max-instructions", "99999999999999999999"],
         "--max-instructions '99999999999999999999' is not valid (too large: the largest is 9,223,372,036,854,775,807); "
            + "expected a whole number from 0 (no budget) to 9,223,372,036,854,775,807"),
        (["preview", "flow", "--port", "70000"],
         "--port '70000' is not valid (too large: the largest is 65535); expected a port from 0 (any free port) to 65535"),
        (["check", "waterfall", "--max-warnings", "-99999999999999999999"],
         "--max-warnings '-99999999999999999999' is not valid; expected a whole number, 0 or more"),
        (["run", "waterfall", "--max-memory", "2000000"],
         "--max-memory '2000000' is not valid; expected a number of MB greater than 0 and at most 1,048,576"),
    ])
    func aWholeNumberTooLargeSaysSoAndTheLargest(arguments: [String], message: String) {
        expectParseFailure(arguments, message)
    }

    /// An empty argument, or `-` where a file is named, names nothing: the sentence names the
    /// argument as the usage does, as an empty flag value's names the flag.
    @Test(arguments: [
        (["diff", "", emoji], "<old> '' is not valid; expected a file name"),
        (["diff", emoji, ""], "<new> '' is not valid; expected a file name"),
        (["diff", "-", emoji], "<old> '-' is not valid (no command reads standard input); expected a file name"),
        (["run", ""], "<layout> '' is not valid; expected a layout's name or a .lua file"),
        (["check", "-"], "<layout> '-' is not valid (no command reads standard input); expected a layout's name or a .lua file"),
        (["run", "flow", "--data", "-"], "--data '-' is not valid (no command reads standard input); expected a file name"),
        (["scroll", "flow", "--measured", "-"], "--measured '-' is not valid (no command reads standard input); expected a file name"),
        (["preview", ""], "<layout> '' is not valid; expected a layout's name or a .lua file"),
        (["preview", "-"], "<layout> '-' is not valid (no command reads standard input); expected a layout's name or a .lua file"),
        (["repl", ""], "<FILE.lua> '' is not valid; expected a .lua file name"),
        (["repl", "-", "--batch"], "<FILE.lua> '-' is not valid (no command reads standard input); expected a .lua file name"),
        (["bench", ""], "<suite> '' is not valid; expected a bench suite or a layout script"),
        (["bench", "layout", "-"], "<suite> '-' is not valid (no command reads standard input); expected a bench suite or a layout script"),
    ])
    func anEmptyArgumentIsNamed(arguments: [String], message: String) {
        expectParseFailure(arguments, message)
    }

    @Test func anEmptyDiffArgumentIsAUsageError() throws {
        try expectUsageError(["diff", "", Self.emoji], "<old> '' is not valid; expected a file name")
    }

    /// Through the real binary too: preview, repl and bench refuse an empty argument before
    /// they start a server, a session or a suite.
    @Test(arguments: [
        (["preview", ""], "<layout> '' is not valid; expected a layout's name or a .lua file"),
        (["repl", ""], "<FILE.lua> '' is not valid; expected a .lua file name"),
        (["bench", ""], "<suite> '' is not valid; expected a bench suite or a layout script"),
    ])
    func anEmptyPreviewReplOrBenchArgumentIsAUsageError(arguments: [String], message: String) throws {
        try expectUsageError(arguments, message)
    }

    /// `tessera test` prints its usage errors alone, with status 2.
    @Test func anEmptyTestPathIsNamed() throws {
        for path in ["", "-"] {
            let r = try runTessera(["test", "tests", path], input: "")
            let note = path == "-" ? " (no command reads standard input)" : ""
            #expect(r.status == 2 && r.stdout == "")
            #expect(r.stderr == "Error: <paths> '\(path)' is not valid\(note); expected a test file or folder name.\n")
        }
    }

    /// `tessera -` is no command: it is told so, and that no command reads standard input.
    @Test func aDashIsToldNoCommandReadsStandardInput() throws {
        let r = try runTessera(["-"], input: "")
        #expect(r.status == 64 && r.stdout == "")
        #expect(r.stderr == """
            Error: unknown command '-' (no command reads standard input); expected one of run, check, diff, animate, scroll, layouts, repl, test, bench, preview.
            Usage: tessera <subcommand>
              See 'tessera --help' for more information.

            """)
    }

    /// A layout named by a broken symbolic link in a TESSERA_PATH folder is that, not an unknown layout.
    @Test func aBrokenLayoutLinkIsNamed() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("gone.lua").path
        #expect(symlink("moved.lua", link) == 0)
        let r = try runTessera(["run", "gone"], input: "", environment: ["TESSERA_PATH": folder.path])
        #expect(r.status == 1 && r.stdout == "")
        #expect(r.stderr == "Error: \(link): expected a script file, found a broken symbolic link (to 'moved.lua').\n")
    }

    /// An empty file of measured sizes is refused in the words an empty dataset is.
    @Test func anEmptySizesFileIsWordedAsAnEmptyDataset() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("sizes.json")
        try Data().write(to: empty)
        let sizes = try runTessera(["scroll", "flow", "--data", Self.emoji, "--measured", empty.path], input: "")
        #expect(sizes.status == 1)
        #expect(sizes.stderr == "Error: \(empty.path): expected a JSON document, found an empty file.\n")
        let data = try runTessera(["run", "flow", "--data", empty.path], input: "")
        #expect(data.stderr == sizes.stderr)
    }

    /// A script behind a folder the user may not search is no missing file: permission denied.
    @Test func aPathBehindALockedFolderSaysPermissionDenied() throws {
        let folder = try temporaryDirectory()
        defer {
            chmod(folder.appendingPathComponent("locked").path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try "return {}".write(to: locked.appendingPathComponent("x.lua"), atomically: true, encoding: .utf8)
        #expect(chmod(locked.path, 0o000) == 0)
        let r = try runAsUser(["run", "locked/x.lua"], in: folder)
        #expect(r.status == 1)
        #expect(r.stderr == "Error: locked/x.lua: expected a script file, found a path that cannot be checked (permission denied).\n")
    }
}
