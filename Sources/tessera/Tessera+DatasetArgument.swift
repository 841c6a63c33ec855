import TesseraCore

/// A dataset given without its flag (`tessera run waterfall photos.jsonl`) is a first-hour
/// mistake that ArgumentParser answers with "Unexpected argument 'photos.jsonl'", and the layout
/// lookup with "unknown layout" when the dataset comes first. These say how to give it.

/// The first argument of `arguments` (after the command's name) that names a dataset file by
/// its extension and is not the value of a flag (`--out a.json`; `takesValue` says which long
/// flags, without `--`, take one), when the command line has no `--data`; else nil. Stops at
/// `--`. O(arguments).
func datasetWithoutFlag(_ arguments: [String], takesValue: (String) -> Bool) -> String? {
    if arguments.contains(where: { $0 == "--data" || $0.hasPrefix("--data=") }) { return nil }
    var k = 0
    while k < arguments.count {
        let argument = arguments[k]
        k += 1
        if argument == "--" { return nil }
        if argument.hasPrefix("-") {
            if !argument.contains("="), argument.hasPrefix("--"), takesValue(String(argument.dropFirst(2))) { k += 1 }
            continue
        }
        if DatasetFormat(fileName: argument) != nil { return argument }
    }
    return nil
}

/// "; a dataset is given with --data: --data photos.jsonl", the note for `dataset`.
func datasetFlagNote(_ dataset: String) -> String {
    "; a dataset is given with --data: --data \(dataset)"
}

/// ArgumentParser's first line with `datasetFlagNote` added when it complains about `dataset`
/// ("Unexpected argument 'photos.jsonl'"); nil for any other line. O(line).
func datasetArgumentMessage(_ line: String, dataset: String) -> String? {
    guard line == "Unexpected argument '\(dataset)'" else { return nil }
    return line + datasetFlagNote(dataset)
}

extension Tessera {
    /// The usage error's text with its first line explained by `datasetArgumentMessage` when
    /// the command takes `--data` and the line gives a dataset without it; else `text`.
    static func explainingDatasetArgument(_ text: String, arguments: [String]) -> String {
        let errorPrefix = "Error: "
        guard text.hasPrefix(errorPrefix), let commandName = arguments.first,
              let command = subcommand(named: commandName),
              case let takingValues = valueNames(of: command), takingValues["data"] != nil,
              let dataset = datasetWithoutFlag(Array(arguments.dropFirst()), takesValue: { takingValues[$0] != nil })
        else { return text }
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard let better = datasetArgumentMessage(String(lines[0].dropFirst(errorPrefix.count)), dataset: dataset) else { return text }
        return errorPrefix + better + (lines.count > 1 ? "\n" + lines[1] : "")
    }
}

/// `text` (an error's, "Error: unknown layout 'photos.jsonl'; expected ...") with
/// `datasetFlagNote` added when the layout the command line names first is a dataset file
/// (`tessera run photos.jsonl`); else `text`. O(text).
func explainingDatasetAsLayout(_ text: String, arguments: [String]) -> String {
    guard arguments.count > 1, DatasetFormat(fileName: arguments[1]) != nil,
          text.hasPrefix("Error: unknown layout '\(arguments[1])'"), !text.contains("\n") else { return text }
    return text + datasetFlagNote(arguments[1])
}
