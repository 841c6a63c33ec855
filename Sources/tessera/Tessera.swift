import ArgumentParser
import Foundation
import TesseraCore
import TesseraLua

/// The `tessera` program's entry point (called by `TesseraMain`).
public func tesseraMain() { Tessera.main() }

struct Tessera: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera",
        abstract: "A headless collection-layout engine: data and a viewport in; frames, visible sets and diffs out.",
        version: tesseraVersion,
        subcommands: [RunCommand.self, CheckCommand.self, DiffCommand.self, AnimateCommand.self, ScrollCommand.self, LayoutsCommand.self, ReplCommand.self, TestCommand.self, BenchCommand.self, PreviewCommand.self]
    )

    /// ArgumentParser's main, with our own error printing: one write, cut to a readable
    /// length, terminal escapes shown escaped; help goes to stdout through the same checked writer.
    static func main() {
        LuaHost.defaultPictures = .ascii
        // A file-size limit (EFBIG) is a write error like a full disk: reported with exit status 1
        // and the temporary of --out removed, not a silent death. EPIPE is reported the same way
        // for files and sockets; standard output's closed pipe ends the process quietly, as
        // SIGPIPE would (`StandardStream`).
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        do {
            if let message = unknownCommandMessage(Array(CommandLine.arguments.dropFirst()), commands: commandNames) {
                throw ValidationError(message)
            }
            let arguments = Array(CommandLine.arguments.dropFirst())
            var command = try parseAsRoot()
            if let (repeated, message, flag) = repeatedOption(in: arguments) {
                // ArgumentParser checked the last value of a flag given twice; its first is checked too.
                _ = try parseAsRoot(keepingFirstValue(of: flag, in: arguments))
                throw CommandUsageError(command: repeated, message: message)
            }
            try command.run()
        } catch {
            let error = LimitHint.adding(to: error)
            var code = error is CommandUsageError ? .validationFailure : exitCode(for: error)
            var text = (error as? CommandUsageError)?.fullMessage ?? fullMessage(for: error)
            if code == .validationFailure {
                let arguments = Array(CommandLine.arguments.dropFirst())
                if let swallowed = swallowedFlag(in: arguments) {
                    text = swallowed.fullMessage
                } else if let missing = missingValue(in: text, arguments: arguments) {
                    text = missing.fullMessage
                } else if !text.hasPrefix("Error: Unknown option"), let unknown = unknownOption(in: arguments) {
                    text = unknown.fullMessage
                }
                text = explainingUnknownOption(text, arguments: arguments)
            }
            // `tessera test` is run by CI systems, which read 2 as a usage error (1 is a failed
            // test) and its last line as the summary, even when no test ran.
            let testCommand = CommandLine.arguments.dropFirst().first == "test"
            if code == .validationFailure && testCommand { code = ExitCode(TestCommand.usageErrorStatus) }
            if code == .success {
                if !text.isEmpty { printLine(text) }
            } else if !text.isEmpty {   // a bare ExitCode has said what it had to say already
                reportError(text)
            }
            if testCommand && code.rawValue == TestCommand.usageErrorStatus { printLine(TestCommand.summary(passed: 0, failed: 0)) }
            Foundation.exit(code.rawValue)
        }
    }
}

/// A usage error ArgumentParser does not find (a value given twice, a flag whose value is the
/// next flag), printed as ArgumentParser prints one: the sentence, then the command's usage.
struct CommandUsageError: Error {
    var command: ParsableCommand.Type
    var message: String

    var fullMessage: String {
        let name = command.configuration.commandName ?? ""
        return "Error: \(message)\nUsage: \(Tessera.usageString(for: command))\n  See 'tessera \(name) --help' for more information."
    }
}
