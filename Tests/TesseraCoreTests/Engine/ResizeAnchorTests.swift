import Testing
@testable import TesseraCore

/// A resize lays the same data out at another size: what the user looks at stays where it was on
/// screen, whatever `anchor` says about data changes (it said so only when a measurement
/// happened to arrive in the same pass).
@Suite struct ResizeAnchorTests {
    /// 200 cells of 100x50 in a flow, 400x300: four a row, so i80 starts row 20 at y 1000.
    static func engine(anchor: ScrollAnchor) -> CollectionEngine {
        let source = ItemSource(values: (0..<200).map { .object(["id": .string("i\($0)")]) })
        let provider = BasicProvider(data: source, layout: FlowLayout(), size: .custom { _, _ in Size(width: 100, height: 50) })
        let e = CollectionEngine(provider: provider, viewport: Size(width: 400, height: 300))
        e.anchor = anchor
        return e
    }

    @Test(arguments: ScrollAnchor.allCases)
    func aResizeKeepsTheFirstVisibleCellInPlace(anchor: ScrollAnchor) throws {
        let e = Self.engine(anchor: anchor)
        _ = try e.layout()
        _ = try e.scroll(to: Point(x: 0, y: 1000))
        #expect(e.views.filter { $0.category == .item }.compactMap(\.index).min() == 80)
        // Two a row at 200 wide: i80 moves to y 2000; with `.none` the offset stayed at 1000,
        // which showed i40...i51 instead.
        let events = try e.resize(to: Size(width: 200, height: 300))
        #expect(e.scrollState.contentOffset == Point(x: 0, y: 2000))
        #expect(events.first == .adjust(by: Point(x: 0, y: 1000), to: Point(x: 0, y: 2000), sectionOffsets: [:]))
        #expect(try e.layoutResult.frame(at: 80) == Rect(x: 0, y: 2000, width: 100, height: 50))
        #expect(e.views.filter { $0.category == .item }.compactMap(\.index).min() == 80)
    }

    @Test func theFirstPassAtANewSizeMovesNothing() throws {
        let e = Self.engine(anchor: .none)
        _ = try e.resize(to: Size(width: 200, height: 300))   // before any pass: nothing was shown
        #expect(e.scrollState.contentOffset == .zero)
        #expect(e.views.filter { $0.category == .item }.compactMap(\.index).min() == 0)
    }
}
