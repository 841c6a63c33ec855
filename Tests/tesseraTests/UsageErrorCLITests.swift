import Foundation
import Testing

/// Where a command line's errors fall: one that does not parse (an unknown flag, a missing
/// argument, a flag value that names nothing) exits 64 with the command's usage below the
/// sentence; an error found while running (a file, a layout by name, a parameter the layout
/// refuses) exits 1 with the sentence alone. Neither prints anything on stdout.
@Suite struct UsageErrorCLITests {
    static let emoji = "datasets/emoji-15.1.json"

    /// Command lines that do not parse, and the sentence each gets.
    static let doesNotParse: [([String], String)] = [
        (["run", "layouts/waterfall.lua", "--data", emoji, "--viewport", "375"],
         "--viewport '375' is not valid; expected two finite numbers like 375x812"),
        (["run", "flow", "--param", "justifyContent"], "--param 'justifyContent' is not valid; expected K=V, for example --param columns=3"),
        (["run", "waterfall", "--section-offset", "1=x,2"],
         "--section-offset '1=x,2' is not valid; expected S=X,Y with a 0-based section and two finite numbers, for example 1=120,0"),
        (["run", "waterfall", "--duplicates", "keep"], "--duplicates 'keep' is not valid; expected reject, pairInOrder or suffix"),
        (["run", "waterfall", "--colums", "3"], "unknown option '--colums' (if it is a layout param: --param colums=3)"),
        (["run", "--layout", "waterfall"],
         "unknown option '--layout'; <layout> is an argument, given without a flag (waterfall, not --layout waterfall)"),
        (["diff", "--old", "a.json", "b.json"], "unknown option '--old'; <old> is an argument, given without a flag (a.json, not --old a.json)"),
        (["run", "waterfall", "--forma", "json"], "unknown option '--forma' (did you mean --format?)"),
        // The start of a flag, or of a word of one: ArgumentParser offered nothing, the flag was
        // taken for a layout parameter.
        (["run", "waterfall", "--view", "1x1"], "unknown option '--view' (did you mean --viewport?)"),
        (["run", "waterfall", "--section", "team"], "unknown option '--section' (did you mean --section-by or --section-offset?)"),
        (["check", "waterfall", "--sizing", "nope"], "--sizing 'nope' is not valid; expected one of fit, fillWidth, intrinsic, fill"),
        (["diff", emoji, emoji, "--format", "yaml"], "--format 'yaml' is not valid; expected json or text"),
        (["scroll", "waterfall", "--data", emoji, "--steps", "0"], "--steps '0' is not valid; expected a whole number from 1 to 10,000,000"),
        (["scroll", "waterfall", "--data", emoji, "--animator-param", "alpha"],
         "--animator-param 'alpha' is not valid; expected K=V, for example --animator-param duration=0.5"),
        (["repl", "--batch", "--viewport", "1"], "--viewport '1' is not valid; expected two finite numbers like 375x812"),
        // A value is given once: a single-valued flag twice, or a keyed one twice with one key,
        // kept the last value without a word.
        (["run", "waterfall", "--viewport", "320x480", "--viewport", "375x812"],
         "--viewport was given twice ('320x480', then '375x812'); give each value once"),
        (["run", "waterfall", "--format=json", "--format", "text"], "--format was given twice ('json', then 'text'); give each value once"),
        (["run", "waterfall", "--param", "columns=2", "--param", "spacing=4", "--param", "columns=3"],
         "--param columns was given twice ('columns=2', then 'columns=3'); give each value once"),
        (["run", "waterfall", "--section-offset", "1=0,0", "--section-offset", "01=90,0"],
         "--section-offset 1 was given twice ('1=0,0', then '01=90,0'); give each value once"),
        (["scroll", "waterfall", "--data", emoji, "--animator-param", "duration=1", "--animator-param=duration=2"],
         "--animator-param duration was given twice ('duration=1', then 'duration=2'); give each value once"),
        (["check", "waterfall", "--data", emoji, "--data", emoji],
         "--data was given twice ('datasets/emoji-15.1.json', then 'datasets/emoji-15.1.json'); give each value once"),
        (["run", "waterfall", "--viewport", "375xx812"], "--viewport '375xx812' is not valid; expected two finite numbers like 375x812"),
        (["run", "waterfall", "--viewport", "375 812"], "--viewport '375 812' is not valid; expected two finite numbers like 375x812"),
        (["run", "waterfall", "--viewport", "375*812"], "--viewport '375*812' is not valid; expected two finite numbers like 375x812"),
        (["run", "waterfall", "--viewport", "375Xabc"], "--viewport '375Xabc' is not valid; expected two finite numbers like 375x812"),
        (["preview", "flow", "--data", emoji, "--port", "70000"], "--port '70000' is not valid (too large: the largest is 65535); expected a port from 0 (any free port) to 65535"),
        // A negative number was read as a flag of its own: "Missing value for '--port <port>'".
        (["preview", "flow", "--data", emoji, "--port", "-1"], "--port '-1' is not valid; expected a port from 0 (any free port) to 65535"),
        // Not a whole number: ArgumentParser's "The value 'abc' is invalid for '--port <N>'" and a Help line.
        (["preview", "flow", "--data", emoji, "--port", "abc"], "--port 'abc' is not valid; expected a port from 0 (any free port) to 65535"),
        (["preview", "flow", "--data", emoji, "--port", "80.5"], "--port '80.5' is not valid; expected a port from 0 (any free port) to 65535"),
        (["preview", "flow", "--data", emoji, "--port", "99999999999999999999"],
         "--port '99999999999999999999' is not valid (too large: the largest is 65535); expected a port from 0 (any free port) to 65535"),
        // A negative guide was read as a flag of its own: "Missing value for '--safe-area <T,L,B,R>'".
        (["run", "waterfall", "--safe-area", "-1,0,0,0"],
         "--safe-area '-1,0,0,0' is not valid; expected one non-negative length or four as T,L,B,R, for example 0,44,21,44"),
        (["check", "waterfall", "--layout-margins", "-8"],
         "--layout-margins '-8' is not valid; expected one non-negative length or four as T,L,B,R, for example 0,44,21,44"),
        (["scroll", "waterfall", "--data", emoji, "--readable-width", "-5"],
         "--readable-width '-5' is not valid; expected a non-negative length, for example 672"),
        (["check", "waterfall", "--max-warnings", "-1"], "--max-warnings '-1' is not valid; expected a whole number, 0 or more"),
        (["preview", "flow", "--data", emoji, "--viewport", "1e308x5"],
         "--viewport '1e308x5' is not valid; expected a size the preview's page draws, whole numbers from 1 to 100,000 on each side"),
        (["preview", "flow", "--data", emoji, "--viewport", "0x0"], "--viewport '0x0' is not valid; expected a size the preview's page draws, whole numbers from 1 to 100,000 on each side"),
        // The page takes it as its size and sends it back when it reconnects: its fields hold whole numbers.
        (["preview", "flow", "--data", emoji, "--viewport", "375.5x812"],
         "--viewport '375.5x812' is not valid; expected a size the preview's page draws, whole numbers from 1 to 100,000 on each side"),
        (["preview", "flow", "--data", emoji, "--offset", "0,0"], "unknown option '--offset' (a flag of run, animate; not of preview)"),
        // Another command's flag: ArgumentParser offered this command's closest ("Did you mean '--rtl'?"),
        // or, for --animator, the layout parameter guess.
        (["run", "waterfall", "--fps", "30"], "unknown option '--fps' (a flag of animate; not of run)"),
        (["run", "waterfall", "--animator", "fade"], "unknown option '--animator' (a flag of animate, scroll, preview; not of run)"),
        // An unknown flag is named even where ArgumentParser first read its value as an argument
        // ("unknown bench suite '3'", "Missing expected argument '<new>'") or missed another.
        (["bench", "--rounds", "3"], "unknown option '--rounds' (if it is a layout param: --param rounds=3)"),
        (["bench", "layout", "--rounds=3"], "unknown option '--rounds' (if it is a layout param: --param rounds=3)"),
        (["run", "waterfall", "--columns=3"], "unknown option '--columns' (if it is a layout param: --param columns=3)"),
        // Flags as other tools spell them: the one meant, not a bare "unknown option" or a param.
        (["run", "waterfall", "-o", "out/x.svg"], "unknown option '-o' (did you mean --out?)"),
        (["run", "waterfall", "--output", "out/x.svg"], "unknown option '--output' (did you mean --out?)"),
        (["check", "waterfall", "-d", "photos.jsonl"], "unknown option '-d' (did you mean --data?)"),
        (["check", "waterfall", "--dataset", "photos.jsonl"], "unknown option '--dataset' (did you mean --data?)"),
        (["run", "waterfall", "-p", "columns=3"], "unknown option '-p' (did you mean --param?)"),
        (["diff", "a.json", "b.json", "-f", "text"], "unknown option '-f' (did you mean --format?)"),
        // A short flag that stands for no flag of the command gets no guess.
        (["run", "waterfall", "-x"], "unknown option '-x'"),
        (["diff", "--rounds", "3"], "unknown option '--rounds'"),
        (["animate", "--rounds", "3"], "unknown option '--rounds' (if it is a layout param: --param rounds=3)"),
        (["preview", "flow", "--rounds", "3"], "unknown option '--rounds' (if it is a layout param: --param rounds=3)"),
        // A dataset given without its flag.
        (["check", "waterfall", "photos.jsonl"], "unexpected argument 'photos.jsonl'; a dataset is given with --data: --data photos.jsonl"),
        (["run", "waterfall", "--rtl", "--out", "a.json", "photos.csv"],
         "unexpected argument 'photos.csv'; a dataset is given with --data: --data photos.csv"),
        (["run", "waterfall", "--data", emoji, "b.json"], "unexpected argument 'b.json'"),
        (["repl", "photos.jsonl"], "<FILE.lua> 'photos.jsonl' is a dataset, not Lua statements; a dataset is given with --data: --data photos.jsonl"),
        // A name given to the command that lists them all: the command that shows one.
        (["layouts", "waterfall"],
         "unexpected argument 'waterfall' (tessera layouts takes no name: tessera run waterfall --format text lays this one out and draws it)"),
        (["layouts", "appstore"],
         "unexpected argument 'appstore' (tessera layouts takes no name: tessera run appstore --format text lays this one out and draws it)"),
        (["layouts", "out/mine.lua"],
         "unexpected argument 'out/mine.lua' (tessera layouts takes no name: tessera run out/mine.lua --format text lays this one out and draws it)"),
        (["layouts", "fade"], "unexpected argument 'fade' (tessera layouts takes no name: it lists every layout and animator there is)"),
        (["layouts", "my layout.lua"],
         "unexpected argument 'my layout.lua' (tessera layouts takes no name: it lists every layout and animator there is)"),
        // Several names: the command for the first that names a layout, one at a time.
        (["layouts", "fade", "waterfall", "appstore"],
         "3 unexpected arguments: 'fade', 'waterfall', 'appstore' (tessera layouts takes no names: "
            + "tessera run waterfall --format text lays waterfall out and draws it; run takes one layout at a time)"),
        (["layouts", "appstore", "--", "grid"],
         "2 unexpected arguments: 'appstore', 'grid' (tessera layouts takes no names: "
            + "tessera run appstore --format text lays appstore out and draws it; run takes one layout at a time)"),
        (["layouts", "fade", "my layout.lua"],
         "2 unexpected arguments: 'fade', 'my layout.lua' (tessera layouts takes no names: it lists every layout and animator there is)"),
        (["bench", "nosuchsuite"],
         "unknown bench suite 'nosuchsuite'; known suites: layout, visible, diff, load, lua, animator, engine, compositional, preview, test"),
    ]

