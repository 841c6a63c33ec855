import ArgumentParser
import TesseraCore

/// A better first line for ArgumentParser's "Unknown option '--NAME'" (or '-X') where the flag is a guess at
/// something the command takes another way:
/// - an argument written as a flag (`tessera run --layout waterfall`, as `repl --layout` takes
///   it), which ArgumentParser answered with its closest flag ("Did you mean '--out'?");
/// - a layout parameter written as a flag (`--columns 3`) on a command that takes `--param`,
///   when ArgumentParser has no flag to suggest;
/// - a flag of other commands (`tessera run --animator fade`, `run --fps 30`), which
///   ArgumentParser answered with the closest flag of this one ("Did you mean '--rtl'?"), or not at all;
/// - a flag as other tools spell it (`-o`, `--output`): the flag of this one it stands for
///   (`ConventionalFlags`), where ArgumentParser said nothing more or took it for a param;
/// - a misspelt or half-remembered flag of this one (`--forma`, `--view`): the flags `DidYouMean`
///   offers, as every other name is suggested, in place of ArgumentParser's closest by spelling.
/// `line` is ArgumentParser's sentence, `arguments` the command line after the program name,
/// `positionals` the command's argument names (`layout`), `takesParameters` whether it has
/// `--param`, `options` its long flags without `--`, `command` its name and `takenBy` the other
/// commands that have the flag. Nil when there is nothing better to say. O(arguments + options).
func unknownOptionMessage(_ line: String, arguments: [String], positionals: [String], takesParameters: Bool,
                          options: [String] = [], command: String = "",
                          takenBy: (String) -> [String] = { _ in [] }) -> String? {
    let shortPrefix = "Unknown option '-"
    if line.hasPrefix(shortPrefix), !line.hasPrefix(shortPrefix + "-"),
       let end = line.dropFirst(shortPrefix.count).firstIndex(of: "'") {
        // A short flag, as other tools have them: the long one it conventionally stands for.
        let flag = "-" + line[line.index(line.startIndex, offsetBy: shortPrefix.count)..<end]
        return ConventionalFlags.meant(by: flag, among: options).map { "unknown option '\(flag)' (did you mean \($0)?)" }
    }
    guard let name = unknownLongFlag(in: line) else { return nil }
    let flag = "--" + name
    let value = flagValue(flag, in: arguments)
    if positionals.contains(name) {
        let example = value.map { " (\($0), not \(flag) \($0))" } ?? ""
        return "unknown option '\(flag)'; <\(name)> is an argument, given without a flag\(example)"
    }
    let others = takenBy(name)
    if !others.isEmpty {
        return "unknown option '\(flag)' (a flag of \(others.joined(separator: ", ")); not of \(command))"
    }
    if let meant = ConventionalFlags.meant(by: flag, among: options) { return "unknown option '\(flag)' (did you mean \(meant)?)" }
    let flags = DidYouMean.suggestions(for: name, among: options).map { "--" + $0 }
    if !flags.isEmpty { return "unknown option '\(flag)'\(DidYouMean.hint(listed(flags)))" }
    if takesParameters { return "unknown option '\(flag)' (if it is a layout param: --param \(name)=\(value ?? "V"))" }
    return line.contains("Did you mean") ? "unknown option '\(flag)'" : nil
}

/// The name (without `--`) of the long flag ArgumentParser's "Unknown option '--NAME'" names;
/// nil for any other line. O(line).
func unknownLongFlag(in line: String) -> String? {
    let prefix = "Unknown option '--"
    guard line.hasPrefix(prefix), let end = line.dropFirst(prefix.count).firstIndex(of: "'") else { return nil }
    return String(line[line.index(line.startIndex, offsetBy: prefix.count)..<end])
}

/// The line for a flag of commands given before any command (`tessera --data x`): the commands
/// that take it and `example`, a command line that gives it as it was given. O(commands).
func flagBeforeCommandMessage(_ flag: String, takenBy commands: [String], example: String) -> String {
    "unknown option '\(flag)' (a flag of \(commands.joined(separator: ", ")); the command comes first: \(example))"
}

/// The value the command line gives `flag` (`--columns 3` or `--columns=3`: `3`); nil when it
/// has none or the next argument is a flag. O(arguments).
func flagValue(_ flag: String, in arguments: [String]) -> String? {
    for (index, argument) in arguments.enumerated() {
        if argument.hasPrefix(flag + "=") { return String(argument.dropFirst(flag.count + 1)) }
        if argument == flag {
            let next = index + 1 < arguments.count ? arguments[index + 1] : nil
            return next.flatMap { $0.hasPrefix("-") ? nil : $0 }
        }
    }
    return nil
}

