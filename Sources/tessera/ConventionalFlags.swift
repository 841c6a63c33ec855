/// Flags as other command-line tools spell them (`-o`, `--output`), by the flag of Tessera's
/// they stand for. Tessera's flags are long only, and these spellings are what a newcomer types
/// first; without this table a short one got a bare "unknown option" and a long one was taken
/// for a layout parameter (`--output`: `--param output=...`).
enum ConventionalFlags {
    static let spellings: [String: String] = [
        "-o": "out", "--output": "out",
        "-d": "data", "--dataset": "data",
        "-p": "param",
        "-f": "format",
        "-v": "version", "-V": "version",
    ]

    /// The flag among `options` (long names without `--`) that `flag`, as typed, conventionally
    /// spells, with its dashes (`-o`: `--out`); nil when the table has none or the command lacks it.
    static func meant(by flag: String, among options: [String]) -> String? {
        guard let name = spellings[flag], options.contains(name) else { return nil }
        return "--" + name
    }
}
