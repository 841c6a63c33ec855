/// An identifier as error messages name it: as a dataset writes it, so the integer 5 reads `5`
/// and the string "5" reads `"5"`. A string is quoted and escaped as JSON writes it (a quote or a
/// line break in an id cannot end the message's line), and one longer than
/// `identifierTextLimit` characters shows its first ones, an ellipsis and its length
/// (`"aaaa…"… (1048576 characters)`), so a huge id cannot make a huge message.
///
/// Typed ids (`ItemID`, `Occurrence`) write themselves through `MessageIdentifier`; other
/// identifier types write their integer value bare and anything else as the quoted text of
/// `String(describing:)`.
///
/// - Complexity: O(length of the id) (counting a long string's characters), only when a
///   message is built.
package func describeIdentifier<T>(_ id: T) -> String {
    if let id = id as? any MessageIdentifier { return id.messageText }
    if let id = id as? any BinaryInteger { return String(describing: id) }
    if let id = id as? String { return quotedIdentifier(id) }
    return quotedIdentifier(String(describing: id))
}

/// The most characters of a string id that a message shows.
package let identifierTextLimit = 64

/// `text` quoted as a JSON string, cut after `identifierTextLimit` characters.
package func quotedIdentifier(_ text: String) -> String {
    guard let cut = text.index(text.startIndex, offsetBy: identifierTextLimit, limitedBy: text.endIndex),
          cut < text.endIndex else {
        return JSONWriter.write(.string(text))
    }
    return JSONWriter.write(.string(String(text[..<cut]))) + "… (\(text.count) characters)"
}

/// An identifier type that knows how messages write it (see `describeIdentifier`).
package protocol MessageIdentifier {
    /// The identifier as `describeIdentifier` writes it.
    var messageText: String { get }
}

extension ItemID: MessageIdentifier {
    /// Integers bare, strings quoted; a derived id (scoped, a visible duplicate) as the string
    /// it prints as, as JSON output writes it.
    package var messageText: String {
        switch self {
        case .int(let v): return String(v)
        case .string(let s): return quotedIdentifier(s)
        case .scoped, .duplicate: return quotedIdentifier(description)
        }
    }
}

extension Occurrence: MessageIdentifier {
    /// The identifier, then `(occurrence n+1)` for a repeat.
    package var messageText: String {
        index == 0 ? describeIdentifier(id) : "\(describeIdentifier(id)) (occurrence \(index + 1))"
    }
}
