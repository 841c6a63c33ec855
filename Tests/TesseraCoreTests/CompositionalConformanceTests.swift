import Testing
@_spi(Testing) @testable import TesseraCore

/// Facts of UIKit's compositional layout (Apple's documentation and header comments) that the
/// other compositional suites do not pin down, and bugs of IBPCollectionViewCompositionalLayout
/// (an open-source re-implementation, "IBP" below) that Tessera does not copy. Every expected
/// frame is worked out by hand from the rule it names.
@Suite struct CompositionalConformanceTests {
    let fullItem = item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))

    /// One section of `group`, `n` items.
    func frames(_ group: C.Group, _ n: Int, width: Double = 375) throws -> [Rect] {
        try compositional(C.Section(group: group), counts: [n], width: width).allFrames
    }

    /// Apple's example: `.fractionalWidth(0.2)` on both axes is a square 20 % of the container's
    /// width, and a width may be a fraction of the container's height.
    @Test func aFractionOfTheWidthOnBothAxesIsASquare() throws {
        // 400 wide: group 400 × (0.2 × 400 = 80); items 80 × 80, five to a row.
        let square = item(C.LayoutSize(width: .fractionalWidth(0.2), height: .fractionalWidth(0.2)))
        let row = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalWidth(0.2)), [square])
        expectFrames(try frames(row, 7, width: 400), [r(0, 0, 80, 80), r(80, 0, 80, 80), r(160, 0, 80, 80), r(240, 0, 80, 80),
                                                      r(320, 0, 80, 80), r(0, 80, 80, 80), r(80, 80, 80, 80)])
        // Width 0.5 of the group's 80-point height = 40.
        let tall = item(C.LayoutSize(width: .fractionalHeight(0.5), height: .fractionalHeight(1)))
        expectFrames(try frames(.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(80)), [tall]), 3, width: 400),
                     [r(0, 0, 40, 80), r(40, 0, 40, 80), r(80, 0, 40, 80)])
    }

    /// Fractions above 1 are allowed: a shelf's group 1.5 × the 200-point section is 300 wide.
    @Test func fractionsAboveOneMakeGroupsWiderThanTheCollection() throws {
        let group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1.5), height: .absolute(50)), [fullItem])
        let result = try compositional(C.Section(group: group, orthogonalScrolling: .continuous), counts: [3], width: 200)
        expectFrames(try result.allFrames, [r(0, 0, 300, 50), r(300, 0, 300, 50), r(600, 0, 300, 50)])
        #expect(result.orthogonalSections == [OrthogonalSection(section: 0, frame: r(0, 0, 200, 50), contentSize: s(900, 50))])
    }

    /// A shelf's fractional group width is of the section less its insets (as IBP's maintainer
    /// agreed; IBP's nested scroller used the full width instead): 0.5 × (300 − 40) = 130.
    @Test func aShelfGroupFractionIsOfTheInsetSection() throws {
        let group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(0.5), height: .absolute(40)), [fullItem])
        let section = C.Section(group: group, interGroupSpacing: 10, contentInsets: C.DirectionalEdgeInsets(leading: 20, trailing: 20),
                                orthogonalScrolling: .continuous)
        let result = try compositional(section, counts: [3], width: 300)
        // x = 20 + k · (130 + 10); content 20 + 3 · 130 + 2 · 10 + 20 = 450 (the trailing inset too).
        expectFrames(try result.allFrames, [r(20, 0, 130, 40), r(160, 0, 130, 40), r(300, 0, 130, 40)])
        #expect(result.orthogonalSections[0].contentSize == s(450, 40))
    }

    /// A group's trailing and bottom insets count when deciding what fits (IBP ignored them,
    /// and made rows wider than the window).
    @Test func groupTrailingAndBottomInsetsCountInTheFitTest() throws {
        let insets = C.DirectionalEdgeInsets(top: 0, leading: 5, bottom: 0, trailing: 10)
        // Content 100 − 5 − 10 = 85: two 40-point items fit (80), two 45-point ones do not (90).
        expectFrames(try frames(.horizontal(abs_(100, 20), [item(abs_(40, 20))], insets: insets), 2), [r(5, 0, 40, 20), r(45, 0, 40, 20)])
        expectFrames(try frames(.horizontal(abs_(100, 20), [item(abs_(45, 20))], insets: insets), 2), [r(5, 0, 45, 20), r(5, 20, 45, 20)])
        // Vertical: content 100 − 10 − 10 = 80 holds two 30-point items (60), not three (90);
        // the next group starts at 100, its first item at 100 + 10.
        let vertical = C.Group.vertical(abs_(20, 100), [item(abs_(20, 30))], insets: C.DirectionalEdgeInsets(top: 10, bottom: 10))
        expectFrames(try frames(vertical, 3), [r(0, 10, 20, 30), r(0, 40, 20, 30), r(0, 110, 20, 30)])
    }

    /// Edge spacing on the cross axis places each item on its own; IBP added it cumulatively
    /// (a horizontal group with top spacing 5 made a staircase 5, 10, 15, ...).
    @Test func crossAxisEdgeSpacingDoesNotAccumulate() throws {
        let spaced = item(abs_(20, 20), edges: C.EdgeSpacing(top: .fixed(5)))
        expectFrames(try frames(.horizontal(abs_(100, 30), [spaced]), 5),
                     [r(0, 5, 20, 20), r(20, 5, 20, 20), r(40, 5, 20, 20), r(60, 5, 20, 20), r(80, 5, 20, 20)])
    }

    /// Flexible spacing shares the leftover exactly (IBP floored each share): 301 − 3 · 100 = 1
    /// point over two gaps is 0.5 each.
    @Test func flexibleSharesAreExact() throws {
        expectFrames(try frames(.horizontal(abs_(301, 50), [item(abs_(100, 50))], spacing: .flexible(0)), 3),
                     [r(0, 0, 100, 50), r(100.5, 0, 100, 50), r(201, 0, 100, 50)])
        // Flexible leading and trailing edges in 251 points: two items fit, (251 − 200) / 4 = 12.75
        // per edge, so x = 12.75 and 12.75 + 100 + 2 · 12.75 = 138.25.
        let centred = item(abs_(100, 50), edges: C.EdgeSpacing(leading: .flexible(0), trailing: .flexible(0)))
        expectFrames(try frames(.horizontal(abs_(251, 50), [centred]), 2), [r(12.75, 0, 100, 50), r(138.25, 0, 100, 50)])
    }

    /// Edge spacing positions the slot; the content insets then shrink the cell inside it.
    @Test func edgeSpacingComesBeforeContentInsets() throws {
        // Each item needs 4 + 20 = 24 points: four fit in 100. Slot x = 4 + 24k, cell x = 6 + 24k, 16 × 16.
        let cell = item(abs_(20, 20), insets: C.DirectionalEdgeInsets(all: 2), edges: C.EdgeSpacing(leading: .fixed(4)))
        expectFrames(try frames(.horizontal(abs_(100, 20), [cell]), 5),
                     [r(6, 2, 16, 16), r(30, 2, 16, 16), r(54, 2, 16, 16), r(78, 2, 16, 16), r(6, 22, 16, 16)])
    }

    /// In a count group the edge spacing is taken from each equal slot, on the group's axis only:
    /// IBP's vertical count group took the bottom spacing off the items' width.
    @Test func countGroupsTakeEdgeSpacingFromEachSlotOnTheirAxis() throws {
        // 300 / 3 = 100 per slot: 90-point items, 10 points after each.
        let horizontal = C.Group.horizontal(abs_(300, 50), [item(abs_(999, 50), edges: C.EdgeSpacing(trailing: .fixed(10)))], count: 3)
        expectFrames(try frames(horizontal, 3), [r(0, 0, 90, 50), r(100, 0, 90, 50), r(200, 0, 90, 50)])
        let vertical = C.Group.vertical(abs_(50, 300), [item(abs_(50, 1), edges: C.EdgeSpacing(bottom: .fixed(10)))], count: 3)
        expectFrames(try frames(vertical, 3), [r(0, 0, 50, 90), r(0, 100, 50, 90), r(0, 200, 50, 90)])
    }

    /// A badge is sized and anchored on the item's cell, after the item's content insets (as
    /// IBP does; Apple's documentation does not say): cell (10, 10, 80, 80), badge at its
    /// top-trailing corner x = 10 + 80 − 20 = 70, and a half-width badge 40 wide.
    @Test func badgesSitOnTheCellAfterItsContentInsets() throws {
        let corner = C.ItemSupplementary(kind: "badge", size: abs_(20, 20), containerAnchor: .topTrailing)
        let half = C.ItemSupplementary(kind: "half", size: C.LayoutSize(width: .fractionalWidth(0.5), height: .absolute(10)),
                                       containerAnchor: .bottomLeading)
        let cell = C.Subitem.item(C.Item(size: abs_(100, 100), contentInsets: C.DirectionalEdgeInsets(all: 10), supplementaries: [corner, half]))
        let result = try compositional(C.Section(group: .horizontal(abs_(100, 100), [cell])), counts: [1])
        #expect(result.elements.map(\.frame) == [r(70, 10, 20, 20), r(10, 80, 40, 10)])
    }

    /// `NSCollectionLayoutGroupCustomItem(frame:zIndex:)`: the zIndex is kept (IBP dropped it).
    @Test func customGroupItemsKeepTheirZIndex() throws {
        let custom = C.Group.custom(abs_(100, 50)) { _ in
            [C.CustomItem(frame: r(0, 0, 10, 10)), C.CustomItem(frame: r(50, 20, 30, 30), zIndex: 3)]
        }
        let result = try compositional(C.Section(group: custom), counts: [3])
        // Group k starts at y 50k.
        expectFrames(try result.allFrames, [r(0, 0, 10, 10), r(50, 20, 30, 30), r(0, 50, 10, 10)])
        #expect(try (0..<3).map(result.zIndex(ofItem:)) == [0, 3, 0])
    }

    /// Every decoration of a section is drawn (IBP kept only the last one of a section).
    @Test func everyDecorationOfASectionIsKept() throws {
        let row = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(50)), [fullItem])
        let section = C.Section(group: row, decorations: [C.Decoration(kind: "background"),
                                                          C.Decoration(kind: "frame", contentInsets: C.DirectionalEdgeInsets(all: 5), zIndex: -1)])
        let result = try compositional(section, counts: [1], width: 200)
        // The section is 200 × 50; the second one is inset by 5.
        #expect(result.decorations == [.decoration("background", section: 0, frame: r(0, 0, 200, 50), zIndex: 0),
                                       .decoration("frame", section: 0, frame: r(5, 5, 190, 40), zIndex: -1)])
    }

    /// IBP crashed on estimated items with fixed edge spacing 8 on every edge in a
    /// group of estimated height. Rows are as tall as their tallest item plus its top and bottom
    /// spacing.
    @Test func estimatedItemsWithEdgeSpacingOnEveryEdge() throws {
        let eight = C.EdgeSpacing(leading: .fixed(8), top: .fixed(8), trailing: .fixed(8), bottom: .fixed(8))
        let cell = item(C.LayoutSize(width: .absolute(100), height: .estimated(44)), edges: eight)
        let group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .estimated(44)), [cell])
        let measured = CompositionalEstimatedTests.Measured([(nil, 30), (nil, 50), (nil, 20)], in: s(320, 600))
        let result = try CompositionalLayout(section: C.Section(group: group)).solve(measured.context)
        // 116 points per item: two fit in 320 (232), three do not (348). Row 0 is 8 + 50 + 8 = 66
        // tall, items at x 8 and 8 + 100 + 8 + 8 = 124; row 1 (item 2) is 8 + 20 + 8 = 36 tall at y 66.
        expectFrames(try result.allFrames, [r(8, 8, 100, 30), r(124, 8, 100, 50), r(8, 74, 100, 20)])
        #expect(result.contentSize == s(320, 102))
    }

    /// IBP divided by zero on estimated-width items with trailing spacing 8 in groups
    /// of estimated width, on a continuous shelf. Each group holds one item and is as wide as it
    /// plus its spacing.
    @Test func aShelfOfEstimatedGroupsWithTrailingSpacing() throws {
        let tag = item(C.LayoutSize(width: .estimated(100), height: .fractionalHeight(1)), edges: C.EdgeSpacing(trailing: .fixed(8)))
        let group = C.Group.horizontal(C.LayoutSize(width: .estimated(100), height: .absolute(40)), [tag])
        let measured = CompositionalEstimatedTests.Measured([(60, nil), (25, nil), (100, nil)], in: s(150, 300))
        let result = try CompositionalLayout(section: C.Section(group: group, orthogonalScrolling: .continuous)).solve(measured.context)
        // Groups 68, 33 and 108 wide, starting at 0, 68 and 101: content 209.
        expectFrames(try result.allFrames, [r(0, 0, 60, 40), r(68, 0, 25, 40), r(101, 0, 100, 40)])
        #expect(result.orthogonalSections == [OrthogonalSection(section: 0, frame: r(0, 0, 150, 40), contentSize: s(209, 40))])
    }

    /// A horizontal layout of two sections, each a pinned 30-point leading header, two 50-point
    /// columns and a pinned 20-point trailing footer, in a 200 × 100 collection.
    func sideways(_ direction: C.LayoutDirection) throws -> CompositionalResult {
        let header = C.BoundaryItem(kind: "header", size: C.LayoutSize(width: .absolute(30), height: .fractionalHeight(1)),
                                    alignment: .leading, pinned: true)
        let footer = C.BoundaryItem(kind: "footer", size: C.LayoutSize(width: .absolute(20), height: .fractionalHeight(1)),
                                    alignment: .trailing, pinned: true)
        let column = C.Group.vertical(C.LayoutSize(width: .absolute(50), height: .fractionalHeight(1)), [fullItem])
        let configuration = C.Configuration(scrollDirection: .horizontal, layoutDirection: direction)
        return try compositional(C.Section(group: column, boundaryItems: [header, footer]), counts: [2, 2], width: 200, height: 100,
                                 configuration: configuration)
    }

    /// The pinned elements drawn for a viewport at x = `left`, as "kind section x".
    func pinnedX(_ result: CompositionalResult, left: Double) throws -> [String] {
        let viewport = r(left, 0, 200, 100)
        return try result.elements(in: viewport, scroll: ScrollState(showing: viewport)).filter(\.pinned)
            .map { "\($0.kind) \($0.section) \($0.frame.minX)" }.sorted()
    }

    /// `pinnedX` of a left-to-right result mirrored in the 200-point collection (headers are 30
    /// wide, footers 20): what the right-to-left result must draw at x = −left.
    func mirroredPinnedX(_ result: CompositionalResult, left: Double) throws -> [String] {
        try pinnedX(result, left: left).map { line -> String in
            let parts = line.split(separator: " ")
            let width = parts[0] == "header" ? 30.0 : 20
            return "\(parts[0]) \(parts[1]) \(200 - Double(parts[2])! - width)"
        }.sorted()
    }

    /// `pinToVisibleBounds` in a horizontal layout: a leading header sticks to the leading edge
    /// of the visible area and a trailing footer to its trailing edge, each only while its
    /// section is in view, as a top header and a bottom footer do in a vertical layout.
    @Test func aHorizontalLayoutPinsLeadingHeadersAndTrailingFootersSideways() throws {
        let result = try sideways(.leftToRight)
        // Section 0: header 0..30, items 30..130, footer 130..150; section 1 the same from 150.
        expectFrames(try result.allFrames, [r(30, 0, 50, 100), r(80, 0, 50, 100), r(180, 0, 50, 100), r(230, 0, 50, 100)])
        #expect(result.supplementaries.map(\.frame) == [r(0, 0, 30, 100), r(130, 0, 20, 100), r(150, 0, 30, 100), r(280, 0, 20, 100)])
        #expect(result.supplementaries.map(\.pinEdge) == [.left, .right, .left, .right])
        // header x = max(rest, min(left, section's end − 30)); footer x = min(rest, max(left + 200 − 20, section's start)),
        // the section being what a background would cover (its header and footer included).
        // left 0: footer 1 = min(280, max(180, 150)) = 180.
        #expect(try pinnedX(result, left: 0) == ["footer 0 130.0", "footer 1 180.0", "header 0 0.0", "header 1 150.0"])
        // left 60: header 0 = min(60, 150 − 30) = 60; footer 1 = max(240, 150) = 240.
        #expect(try pinnedX(result, left: 60) == ["footer 0 130.0", "footer 1 240.0", "header 0 60.0", "header 1 150.0"])
        // left 130: header 0 pushed back by its section's end to 120; footer 1 back at rest.
        #expect(try pinnedX(result, left: 130) == ["footer 0 130.0", "footer 1 280.0", "header 0 120.0", "header 1 150.0"])
    }

    /// Right to left, leading is the right: the same pins, mirrored within the collection.
    @Test func rightToLeftPinsTheMirrorOfLeftToRight() throws {
        let ltr = try sideways(.leftToRight), rtl = try sideways(.rightToLeft)
        #expect(rtl.supplementaries.map(\.pinEdge) == [.right, .left, .right, .left])
        for left in [-150.0, -100, -60, -20, 0, 60, 120] {
            // The viewport at x = left mirrors to 200 − left − 200 = −left.
            let mirrored = try mirroredPinnedX(ltr, left: left)
            let drawn = try pinnedX(rtl, left: 0 - left)   // not -left: −0.0 would print as "-0.0"
            #expect(drawn == mirrored, "left \(left): \(drawn)")
        }
    }

    /// Layout-level pinned items of a horizontal layout pin over the whole content, from one
    /// end to the other: right to left, that content runs from the collection's right edge
    /// towards negative x, and the pins are the mirror of left to right there too.
    @Test func layoutLevelPinsOfAHorizontalLayoutMirrorRightToLeft() throws {
        func layout(_ direction: C.LayoutDirection) throws -> CompositionalResult {
            let global = [C.BoundaryItem(kind: "header", size: C.LayoutSize(width: .absolute(30), height: .fractionalHeight(1)),
                                         alignment: .leading, pinned: true),
                          C.BoundaryItem(kind: "footer", size: C.LayoutSize(width: .absolute(20), height: .fractionalHeight(1)),
                                         alignment: .trailing, pinned: true)]
            let column = C.Group.vertical(C.LayoutSize(width: .absolute(50), height: .fractionalHeight(1)), [fullItem])
            return try compositional(C.Section(group: column), counts: [2, 2, 2, 2], width: 200, height: 100,
                                     configuration: C.Configuration(scrollDirection: .horizontal, layoutDirection: direction,
                                                                    boundaryItems: global))
        }
        let ltr = try layout(.leftToRight), rtl = try layout(.rightToLeft)
        // Content 30 + 8 · 50 + 20 = 450: header x = max(0, min(left, 450 − 30)),
        // footer x = min(430, max(left + 200 − 20, 0)).
        #expect(ltr.contentSize == s(450, 100))
        #expect(try pinnedX(ltr, left: 240) == ["footer 0 420.0", "header 0 240.0"])
        #expect(try pinnedX(ltr, left: -190) == ["footer 0 0.0", "header 0 0.0"])
        for left in [-190.0, -100, 0, 100, 240, 250] {
            let mirrored = try mirroredPinnedX(ltr, left: left)
            let drawn = try pinnedX(rtl, left: 0 - left)
            #expect(drawn == mirrored, "left \(left): \(drawn)")
        }
    }
}
