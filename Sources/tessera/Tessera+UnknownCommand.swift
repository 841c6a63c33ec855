import ArgumentParser
import TesseraCore

/// The sentence for a first argument that names no command (`tessera rnu`, or `tessera help rnu`,
/// which ArgumentParser answers with the main help and status 0), with the closest command,
/// instead of ArgumentParser's bare "Unexpected argument"; nil when the argument is a command,
/// `help` or a flag (`-` is none: it is told no command reads standard input; a layout's name
/// or a .lua file is told `tessera run` lays it out). O(commands × name length²).
func unknownCommandMessage(_ arguments: [String], commands: [String]) -> String? {
    let named = arguments.first == "help" ? Array(arguments.dropFirst()) : arguments
    guard let first = named.first, !first.hasPrefix("-") || first == "-", first != "help", !commands.contains(first) else { return nil }
    // A layout typed where the command goes (`tessera waterfall`) is told the command that takes it.
    let isLayout = BuiltinLayouts.names.contains(first) || first.hasSuffix(".lua")
    // The version is a flag, as `--help` is; `tessera version` is the guess it answers.
    // No command writes a new script (`tessera new`, `init`): the tutorial starts from a copy.
    let hint = first == "version" ? " (did you mean --version?)"
        : scaffoldingCommands.contains(first) ? scaffoldingNote
        : first == "-" ? standardInputNote
        : isLayout ? " (a layout, not a command: tessera run \(first) lays it out)"
        : DidYouMean.hint(for: first, among: commands)
    return "unknown command \(quotedArgument(first))\(hint); "
        + "expected one of \(commands.joined(separator: ", "))"
}

/// What other tools call the command that starts a project or a file.
let scaffoldingCommands: Set<String> = ["new", "init", "create", "generate", "scaffold"]

/// The answer to a scaffolding command: where a first script comes from.
let scaffoldingNote = " (no command writes a new script: copy one that `tessera layouts` lists,"
    + " as docs/tutorial/01-first-layout.md shows, and run it with tessera run FILE.lua)"

extension Tessera {
    /// The subcommands' names, in the order `tessera --help` lists them.
    static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName }
    }

    /// The subcommand called `name`; nil when none is. O(commands).
    static func subcommand(named name: String) -> ParsableCommand.Type? {
        configuration.subcommands.first { $0.configuration.commandName == name }
    }
}
