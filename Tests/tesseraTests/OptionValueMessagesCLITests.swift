import Foundation
import Testing
@testable import tessera

/// Every option value the command line refuses gets one shape of sentence: the flag, the text
/// given, then what was expected (`--viewport '375' is not valid; expected ...`), with the usage
/// below it and exit status 64.
@Suite struct OptionValueMessagesCLITests {
    static let emoji = "datasets/emoji-15.1.json"

    /// Each command's value-taking flags, as its usage names their values, and the arguments it
    /// needs besides.
    static let commands: [(command: String, needs: [String], options: String)] = [
        ("run", ["waterfall"], "viewport=WxH param=K=V sizing=RULE max-memory=MB max-instructions=N time-limit=SECONDS data=FILE "
            + "duplicates=POLICY section-by=FIELD max-data-size=MB safe-area=T,L,B,R layout-margins=T,L,B,R readable-width=W offset=X,Y "
            + "section-offset=S=X,Y format=FORMAT label=FIELD out=FILE"),
        ("check", ["waterfall"], "viewport=WxH param=K=V sizing=RULE max-memory=MB max-instructions=N time-limit=SECONDS data=FILE "
            + "duplicates=POLICY section-by=FIELD max-data-size=MB safe-area=T,L,B,R layout-margins=T,L,B,R readable-width=W fail-on=KINDS max-warnings=N"),
        ("diff", [emoji, emoji], "format=FORMAT duplicates=POLICY section-by=FIELD max-data-size=MB"),
        ("animate", ["flow", "--data", emoji, "--to", emoji], "viewport=WxH param=K=V sizing=RULE max-memory=MB max-instructions=N "
            + "time-limit=SECONDS data=FILE duplicates=POLICY section-by=FIELD max-data-size=MB safe-area=T,L,B,R layout-margins=T,L,B,R "
            + "readable-width=W to=NEW to-layout=LAYOUT2 animator=NAME animator-param=K=V offset=X,Y fps=N item-size=WxH format=FORMAT label=FIELD out=FILE"),
        ("scroll", ["flow", "--data", emoji], "viewport=WxH param=K=V sizing=RULE max-memory=MB max-instructions=N time-limit=SECONDS data=FILE "
            + "duplicates=POLICY section-by=FIELD max-data-size=MB safe-area=T,L,B,R layout-margins=T,L,B,R readable-width=W from=Y to=Y steps=N "
            + "animator=NAME animator-param=K=V format=FORMAT measured=SIZES.json"),
        ("preview", ["flow", "--data", emoji], "data=FILE viewport=WxH param=K=V sizing=RULE animator=NAME animator-param=K=V label=FIELD port=N "
            + "max-memory=MB max-instructions=N time-limit=SECONDS duplicates=POLICY section-by=FIELD max-data-size=MB"),
        ("repl", ["--batch"], "data=FILE layout=FILE viewport=WxH max-memory=MB max-instructions=N time-limit=SECONDS duplicates=POLICY "
            + "section-by=FIELD max-data-size=MB"),
        ("test", [], "filter=TEXT junit=FILE report=FILE.html max-memory=MB max-instructions=N time-limit=SECONDS"),
        ("bench", [], "format=FORMAT data=FILE viewport=WxH param=K=V sizing=RULE duplicates=POLICY section-by=FIELD max-data-size=MB "
            + "time-limit=SECONDS"),
    ]

    /// Every value-taking flag of every command (`commands`), with its value as the usage names it.
    static var valueTakingFlags: [(command: String, needs: [String], flag: String, valueName: String)] {
        commands.flatMap { command, needs, options in
            options.split(separator: " ").map { option in
                let eq = option.firstIndex(of: "=")!
                return (command, needs, "--" + option[..<eq], String(option[option.index(after: eq)...]))
            }
        }
    }

    /// Expects `tessera ARGUMENTS` to be a usage error of its command with `message`: exit
    /// status 64 (`test`: 2), the sentence and the usage on stderr, nothing on stdout.
    static func expectUsageErrorOfAnyCommand(_ arguments: [String], _ message: String) throws {
        let command = arguments[0]
        let r = try runTessera(arguments, input: "")
        #expect(r.status == (command == "test" ? 2 : 64), "\(arguments)")
        #expect(r.stderr == usageErrorText(message, command: command), "\(arguments)")
        #expect(r.stdout == "", "\(arguments)")
    }

