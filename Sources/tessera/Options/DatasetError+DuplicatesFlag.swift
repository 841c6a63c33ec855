import TesseraCore

extension DatasetError {
    /// The error as the CLI prints it: a repeated id's error names the flag that keeps repeats
    /// and the policies it takes, which TesseraCore's message (no CLI words there) cannot.
    var namingDuplicatesFlag: DatasetError {
        guard let note = message.range(of: DatasetLoader.duplicatePolicyNote) else { return self }
        let keeping = DuplicatePolicy.allCases.filter { $0 != .reject }.map(\.rawValue).joined(separator: "|")
        var named = self
        named.message.replaceSubrange(note, with: "(or a duplicate policy: \(DuplicatePolicy.flag) \(keeping))")
        return named
    }
}
