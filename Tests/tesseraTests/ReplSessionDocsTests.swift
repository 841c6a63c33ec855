import Foundation
import Testing

/// The REPL sessions the pages show (a `console` block that opens with `$ tessera repl ...`) print
/// what they show: the `> ` lines are typed into that command, and every other line of the block
/// is a line it prints, in the block's order (a `...` line stands for lines left out). The
/// banner an interactive session starts with is not printed to a pipe, so it is not looked for.
@Suite struct ReplSessionDocsTests {
    struct Session {
        let page: String
        let arguments: [String]
        let typed: [String]
        let shown: [Substring]
    }

    /// Every REPL session of README.md and the pages under docs/.
    func sessions() throws -> [Session] {
        var pages = ["README.md"]
        let walker = try #require(FileManager.default.enumerator(atPath: repositoryRoot.appendingPathComponent("docs").path))
        for case let path as String in walker where path.hasSuffix(".md") { pages.append("docs/\(path)") }
        var sessions: [Session] = []
        for page in pages.sorted() {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent(page), encoding: .utf8)
            let parts = text.components(separatedBy: "```")
            for k in stride(from: 1, to: parts.count, by: 2) where parts[k].hasPrefix("console\n$ tessera repl") {
                let lines = parts[k].split(separator: "\n").dropFirst()
                let command = lines.first?.split(separator: " ").dropFirst(3).map(String.init) ?? []
                sessions.append(Session(
                    page: page, arguments: command,
                    typed: lines.filter { $0.hasPrefix("> ") }.map { String($0.dropFirst(2)) },
                    shown: lines.dropFirst().filter { !$0.hasPrefix("> ") && $0 != "..." && !$0.hasPrefix("Tessera REPL: ") }))
            }
        }
        return sessions
    }

    @Test func theSessionsPrintWhatThePagesShow() throws {
        let sessions = try sessions()
        #expect(sessions.map(\.page) == ["docs/howto/measured-sizes.md", "docs/howto/measured-sizes.md", "docs/repl.md",
                                         "docs/repl.md", "docs/tutorial/04-engine.md", "docs/tutorial/04-engine.md",
                                         "docs/tutorial/04-engine.md"])
        for session in sessions {
            let run = try runTessera(["repl"] + session.arguments, input: session.typed.joined(separator: "\n") + "\n",
                                     timeout: 120)
            #expect(run.status == 0, "\(session.page): tessera repl \(session.arguments): \(run.stderr)")
            var printed = run.stdout.split(separator: "\n")[...]
            for line in session.shown {
                guard let at = printed.firstIndex(of: line) else {
                    Issue.record("\(session.page): `\(line)` is not printed (after the lines shown before it)")
                    break
                }
                printed = printed[(at + 1)...]
            }
        }
    }
}
