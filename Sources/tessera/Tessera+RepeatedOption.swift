import ArgumentParser
import Foundation

/// The flags whose values are `KEY=VALUE`, given once per key: a flag given again with a key
/// already given would replace its value without a word.
let keyedFlags: Set<String> = ["param", "animator-param", "section-offset"]

/// The sentence for a command line that gives one value twice, or nil. One rule for every flag
/// that takes a value: a value is given once. So a single-valued flag given twice
/// (`--viewport 320x480 --viewport 375x812`) and a keyed flag given twice with the same key
/// (`--param columns=2 --param columns=3`, `--section-offset 1=0,0 --section-offset 1=90,0`)
/// are refused, where ArgumentParser would keep the last value silently. Flags without a value
/// (`--rtl`) may repeat, and keyed flags with different keys. Asked once the command line has
/// parsed, so a malformed value (`--param =1 --param =2`) is reported as such first.
///
/// `arguments` is the command line after the command's name; `takesOneValue(name)` says whether
/// the flag `--name` takes a single value (false for a flag without one or a list), and is only
/// asked when a name repeats. Returns the sentence and the flag (`viewport`). O(arguments).
func repeatedOptionMessage(_ arguments: [String], takesOneValue: (String) -> Bool) -> (message: String, flag: String)? {
    let flags = longFlags(arguments)
    let counts = flags.reduce(into: [String: Int]()) { $0[$1.name, default: 0] += 1 }
    guard counts.values.contains(where: { $0 > 1 }) else { return nil }
    var first: [String: String] = [:]         // flag or flag and key -> the value first given
    for (name, value) in flags {
        guard let value else { continue }
        let key: String
        if keyedFlags.contains(name) {
            guard let eq = value.firstIndex(of: "=") else { continue }   // its own usage error
            let k = value[..<eq].trimmingCharacters(in: .whitespaces)
            key = "--\(name) \(Int(k).map(String.init) ?? k)="
        } else {
            guard counts[name, default: 0] > 1, takesOneValue(name) else { continue }
            key = "--\(name)"
        }
        if let earlier = first[key] {
            let what = keyedFlags.contains(name) ? "\(key.dropLast()) was given twice" : "\(key) was given twice"
            return ("\(what) (\(quotedArgument(earlier)), then \(quotedArgument(value))); give each value once", name)
        }
        first[key] = value
    }
    return nil
}

/// The command line without the later occurrences of `--flag` (and their values): what
/// ArgumentParser, which keeps a flag's last value, parses to check the first one. O(arguments).
func keepingFirstValue(of flag: String, in arguments: [String]) -> [String] {
    var kept: [String] = []
    var seen = false
    var k = 0
    while k < arguments.count {
        let argument = arguments[k]
        k += 1
        if argument == "--" { kept += arguments[(k - 1)...]; break }
        guard argument == "--" + flag || argument.hasPrefix("--\(flag)=") else { kept.append(argument); continue }
        let value = argument.contains("=") || k == arguments.count || arguments[k].hasPrefix("--") ? [] : [arguments[k]]
        k += value.count
        if !seen { kept += [argument] + value }
        seen = true
    }
    return kept
}

/// The long flags of a command line in order, each with the value written after `=` or in the
/// next argument (nil when the next argument is another flag, or there is none); stops at `--`.
func longFlags(_ arguments: [String]) -> [(name: String, value: String?)] {
    var flags: [(name: String, value: String?)] = []
    var k = 0
    while k < arguments.count {
        let argument = arguments[k]
        k += 1
        if argument == "--" { break }
        guard argument.hasPrefix("--") else { continue }
        let body = argument.dropFirst(2)
        if let eq = body.firstIndex(of: "=") {
            flags.append((String(body[..<eq]), String(body[body.index(after: eq)...])))
        } else if k < arguments.count, !arguments[k].hasPrefix("--") {
            flags.append((String(body), arguments[k]))
            k += 1
        } else {
            flags.append((String(body), nil))
        }
    }
    return flags
}

extension Tessera {
    /// `repeatedOptionMessage` of the command line when its first argument names a command,
    /// asking ArgumentParser's description of that command which flags take one value (only when
    /// a flag repeats: reading it costs more than the rest of the start).
    static func repeatedOption(in arguments: [String]) -> (command: ParsableCommand.Type, message: String, flag: String)? {
        guard let name = arguments.first,
              let command = subcommand(named: name) else { return nil }
        var single: Set<String>?
        let message = repeatedOptionMessage(Array(arguments.dropFirst())) { flag in
            if single == nil { single = singleValuedOptions(of: command) }
            return single!.contains(flag)
        }
        return message.map { (command, $0.message, $0.flag) }
    }

    /// The long names of `command`'s options that take one value (not a list), from
    /// ArgumentParser's JSON description of the command.
    static func singleValuedOptions(of command: ParsableCommand.Type) -> Set<String> {
        longNames(of: command) { $0["kind"] as? String == "option" && $0["isRepeating"] as? Bool != true }
    }

    /// The long names of `command`'s flags and options whose description (an argument of
    /// ArgumentParser's JSON description of the command: `kind`, `names`, `isRepeating`) passes
    /// `keep`; hidden ones too.
    static func longNames(of command: ParsableArguments.Type, where keep: ([String: Any]) -> Bool) -> Set<String> {
        Set(argumentDescriptions(of: command).filter(keep).flatMap(longNames))
    }

    /// The long names (without `--`) of one argument of ArgumentParser's JSON description.
    static func longNames(_ argument: [String: Any]) -> [String] {
        (argument["names"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String == "long" ? $0["name"] as? String : nil }
    }

    /// The arguments of ArgumentParser's JSON description of `command`, each a dictionary
    /// (`kind`, `names`, `isRepeating`, `valueName`).
    static func argumentDescriptions(of command: ParsableArguments.Type) -> [[String: Any]] {
        guard let json = try? JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8)) as? [String: Any],
              let tool = json["command"] as? [String: Any], let arguments = tool["arguments"] as? [[String: Any]] else { return [] }
        return arguments
    }
}
