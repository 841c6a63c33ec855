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
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try parseCommandLine(arguments)
            try command.run()
        } catch {
            let (code, text) = failure(error, arguments: arguments)
            if code == .success {
                if !text.isEmpty { printLine(text) }
            } else if !text.isEmpty {   // a bare ExitCode has said what it had to say already
                reportError(text)
            }
            Foundation.exit(code.rawValue)
        }
    }

    /// The command `arguments` (the command line after the program's name) names, parsed and
    /// validated; throws the usage errors ArgumentParser finds and those it does not (an
    /// unknown command, a value given twice). Runs nothing, so tests call it in-process.
    static func parseCommandLine(_ arguments: [String]) throws -> ParsableCommand {
        if let message = unknownCommandMessage(arguments, commands: commandNames) {
            throw ValidationError(message)
        }
        let command = try parseAsRoot(arguments)
        // The command's long flags, split once for the checks below.
        let flags = longFlags(Array(arguments.dropFirst()))
        if let checked = command as? any GivenFlagsChecked,
           let message = try checked.usageError(givenFlags: flags.map(\.name)) {
            throw CommandUsageError(command: type(of: checked), message: message)
        }
        if let empty = emptyValue(in: arguments, flags: flags) { throw empty }
        if let (repeated, message, flag) = repeatedOption(in: arguments) {
            // ArgumentParser checked the last value of a flag given twice; its first is checked too.
            _ = try parseAsRoot(keepingFirstValue(of: flag, in: arguments))
            throw CommandUsageError(command: repeated, message: message)
        }
        return command
    }

    /// The exit status and the text (for stderr; for stdout when the status is success: help,
    /// the version) of the command line `arguments` that ended with `error`: a usage error is
    /// worded as ours (ArgumentParser's sentences lowercased and ended with a period as ours
    /// are), with the command's usage below the sentence. Every error's first line, the
    /// sentence, ends as `endingSentence` ends one.
    static func failure(_ error: any Error, arguments: [String]) -> (code: ExitCode, text: String) {
        let error = pointingAtLayoutsCommand(LimitHint.adding(to: error))
        var code = error is CommandUsageError ? .validationFailure : exitCode(for: error)
        var text = (error as? CommandUsageError)?.fullMessage ?? fullMessage(for: error)
        if code == .validationFailure {
            if let swallowed = swallowedFlag(in: arguments) {
                text = swallowed.fullMessage
            } else if let missing = missingValue(in: text, arguments: arguments) {
                text = missing.fullMessage
            } else if !text.hasPrefix("Error: Unknown option"), let unknown = unknownOption(in: arguments) {
                text = unknown.fullMessage
            }
            text = explainingUnknownOption(text, arguments: arguments)
            text = explainingDatasetArgument(text, arguments: arguments)
            text = explainingLayoutsArgument(text, arguments: arguments)
            text = Self.lowercasingParserSentence(text)
            // CI systems read 2 from `tessera test` as a usage error (1 is a failed test).
            if arguments.first == "test" { code = ExitCode(TestCommand.usageErrorStatus) }
        } else {
            text = explainingDatasetAsLayout(text, arguments: arguments)
        }
        // Every error's sentence ends with a period, a usage error's and a failed run's alike.
        if code != .success { text = Self.endingFirstSentence(text) }
        return (code, text)
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
