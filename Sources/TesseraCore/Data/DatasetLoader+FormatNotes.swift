/// Notes for the syntax errors a dataset's author makes most: a comma before a closing
/// bracket, NaN or Infinity where a value goes, a file saved in a one-byte encoding, and a CSV
/// or JSON Lines file named `.json`.
/// The parser's sentence names the place; the note names the likely cause and the fix.
extension DatasetLoader {
    /// Added to a "found the byte 0xE9" error in any format: text from an editor or a
    /// spreadsheet saved in a one-byte encoding.
    static let notUTF8Note = "; the file is not UTF-8: convert it (iconv -f WINDOWS-1252 -t UTF-8, if it was saved as Latin-1 or Windows-1252)"

    /// The note for the syntax error `e` of a JSON or JSON Lines file, or "". O(1).
    static func jsonSyntaxNote(_ e: JSONParseError) -> String {
        if e.expected == JSONParser.utf8Expectation { return notUTF8Note }
        if e.expected.hasSuffix(" after ',' in an array") && e.found == "']'"
            || e.expected.hasSuffix(" after ',' in an object") && e.found == "'}'" {
            return "; JSON takes no comma before a closing ] or }: remove the comma"
        }
        if e.expected.hasPrefix("a JSON value"), let found = e.found, nonFiniteWords.contains(found) {
            return nonFiniteNote
        }
        return ""
    }

    /// What Python's `json.dump` writes for a float that is no number (by default).
    private static let nonFiniteWords: Set<String> = ["'NaN'", "'Infinity'", "'-Infinity'"]

    /// Added where a value is expected and NaN or Infinity is found.
    static let nonFiniteNote = "; NaN and Infinity are not JSON (Python's json.dump writes them unless allow_nan=False): give a number"

    /// `jsonSyntaxNote`, or for a `.json` file `bytes` that is in another format, the format to
    /// name it by; or "". O(first line).
    static func jsonDocumentNote(_ e: JSONParseError, _ bytes: [UInt8]) -> String {
        if e.expected == JSONParser.endExpectation, e.found == "'{'" {
            return "; one JSON object per line is JSON Lines: name the file .jsonl"
        }
        if e.expected == "a JSON value", e.line == 1, bytes.prefix(while: { $0 != 0x0A }).contains(UInt8(ascii: ",")) {
            return "; a first line of comma-separated names reads as CSV: name the file .csv"
        }
        return jsonSyntaxNote(e)
    }
}
