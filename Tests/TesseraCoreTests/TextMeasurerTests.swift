import Testing
@testable import TesseraCore

// Advances at font size 10 (points): H 7.22, e 5.56, l 2.22, o 5.56, space 2.78, w 7.22, r 3.33, d 5.56.
// "Hello" = 22.78, "world" = 23.89, "Hello world" = 49.45.
@Suite("Text measurer")
struct TextMeasurerTests {
    let m = TextMeasurer(fontSize: 10, lineHeight: 12)

    @Test func singleLineWidth() {
        #expect(m.width(of: "Hello") == 22.78)
        #expect(m.width(of: "Hello world") == 49.45)
        // Spaces collapse and trim, as when wrapping; the widest paragraph counts.
        #expect(m.width(of: "  Hello   world  ") == 49.45)
        #expect(m.width(of: "Hello\nworld") == 23.89)
        #expect(m.width(of: "") == 0)
    }

    @Test("advance(of:) gives one scalar's width on its own, in points at the font size")
    func advanceOfOneScalar() {
        #expect(m.advance(of: "H") == 7.22)
        #expect(m.advance(of: "l") == 2.22)
        #expect(m.advance(of: " ") == 2.78)
        #expect(m.advance(of: "\u{A0}") == 2.78)       // no-break space, as a space
        #expect(m.advance(of: "\n") == 0)              // controls take no room
        #expect(m.advance(of: "\u{301}") == 0)         // a combining accent
        #expect(m.advance(of: "\u{200D}") == 0)        // the zero-width joiner
        #expect(m.advance(of: "é") == 6)               // other letters: the default advance
        #expect(m.advance(of: "漢") == 10)             // wide: a full em
        #expect(m.advance(of: "🇫") == 10)              // a regional indicator alone (no pairing without context)
        #expect(TextMeasurer(fontSize: 20).advance(of: "H") == 14.44)
    }

    @Test func wrapsAtSpaces() {
        #expect(m.height(of: "Hello world", width: 49.45) == 12)
        #expect(m.height(of: "Hello world", width: 49.44) == 24)
        #expect(m.height(of: "Hello world", width: 1000) == 12)
        // "Hello world Hello": the third word does not fit after the first two at 60 points.
        #expect(m.lineCount(of: "Hello world Hello", width: 60) == 2)
        #expect(m.lineCount(of: "Hello world Hello", width: 75) == 2)
        #expect(m.lineCount(of: "Hello world Hello", width: 75.02) == 1)
    }

    @Test func breaksOverlongWordsBetweenCharacters() {
        // "Hell" (17.22) + "o" (5.56 would make 22.78 > 20); "worl" + "d" likewise.
        #expect(m.lineCount(of: "Hello world", width: 20) == 4)
        #expect(m.height(of: "Hello world", width: 20) == 48)
        // A width narrower than any character still makes progress: one character per line.
        #expect(m.lineCount(of: "abc", width: 0) == 3)
        #expect(m.lineCount(of: "abc", width: -5) == 3)
        // The tail of a broken word shares its line with the next word when it fits.
        #expect(m.lineCount(of: "Hello a", width: 20) == 2)
    }

    @Test func explicitNewlinesAndEmptyText() {
        #expect(m.height(of: "", width: 100) == 0)
        #expect(m.height(of: "   ", width: 100) == 12)
        #expect(m.height(of: "a\nb", width: 100) == 24)
        #expect(m.height(of: "a\n\nb", width: 100) == 36)
        #expect(m.height(of: "a\r\nb", width: 100) == 24)
        #expect(m.height(of: "a\rb\n", width: 100) == 36)
    }

    @Test func otherScripts() {
        #expect(m.width(of: "日本語") == 30)                 // CJK: 1 em each
        #expect(m.width(of: "한국") == 20)                   // Hangul
        #expect(m.width(of: "Жж") == 12)                    // other scripts: 0.6 em
        #expect(m.width(of: "e\u{301}") == 5.56)            // combining accent takes no room
        #expect(m.width(of: "👨‍👩‍👧") == 10)                   // a ZWJ family is one wide glyph
        #expect(m.width(of: "👍🏽") == 10)                    // skin tone modifier
        #expect(m.width(of: "🇯🇵🇫🇷") == 20)                  // two flags
        #expect(m.width(of: "❤️") == 10)                     // with variation selector
        #expect(m.lineCount(of: "日本語日本語", width: 30) == 2)
    }

    @Test func fontSizeAndLineHeightAreParameters() {
        let big = TextMeasurer(fontSize: 20, lineHeight: 30)
        #expect(big.width(of: "Hello world") == 98.9)
        #expect(big.height(of: "Hello world", width: 98.9) == 30)
        #expect(big.height(of: "Hello world", width: 98.8) == 60)
        // Defaults: 16 pt on 20 pt lines. "A frog." is 47.136 pt wide; at 40 pt "frog." wraps.
        let d = TextMeasurer()
        #expect(d.width(of: "A frog.") == 47.136)
        #expect(d.height(of: "A frog.", width: 40) == 40)
        #expect(d.height(of: "A frog.", width: 47.136) == 20)
    }

    @Test func aTextFitsOnOneLineAtItsOwnWidth() {
        let texts = ["Up to 8 players can play in a turn based mode with scoring based on points.",
                     "Zaz is an arcade action puzzle game", "Café terrace, 日本, 😀 ok"]
        for size in [9.0, 13.0, 16.0, 17.5] {
            let tm = TextMeasurer(fontSize: size, lineHeight: 1)
            for t in texts {
                #expect(tm.lineCount(of: t, width: tm.width(of: t)) == 1)
            }
        }
    }

    @Test func sizingUsesTheMeasurerForTextItems() {
        let sizing = ItemSizing(rule: .fit, textMeasurer: m)
        let s = sizing.size(w: .nan, h: .nan, text: { "Hello world" }, proposed: Size(width: 20, height: 500))
        #expect(s == Size(width: 20, height: 48))
    }
}
