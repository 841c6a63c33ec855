/// A dataset error that says how its problem could be let through: a repeated id "(or a
/// duplicate policy)", a too-large file "(or a larger limit)". The error keeps its message in the
/// parts around that note, so a caller that offers the way out its own way (a command-line flag,
/// a test's option) can name it there, without looking for the words in the text.
extension DatasetError {
    /// This error with `policyNote` where a repeated id's message says "(or a duplicate
    /// policy)"; any other error as it is.
    package func naming(policyNote: String) -> DatasetError { naming(note: policyNote, ofKind: .repeatedID) }

    /// This error with `limitNote` where a too-large file's message says "(or a larger limit)";
    /// any other error as it is.
    package func naming(limitNote: String) -> DatasetError { naming(note: limitNote, ofKind: .tooLarge) }

    private func naming(note: String, ofKind noted: Kind) -> DatasetError {
        guard kind == noted, let parts else { return self }
        var named = self
        named.message = parts.message(note: note)
        return named
    }
}

/// A message in the parts around its note: `before + " " + note + after`.
struct NotedMessage: Sendable {
    var before: String
    var after: String

    func message(note: String) -> String { before + " " + note + after }
}
