import ArgumentParser

/// The sentence for the first flag of `flags` (a command line's long flags, `longFlags`) given
/// an empty value that names nothing, or a file given as `-` (`namesNothing`): a file (`--data ''`
/// was read as a file named "" and refused as `: expected a .json, .jsonl or .csv file`), a
/// field, a layout. `valueNames` maps
/// the command's value-taking flags to their values as the usage shows them; `--filter ''` (every
/// test) is a value, and the files written (`--out`, `--junit`, `--report`) are refused by their
/// commands in these words. O(flags).
func emptyValueMessage(_ flags: [(name: String, value: String?)], valueNames: [String: String]) -> String? {
    let files = ["data", "to", "measured"]
    guard let flag = flags.first(where: { $0.value == "" && !["filter", "out", "junit", "report"].contains($0.name)
                                          || $0.value == "-" && files.contains($0.name) }),
          let valueName = valueNames[flag.name] else { return nil }
    let expected = switch flag.name {
    case _ where files.contains(flag.name): "a file name"
    case "label", "section-by": "a field name"
    default: "a value (\(valueName))"          // a layout or animator: a file or a name
    }
    return emptyValueError("--\(flag.name)", flag.value ?? "", expected: expected).description
}

extension Tessera {
    /// `emptyValueMessage` of the command line `arguments` when its first argument names a
    /// command, as a usage error of that command; `flags` are its long flags (`longFlags` of the
    /// arguments after the command). The command's flags are read only when some value is empty.
    static func emptyValue(in arguments: [String], flags: [(name: String, value: String?)]) -> CommandUsageError? {
        guard flags.contains(where: { namesNothing($0.value) }), let name = arguments.first,
              let command = subcommand(named: name) else { return nil }
        return emptyValueMessage(flags, valueNames: valueNames(of: command)).map { CommandUsageError(command: command, message: $0) }
    }
}
