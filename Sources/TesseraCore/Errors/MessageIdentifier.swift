/// A user's value as every message shows it: an id, a key, a field name or a cell, written as a
/// dataset writes it, so the integer 5 reads `5` and the string "5" reads `"5"`. A string is
/// quoted and escaped as JSON writes it (a quote or a line break in it cannot end the message's
/// line), and one longer than `identifierTextLimit` characters shows its first ones, an ellipsis
/// and its length (`"aaaa…"… (1048576 characters)`), so a huge value cannot make a huge message.
/// The ellipsis stays outside the quotes: what is quoted is always the value's own text (a value
/// that really ends in `...` is not mistaken for a cut one), and the length says how much is cut.
///
/// Typed ids (`ItemID`, `Occurrence`) write themselves through `MessageIdentifier`; other
/// identifier types write their integer value bare and anything else as the quoted text of
/// `String(describing:)`.
///
/// - Complexity: O(length of the value) (counting a long string's characters), only when a
///   message is built.
package func describeIdentifier<T>(_ id: T) -> String {
    if let id = id as? any MessageIdentifier { return id.messageText }
    if let id = id as? any BinaryInteger { return String(describing: id) }
    if let id = id as? String { return quotedIdentifier(id) }
    return quotedIdentifier(String(describing: id))
}

/// The most characters of a user's text that a message shows.
package let identifierTextLimit = 64

/// `text` quoted as a JSON string, cut after `identifierTextLimit` characters.
private func quotedIdentifier(_ text: String) -> String {
    shortened(text) { messageQuoted($0) }
}

/// `text` as a JSON string literal in which every control character is escaped: JSON's own
/// escapes for U+0000-U+001F, and `\u007f` to `\u009f` for DEL and the C1 controls, which JSON
/// lets through raw but a terminal acts on (U+009B starts an escape sequence), and the
/// bidirectional formatting characters (`isBidiControl`, `\u202e`), which would reorder the
/// text a person reads. Still JSON, so it reads back as the same text. The one rule for a
/// user's text in text output.
/// - Complexity: O(length of the text).
package func messageQuoted(_ text: String) -> String {
    unicodeEscaped(JSONWriter.write(.string(text)), where: isRawControl)
}

/// DEL, a C1 control or a bidirectional formatting character: what JSON leaves unescaped among
/// the characters a terminal or a reader acts on.
private func isRawControl(_ scalar: Unicode.Scalar) -> Bool { (0x7F...0x9F).contains(scalar.value) || isBidiControl(scalar) }

/// Unquoted text for a message (a number's digits as the file spells them), cut as
/// `describeIdentifier` cuts a string, so a 100,000-digit number is not echoed whole.
/// - Complexity: O(length of the text).
package func shortenedForMessage(_ text: String) -> String {
    shortened(text) { $0 }
}

/// `quote(text)`, cut as `describeIdentifier` cuts a string: the quoted part is the text's own
/// first characters, the ellipsis and length follow outside the quotes.
/// - Complexity: O(length of the text).
package func shortenedForMessage(_ text: String, quotedBy quote: (String) -> String) -> String {
    shortened(text, quote)
}

/// `write(text)`, or for a text longer than `identifierTextLimit` characters `write` of its first
/// ones, an ellipsis and its length.
private func shortened(_ text: String, _ write: (String) -> String) -> String {
    guard let cut = text.index(text.startIndex, offsetBy: identifierTextLimit, limitedBy: text.endIndex),
          cut < text.endIndex else {
        return write(text)
    }
    return write(String(text[..<cut])) + "… (\(NumberText.counted(text.count, "character")))"
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
