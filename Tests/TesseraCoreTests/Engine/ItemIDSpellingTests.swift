import Testing
@testable import TesseraCore

/// A host names an integer id by its text and a default id (the index as a string) by an
/// integer: what a Lua script or a JSON file has at hand. An exact id always wins.
@Suite struct ItemIDSpellingTests {
    @Test func otherSpellingIsTheIntegersOwnDecimalForm() {
        #expect(ItemID.int(14).otherSpelling == .string("14"))
        #expect(ItemID.int(-3).otherSpelling == .string("-3"))
        #expect(ItemID.string("14").otherSpelling == .int(14))
        #expect(ItemID.string("-3").otherSpelling == .int(-3))
        #expect(ItemID.string("9223372036854775807").otherSpelling == .int(Int.max))
        for text in ["014", "+14", "1e3", "14.0", " 14", "", "-0", "9223372036854775808", "a"] {
            #expect(ItemID.string(text).otherSpelling == nil, "\(text)")
        }
        #expect(ItemID.names(.int(14), "14") && ItemID.names("0", .int(0)) && ItemID.names(.int(-3), "-3"))
        #expect(!ItemID.names(.int(14), "014") && !ItemID.names(.int(0), "-0") && !ItemID.names(.int(14), "+14"))
        #expect(!ItemID.namesAsWritten(.int(14), "14"))
        #expect(ItemID.scoped("0", .int(1)).otherSpelling == nil)
        #expect(ItemID.duplicate(.int(1), 1).otherSpelling == nil)
    }

    /// Items with integer ids 10...24, 100 x 50 each, one per row in a 100 x 120 viewport.
    static func integerIDs() -> (CollectionEngine, BasicProvider) {
        var data = ItemSource(values: (10...24).map { .int($0) })
        data.identifier = { .int(10 + $0) }
        let provider = BasicProvider(data: data, layout: FlowLayout(), size: .fixed(.absolute(100), .absolute(50)))
        return (CollectionEngine(provider: provider, viewport: Size(width: 100, height: 120)), provider)
    }

    @Test func aStringNamesAnIntegerIdByItsText() throws {
        let (engine, _) = Self.integerIDs()
        try engine.layout()
        #expect(try engine.index(of: "14") == 4)
        #expect(try engine.index(of: 14) == 4)
        #expect(try engine.index(of: "014") == nil)
        try engine.scrollTo("14", align: .top)
        #expect(engine.scrollState.contentOffset == Point(x: 0, y: 200))
        try engine.measure("12", size: Size(width: 100, height: 80))
        try engine.layout()
        #expect(try engine.layoutResult.frame(at: 2) == Rect(x: 0, y: 100, width: 100, height: 80))
        #expect(try engine.layoutResult.frame(at: 3) == Rect(x: 0, y: 180, width: 100, height: 50))
    }

    @Test func anIntegerNamesADefaultIdTheIndexAsAString() throws {
        let provider = numbers([7, 8, 9], size: Size(width: 100, height: 50))
        let engine = CollectionEngine(provider: provider, viewport: Size(width: 100, height: 400))
        try engine.layout()
        #expect(engine.views.map(\.id) == ["0", "1", "2"])
        try engine.measure(1, size: Size(width: 100, height: 20))
        try engine.layout()
        #expect(try engine.layoutResult.frame(at: 1) == Rect(x: 0, y: 50, width: 100, height: 20))
        #expect(try engine.layoutResult.frame(at: 2) == Rect(x: 0, y: 70, width: 100, height: 50))
        // A reload that keeps the data keeps the measurement (resolved through the spelling).
        provider.data = source([7, 8, 9])
        try engine.layout()
        #expect(try engine.layoutResult.frame(at: 1) == Rect(x: 0, y: 50, width: 100, height: 20))
    }

    @Test func anExactIdWinsOverAnotherSpelling() throws {
        var data = ItemSource(values: [.int(0), .int(1), .int(2)])
        data.identifier = { [ItemID.string("5"), .int(5), .string("x")][$0] }
        let provider = BasicProvider(data: data, layout: FlowLayout(), size: .fixed(.absolute(100), .absolute(50)))
        let engine = CollectionEngine(provider: provider, viewport: Size(width: 100, height: 400))
        try engine.layout()
        #expect(try engine.index(of: 5) == 1)
        #expect(try engine.index(of: "5") == 0)
        // The views' own ids are looked up exactly: the view 5 is not the item "5".
        #expect(try engine.tree.indices(of: [.int(5), .string("5"), .int(7)]) == [.int(5): 1, .string("5"): 0])
    }
}