extension Tessera {
    /// The error text with its first line rewritten by `unknownOptionMessage` when the error is
    /// an unknown flag of the command the line's first argument names, or of the program itself
    /// when it names none; else `text`.
    static func explainingUnknownOption(_ text: String, arguments: [String]) -> String {
        let errorPrefix = "Error: "
        guard text.hasPrefix(errorPrefix), let commandName = arguments.first else { return text }
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let line = String(lines[0].dropFirst(errorPrefix.count))
        let better: String?
        if let command = subcommand(named: commandName) {
            let help = helpMessage(for: command)
            better = unknownOptionMessage(line, arguments: Array(arguments.dropFirst()),
                                          positionals: argumentNames(inHelp: help),
                                          takesParameters: help.contains("\n  --param "),
                                          options: optionNames(inHelp: help), command: commandName,
                                          takenBy: { name in
                                              commands(taking: name).filter { $0 != command }.map(Self.commandName(of:))
                                          })
        } else {
            // A flag of commands before any command (`tessera --data x`), else the program's
            // own flags (`tessera -v`, `--ver`): --version and --help.
            better = flagBeforeCommand(line, arguments: arguments)
                ?? unknownOptionMessage(line, arguments: arguments, positionals: [], takesParameters: false,
                                        options: ["version", "help"])
        }
        guard let better else { return text }
        return errorPrefix + better + (lines.count > 1 ? "\n" + lines[1] : "")
    }

    /// `flagBeforeCommandMessage` for ArgumentParser's "Unknown option '--NAME'" when the
    /// commands' help lists `--NAME` (not `--help` or `--version`, which every command has);
    /// the example is the first such command with its arguments (`tessera run <layout> --data
    /// x`), the flag's value as the command line gives it or as the help names it. Else nil.
    static func flagBeforeCommand(_ line: String, arguments: [String]) -> String? {
        guard let name = unknownLongFlag(in: line), name != "help", name != "version" else { return nil }
        let takers = commands(taking: name)
        guard let first = takers.first else { return nil }
        let flag = "--" + name
        let valueName = valueNames(of: first)[name]
        let value = valueName.map { flagValue(flag, in: arguments) ?? "<\($0)>" }
        let positionals = argumentNames(inHelp: helpMessage(for: first)).map { "<\($0)>" }
        let example = ["tessera", commandName(of: first)] + positionals + [flag] + (value.map { [$0] } ?? [])
        return flagBeforeCommandMessage(flag, takenBy: takers.map(commandName(of:)), example: example.joined(separator: " "))
    }

    /// The subcommands whose help lists the long flag `name` (without `--`), in the order
    /// `tessera --help` lists them. O(commands × help length).
    static func commands(taking name: String) -> [ParsableCommand.Type] {
        configuration.subcommands.filter { optionNames(inHelp: helpMessage(for: $0)).contains(name) }
    }

    /// The name a command is called by (`run`).
    static func commandName(of command: ParsableCommand.Type) -> String {
        command.configuration.commandName ?? ""
    }

    /// The long flags a help text lists (`animator` for `  --animator <NAME>`), without `--`.
    static func optionNames(inHelp help: String) -> [String] {
        help.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  --") else { return nil }
            return String(line.dropFirst(4).prefix { $0 != " " })
        }
    }

    /// The names in a help text's ARGUMENTS section (`<layout>`, `<FILE.lua>`).
    static func argumentNames(inHelp help: String) -> [String] {
        let section = help.components(separatedBy: "ARGUMENTS:\n").dropFirst().first?.components(separatedBy: "\n\n").first ?? ""
        return section.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  <"), let close = line.firstIndex(of: ">") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<close])
        }
    }
}

/// The first `--NAME` of a command line (`arguments`, after the command's name; `--NAME=V`
/// too) that is not one of `known` long flag names, or nil; stops at `--`, after which every
/// argument is positional. O(arguments).
func firstUnknownFlag(_ arguments: [String], known: Set<String>) -> String? {
    for argument in arguments {
        if argument == "--" { return nil }
        guard argument.hasPrefix("--") else { continue }
        let name = String(argument.dropFirst(2).prefix { $0 != "=" })
        if !known.contains(name) { return "--" + name }
    }
    return nil
}

extension Tessera {
    /// A failed parse's error as ArgumentParser's "Unknown option" usage error when the command
    /// line has a flag its command does not take; else nil. ArgumentParser reports an unknown
    /// flag only after the rest: `bench --rounds 3` read 3 as a suite and said "unknown bench
    /// suite '3'", `animate --rounds 3` that --data was missing. Asked only after a usage error,
    /// as reading the command's flags costs more than the rest of the start.
    static func unknownOption(in arguments: [String]) -> CommandUsageError? {
        guard let name = arguments.first,
              let command = subcommand(named: name),
              let flag = firstUnknownFlag(Array(arguments.dropFirst()), known: longOptionNames(of: command)) else { return nil }
        // ArgumentParser's own words, which `explainingUnknownOption` reads and rewrites.
        return CommandUsageError(command: command, message: "Unknown option '\(flag)'")
    }

    /// The long names of every flag and option `command` takes, hidden ones and `help` too.
    static func longOptionNames(of command: ParsableCommand.Type) -> Set<String> {
        longNames(of: command) { _ in true }.union(["help", "experimental-dump-help"])
    }
}
