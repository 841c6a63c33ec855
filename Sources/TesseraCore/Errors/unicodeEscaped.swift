/// `text` with each scalar that `escapes` picks written as its escape (`unicodeEscape`), the
/// others as they are. O(length of the text); the text itself when it picks none.
package func unicodeEscaped(_ text: String, where escapes: (Unicode.Scalar) -> Bool) -> String {
    guard text.unicodeScalars.contains(where: escapes) else { return text }
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
        if escapes(scalar) { escaped += unicodeEscape(scalar) } else { escaped.unicodeScalars.append(scalar) }
    }
    return escaped
}

/// `\u` and the scalar's four lowercase hex digits, as JSON escapes a character (a scalar of
/// the Basic Multilingual Plane: the only ones escaped this way).
package func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}
