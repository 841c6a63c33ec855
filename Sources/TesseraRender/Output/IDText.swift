import TesseraCore

/// An id as a line of text output lists it (`tessera scroll --format text`, `tessera diff
/// --format text`): as it is when that reads back as one word, else quoted as JSON quotes a
/// string, so an id with a space, a quote, a control character or a line break, or the empty
/// id, cannot pass for two ids or break the line. O(length of the id).
package enum IDText {
    package static func word(_ id: some CustomStringConvertible) -> String {
        let text = id.description
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { s in
            s.value > 0x20 && s.value != 0x7F && s != "\"" && s != "\\" && !s.properties.isWhitespace
                && s.properties.generalCategory != .control
        }
        return plain ? text : JSONWriter.write(.string(text))
    }
}
