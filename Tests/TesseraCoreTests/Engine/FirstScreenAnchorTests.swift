import Testing
@testable import TesseraCore

/// A cell measured right after it entered does not anchor (it grows away from what was drawn),
/// but only a cell that was drawn before takes its place: on a screen of new cells the first
/// keeps its top.
@Suite struct FirstScreenAnchorTests {
    /// 200 full-width cells estimated 44 high, 2 apart, in a 360x500 viewport.
    static func engine() -> CollectionEngine {
        let source = ItemSource(values: (0..<200).map { .object(["id": .string("i\($0)")]) })
        let provider = BasicProvider(data: source, layout: FlowLayout(lineSpacing: 2),
                                     size: .custom { _, _ in Size(width: 360, height: 44) })
        return CollectionEngine(provider: provider, viewport: Size(width: 360, height: 500))
    }

    static func cells(_ e: CollectionEngine) -> [ItemID] {
        e.views.filter { $0.category == .item }.sorted { $0.index! < $1.index! }.map(\.id)
    }

    @Test func measuringTheFirstCellOfTheFirstScreenLeavesTheOffsetAtZero() throws {
        let e = Self.engine()
        _ = try e.layout()
        try e.measure(.string("i0"), size: Size(width: 360, height: 5000))
        let events = try e.layout()
        // It moved to 4956: the second cell, new too, anchored and was kept still.
        #expect(e.scrollState.contentOffset == .zero)
        #expect(!events.contains { $0.type == .adjust })
        #expect(Self.cells(e) == [.string("i0")])
    }

    @Test func afterAJumpTheFirstNewCellKeepsItsTop() throws {
        let e = Self.engine()
        _ = try e.layout()
        _ = try e.scroll(to: Point(x: 0, y: 46 * 100))         // i100 at the top; every cell new
        try e.measure(.string("i100"), size: Size(width: 360, height: 300))
        _ = try e.layout()
        #expect(e.scrollState.contentOffset == Point(x: 0, y: 4600))
        #expect(try e.layoutResult.frame(at: 100) == Rect(x: 0, y: 4600, width: 360, height: 300))
    }

    @Test func aCellScrolledInFromAboveStillGrowsUpwards() throws {
        let e = Self.engine()
        _ = try e.layout()
        _ = try e.scroll(to: Point(x: 0, y: 46 * 100))
        _ = try e.scroll(to: Point(x: 0, y: 46 * 99))           // i99 enters above the cells drawn
        try e.measure(.string("i99"), size: Size(width: 360, height: 300))
        let events = try e.layout()
        // i100, drawn before, stays at the top of the screen + 46; i99 grows up, off screen.
        #expect(e.scrollState.contentOffset == Point(x: 0, y: 46 * 99 + 256))
        #expect(events.first?.type == .adjust)
        #expect(try e.layoutResult.frame(at: 100).minY - e.scrollState.contentOffset.y == 46)
    }

    @Test func aHostThatDrawsBeforeItMeasuresKeepsAWholeCellsTop() throws {
        let e = Self.engine()
        _ = try e.layout()
        _ = try e.scroll(to: Point(x: 0, y: 46 * 100))
        _ = try e.scroll(to: Point(x: 0, y: 46 * 99))           // i99 enters; the host draws it at its estimate
        e.didDrawViews()
        try e.measure(.string("i99"), size: Size(width: 360, height: 300))
        let events = try e.layout()
        // The host showed i99 at the top of the screen: it stays there and grows down.
        #expect(e.scrollState.contentOffset == Point(x: 0, y: 46 * 99))
        #expect(!events.contains { $0.type == .adjust })
        #expect(try e.layoutResult.frame(at: 100).minY == 46 * 99 + 302)
    }

    @Test func aHostThatDrawsBeforeItMeasuresStillLetsACutCellGrowUpwards() throws {
        let e = Self.engine()
        _ = try e.layout()
        _ = try e.scroll(to: Point(x: 0, y: 46 * 100))
        _ = try e.scroll(to: Point(x: 0, y: 46 * 99 + 10))      // i99 enters, cut by the top by 10
        e.didDrawViews()
        try e.measure(.string("i99"), size: Size(width: 360, height: 300))
        _ = try e.layout()
        // i100 stays 36 below the top of the screen; i99 grows up, off screen.
        #expect(e.scrollState.contentOffset == Point(x: 0, y: 46 * 99 + 10 + 256))
        #expect(try e.layoutResult.frame(at: 100).minY - e.scrollState.contentOffset.y == 36)
    }
}
