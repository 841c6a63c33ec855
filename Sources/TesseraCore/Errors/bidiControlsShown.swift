/// The bidirectional formatting characters that open or close a run of their own direction:
/// the embeddings and overrides (U+202A-U+202E) and the isolates (U+2066-U+2069). In a user's
/// text (an id, a label, a title) they are shown, not obeyed: a right-to-left override would
/// otherwise draw `abc\u202edef` as `abcfed`, so what a person reads is not what the data holds.
/// The marks (U+200E, U+200F, U+061C) are left as they are: they only settle where neutral
/// characters go, and right-to-left text needs them.
package func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
}

/// `text` with each bidirectional formatting character (`isBidiControl`) written as its visible
/// escape, `\u202e`, as `messageQuoted` writes it in text output, so a picture and a message
/// show the same text; and each backslash as `\\`, as `messageQuoted` writes it too, so a text
/// that holds the six characters `\u202e` does not read as one that holds U+202E (it shows
/// `\\u202e`). The one rule for a user's text in pictures. O(length of the text); the text
/// itself when it holds neither.
package func bidiControlsShown(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 == "\\" || isBidiControl($0) }) else { return text }
    var shown = ""
    shown.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
        if scalar == "\\" {
            shown += "\\\\"
        } else if isBidiControl(scalar) {
            shown += unicodeEscape(scalar)
        } else {
            shown.unicodeScalars.append(scalar)
        }
    }
    return shown
}

/// JSON text (a value `JSONWriter` wrote) with its bidirectional formatting characters shown
/// as `bidiControlsShown` shows them. Its backslashes are left as they are: JSON already writes
/// one of a string as `\\`, so an escape it holds reads one way only. O(length of the text).
package func bidiControlsShown(json: String) -> String {
    unicodeEscaped(json, where: isBidiControl)
}
