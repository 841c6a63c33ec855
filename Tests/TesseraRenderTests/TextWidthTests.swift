import Testing
@testable import TesseraRender

/// Text widths in the svg picture's font, DejaVu Sans: at 2048 px (its units per em) a width is
/// the sum of the characters' advances in font units.
@Suite struct TextWidthTests {
    private func units(_ text: String) -> Double { TextWidth.width(of: text, size: 2048) }

    @Test func asciiCharactersTakeTheFontsAdvances() {
        #expect(units("Fruit") == 1178 + 842 + 1298 + 569 + 803)
        #expect(units("WWW") == 3 * 2025)
        #expect(units("iii") == 3 * 569)
        #expect(units(" ~") == 651 + 1716)
        #expect(units("") == 0)
        #expect(TextWidth.width(of: "W", size: 11) == 2025.0 * 11 / 2048)
    }

    /// East Asian wide and fullwidth characters and emoji take an em; an emoji of several code
    /// points (a family, a flag, a keycap, a skin tone, a heart with its emoji selector) is one.
    @Test func wideCharactersAndEmojiTakeAnEm() {
        #expect(units("中文") == 2 * 2048)
        #expect(units("カナ한") == 3 * 2048)
        #expect(units("Ａ") == 2048)
        #expect(units("😀") == 2048)
        #expect(units("👨‍👩‍👧") == 2048)
        #expect(units("🇫🇷") == 2048)
        #expect(units("1️⃣") == 2048)
        #expect(units("👍🏽") == 2048)
        #expect(units("❤️") == 2048)
    }

    /// Other characters take a digit's width; a combining mark adds nothing to its letter.
    @Test func otherCharactersTakeADigitsWidth() {
        #expect(units("é") == 1303)
        #expect(units("e\u{301}") == 1260)
        #expect(units("Жλ") == 2 * 1303)
        #expect(units("❤") == 1303)
    }

    /// A section title's box in the svg: the text at 11 px and 4 px either side, at least 14.
    @Test func aTitleBoxHoldsItsTextAndFourPixelsEitherSide() {
        let fruit: Double = 4690, wide: Double = 2 * 2048 + 651 + 2048
        #expect(SVGPicture.titleBoxWidth("Fruit") == fruit * 11 / 2048 + 8)
        #expect(SVGPicture.titleBoxWidth("中文 😀") == wide * 11 / 2048 + 8)
        #expect(SVGPicture.titleBoxWidth("i") == 14)
    }

    /// An item's label in a box 60 px wide at 11 px has 56 px (10426.18 units): 18 "i" (10242)
    /// fit whole where 6 px a character cut them at 9; 19 (10811) keep the 14 that fit beside
    /// the ellipsis (an em, 2048); 5 "W" (10125) fit, 8 (16200) overflowed and now keep 4.
    @Test func anItemLabelIsCutWhereItsMeasuredWidthRunsPastTheBox() {
        let i18 = String(repeating: "i", count: 18)
        #expect(SVGPicture.labelText(i18, boxWidth: 60, size: 11) == i18)
        #expect(SVGPicture.labelText(i18 + "i", boxWidth: 60, size: 11) == String(repeating: "i", count: 14) + "…")
        #expect(SVGPicture.labelText("WWWWW", boxWidth: 60, size: 11) == "WWWWW")
        #expect(SVGPicture.labelText("WWWWWWWW", boxWidth: 60, size: 11) == "WWWW…")
        #expect(SVGPicture.labelText("中文中文中文", boxWidth: 60, size: 11) == "中文中文…")
        // 26 px (4841 units) hold "ii " and the ellipsis (3837), not "ii W": the space is dropped.
        #expect(SVGPicture.labelText("ii WWWW", boxWidth: 30, size: 11) == "ii…")
    }

    /// The narrowest boxes: 12 px (2234 units at 11 px) hold the ellipsis alone, 10 px (1862) not
    /// even that, so no label is written; a character that fits is written whole.
    @Test func aBoxTooNarrowForTheEllipsisGetsNoLabel() {
        #expect(SVGPicture.labelText("WW", boxWidth: 16, size: 11) == "…")
        #expect(SVGPicture.labelText("WW", boxWidth: 14, size: 11) == "")
        #expect(SVGPicture.labelText("i", boxWidth: 14, size: 11) == "i")
        #expect(units("…") == 2048)
    }
}

