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
/// show the same text. O(length of the text); the text itself when it holds none.
package func bidiControlsShown(_ text: String) -> String {
    unicodeEscaped(text, where: isBidiControl)
}
