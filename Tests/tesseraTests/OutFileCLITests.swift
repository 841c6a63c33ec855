import Foundation
import Testing
@testable import tessera

/// `--out FILE` of run and animate: the file holds byte for byte what stdout prints (a text
/// file, its last line ended), and its extension chooses the format without `--format`, never
/// one the command cannot write.
@Suite struct OutFileCLITests {
    /// The golden cases of the commands that take `--out`, by their golden file's name.
    static let cases = GoldenOutputTests.cases.filter { ["run", "animate"].contains($0.1[0]) }.map(\.0)

    /// Each golden case of run (json, text, svg, html) and animate (json, html), written to a
    /// file named like its golden file, against its stdout; the text summary's time is masked.
    @Test(arguments: cases) func aFileHoldsWhatStdoutPrints(name: String) throws {
        let arguments = try #require(GoldenOutputTests.cases.first { $0.0 == name }).1
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent(name)
        let written = try runTessera(arguments + ["--out", out.path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.isEmpty)
        let printed = try runTessera(arguments)
        #expect(printed.status == 0, "\(printed.stderr)")
        let file = String(decoding: try Data(contentsOf: out), as: UTF8.self)
        #expect(file.hasSuffix("\n"), "\(name) has no final newline")
        #expect(GoldenOutputTests.wallClockless(file) == GoldenOutputTests.wallClockless(printed.stdout), "\(name)")
    }

    static let animate = ["animate", "waterfall", "--data", "datasets/examples/photos.csv", "--to", "datasets/examples/photos.jsonl"]

    /// An extension naming a format Tessera writes but animate does not is a usage error before
    /// anything runs: no file is written and one already there is left as it was.
    @Test func animateRefusesAnExtensionNamingAFormatItCannotWrite() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("x.svg")
        try "old\n".write(to: out, atomically: true, encoding: .utf8)
        let run = try runTessera(Self.animate + ["--out", out.path])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == usageErrorText(
            "--out '\(out.path)' is not valid (animate writes json or html, not svg); expected a name ending in .json or .html, or --format json to write JSON under this name",
            command: "animate"))
        #expect(try String(contentsOf: out, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["x.svg"])
    }

    /// The same refusal for each such extension, in any case, in this process.
    @Test(arguments: [
        ("x.svg", "svg"), ("x.SVG", "svg"), ("out/x.txt", "text"), ("x.text", "text"),
    ])
    func animateNamesTheFormatItCannotWrite(file: String, format: String) {
        expectParseFailure(Self.animate + ["--out", file],
                           "--out '\(file)' is not valid (animate writes json or html, not \(format)); expected a name ending in .json or .html, or --format json to write JSON under this name")
    }

    /// A picture no command draws (`--out stamps.png`, as a newcomer writes it) is refused before
    /// anything runs, naming what the command writes, rather than written full of JSON.
    @Test func runRefusesAPictureItDoesNotDraw() throws {
        let dir = try temporaryDirectory()
        let run = try runTessera(["run", "waterfall", "--out", "stamps.png"], in: dir)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == usageErrorText(
            "--out 'stamps.png' is not valid (run writes json, text, svg or html, not png); expected a name ending in .json, .txt, .svg or .html, or --format json to write JSON under this name",
            command: "run"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
    }

    /// The same refusal for each picture extension, in any case, by run and by animate.
    @Test(arguments: [("x.png", "png"), ("out/x.PNG", "png"), ("x.jpeg", "jpeg"), ("x.pdf", "pdf"), ("x.webp", "webp")])
    func aPictureExtensionNamesWhatIsWrittenInstead(file: String, format: String) {
        expectParseFailure(["run", "waterfall", "--out", file],
                           "--out '\(file)' is not valid (run writes json, text, svg or html, not \(format)); expected a name ending in .json, .txt, .svg or .html, or --format json to write JSON under this name")
        expectParseFailure(Self.animate + ["--out", file],
                           "--out '\(file)' is not valid (animate writes json or html, not \(format)); expected a name ending in .json or .html, or --format json to write JSON under this name")
    }

    /// An extension naming no format (or none) writes JSON as before; one naming a format the
    /// command writes writes it; a `--format` given always wins.
    @Test(arguments: [
        (["--out", "x.json"], TimelineFormat.json), (["--out", "x.HTML"], .html), (["--out", "x.out"], .json),
        (["--out", "x.dat"], .json), (["--out", "x"], .json), (["--out", ".svg"], .json), (["--out", "svg/x"], .json),
        (["--format", "json", "--out", "x.svg"], .json), (["--format", "html", "--out", "x.txt"], .html),
        (["--format", "json", "--out", "x.html"], .json), ([], .json),
    ])
    func animateWritesWhatTheExtensionOrFormatNames(flags: [String], format: TimelineFormat) throws {
        let command = try #require(try Tessera.parseCommandLine(Self.animate + flags) as? AnimateCommand)
        #expect(try command.writtenFormat() == format, "\(flags)")
    }

    /// run writes every format an extension names; `--format` wins over it.
    @Test(arguments: [
        (["--out", "x.svg"], RunFormat.svg), (["--out", "x.Txt"], .text), (["--out", "x.text"], .text),
        (["--out", "x.html"], .html), (["--out", "x.json"], .json), (["--out", "x.table"], .json), (["--out", "x.dat"], .json),
        (["--format", "svg", "--out", "x.json"], .svg), (["--format", "json", "--out", "x.png"], .json),
    ])
    func runWritesWhatTheExtensionOrFormatNames(flags: [String], format: RunFormat) throws {
        let command = try #require(try Tessera.parseCommandLine(["run", "waterfall"] + flags) as? RunCommand)
        #expect(try command.writtenFormat() == format, "\(flags)")
    }
}
