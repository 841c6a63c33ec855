/// A repeated id as an error that knows it is one: `kind` is `.repeatedID`, and its message says
/// "(or a duplicate policy)", which a caller words again with `naming(policyNote:)`.
extension DatasetError {
    /// The error for `repeated`, at `position` (its `id` field) in `file`.
    init(_ repeated: RepeatedID, file: String, at position: DatasetLoader.SourcePosition) {
        let parts = repeated.parts
        self = position.error(file, field: "id", parts.message(note: "(or a duplicate policy)"))
        kind = .repeatedID
        self.parts = parts
    }
}

/// The parts of a repeated id's message: what the id is, the id, and where it was first.
struct RepeatedID: Sendable {
    /// "id" or "section id".
    var what: String
    var id: ItemID
    /// "at items[3]", "at items[3], line 4" or "on line 3".
    var first: String

    /// "expected a unique id" and ", found "a" again (first at items[3])", around the note.
    var parts: NotedMessage {
        NotedMessage(before: "expected a unique \(what)", after: ", found \(describeIdentifier(id)) again (first \(first))")
    }
}
