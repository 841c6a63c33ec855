import ArgumentParser

/// A command with a usage rule on which flags the command line gave, not only on the values
/// ArgumentParser parsed them to (a flag given its default value parses as no flag at all).
/// `Tessera.parseCommandLine` asks it once the command line has parsed and validated.
protocol GivenFlagsChecked: ParsableCommand {
    /// The usage error of this command as parsed from a command line that gave the long flags
    /// `given` (their names without `--`, in order, repeats kept), or nil.
    func usageError(givenFlags given: [String]) throws -> String?
}
