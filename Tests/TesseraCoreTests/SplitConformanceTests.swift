import Testing
@_spi(Testing) @testable import TesseraCore

/// Facts of UICollectionViewSplitLayout that the other split suites do not pin down, with the
/// expected frames worked out from the anchor's rules.
@Suite struct SplitConformanceTests {
    /// Defaults: ratio 1 (one full-width column), no spacing or insets. Sections alternate and
    /// the right side is collapsed, so the second section flows into the left column.
    @Test func theDefaultsGiveOneFullWidthColumn() throws {
        let plan = try SplitLayout().plan(splitContext([square(2), square(1)], in: s(250, 400)))
        #expect(plan.frames == [r(0, 0, 100, 100), r(100, 0, 100, 100), r(0, 100, 100, 100)])
        #expect(plan.sections.map(\.background) == [r(0, 0, 250, 100), r(0, 100, 250, 100)])
        #expect(plan.contentSize == s(250, 200))
    }

    /// Column widths are the plain products, never rounded: 0.5 of 101 is 50.5 each; 0.3 of
    /// 110 − 10 is 30 and 70, the right column at 30 + 10.
    @Test func columnWidthsAreNotRounded() {
        let halves = SplitColumns(width: 101, ratio: 0.5, spacing: 0)
        #expect((halves.leftWidth, halves.rightX, halves.rightWidth) == (50.5, 50.5, 50.5))
        let third = SplitColumns(width: 110, ratio: 0.3, spacing: 10)
        #expect(abs(third.leftWidth - 30) < 1e-12 && abs(third.rightX - 40) < 1e-12 && abs(third.rightWidth - 70) < 1e-12)
    }

    /// A section with no items still takes its top and bottom insets, its background covering them.
    @Test func anEmptySectionTakesItsTopAndBottomInsets() throws {
        let layout = SplitLayout(sectionInset: EdgeInsets(top: 10, left: 0, bottom: 20, right: 0), side: { _, _ in .left })
        let plan = try layout.plan(splitContext([square(1, 50), [], square(1, 50)], in: s(200, 400)))
        // Section 0: 10 + 50 + 20 = 80; section 1: 80..110; section 2's item at 110 + 10.
        #expect(plan.frames == [r(0, 10, 50, 50), r(0, 120, 50, 50)])
        #expect(plan.sections.map(\.background) == [r(0, 0, 200, 80), r(0, 80, 200, 30), r(0, 110, 200, 80)])
        #expect(plan.contentSize == s(200, 190))
    }

    /// A header or footer exists only when both its width and height are non-zero: one 0 wide
    /// takes no room and draws nothing.
    @Test func aZeroWidthHeaderOrFooterIsOmitted() throws {
        let layout = SplitLayout(header: { _, _ in SectionBoundary(height: 30, width: 0) },
                                 footer: { _, _ in SectionBoundary(height: 20, width: 0) })
        let result = try layout.layout(splitContext([square(1, 50)], in: s(200, 400)))
        #expect(try result.allFrames == [r(0, 0, 50, 50)])
        #expect(result.elements == [.decoration("background", section: 0, frame: r(0, 0, 200, 50), zIndex: -1)])
        #expect(result.contentSize == s(200, 50))
    }

    /// The pinned header of a section with no items sticks until the end of its insets (the
    /// anchor computed its limits from items it does not have and drew it at y −25 here).
    @Test func anEmptySectionsPinnedHeaderStaysWithinItsInsets() throws {
        let layout = SplitLayout(sectionInset: EdgeInsets(top: 5, left: 0, bottom: 5, right: 0), pinHeaders: true,
                                 side: { _, _ in .left }, header: { _, _ in SectionBoundary(height: 30) })
        let result = try layout.layout(splitContext([square(1, 50), [], square(1, 50)], in: s(200, 100)))
        // Section 0: header 0..30, item 35..85, end 90. Section 1: header 90..120, insets to 130.
        // Section 2: header 130..160. A header at max(rest, min(top, end − 30)).
        func headers(_ top: Double) throws -> [Double] { try drawnElements(result, top: top).filter { $0.kind == "header" }.map(\.frame.y) }
        #expect(try headers(95) == [60, 95, 130])
        #expect(try headers(110) == [60, 100, 130])
    }
    /// A pinned footer sticks to the bottom of the visible area, pushed down by its section's
    /// start, as UIKit pins section footers (IBP's bug pinned footers to the top, and so did
    /// split and sections footers here), in the split layout and the sections layout alike.
    /// Ten rows of 30 end at 300, the footer rests at 300..310; the viewport 50..150 shows its
    /// section, so the footer is drawn at 150 − 10 = 140. The next section starts at 310, below
    /// the viewport: its footer stays at its section's start, 310 (off screen).
    @Test func aPinnedFooterSticksToTheBottom() throws {
        let rows = Array(repeating: s(100, 30), count: 10)
        let footer: @Sendable (Int, Dataset.Section?) throws -> SectionBoundary? = { _, _ in SectionBoundary(height: 10, pinned: true) }
        let view = r(0, 50, 100, 100)
        let split = try SplitLayout(leftSideRatio: 1, footer: footer).layout(splitContext([rows, rows], in: s(100, 100)))
        let stacked = try SectionsLayout(footer: footer) { _, _ in FlowLayout() }.layout(splitContext([rows, rows], in: s(100, 100)))
        for result: any LayoutResult in [split, stacked] {
            #expect(result.elements.filter { $0.kind == "footer" }.map(\.pinEdge) == [.bottom, .bottom])
            let drawn = try result.frames(ofKind: "footer", in: view)
            #expect(drawn == [r(0, 140, 100, 10)])
            #expect(try result.frames(ofKind: "footer", in: r(0, 250, 100, 100)) == [r(0, 300, 100, 10), r(0, 340, 100, 10)])
        }
    }
}

private extension LayoutResult {
    /// The drawn frames of the elements of `kind` that show in `rect`, scrolled there.
    func frames(ofKind kind: String, in rect: Rect) throws -> [Rect] {
        try elements(in: rect, scroll: ScrollState(showing: rect)).filter { $0.kind == kind }.map(\.frame)
    }
}
