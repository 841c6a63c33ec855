import Testing
import TesseraCore

/// The `description` of the public value types, as messages and `print` show them.
@Suite struct DescriptionTests {
    @Test("an item id prints bare: integers and strings as they are, scopes joined by a dash, repeats numbered")
    func itemIDs() {
        #expect(ItemID.int(7).description == "7")
        #expect(ItemID.string("7").description == "7")
        #expect(ItemID.scoped(.string("news"), .int(3)).description == "news-3")
        #expect(ItemID.scoped(.scoped(.int(0), .string("a")), .int(1)).description == "0-a-1")
        #expect(ItemID.duplicate(.string("a"), 2).description == "a(2)")
        #expect(ItemID.scoped(in: nil, .int(3)) == .int(3))
        #expect(ItemID.scoped(in: .string("news"), .int(3)) == .scoped(.string("news"), .int(3)))
    }

    @Test("paths, moves and occurrences")
    func pathsMovesOccurrences() {
        #expect(ItemPath(section: 1, item: 4).description == "[1, 4]")
        #expect(IndexMove(source: 2, target: 0).description == "2 -> 0")
        #expect(IndexMove(source: ItemPath(section: 0, item: 1), target: ItemPath(section: 2, item: 0)).description == "[0, 1] -> [2, 0]")
        #expect(Occurrence("a").description == "a")
        #expect(Occurrence("a", index: 2).description == "a (occurrence 3)")
        #expect(Occurrence.keys(of: ["a", "b", "a"]).map(\.description) == ["a", "b", "a (occurrence 2)"])
    }

    @Test("geometry prints its numbers as Swift writes doubles")
    func geometry() {
        #expect(Rect(x: 1, y: 2.5, width: 30, height: 0).description == "(1.0, 2.5, 30.0, 0.0)")
        #expect(Size(width: 375, height: 812.5).description == "375.0x812.5")
    }
}