    /// Expects `expectUsageErrorOfAnyCommand` of every command line in `cases`, in this process
    /// (`parseFailure`), and through the real binary for the first of each command: a table
    /// of a hundred and more lines checks its sentences without as many processes, each of which
    /// spends 50 ms of CPU time starting.
    static func expectUsageErrorsOfEveryCommand(_ cases: [(arguments: [String], message: String)]) throws {
        var launched: Set<String> = []
        for (arguments, message) in cases {
            let command = arguments[0]
            expectParseFailure(arguments, message, status: command == "test" ? 2 : 64)
            if launched.insert(command).inserted { try expectUsageErrorOfAnyCommand(arguments, message) }
        }
        #expect(launched == Set(commands.map(\.command)))
    }

    /// A flag followed by another flag has no value: whether ArgumentParser took the next flag
    /// as its value (`--viewport`, read unconditionally) or found none (`--format`), the sentence
    /// names the first flag, not the unknown `--rounds` or a leftover argument. Every
    /// value-taking flag of every command.
    @Test func aFlagFollowedByAnotherFlagIsToldItHasNoValue() throws {
        try Self.expectUsageErrorsOfEveryCommand(Self.valueTakingFlags.map { command, needs, flag, valueName in
            ([command] + needs + [flag, "--rounds", "3"], "\(flag) '--rounds' is not valid; expected a value (\(valueName)), not another flag")
        })
    }

    /// A flag that ends the command line has no value: the sentence names it and what it
    /// expects, with the usage below, as every usage error (ArgumentParser said "Missing value
    /// for '--viewport <WxH>'" with a `Help:` line). Every value-taking flag of every command.
    @Test func aFlagEndingTheLineIsToldItNeedsAValue() throws {
        try Self.expectUsageErrorsOfEveryCommand(Self.valueTakingFlags.map { command, needs, flag, valueName in
            ([command] + needs + [flag], "\(flag) needs a value; expected \(valueName)")
        })
    }

    /// ArgumentParser finds no value either where an argument starting with `-` follows a flag
    /// that does not read its value unconditionally (the numbers do: `--from -50`), or `--`.
    @Test(arguments: [
        (["run", "waterfall", "--label", "-x"], "--label needs a value ('-x' reads as a flag; write --label=-x to give it); expected FIELD"),
        (["run", "waterfall", "--format", "-1", "--rtl"],
         "--format needs a value ('-1' reads as a flag; write --format=-1 to give it); expected FORMAT"),
        (["test", "--filter", "-h"], "--filter needs a value ('-h' reads as a flag; write --filter=-h to give it); expected TEXT"),
        (["run", "waterfall", "--format", "--"], "--format needs a value; expected FORMAT"),
        (["run", "--format", "--", "waterfall"], "--format needs a value; expected FORMAT"),
        (["bench", "--format"], "--format needs a value; expected FORMAT"),
    ])
    func aFlagWithoutAValueBeforeADashIsToldItNeedsOne(arguments: [String], message: String) throws {
        try Self.expectUsageErrorOfAnyCommand(arguments, message)
    }

    /// The value `--label=-x` gives is taken.
    @Test func aValueStartingWithADashIsGivenWithEquals() throws {
        let r = try runTessera(["run", "waterfall", "--label=-x", "--format", "text"], input: "")
        #expect(r.status == 0 && r.stderr == "", "\(r.stderr)")
    }

    @Test(arguments: [
        (["run", "waterfall", "--viewport", "--rounds", "3"], "--viewport '--rounds' is not valid; expected a value (WxH), not another flag"),
        (["run", "waterfall", "--viewport", "--format", "json"], "--viewport '--format' is not valid; expected a value (WxH), not another flag"),
        (["run", "waterfall", "--format", "--viewport", "375x812"], "--format '--viewport' is not valid; expected a value (FORMAT), not another flag"),
        (["scroll", "waterfall", "--data", emoji, "--steps", "--rtl"], "--steps '--rtl' is not valid; expected a value (N), not another flag"),
    ])
    func theFirstFlagWithoutItsValueIsNamed(arguments: [String], message: String) throws {
        try expectUsageError(arguments, message)
    }

