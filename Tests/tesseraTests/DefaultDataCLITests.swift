import Foundation
import Testing
import TesseraCore

/// Without `--data`, every command that lays out a dataset (run, check, scroll, animate,
/// preview) lays out the same 100 generated items: a new user's first command needs no data
/// file. A reload to `--to NEW` needs the dataset it starts from, so animate refuses it alone.
@Suite struct DefaultDataCLITests {
    /// The generated items written as a data file (the same integer ids and sizes), in a fresh
    /// folder: what a command given it must lay out as it lays out no `--data`.
    static func sampleFile() throws -> String {
        let sample = Dataset.generatedSample
        let items = (0..<sample.count).map { i in
            "{\"id\": \(i), \"w\": \(JSONWriter.format(sample.widths[i])), \"h\": \(JSONWriter.format(sample.heights[i]))}"
        }
        let path = try temporaryDirectory().appendingPathComponent("sample.json").path
        try "{\"items\": [\(items.joined(separator: ",\n"))]}\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `tessera ARGUMENTS`, once without --data and once with the generated items' file: both
    /// succeed silently on stderr; their stdouts.
    static func withoutAndWithTheSampleFile(_ arguments: [String]) throws -> (without: String, with: String) {
        let without = try runTessera(arguments)
        let with = try runTessera(arguments + ["--data", try sampleFile()])
        #expect(without.status == 0 && without.stderr == "", "\(arguments): \(without.stderr)")
        #expect(with.status == 0 && with.stderr == "", "\(arguments): \(with.stderr)")
        return (without.stdout, with.stdout)
    }

    @Test func runLaysOutTheGeneratedItems() throws {
        let out = try Self.withoutAndWithTheSampleFile(["run", "waterfall", "--offset", "0,400"])
        #expect(out.without == out.with)
        #expect(out.without.hasPrefix("{\n  \"viewport\": [375, 812],\n  \"contentSize\": [375, 7822.316433566434],\n"),
                "\(out.without.prefix(80))")
    }

    /// The steps' entering and leaving ids are the same; only the step times differ.
    @Test func scrollLaysOutTheGeneratedItems() throws {
        let out = try Self.withoutAndWithTheSampleFile(["scroll", "waterfall", "--steps", "4", "--format", "json"])
        func steps(_ text: String) throws -> [JSONValue] {
            guard case .array(let steps)? = try JSONParser.parse(text)["steps"] else { return [] }
            return steps.map { step in
                guard case .object(var fields) = step else { return step }
                fields["us"] = nil
                return .object(fields)
            }
        }
        let without = try steps(out.without)
        #expect(without.count == 4)
        #expect(try without == steps(out.with))
        #expect(without.first?["inserted"] == .array((0..<12).map { .int($0) }))
    }

    @Test func animateToAnotherLayoutPlaysTheGeneratedItems() throws {
        let out = try Self.withoutAndWithTheSampleFile(["animate", "waterfall", "--to-layout", "grid"])
        #expect(out.without == out.with)
        guard case .array(let tracks)? = try JSONParser.parse(out.without)["tracks"] else {
            Issue.record("no tracks in \(out.without.prefix(200))")
            return
        }
        #expect(!tracks.isEmpty)
    }

    /// The page's title names the data as every command names it: the file, or the generated items.
    @Test func theAnimatePagesTitleNamesTheGeneratedItems() throws {
        let page = try runTessera(["animate", "waterfall", "--to-layout", "grid", "--format", "html"])
        #expect(page.status == 0 && page.stderr == "")
        #expect(page.stdout.contains("<title>waterfall 100 generated items -&gt; grid - tessera animate</title>"))
    }

    /// Generated items reloaded to NEW would show nothing of OLD: a usage error saying what is missing.
    @Test func aReloadWithoutTheDatasetItStartsFromIsAUsageError() throws {
        try expectUsageError(["animate", "waterfall", "--to", "datasets/examples/photos.jsonl"],
                             "--to NEW reloads from the dataset --data OLD names, and no --data was given; expected --data OLD too "
                             + "(without --data, --to-layout LAYOUT2 animates 100 generated items)")
        // Still exactly one of --to and --to-layout.
        try expectUsageError(["animate", "waterfall"], "animate needs exactly one of --to NEW or --to-layout LAYOUT2")
    }

    /// --section-by regroups the generated items as it regroups a file: they have no fields, so
    /// it is the error a file without the field gets, not a flag silently dropped.
    @Test(arguments: ["run", "check", "scroll"])
    func sectioningTheGeneratedItemsIsTheErrorOfAFieldNoItemHas(command: String) throws {
        let r = try runTessera([command, "waterfall", "--section-by", "app"])
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "Error: 100 generated items: expected some item to have the field \"app\" to section by, found no item with it.\n")
    }

    @Test func checkNamesTheGeneratedItems() throws {
        let check = try runTessera(["check", "grid"])
        #expect(check.status == 0 && check.stderr == "")
        #expect(check.stdout == "grid: ok on 100 generated items: 100 items, content 375x2349, 0 warnings\n")
    }

    /// The help's option entries, each on one line with single spaces.
    static func entries(_ help: String) -> [String] {
        HelpTextTests.optionEntries(help).map { $0.split(separator: " ").joined(separator: " ") }
    }

    /// Each command's help says what it lays out without --data, in the same words.
    @Test(arguments: ["run", "check", "scroll", "animate"])
    func theDataFlagsHelpSaysWhatIsLaidOutWithoutIt(command: String) throws {
        let help = try runTessera([command, "--help"])
        #expect(help.status == 0)
        #expect(Self.entries(help.stdout).contains("--data <FILE> Dataset: .json, .jsonl or .csv. (default: 100 generated items)"),
                "\(help.stdout)")
        #expect(!help.stdout.contains("<layout> --data"), "the usage line still requires --data")
    }

    @Test func previewsHelpSaysWhatItShowsWithoutData() throws {
        let help = try runTessera(["preview", "--help"])
        #expect(help.status == 0)
        #expect(Self.entries(help.stdout).contains(
            "--data <FILE> Dataset: .json, .jsonl or .csv, watched too. (default: 100 generated items)"), "\(help.stdout)")
        #expect(help.stdout.contains("USAGE: tessera preview [<options>] <layout>\n"))
    }
}
