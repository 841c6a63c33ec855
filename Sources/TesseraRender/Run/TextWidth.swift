/// How wide a line of text is drawn in the font the svg picture names (`family`): DejaVu Sans,
/// the sans-serif of Debian and most Linux desktops, whose advance widths are tabled here for
/// ASCII. Where another sans-serif stands in (Helvetica, Arial), it is narrower, so a box sized
/// by this table holds the text with a little room to spare rather than cutting it.
///
/// A character (grapheme cluster) is as wide as its first code point: an East Asian wide or
/// fullwidth one, or one shown as an emoji, takes a whole em (a flag, a family emoji and a
/// skin-toned hand are one character each); any other code point outside ASCII takes a digit's
/// width, as most Latin, Greek and Cyrillic letters roughly do; the ellipsis that ends a cut
/// label takes its own width, a whole em.
enum TextWidth {
    /// The svg picture's `font-family`.
    static let family = "DejaVu Sans, sans-serif"

    /// `text`'s advance width at `size` px. O(characters).
    static func width(of text: String, size: Double) -> Double {
        Double(text.reduce(0) { $0 + units(of: $1) }) * size / Double(unitsPerEm)
    }

    /// `text` as it fits in `width` px at `size` px: whole when it fits, else its longest start
    /// that fits with an ellipsis after it (less the spaces it ends with: "Angry…", not
    /// "Angry …"), "" when not even the ellipsis fits. O(characters up to the cut).
    static func cut(_ text: String, toFit width: Double, size: Double) -> String {
        func fits(_ units: Int) -> Bool { Double(units) * size / Double(unitsPerEm) <= width }
        var total = 0, kept: String.Index? = nil
        for i in text.indices {
            if fits(total + ellipsisUnits) { kept = i }
            total += units(of: text[i])
            // Past the width: the whole text cannot fit, and no longer start fits with the ellipsis.
            if !fits(total) { return kept.map { cutAt($0, in: text) } ?? "" }
        }
        return text
    }

    /// `text` up to `end`, its trailing spaces dropped, and an ellipsis.
    private static func cutAt(_ end: String.Index, in text: String) -> String {
        var kept = text[..<end]
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return String(kept) + "…"
    }

    /// Font units per em: the table's widths are in these.
    static let unitsPerEm = 2048

    /// Advance widths of U+0020 (space) to U+007E (`~`), in font units.
    private static let ascii: [Int] = [
        651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690,  //  !"#$%&'()*+,-./
        1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087,  // 0123456789:;<=>?
        2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612,  // @ABCDEFGHIJKLMNO
        1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799, 690, 799, 1716, 1024,  // PQRSTUVWXYZ[\]^_
        1024, 1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253,  // `abcdefghijklmno
        1300, 1300, 842, 1067, 803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716,  // pqrstuvwxyz{|}~
    ]

    /// A digit's width: what a character outside ASCII and the wide ranges is taken to be.
    private static let otherUnits = 1303

    /// The ellipsis (U+2026) a cut label ends with: an em in DejaVu Sans.
    private static let ellipsisUnits = 2048

    /// Code points East Asian Width calls wide or fullwidth (Hangul Jamo, CJK radicals and
    /// punctuation, kana, CJK ideographs, Yi, Hangul syllables, compatibility ideographs and
    /// forms, fullwidth forms, the supplementary ideographic planes).
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD,
    ]

    private static func units(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        let v = first.value
        // A keycap (1️⃣) starts with an ASCII digit: the emoji selector makes it an emoji.
        let emoji = first.properties.isEmojiPresentation
            || (first.properties.isEmoji && character.unicodeScalars.contains("\u{FE0F}"))
        if emoji { return unitsPerEm }
        if v >= 0x20, v <= 0x7E { return ascii[Int(v - 0x20)] }
        if v < 0x20 || v == 0x7F { return 0 }
        if v == 0x2026 { return ellipsisUnits }
        return wide.contains(where: { $0.contains(v) }) ? unitsPerEm : otherUnits
    }
}