    /// After `--` every argument is positional: a value-taking flag there is the layout's name.
    @Test func afterTwoDashesAFlagIsAnArgument() throws {
        let r = try runTessera(["run", "--viewport", "375x812", "--", "--format"], input: "")
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("Error: unknown layout '--format'; expected a .lua file, "), "\(r.stderr)")
    }

    /// A malformed value is reported as malformed before the rule that a value is given once,
    /// whichever of the two is malformed; two well-formed values are a repeat.
    @Test(arguments: [
        (["run", "waterfall", "--param", "=1", "--param", "=2"], "--param '=1' is not valid; expected K=V, for example --param columns=3"),
        (["run", "waterfall", "--param", "columns=2", "--param", "=2"], "--param '=2' is not valid; expected K=V, for example --param columns=3"),
        (["scroll", "waterfall", "--data", emoji, "--animator-param", "=1", "--animator-param", "=1"],
         "--animator-param '=1' is not valid; expected K=V, for example --animator-param duration=0.5"),
        (["run", "waterfall", "--section-offset", "x=1,2", "--section-offset", "x=3,4"],
         "--section-offset 'x=1,2' is not valid; expected S=X,Y with a 0-based section and two finite numbers, for example 1=120,0"),
        (["run", "waterfall", "--viewport", "abc", "--viewport", "375x812"], "--viewport 'abc' is not valid; expected two finite numbers like 375x812"),
        (["run", "waterfall", "--viewport=abc", "--viewport", "375x812"], "--viewport 'abc' is not valid; expected two finite numbers like 375x812"),
        (["run", "waterfall", "--viewport", "375x812", "--viewport", "abc"], "--viewport 'abc' is not valid; expected two finite numbers like 375x812"),
        (["run", "waterfall", "--format", "jsno", "--format", "json"], "--format 'jsno' is not valid (did you mean json?); expected json, text, svg or html"),
        (["run", "waterfall", "--viewport", "320x480", "--viewport=375x812"], "--viewport was given twice ('320x480', then '375x812'); give each value once"),
    ])
    func aMalformedValueComesBeforeARepeat(arguments: [String], message: String) throws {
        try expectUsageError(arguments, message)
    }

    /// The numbers ArgumentParser read itself before are read as every option's value is: the
    /// text as typed, and the range.
    @Test(arguments: [
        (["scroll", "waterfall", "--data", emoji, "--steps", "many"], "--steps 'many' is not valid; expected a whole number from 1 to 10,000,000"),
        (["scroll", "waterfall", "--data", emoji, "--from", "top"],
         "--from 'top' is not valid; expected an offset from -1e15 to 1e15 (beyond, a viewport's edges lose their precision)"),
        (["animate", "flow", "--data", emoji, "--to", emoji, "--fps", "fast"],
         "--fps 'fast' is not valid; expected a number of frames per second from 1 to 1,000"),
        (["check", "waterfall", "--max-warnings", "1.5"], "--max-warnings '1.5' is not valid; expected a whole number, 0 or more"),
        // Hexadecimal is no flag's number: Swift's Double read `0x10` as 16 where `--steps 0x10` was refused.
        (["animate", "flow", "--data", emoji, "--to", emoji, "--fps", "0x10"],
         "--fps '0x10' is not valid; expected a number of frames per second from 1 to 1,000"),
        (["run", "waterfall", "--time-limit", "0x10"], "--time-limit '0x10' is not valid; expected a number of seconds from 0 (no limit) to 86,400"),
        (["run", "waterfall", "--offset", "0x1p3,5"], "--offset '0x1p3,5' is not valid; expected two finite numbers like 0,2000"),
        (["run", "waterfall", "--readable-width", "0X20"], "--readable-width '0X20' is not valid; expected a non-negative length, for example 672"),
        (["run", "waterfall", "--safe-area", "0,0x8,0,0"],
         "--safe-area '0,0x8,0,0' is not valid; expected one non-negative length or four as T,L,B,R, for example 0,44,21,44"),
        (["bench", "--format", "jsno"], "--format 'jsno' is not valid (did you mean json?); expected table or json"),
        (["check", "waterfall", "--fail-on", "overlap,pins"],
         "--fail-on 'overlap,pins' is not valid ('pins' is no kind); expected a comma list of overlap, outside, visible, covered, pinned, field"),
        (["check", "waterfall", "--fail-on", "overlaps"],
         "--fail-on 'overlaps' is not valid ('overlaps' is no kind; did you mean overlap?); expected a comma list of overlap, outside, visible, covered, pinned, field"),
    ])
    func numbersAndNamesTakeTheOneShape(arguments: [String], message: String) throws {
        try expectUsageError(arguments, message)
    }

    /// An empty file or field name is a usage error naming the flag (`--data ''` was read as a
    /// file named "" and refused as `Error: : expected a .json, .jsonl or .csv file`); an
    /// empty `--filter` keeps every test.
    @Test(arguments: [
        (["run", "flow", "--data", ""], "--data '' is not valid; expected a file name"),
        (["run", "flow", "--data="], "--data needs a value; expected FILE"),
        (["run", "flow", "--label", ""], "--label '' is not valid; expected a field name"),
        (["check", "flow", "--section-by", ""], "--section-by '' is not valid; expected a field name"),
        (["animate", "flow", "--data", emoji, "--to", ""], "--to '' is not valid; expected a file name"),
        (["animate", "flow", "--to-layout", "waterfall", "--animator", ""], "--animator '' is not valid; expected a value (NAME)"),
        (["scroll", "flow", "--measured", ""], "--measured '' is not valid; expected a file name"),
        (["repl", "--batch", "--layout", ""], "--layout '' is not valid; expected a value (FILE)"),
    ])
    func anEmptyNameIsAUsageError(arguments: [String], message: String) throws {
        try expectUsageError(arguments, message)
    }

    /// A dataset whose section ids 5 and "5" one key `"5"` names both of: sections 0 and 2.
    static let twinSections = #"{"sections": [{"id": 5, "items": [{"id": "a"}]}, {"id": "s", "items": [{"id": "b"}]}, {"id": "5", "items": [{"id": "c"}]}]}"#

    /// A key naming two sections counts them from 0 on the command line, as `--section-offset`
    /// and the JSON do (Lua's `t.split{}` counts from 1: `TypedMessageTests`).
    @Test func aKeyNamingTwoSectionsCountsThemFromZero() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("twins.json")
        try Self.twinSections.write(to: data, atomically: true, encoding: .utf8)
        let r = try runTessera(["run", "split", "--data", data.path, "--param", #"side={"5":"left"}"#], input: "")
        #expect(r.status == 1)
        #expect(r.stderr == #"Error: split param 'side' names section 0 (id 5) and section 2 (id "5") by the one key "5"; "#
            + "expected section ids whose text differs, or a function of (index, section).\n")
        #expect(r.stdout == "")
    }

    /// A test file's `t.run` of a built-in by name takes its params as `--param` does, but is
    /// Lua: its sections count from 1, as `t.split{}`'s do (it said section 0 and section 2).
    @Test func aKeyNamingTwoSectionsInATestFileCountsThemFromOne() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("tests"), withIntermediateDirectories: true)
        try Self.twinSections.write(to: root.appendingPathComponent("twins.json"), atomically: true, encoding: .utf8)
        try """
        local t = require("tessera")
        test("twins", function()
          t.run("split", {data = "../twins.json", params = {side = {["5"] = "left"}}})
        end)

        """.write(to: root.appendingPathComponent("tests/twins_test.lua"), atomically: true, encoding: .utf8)
        let r = try runTessera(["test"], in: root, environment: ["CI": nil])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map { String($0).replacingOccurrences(of: #"\(\d+ ms\)$"#, with: "(_ ms)", options: .regularExpression) }
        #expect(lines == [
            "✘ tests/twins_test.lua › twins (_ ms)",
            #"    tests/twins_test.lua:3: split param 'side' names section 1 (id 5) and section 3 (id "5") by the one key "5"; "#
                + "expected section ids whose text differs, or a function of (index, section)",
            "0 passed, 1 failed",
        ], "\(r.stdout)")
    }
}
