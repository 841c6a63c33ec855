import ArgumentParser

/// The sentence for ArgumentParser's "Missing value for '--NAME <VALUE>'" (`line`, without
/// "Error: "), or nil for any other line. ArgumentParser finds no value for a flag that ends the
/// command line, or that is followed by `--` or by an argument starting with `-` (unless the
/// flag reads its value unconditionally, as the numbers do); it words that itself, with a
/// `Help:` line. `arguments` is the command line after the command's name: an argument after
/// the flag is named in the sentence. O(arguments).
func missingValueMessage(_ line: String, arguments: [String]) -> String? {
    let prefix = "Missing value for '"
    guard line.hasPrefix(prefix), line.hasSuffix(">'") else { return nil }
    let usage = line.dropFirst(prefix.count).dropLast(2)          // --viewport <WxH
    guard let open = usage.range(of: " <") else { return nil }
    let flag = String(usage[..<open.lowerBound])
    let valueName = String(usage[open.upperBound...])
    // The flag's occurrence without a value: the last argument, or one followed by a
    // single-dash argument (a `--NAME` after it is `flagWithoutValueMessage`'s).
    var next: String?
    if let k = arguments.indices.first(where: { arguments[$0] == flag && $0 + 1 < arguments.count && isDashValue(arguments[$0 + 1]) }) {
        next = arguments[k + 1]
    }
    return missingValueError(flag, valueName: valueName, next: next).description
}

/// An argument ArgumentParser reads as a flag where a value was wanted: `-x`, `-1`, not `-`,
/// `--` or a `--NAME`.
private func isDashValue(_ argument: String) -> Bool {
    argument.hasPrefix("-") && !argument.hasPrefix("--") && argument.count > 1
}

extension Tessera {
    /// `missingValueMessage` of ArgumentParser's error text (`text`, "Error: " and its first
    /// line) as a usage error of the command the command line names; nil for another error.
    static func missingValue(in text: String, arguments: [String]) -> CommandUsageError? {
        let errorPrefix = "Error: "
        guard text.hasPrefix(errorPrefix), let name = arguments.first,
              let command = subcommand(named: name) else { return nil }
        let line = String(text.dropFirst(errorPrefix.count).prefix { $0 != "\n" })
        return missingValueMessage(line, arguments: Array(arguments.dropFirst())).map { CommandUsageError(command: command, message: $0) }
    }
}