    /// Each line is parsed in this process (`parseFailure`); the first of each command also
    /// runs the real binary, whose status and streams come from the same two functions.
    @Test(arguments: doesNotParse)
    func aCommandLineThatDoesNotParseExits64WithTheUsage(arguments: [String], message: String) throws {
        expectParseFailure(arguments, message)
        if Self.doesNotParse.first(where: { $0.0[0] == arguments[0] })?.0 == arguments {
            try expectUsageError(arguments, message)
        }
    }

    /// ArgumentParser's own sentences start lowercase, as ours do (it wrote "Missing expected
    /// argument", "Unexpected argument"); its Help line and the usage stay below as it writes them.
    @Test func argumentParsersSentencesReadAsOurs() throws {
        let missing = try runTessera(["run"], input: "")
        #expect(missing.status == 64 && missing.stdout == "")
        #expect(missing.stderr == """
            Error: missing expected argument '<layout>'.
            Help:  <layout>  A built-in layout (flow, row, waterfall, overlay, split), a layout script by name (appstore; `tessera layouts` lists them), or a .lua file.
            Usage: \(usageLines["run"] ?? "")
              See 'tessera run --help' for more information.

            """)
        #expect(parseFailure(["diff", "a.json"])?.stderr == """
            Error: missing expected argument '<new>'.
            Help:  <new>  The new dataset (.json, .jsonl or .csv).
            Usage: \(usageLines["diff"] ?? "")
              See 'tessera diff --help' for more information.

            """)
        expectParseFailure(["run", "waterfall", "extra"], "unexpected argument 'extra'")
        // An unknown flag, a misspelt one and a value that does not parse, each in one sentence.
        try expectUsageError(["diff", "a.json", "b.json", "--bogus"], "unknown option '--bogus'")
        expectParseFailure(["check", "waterfall", "--strcit"], "unknown option '--strcit' (did you mean --strict?)")
        expectParseFailure(["run", "waterfall", "--viewport", "x"], "--viewport 'x' is not valid; expected two finite numbers like 375x812")
    }

    /// scroll, preview and animate, which lay out generated items without --data as run does,
    /// given a dataset without the flag, say how to give it as run says it.
    @Test(arguments: [["scroll", "waterfall", "photos.jsonl"], ["preview", "waterfall", "photos.jsonl"],
                      ["animate", "waterfall", "--to-layout", "grid", "photos.jsonl"]])
    func aDatasetWithoutItsFlagIsNamedWithTheFlag(arguments: [String]) {
        let failure = parseFailure(arguments)
        #expect(failure?.status == 64)
        #expect(failure?.stderr == """
            Error: unexpected argument 'photos.jsonl'; a dataset is given with --data: --data photos.jsonl.
            Usage: \(usageLines[arguments[0]] ?? "")
              See 'tessera \(arguments[0]) --help' for more information.

            """)
    }

    /// What may repeat: flags without a value, keyed flags with different keys, lists.
    @Test func flagsWithoutAValueAndDifferentKeysMayRepeat() throws {
        let r = try runTessera(["run", "waterfall", "--rtl", "--rtl", "--param", "columns=2", "--param", "spacing=4",
                                "--format", "text"], input: "")
        #expect(r.status == 0 && r.stderr == "")
        #expect(r.stdout.hasPrefix("layout:       waterfall\n"))
        // `tessera test` keeps its own usage status, and prints no summary: no test ran.
        let test = try runTessera(["test", "--filter", "a", "--filter", "b"], input: "")
        #expect(test.status == 2)
        #expect(test.stderr.hasPrefix("Error: --filter was given twice ('a', then 'b'); give each value once.\nUsage: tessera test [<paths> ...] "))
        #expect(test.stdout == "")
        // Its unknown flags are explained as every command's are.
        let flag = try runTessera(["test", "--data", "x"], input: "")
        #expect(flag.status == 2 && flag.stdout == "")
        #expect(flag.stderr.hasPrefix("Error: unknown option '--data' (a flag of run, check, animate, scroll, repl, bench, preview; not of test).\nUsage: tessera test [<paths> ...] "))
    }

    @Test func versionIsAFlagOfTheProgram() throws {
        let r = try runTessera(["--version"], input: "")
        #expect(r.status == 0 && r.stderr == "")
        #expect(r.stdout == "0.1.0\n")
        let help = try runTessera(["--help"], input: "")
        #expect(help.stdout.contains("\n  --version               Show the version.\n"))
        // `tessera version` is what a user guesses; it points at the flag.
        let word = try runTessera(["version"], input: "")
        #expect(word.status == 64 && word.stdout == "")
        #expect(word.stderr.hasPrefix("Error: unknown command 'version' (did you mean --version?); expected one of run, check,"))
        // So are the short and shortened flags other programs take for it; any other gets no guess.
        for (flag, hint) in [("-v", " (did you mean --version?)"), ("-V", " (did you mean --version?)"),
                             ("--ver", " (did you mean --version?)"), ("-x", "")] {
            let failure = parseFailure([flag])
            #expect(failure?.status == 64)
            #expect(failure?.stderr == """
                Error: unknown option '\(flag)'\(hint).
                Usage: tessera <subcommand>
                  See 'tessera --help' for more information.

                """)
        }
    }

    /// A flag of commands given before any command is told that the command comes first, with
    /// the commands that take it and a command line that gives it as it was given.
    @Test func aFlagBeforeAnyCommandNamesTheCommandsThatTakeIt() throws {
        let usage = "\nUsage: tessera <subcommand>\n  See 'tessera --help' for more information.\n"
        let r = try runTessera(["--data", "x"], input: "")
        #expect(r.status == 64 && r.stdout == "")
        #expect(r.stderr == "Error: unknown option '--data' (a flag of run, check, animate, scroll, repl, bench, preview; "
            + "the command comes first: tessera run <layout> --data x)." + usage)
        for (arguments, message) in [
            (["--data=photos.jsonl", "run", "waterfall"], "unknown option '--data' (a flag of run, check, animate, scroll, repl, "
                + "bench, preview; the command comes first: tessera run <layout> --data photos.jsonl)"),
            (["--rtl"], "unknown option '--rtl' (a flag of run, check, scroll; the command comes first: tessera run <layout> --rtl)"),
            (["--fps", "30"], "unknown option '--fps' (a flag of animate; the command comes first: tessera animate <layout> --fps 30)"),
            // The flags of the program itself keep their own answers.
            (["--ver"], "unknown option '--ver' (did you mean --version?)"),
            (["--nope"], "unknown option '--nope'"),
        ] {
            let failure = parseFailure(arguments)
            #expect(failure?.status == 64, "\(arguments)")
            #expect(failure?.stderr == "Error: \(message)." + usage, "\(arguments)")
        }
    }

    /// A scaffolding command, which other tools have, says where a first script comes from.
    @Test(arguments: ["new", "init", "create"])
    func aScaffoldingCommandPointsAtCopyingAScript(command: String) {
        let failure = parseFailure([command, "my-layout"])
        #expect(failure?.status == 64)
        #expect(failure?.stderr == """
            Error: unknown command '\(command)' (no command writes a new script: copy one that `tessera layouts` lists, \
            as docs/tutorial/01-first-layout.md shows, and run it with tessera run FILE.lua); expected one of run, check, \
            diff, animate, scroll, layouts, repl, test, bench, preview.
            Usage: tessera <subcommand>
              See 'tessera --help' for more information.

            """)
    }

    /// A size is typed with x, X or ×, with spaces around it or not.
    @Test(arguments: ["375X812", "375×812", "375 x 812", " 375x812 ", "375 × 812"])
    func aViewportTakesTheWaysPeopleTypeTheTimesSign(viewport: String) throws {
        let r = try runTessera(["run", "waterfall", "--viewport", viewport, "--format", "text"], input: "")
        #expect(r.status == 0 && r.stderr == "")
        #expect(r.stdout.contains("\nviewport:     375 x 812 at 0,0\n"))
    }

    @Test func aMisspeltCommandGetsTheClosestOne() throws {
        // It was ArgumentParser's bare "unexpected argument 'rnu'".
        let r = try runTessera(["rnu", "flow"], input: "")
        #expect(r.status == 64 && r.stdout == "")
        #expect(r.stderr == """
            Error: unknown command 'rnu' (did you mean run?); expected one of run, check, diff, animate, scroll, layouts, repl, test, bench, preview.
            Usage: tessera <subcommand>
              See 'tessera --help' for more information.

            """)
        // `tessera help NAME` too (it printed the main help with status 0); `help run` still helps.
        let help = try runTessera(["help", "rnu"], input: "")
        #expect(help.status == 64 && help.stdout == "")
        #expect(help.stderr.hasPrefix("Error: unknown command 'rnu' (did you mean run?); expected one of run, check,"))
        let helpRun = try runTessera(["help", "run"], input: "")
        #expect(helpRun.status == 0 && helpRun.stdout.hasPrefix("OVERVIEW: Lay out a dataset"))
        let far = try runTessera(["render"], input: "")
        #expect(far.status == 64)
        #expect(far.stderr.hasPrefix("Error: unknown command 'render'; expected one of run, check,"))
    }

    /// A newcomer types the layout where the command goes; the message names the command that takes it.
    @Test(arguments: [["waterfall", "--param", "columns=3"], ["out/list.lua"], ["help", "flow"]])
    func aLayoutInThePlaceOfTheCommandIsToldRun(arguments: [String]) throws {
        let layout = arguments.first == "help" ? arguments[1] : arguments[0]
        let r = try runTessera(arguments, input: "")
        #expect(r.status == 64 && r.stdout == "")
        #expect(r.stderr == """
            Error: unknown command '\(layout)' (a layout, not a command: tessera run \(layout) lays it out); expected one of run, check, diff, animate, scroll, layouts, repl, test, bench, preview.
            Usage: tessera <subcommand>
              See 'tessera --help' for more information.

            """)
    }

    @Test(arguments: [
        (["run", "waterfall", "--data", "datasets/no-such-file.json"],
         "datasets/no-such-file.json: expected a dataset file, found no such file."),
        (["run", "waterfall", "--param", "colums=3"],
         "unknown param 'colums' for the waterfall layout (did you mean columns?); known params: columns, spacing."),
        (["run", "flow", "--param", "justify=center"],
         "unknown param 'justify' for the flow layout (did you mean justifyContent?); "
         + "known params: spacing, lineSpacing, interitemSpacing, justifyContent, alignItems, alignContent."),
        (["run", "flow", "--param", "align=start"],
         "unknown param 'align' for the flow layout (did you mean alignItems or alignContent?); "
         + "known params: spacing, lineSpacing, interitemSpacing, justifyContent, alignItems, alignContent."),
        (["run", "flow", "--param", "justifyContent=middle"],
         "flow param 'justifyContent' expects one of start, center, end, spaceBetween, spaceAround, spaceEvenly, got \"middle\"."),
        (["diff", "no-such-file.json", emoji], "no-such-file.json: expected a dataset file, found no such file."),
        (["preview", "flow", "--data", "no-such-file.json"], "no-such-file.json: expected a dataset file, found no such file."),
        (["preview", "nosuch.lua", "--data", emoji], "nosuch.lua: expected a script file, found no such file."),
        (["preview", "flow", "--data", "README.md"], "README.md: expected a .json, .jsonl or .csv file, found the extension \".md\"."),
        (["preview", "flow", "--data", "datasets"], "datasets: expected a .json, .jsonl or .csv file, found a directory."),
        (["preview", "wtarfall", "--data", emoji],
         "unknown layout 'wtarfall' (did you mean waterfall?); expected a .lua file, a built-in (flow, row, waterfall, overlay, split), "
         + "or a script by name (appstore, emoji-split, grid, justified, mosaic, rings, sectioned, timeline); `tessera layouts` lists them."),
        (["run", "nosuch.lua", "--data", emoji], "nosuch.lua: expected a script file, found no such file."),
        (["run", "photos.jsonl"],
         "unknown layout 'photos.jsonl'; expected a .lua file, a built-in (flow, row, waterfall, overlay, split), or a script by name "
         + "(appstore, emoji-split, grid, justified, mosaic, rings, sectioned, timeline); `tessera layouts` lists them; "
         + "a dataset is given with --data: --data photos.jsonl."),
        // Every missing input file is said alike: what was expected, "found no such file", a period.
        (["animate", "waterfall", "--data", emoji, "--to", "no-such-file.json"], "no-such-file.json: expected a dataset file, found no such file."),
        (["animate", "waterfall", "--data", emoji, "--to", emoji, "--animator", "nosuch.lua"],
         "nosuch.lua: expected an animator script file, found no such file."),
        (["animate", "waterfall", "--data", emoji, "--to", emoji, "--animator", "animators/cascad.lua"],
         "animators/cascad.lua: expected an animator script file, found no such file (did you mean animators/cascade.lua?)."),
        (["scroll", "flow", "--data", emoji, "--measured", "no-sizes.json"], "no-sizes.json: expected a sizes file, found no such file."),
        (["scroll", "waterfall", "--data", emoji, "--animator", "bounce"],
         "unknown --animator 'bounce'; expected a .lua file, a built-in (fade, scale, wobble), or a script by name (cascade, edge-shrink, zoom); `tessera layouts` lists them."),
    ])
    func anErrorFoundWhileRunningExits1WithTheSentenceAlone(arguments: [String], message: String) throws {
        let r = try runTessera(arguments, input: "")
        #expect(r.status == 1)
        #expect(r.stderr == "Error: \(message)\n")
        #expect(r.stdout == "")
    }

    /// A shipped script's file name given where no such file is (outside the repository) points
    /// at the name that finds it; a built-in's name runs the built-in, so its script, which
    /// runs by path only, is offered beside it. REPL's run() resolves names alike.
    @Test func aShippedScriptsFileNameElsewhereGetsItsName() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let note = "waterfall.lua: expected a script file, found no such file (did you mean waterfall, the built-in layout, "
            + "or the layout script \(repositoryRoot.path)/layouts/waterfall.lua?)."
        let r = try runTessera(["run", "waterfall.lua"], in: dir, input: "", environment: ["TESSERA_PATH": nil])
        #expect(r.status == 1)
        #expect(r.stderr == "Error: \(note)\n")
        #expect(r.stdout == "")
        let repl = try runTessera(["repl", "--time-limit", "0"], in: dir, input: "run('waterfall.lua')\n", environment: ["TESSERA_PATH": nil])
        #expect(repl.stderr.hasPrefix("\(note)\nstack traceback:\n"), "\(repl.stderr)")
        let mosaic = try runTessera(["check", "mosaik.lua"], in: dir, input: "", environment: ["TESSERA_PATH": nil])
        #expect(mosaic.stderr == "Error: mosaik.lua: expected a script file, found no such file (did you mean mosaic, the layout script "
                + "\(repositoryRoot.path)/layouts/mosaic.lua?).\n")
        // A path with a folder is the user's own file: nothing to point at.
        let own = try runTessera(["run", "mine/waterfall.lua"], in: dir, input: "", environment: ["TESSERA_PATH": nil])
        #expect(own.stderr == "Error: mine/waterfall.lua: expected a script file, found no such file.\n")
    }

    /// A script's or an animator's file name, exact or misspelt, given from the repository root
    /// where no such file is, names the script by name and its file, rather than the file alone
    /// or nothing; a built-in's name gets the built-in; a name near no script gets the plain sentence.
    @Test(arguments: [
        (["run", "mosaic.lua"], "mosaic.lua: expected a script file, found no such file (did you mean mosaic, the layout script layouts/mosaic.lua?)."),
        (["run", "mosaik.lua"], "mosaik.lua: expected a script file, found no such file (did you mean mosaic, the layout script layouts/mosaic.lua?)."),
        (["run", "Timeline.lua"], "Timeline.lua: expected a script file, found no such file (did you mean timeline, the layout script layouts/timeline.lua?)."),
        (["run", "waterfal.lua"], "waterfal.lua: expected a script file, found no such file (did you mean waterfall, the built-in layout, "
            + "or the layout script layouts/waterfall.lua?)."),
        (["run", "nothing-like-it.lua"], "nothing-like-it.lua: expected a script file, found no such file."),
        (["run", "flow.lua"], "flow.lua: expected a script file, found no such file (did you mean flow, the built-in layout?)."),
        (["scroll", "flow", "--animator", "cascad.lua"],
         "cascad.lua: expected an animator script file, found no such file (did you mean cascade, the animator script animators/cascade.lua?)."),
        (["scroll", "flow", "--animator", "fade.lua"],
         "fade.lua: expected an animator script file, found no such file (did you mean fade, the built-in animator, or the animator script animators/fade.lua?)."),
    ])
    func aScriptsFileNameFromTheRootGetsTheScriptByName(arguments: [String], message: String) throws {
        let r = try runTessera(arguments, input: "", environment: ["TESSERA_PATH": nil])
        #expect(r.status == 1)
        #expect(r.stderr == "Error: \(message)\n")
        #expect(r.stdout == "")
    }

    /// A script of one's own named without its `.lua` (`out/list` for `out/list.lua`, or `list`
    /// inside `out/`) or misspelt beside its file points at the file; a path near no script
    /// gets the plain sentence.
    @Test func aScriptNamedWithoutItsExtensionPointsAtItsFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try "return { simpleLayout = function(ctx) end }\n".write(to: out.appendingPathComponent("list.lua"), atomically: true, encoding: .utf8)
        let expected = "expected a .lua file, a built-in (flow, row, waterfall, overlay, split), or a script by name "
            + "(appstore, emoji-split, grid, justified, mosaic, rings, sectioned, timeline); `tessera layouts` lists them."
        let cases: [(folder: URL, arguments: [String], hint: String)] = [
            (dir, ["run", "out/list"], " (did you mean out/list.lua?)"),
            (dir, ["check", "out/lst"], " (did you mean out/list.lua?)"),
            (dir, ["run", "out/list.lu"], " (did you mean out/list.lua?)"),
            (out, ["run", "list"], " (did you mean list.lua?)"),
            (dir, ["run", "out/nothing-like-it"], ""),
        ]
        for (folder, arguments, hint) in cases {
            let r = try runTessera(arguments, in: folder, input: "", environment: ["TESSERA_PATH": nil])
            #expect(r.status == 1 && r.stdout == "", "\(arguments)")
            #expect(r.stderr == "Error: unknown layout '\(arguments[1])'\(hint); \(expected)\n")
        }
    }

    /// A folder where the script or the data file should be, named like one (`x.lua`, `x.json`):
    /// refused at once, as run refuses it (the preview served a page no save could fix; run
    /// said the script "cannot be read").
    @Test func aFolderNamedLikeAFileIsRefusedAsAFolder() throws {
        let dir = try temporaryDirectory()
        for name in ["s.lua", "d.json"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let script = dir.appendingPathComponent("s.lua").path, data = dir.appendingPathComponent("d.json").path
        for arguments in [["preview", script, "--data", Self.emoji], ["run", script, "--data", Self.emoji]] {
            let r = try runTessera(arguments, input: "")
            #expect(r.status == 1 && r.stdout == "")
            #expect(r.stderr == "Error: \(script): expected a regular file, found a directory.\n", "\(arguments[0])")
        }
        for arguments in [["preview", "flow", "--data", data], ["run", "flow", "--data", data]] {
            let r = try runTessera(arguments, input: "")
            #expect(r.status == 1 && r.stdout == "")
            #expect(r.stderr == "Error: \(data): expected a regular file, found a directory.\n", "\(arguments[0])")
        }
    }

    /// A script or data file that is a symbolic link loop (`ln -s a b; ln -s b a`) is named as
    /// one, in the dataset reader's words, by the preview (with either watcher) and by run alike:
    /// they said the script "does not exist" and the preview found "no such file".
    @Test func aSymbolicLinkLoopIsNamedAsOne() throws {
        let dir = try temporaryDirectory()
        let a = dir.appendingPathComponent("a").path, b = dir.appendingPathComponent("b").path
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
        let script = dir.appendingPathComponent("s.lua").path, data = dir.appendingPathComponent("d.json").path
        try FileManager.default.createSymbolicLink(atPath: script, withDestinationPath: a)
        try FileManager.default.createSymbolicLink(atPath: data, withDestinationPath: a)
        let runs = [["preview", script, "--data", Self.emoji], ["preview", script, "--data", Self.emoji, "--poll"],
                    ["preview", "flow", "--data", Self.emoji, "--animator", script], ["animate", "flow", "--data", Self.emoji, "--to", Self.emoji, "--animator", script],
                    ["run", script, "--data", Self.emoji], ["preview", "flow", "--data", data],
                    ["preview", "flow", "--data", data, "--poll"], ["run", "flow", "--data", data]]
        for arguments in runs {
            let file = arguments.contains(script) ? script : data
            let r = try runTessera(arguments, input: "")
            #expect(r.status == 1 && r.stdout == "")
            #expect(r.stderr == "Error: \(file): cannot read the file (too many levels of symbolic links).\n", "\(arguments)")
        }
    }
}
