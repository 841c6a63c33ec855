import TesseraCore

// The two escaping rules of every picture and page Tessera writes, so no text from a dataset
// or a script (ids, labels, titles, kinds) can break out of where it is put:
//
// - Markup text and attribute values (`markup`): `&`, `<`, `>` and `"` as entities; the
//   characters XML 1.0 forbids even as references (C0 controls other than tab, LF and CR;
//   U+FFFE and U+FFFF) replaced by visible stand-ins: a control by its Control Pictures glyph
//   (ESC as U+241B), the two non-characters by U+FFFD. So SVG stays well-formed XML.
// - JSON inside `<script>` (`appendScriptJSON`): JSON text with `<`, `>` and `&` written as
//   `\u003c`, `\u003e`, `\u0026` (no `</script>` or `<!--` can form) and U+2028/U+2029 as
//   `\u2028`/`\u2029` (line terminators in older JavaScript). Outside strings JSON holds none of
//   these characters, so the whole text is escaped byte by byte and still parses to the same value.
enum PageText {
    /// `s` safe as XML/HTML text or inside a double-quoted attribute. O(length of `s`).
    static func markup(_ s: String) -> String {
        var r = ""
        r.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
        for c in s.unicodeScalars {
            switch c.value {
            case 0x26: r += "&amp;"
            case 0x3C: r += "&lt;"
            case 0x3E: r += "&gt;"
            case 0x22: r += "&quot;"
            case 0x09, 0x0A, 0x0D: r.unicodeScalars.append(c)
            case 0..<0x20: r.unicodeScalars.append(Unicode.Scalar(0x2400 + c.value)!)
            case 0xFFFE, 0xFFFF: r.unicodeScalars.append("\u{FFFD}")
            default: r.unicodeScalars.append(c)
            }
        }
        return r
    }

    /// Appends JSON text `json` (UTF-8, as `JSONWriter` writes it) to `out`, escaped to sit inside
    /// a `<script>` element. O(length of `json`).
    static func appendScriptJSON(_ json: [UInt8], to out: inout [UInt8]) {
        var k = 0
        while k < json.count {
            let byte = json[k]
            switch byte {
            case UInt8(ascii: "<"): out.append(contentsOf: Array("\\u003c".utf8))
            case UInt8(ascii: ">"): out.append(contentsOf: Array("\\u003e".utf8))
            case UInt8(ascii: "&"): out.append(contentsOf: Array("\\u0026".utf8))
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
            case 0xE2 where k + 2 < json.count && json[k + 1] == 0x80 && (json[k + 2] == 0xA8 || json[k + 2] == 0xA9):
                out.append(contentsOf: Array((json[k + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8))
                k += 2
            default: out.append(byte)
            }
            k += 1
        }
    }

    /// `value` as compact JSON escaped to sit inside a `<script>` element. O(size of the output).
    static func scriptJSON(_ value: JSONValue) -> String {
        var json: [UInt8] = [], out: [UInt8] = []
        JSONWriter.write(value, into: &json)
        appendScriptJSON(json, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A label between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, for plain text where
    /// it has neighbours (a hover title): a right-to-left override or right-to-left letters in
    /// it then order only the label, never the index or frame written beside it. Markup
    /// isolates with `unicode-bidi` instead (`isolatedMarkup`), which adds no characters to the
    /// text a search finds. run-page.js isolates its hover titles' labels by the same rule.
    static func isolated(_ label: String) -> String { "\u{2068}" + label + "\u{2069}" }

    /// `label` as SVG text (`markup`) in a span whose direction is its own (`isolated`'s rule).
    static func isolatedMarkup(_ label: String) -> String { "<tspan unicode-bidi=\"isolate\">" + markup(label) + "</tspan>" }

    /// `s` as a JSON string literal escaped to sit inside a `<script>` element. O(length of `s`).
    static func appendScriptString(_ s: String, to out: inout [UInt8]) {
        var json: [UInt8] = []
        JSONWriter.appendString(s, to: &json)
        appendScriptJSON(json, to: &out)
    }
}
