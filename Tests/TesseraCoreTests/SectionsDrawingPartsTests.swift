import Testing
@_spi(Testing) @testable import TesseraCore

/// A sections layout whose sections draw their own items (a sticky layout's pinned items, a
/// preloading `visibleFrameInset`) beside plain ones: at random scroll offsets, every element
/// the element query draws is where the frame query puts it, and the visible query lists the
/// items the element query draws, so the three queries never disagree.
@Suite struct SectionsDrawingPartsTests {
    @Test func theQueriesAgreeAtRandomOffsets() throws {
        var random = SplitMix64(seed: 2024)
        var pinnedAway = 0, preloaded = 0
        func pick(_ n: Int) -> Int { random.below(n) }
        for round in 0..<30 {
            let sections = (0..<2 + pick(4)).map { _ in (0..<1 + pick(8)).map { _ in s(Double(40 + 20 * pick(4)), Double(30 + 10 * pick(5))) } }
            let kinds = sections.indices.map { _ in pick(3) }
            let layout = SectionsLayout(spacing: Double(pick(2) * 12)) { s, _ in
                switch kinds[s] {
                case 0: return PinnedLayout(FlowLayout(spacing: 4), isPinned: { $0 % 3 == 0 })
                case 1: return VisibleFrameInsetLayout(FlowLayout(spacing: 4), insets: .fixed(EdgeInsets(top: -20, left: 0, bottom: -40, right: 0)))
                default: return FlowLayout(spacing: 4)
                }
            }
            let result = try layout.layout(splitContext(sections, in: s(200, 150)))
            let height = result.contentSize.height
            for _ in 0..<25 {
                let view = Rect(x: 0, y: Double(pick(Int(height) + 100)) - 50, width: 200, height: 150)
                let scroll = ScrollState(showing: view)
                let drawn = try result.elements(in: view, scroll: scroll)
                for e in drawn where e.category == .item {
                    #expect(try result.frame(at: e.index!, scroll: scroll) == e.frame, "round \(round), item \(e.index!) at \(view.minY)")
                    if try e.frame != result.frame(at: e.index!) { pinnedAway += 1 }
                    if !e.frame.overlapsWithPositiveArea(view) { preloaded += 1 }
                }
                #expect(try result.visible(in: view) == LayoutElement.itemIndices(of: drawn), "round \(round) at \(view.minY)")
            }
        }
        // The runs drew pinned items away from rest, and preloaded items outside the view.
        #expect(pinnedAway > 0 && preloaded > 0, "pinned away \(pinnedAway), preloaded \(preloaded)")
    }
}
