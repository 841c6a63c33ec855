import Testing
@testable import TesseraCore

/// The engine's content offset stays within the content's scroll range after every pass that
/// started within it, whatever the anchor mode: a reload that shrinks the content pulls it back
/// to the new end, where a scroll view would clamp it, so the visible set is computed for the
/// place the host shows. An offset the host put past an edge (a bounce) stays.
@Suite struct OffsetInRangeTests {
    /// Ten 50 x 50 cells, two a row, in a 100 x 100 viewport scrolled to their end (y 150 of a
    /// 250-point content), under `anchor`.
    func atTheEnd(of anchor: ScrollAnchor) throws -> (BasicProvider, CollectionEngine) {
        let provider = numbers(Array(1...10), ids: { String($0) })
        let engine = CollectionEngine(provider: provider, viewport: s(100, 100))
        engine.anchor = anchor
        try engine.layout()
        try engine.scroll(to: Point(x: 0, y: 150))
        #expect(engine.views.map(\.id.description) == ["7", "8", "9", "10"])
        return (provider, engine)
    }

    @Test(arguments: ScrollAnchor.allCases)
    func aReloadThatShrinksTheContentPullsTheOffsetBackToTheNewEnd(anchor: ScrollAnchor) throws {
        let (provider, engine) = try atTheEnd(of: anchor)
        // Six cells: 150 points, so the end is at 50. Under .none CollectionKit left the offset
        // at 150 and showed nothing.
        provider.data = source([1, 2, 3, 4, 5, 6], ids: { String($0) })
        let events = try engine.layout()
        #expect(events.first == .adjust(by: Point(x: 0, y: -100), to: Point(x: 0, y: 50)))
        #expect(engine.scrollState.contentOffset == Point(x: 0, y: 50))
        #expect(engine.views.map(\.id.description) == ["3", "4", "5", "6"])
        // The adjust stands for no view: the pass's timeline has tracks of cells only (it used to
        // take the track of view 0, whose number it carries).
        #expect(Timeline(events: events, views: engine.views).tracks.map { "\($0.event.rawValue) \($0.id)" }
                == ["delete 7", "delete 8", "delete 9", "delete 10", "insert 3", "insert 4", "insert 5", "insert 6"])
    }

    @Test(arguments: ScrollAnchor.allCases)
    func aReloadToLessThanAScreenPullsTheOffsetToZero(anchor: ScrollAnchor) throws {
        let (provider, engine) = try atTheEnd(of: anchor)
        provider.data = source([1, 2, 3], ids: { String($0) })
        let events = try engine.layout()
        #expect(events.first == .adjust(by: Point(x: 0, y: -150), to: Point(x: 0, y: 0)))
        #expect(engine.scrollState.contentOffset == .zero)
        #expect(engine.views.map(\.id.description) == ["1", "2", "3"])
    }

    @Test func aReloadToNothingAndBackUnderNoneStartsAtTheTop() throws {
        let (provider, engine) = try atTheEnd(of: .none)
        provider.data = source([], ids: { String($0) })
        #expect(types(try engine.layout()) == ["adjust ", "delete 7", "delete 8", "delete 9", "delete 10"])
        #expect(engine.scrollState.contentOffset == .zero && engine.views.isEmpty && engine.contentSize == .zero)
        provider.data = source(Array(1...10), ids: { String($0) })
        #expect(types(try engine.layout()) == ["insert 1", "insert 2", "insert 3", "insert 4"])
        #expect(engine.scrollState.contentOffset == .zero)
    }

    @Test func aRelayoutThatShrinksTheContentUnderNonePullsTheOffsetBack() throws {
        let (provider, engine) = try atTheEnd(of: .none)
        // Cells of 20 points: five rows of 20, so the content (100) fits the viewport.
        provider.size = .fixed(.absolute(50), .absolute(20))
        let events = try engine.layout()
        #expect(events.first == .adjust(by: Point(x: 0, y: -150), to: Point(x: 0, y: 0)))
        #expect(engine.views.map(\.id.description) == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"])
    }

    @Test func aReloadThatGrowsTheContentUnderNoneLeavesTheOffset() throws {
        let (provider, engine) = try atTheEnd(of: .none)
        provider.data = source(Array(0...10), ids: { String($0) })
        #expect(try engine.layout().first?.type != .adjust)
        #expect(engine.scrollState.contentOffset == Point(x: 0, y: 150))
        #expect(engine.views.map(\.id.description) == ["6", "7", "8", "9"])
    }

    @Test func anOffsetTheHostPutPastTheEndStaysThroughAReload() throws {
        let (provider, engine) = try atTheEnd(of: .none)
        try engine.scroll(to: Point(x: 0, y: 180))  // a bounce past the end (150)
        provider.data = source([1, 2, 3, 4, 5, 6], ids: { String($0) })
        #expect(try engine.layout().first?.type != .adjust)
        #expect(engine.scrollState.contentOffset == Point(x: 0, y: 180))
        #expect(engine.views.isEmpty)
    }
}
