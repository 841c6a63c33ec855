/// A repeated id as an error that knows it is one. `kind` tells it from every other dataset
/// error, and the error keeps its message's parts, so a caller that chooses the duplicate policy
/// its own way (a command-line flag) can name that way where the message says "(or a duplicate
/// policy)", without looking for those words in the text.
extension DatasetError {
    /// Which problem a `DatasetError` reports, for a caller that handles or words one its own
    /// way. (All of them are `TesseraErrorKind.dataset`.)
    public enum Kind: String, Hashable, Sendable {
        /// An item's or a section's id found a second time, refused by the default duplicate
        /// policy (`DuplicatePolicy.reject`); loading with another policy keeps it.
        case repeatedID
        /// A data file larger than the limit it was read under (`maxBytes`); a larger limit
        /// reads it.
        case tooLarge
        /// Any other problem: a malformed or unreadable file, a bad value.
        case other
    }

    /// The error for `repeated`, at `position` (its `id` field) in `file`.
    init(_ repeated: RepeatedID, file: String, at position: DatasetLoader.SourcePosition) {
        self = position.error(file, field: "id", repeated.message(policyNote: RepeatedID.policyNote))
        kind = .repeatedID
        repeatedID = repeated
    }

    /// This error with `policyNote` where a repeated id's message says how repeats can be kept
    /// ("(or a duplicate policy)"); any other error as it is.
    package func naming(policyNote: String) -> DatasetError {
        guard let repeatedID else { return self }
        var named = self
        named.message = repeatedID.message(policyNote: policyNote)
        return named
    }
}

/// The parts of a repeated id's message: what the id is, the id, and where it was first.
struct RepeatedID: Sendable {
    /// "id" or "section id".
    var what: String
    var id: ItemID
    /// "at items[3]", "at items[3], line 4" or "on line 3".
    var first: String

    /// How TesseraCore's message says repeats can be kept.
    static let policyNote = "(or a duplicate policy)"

    /// "expected a unique id (or a duplicate policy), found "a" again (first at items[3])", with
    /// `policyNote` in place of "(or a duplicate policy)".
    func message(policyNote: String) -> String {
        "expected a unique \(what) \(policyNote), found \(describeIdentifier(id)) again (first \(first))"
    }
}
