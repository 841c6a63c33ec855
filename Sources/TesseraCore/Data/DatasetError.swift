/// A dataset that cannot be loaded, as one sentence in the style of compiler diagnostics:
///
///     photos.json:3:14: expected ',' or '}' after an object member, found ']'.
///     photos.json:41:12: sections[2].items[14].w: expected a number from 0 to 1e7, found "12".
///     photos.json:9:13: items[3].id: expected a string or an integer, found true.
///     photos.json:12:9: items[5].id: expected a unique id (or a duplicate policy), found "a" again (first at items[1], line 4).
///     photos.jsonl:7:8: id: expected a unique id (or a duplicate policy), found "a" again (first on line 3).
///     photos.csv:5: expected 4 cells as in the header, found 3.
///     photos.json: expected a data file of at most 256 MB (or a larger limit), found 300.5 MB.
///
/// That is: the file, then the line (and column for JSON syntax, and for a JSON item or section) when there is one,
/// then the JSON path or field name when there is one, then what was expected and what was found.
/// `kind` tells a repeated id (which a duplicate policy would keep) and a file over the size limit
/// (which a larger limit would read) from every other problem.
public struct DatasetError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the caller named it.
    public var file: String
    /// 1-based line, for JSON syntax errors, a JSON item or section, and JSON Lines and CSV records.
    public var line: Int?
    /// 1-based column (in Unicode scalars), for JSON syntax errors, a JSON item or section (where
    /// its value, or the member named, starts), and a JSON Lines item's size or id.
    public var column: Int?
    /// Where inside the document: a JSON path (`sections[2].items[14].w`) or a field/column name.
    public var path: String?
    /// What went wrong, usually "expected X, found Y" (no trailing period).
    public var message: String
    /// Which problem it is: `.repeatedID`, `.tooLarge` or `.other`.
    public var kind: Kind
    /// A repeated id's or a too-large file's message in the parts around its note, to word the
    /// note again (`naming(policyNote:)`, `naming(limitNote:)`); nil for any other error, and
    /// for one built with the public initializer.
    var parts: NotedMessage?

    /// An error in `file` at `line`:`column`, at `path`, saying `message`.
    public init(file: String, line: Int? = nil, column: Int? = nil, path: String? = nil, message: String, kind: Kind = .other) {
        self.file = file; self.line = line; self.column = column; self.path = path; self.message = message; self.kind = kind
    }

    /// Equal when every public property is: the parts kept to word a message again follow from
    /// the message.
    public static func == (a: DatasetError, b: DatasetError) -> Bool {
        (a.file, a.line, a.column, a.path, a.message, a.kind) == (b.file, b.line, b.column, b.path, b.message, b.kind)
    }

    public var description: String {
        var s = file
        if let line {
            s += ":\(line)"
            if let column { s += ":\(column)" }
        }
        return s + ": " + problem
    }

    /// What the description says after the place: the path when there is one, then the
    /// message, `items[1].id: expected ... .` (a caller that shows the place apart uses it).
    package var problem: String { (path.map { $0 + ": " } ?? "") + message + "." }
}

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
}
