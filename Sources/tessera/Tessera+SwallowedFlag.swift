import ArgumentParser

/// The sentence for the first flag of a command line that takes a value but is followed by
/// another flag (`--viewport --rounds 3`, `--format --viewport 375x812`), or nil. ArgumentParser
/// either takes the next flag as the value, then names what is left over (the unknown
/// `--rounds`, or `json` as an unexpected argument), or says the value is missing; the mistake is
/// the first flag's. `valueNames` maps each value-taking long flag (without `--`) to its value as
/// the usage shows it (`WxH`). Stops at `--`. O(arguments).
func swallowedFlagMessage(_ arguments: [String], valueNames: [String: String]) -> String? {
    var k = 0
    while k < arguments.count {
        let argument = arguments[k]
        k += 1
        if argument == "--" { return nil }
        guard argument.hasPrefix("--"), !argument.contains("="), let valueName = valueNames[String(argument.dropFirst(2))] else { continue }
        guard k < arguments.count else { return nil }
        let next = arguments[k]
        if next.hasPrefix("--") && next.count > 2 { return swallowedFlagError(argument, next, valueName: valueName).description }
        k += 1   // the value
    }
    return nil
}

extension Tessera {
    /// `swallowedFlagMessage` of the command line when its first argument names a command, as a
    /// usage error of that command. Asked only after a usage error, as reading the command's
    /// flags costs more than the rest of the start.
    static func swallowedFlag(in arguments: [String]) -> CommandUsageError? {
        guard let name = arguments.first,
              let command = subcommand(named: name) else { return nil }
        return swallowedFlagMessage(Array(arguments.dropFirst()), valueNames: valueNames(of: command)).map { CommandUsageError(command: command, message: $0) }
    }

    /// Each long flag of `command` that takes a value (without `--`), mapped to its value as the
    /// usage shows it (`viewport` to `WxH`). O(flags).
    static func valueNames(of command: ParsableCommand.Type) -> [String: String] {
        var valueNames: [String: String] = [:]
        for argument in argumentDescriptions(of: command) where argument["kind"] as? String == "option" {
            for long in longNames(argument) { valueNames[long] = argument["valueName"] as? String ?? long }
        }
        return valueNames
    }
}
