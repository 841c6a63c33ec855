import Foundation
import Testing

/// What `tessera COMMAND --help` says about each option.
@Suite struct HelpTextTests {
    static let commands = ["run", "check", "diff", "animate", "scroll", "layouts", "repl", "test", "bench", "preview"]

    /// Each option's entry of `help`: its first line (`  --name <value>  text`) and the lines
    /// that continue it, joined with single spaces.
    static func optionEntries(_ help: String) -> [String] {
        let options = help.components(separatedBy: "OPTIONS:\n").dropFirst().first ?? ""
        var entries: [String] = []
        for line in options.split(separator: "\n") {
            if line.hasPrefix("  -") { entries.append(line.trimmingCharacters(in: .whitespaces)) }
            else if !entries.isEmpty { entries[entries.count - 1] += " " + line.trimmingCharacters(in: .whitespaces) }
        }
        return entries
    }

    /// A default the text states and ArgumentParser's `(default: ...)` read twice:
    /// animate's `--animator` said "(default fade). (default: fade)", run's and preview's
    /// `--label` "(default id; ...). (default: id)".
    @Test(arguments: commands)
    func eachOptionStatesItsDefaultOnce(command: String) throws {
        let help = try runTessera([command, "--help"])
        #expect(help.status == 0)
        let entries = Self.optionEntries(help.stdout)
        #expect(entries.contains { $0.hasPrefix("-h, --help") }, "\(help.stdout)")
        for entry in entries {
            #expect(entry.components(separatedBy: "(default").count <= 2, "\(command): \(entry)")
        }
    }

    /// Every entry's text ends with a full stop, as ArgumentParser's own do ("Show the version."),
    /// and a default follows it in parentheses, where ArgumentParser appends one itself:
    /// `The collection size WxH. (default: 375x812)`. Entries once ended with a full stop or
    /// with their default alike.
    @Test(arguments: commands)
    func eachEntryEndsWithAFullStopAndThenItsDefault(command: String) throws {
        let help = try runTessera([command, "--help"])
        var entries = Self.optionEntries(help.stdout)
        let arguments = help.stdout.components(separatedBy: "ARGUMENTS:\n").dropFirst().first?.components(separatedBy: "OPTIONS:\n").first ?? ""
        entries += Self.optionEntries("OPTIONS:\n" + arguments.replacingOccurrences(of: "\n  <", with: "\n  -<"))
        for entry in entries {
            let text = entry.replacing(/\ \(default: [^()]*(\([^()]*\)[^()]*)*\)$/, with: "")
            #expect(text.hasSuffix("."), "\(command): \(entry)")
        }
        let viewport = entries.first { $0.hasPrefix("--viewport") }.map { $0.split(separator: " ").joined(separator: " ") }
        if command == "repl" {
            #expect(viewport == "--viewport <WxH> The viewport WxH that run() uses (also :viewport WxH). (default: 375x812)", "\(help.stdout)")
        } else if command != "diff" && command != "test" && command != "layouts" {
            #expect(viewport == "--viewport <WxH> The collection size WxH. (default: 375x812)", "\(help.stdout)")
        }
    }

    /// A value is named for what it takes, as docs/cli.md names it (`--data <FILE>`,
    /// `--viewport <WxH>`, `--param <K=V>`): it was the flag's own name (`--data <data>`,
    /// `--max-warnings <max-warnings>`), which says nothing.
    @Test(arguments: commands)
    func eachOptionsValueIsNamedForWhatItTakes(command: String) throws {
        let help = try runTessera([command, "--help"])
        for entry in Self.optionEntries(help.stdout) {
            let words = entry.split(separator: " ")
            guard words.count > 1, words[0].hasPrefix("--"), words[1].hasPrefix("<") else { continue }
            #expect(words[1] != "<\(words[0].dropFirst(2))>", "\(command): \(entry)")
        }
    }
}
