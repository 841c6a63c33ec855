import Testing
import TesseraCore
@testable import TesseraRender

/// What pictures write on each item: a label read from a field (or the index), and the ASCII
/// preview's glyph.
@Suite struct LabelsAndGlyphsTests {
    let dataset = Dataset(items: [
        Item(id: "a", fields: ["title": "Hello", "rank": 2, "tags": ["x"]]),
        Item(id: 7, fields: ["rank": 2.5]),
    ])

    @Test("a label is the field's string, other values as JSON, \"\" when missing; the index field labels by index")
    func labels() {
        #expect(ItemLabels().label(at: 0, in: dataset) == "a")
        #expect(ItemLabels().label(at: 1, in: dataset) == "7")
        #expect(ItemLabels(field: "title").label(at: 0, in: dataset) == "Hello")
        #expect(ItemLabels(field: "title").label(at: 1, in: dataset) == "")
        #expect(ItemLabels(field: "rank").label(at: 1, in: dataset) == "2.5")
        #expect(ItemLabels(field: "tags").label(at: 0, in: dataset) == "[\"x\"]")
        #expect(ItemLabels(field: "rank").label(at: 5, in: dataset) == "")
        #expect(ItemLabels(field: ItemLabels.indexField).label(at: 1, in: dataset) == "1")
    }

    @Test("glyphs run through letters and digits, then start again; a negative index counts back")
    func glyphs() {
        #expect([0, 25, 26, 51, 52, 61, 62, 63].map(AsciiPreview.glyph(for:)) == ["A", "Z", "a", "z", "0", "9", "A", "B"])
        #expect([-1, -62, -63, Int.min].map(AsciiPreview.glyph(for:)) == ["9", "A", "9", "2"])
    }
}
