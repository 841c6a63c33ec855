import ArgumentParser
import TesseraCore

/// `--max-data-size MB`, shared by every command that reads datasets (run, check, diff, repl):
/// data files larger than this are refused before they are read.
struct DataLimitFlags: ParsableArguments {
    static let maxMB = 1_048_576.0   // 1 TB: anything above is a typo

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Largest data file to read, in MB (default \(DatasetLoader.defaultMaxBytes / 1_048_576)).",
                               valueName: "MB"))
    var maxDataSize: String?

    func validate() throws { _ = try maxBytes() }

    private func maxBytes() throws -> Int {
        guard let maxDataSize else { return DatasetLoader.defaultMaxBytes }
        guard let mb = Double(maxDataSize), mb > 0, mb <= Self.maxMB else {
            throw ValidationError("--max-data-size expects a number of MB greater than 0 and at most \(JSONWriter.format(Self.maxMB)), got \(quotedArgument(maxDataSize))")
        }
        return Int(clamping: mb * 1_048_576, into: 1...Int.max)
    }

    /// Loads a dataset under the size limit; its errors become `CLIError`s.
    func load(_ path: String, duplicatePolicy: DuplicatePolicy) throws -> Dataset {
        do {
            return try DatasetLoader.load(path: path, duplicatePolicy: duplicatePolicy,
                                          maxBytes: (try? maxBytes()) ?? DatasetLoader.defaultMaxBytes)
        } catch let error as DatasetError {
            throw CLIError(error.description)
        }
    }
}
