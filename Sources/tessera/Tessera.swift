import ArgumentParser
import Foundation
import TesseraCore
import TesseraLua

@main
struct Tessera: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera",
        abstract: "A headless collection-layout engine: data and a viewport in; frames, visible sets and diffs out.",
        subcommands: [RunCommand.self, CheckCommand.self, DiffCommand.self, AnimateCommand.self, ScrollCommand.self, LayoutsCommand.self, ReplCommand.self, BenchCommand.self, PreviewCommand.self]
    )

    /// ArgumentParser's main, with our own error printing: one write, cut to a readable
    /// length, terminal escapes shown escaped; help goes to stdout through the same checked writer.
    static func main() {
        LuaHost.defaultPictures = .ascii
        // A closed pipe (EPIPE) and a file-size limit (EFBIG) are write errors like a full disk:
        // reported with exit status 1 and the temporary of --out removed, not a silent death.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let error = LimitHint.adding(to: error)
            let code = exitCode(for: error)
            let text = fullMessage(for: error)
            if code == .success {
                if !text.isEmpty { printLine(text) }
            } else if !text.isEmpty {   // a bare ExitCode has said what it had to say already
                reportError(text)
            }
            Foundation.exit(code.rawValue)
        }
    }
}
