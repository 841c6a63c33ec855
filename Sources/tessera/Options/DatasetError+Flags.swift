import TesseraCore

extension DatasetError {
    /// The error as every command prints it (and the preview page shows it): a repeated id's
    /// error names the flag that keeps repeats and the policies it takes, and a too-large file's
    /// the flag that raises the limit, which TesseraCore's messages (no CLI words there) cannot.
    /// Every command that reads a dataset takes both flags.
    var namingFlags: DatasetError {
        naming(policyNote: Self.duplicatesFlagNote).naming(limitNote: Self.maxDataSizeFlagNote)
    }

    /// "(or a duplicate policy: --duplicates pairInOrder|suffix)".
    private static let duplicatesFlagNote: String = {
        let keeping = DuplicatePolicy.keeping.map(\.rawValue).joined(separator: "|")
        return "(or a duplicate policy: \(DuplicatePolicy.flag) \(keeping))"
    }()

    /// "(raise the limit with --max-data-size MB)".
    private static let maxDataSizeFlagNote = "(raise the limit with \(DataSizeLimit.flag) MB)"
}
