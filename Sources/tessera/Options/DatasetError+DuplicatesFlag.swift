import TesseraCore

extension DatasetError {
    /// The error as every command prints it (and the preview page shows it): a repeated id's
    /// error names the flag that keeps repeats and the policies it takes, which TesseraCore's
    /// message (no CLI words there) cannot. Every command that reads a dataset takes the flag.
    var namingDuplicatesFlag: DatasetError {
        naming(policyNote: Self.duplicatesFlagNote)
    }

    /// "(or a duplicate policy: --duplicates pairInOrder|suffix)".
    private static let duplicatesFlagNote: String = {
        let keeping = DuplicatePolicy.allCases.filter { $0 != .reject }.map(\.rawValue).joined(separator: "|")
        return "(or a duplicate policy: \(DuplicatePolicy.flag) \(keeping))"
    }()
}
