/// `text` with A-Z made a-z and every other character left as it is. What the preview's server
/// compares without case (a URL's scheme and host, a header's tokens) is ASCII: Unicode's
/// folding (`lowercased()`) would make a distinct text equal to one of them, as "\u{212A}" (KELVIN
/// SIGN) lowercases to "k". O(length of the text).
func asciiLowercased(_ text: String) -> String {
    String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
}
