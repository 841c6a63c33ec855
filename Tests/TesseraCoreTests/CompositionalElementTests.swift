import Testing
@_spi(Testing) @testable import TesseraCore

/// Boundary supplementaries, badges and decorations of compositional sections, as elements.
@Suite struct CompositionalElementTests {
    let fullItem = item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
    var row: C.Group { .horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(50)), [fullItem]) }

    func badged(_ badge: C.ItemSupplementary) throws -> Rect {
        let cell = C.Subitem.item(C.Item(size: abs_(100, 100), supplementaries: [badge]))
        let result = try compositional(C.Section(group: .horizontal(abs_(100, 100), [cell])), counts: [2])
        #expect(result.elements.map(\.index) == [0, 1])
        #expect(result.elements[1].frame.offsetBy(dx: 0, dy: -100) == result.elements[0].frame)
        return result.elements[0].frame
    }

    @Test func badgesTakeAbsoluteAndFractionalOffsetsFromTheirAnchor() throws {
        let size = abs_(20, 20)
        #expect(try badged(C.ItemSupplementary(kind: "badge", size: size, containerAnchor: .topLeading,
                                               offset: .absolute(Point(x: 30, y: 0)))) == r(30, 0, 20, 20))
        // A fractional offset is a fraction of the badge's own size: 0.3 × 20 = 6.
        #expect(try badged(C.ItemSupplementary(kind: "badge", size: size, containerAnchor: .topLeading,
                                               offset: .fractional(Point(x: 0.3, y: 0)))) == r(6, 0, 20, 20))
        // [.top, .trailing] with fractional (0.5, -0.5) centres the badge on the corner.
        #expect(try badged(C.ItemSupplementary(kind: "badge", size: size, containerAnchor: .topTrailing,
                                               offset: .fractional(Point(x: 0.5, y: -0.5)))) == r(90, -10, 20, 20))
        // An item anchor picks the badge's point that meets the container anchor.
        #expect(try badged(C.ItemSupplementary(kind: "badge", size: size, containerAnchor: .bottomTrailing,
                                               itemAnchor: .topLeading)) == r(100, 100, 20, 20))
        // Sized in the cell: a fractional width is of the cell.
        #expect(try badged(C.ItemSupplementary(kind: "badge", size: C.LayoutSize(width: .fractionalWidth(0.5), height: .absolute(10)),
                                               containerAnchor: .none)) == r(25, 45, 50, 10))
    }

    /// A group's supplementaries (`group.supplementaryItems`) are anchored to the group's frame
    /// the way a badge is to its cell, sized in the group, and follow the group's first item.
    @Test func groupSupplementariesAnchorToEachGroupsFrame() throws {
        let strip = C.ItemSupplementary(kind: "strip", size: C.LayoutSize(width: .fractionalWidth(1), height: .absolute(10)),
                                        containerAnchor: .bottom)
        let corner = C.ItemSupplementary(kind: "corner", size: abs_(20, 20), containerAnchor: .topTrailing,
                                         offset: .fractional(Point(x: 0.5, y: -0.5)))
        var pair = C.Group.horizontal(abs_(200, 100), [item(abs_(100, 100))])
        pair.supplementaries = [strip, corner]
        let result = try compositional(C.Section(group: pair, interGroupSpacing: 5,
                                                 contentInsets: C.DirectionalEdgeInsets(top: 3, leading: 7)), counts: [3], width: 300)
        expectFrames(try result.allFrames, [r(7, 3, 100, 100), r(107, 3, 100, 100), r(7, 108, 100, 100)])
        // The second group holds one item and is still the whole group's frame.
        let expected: [LayoutElement] = [
            .supplementary("strip", section: 0, index: 0, frame: r(7, 93, 200, 10)),
            .supplementary("corner", section: 0, index: 0, frame: r(197, -7, 20, 20)),
            .supplementary("strip", section: 0, index: 2, frame: r(7, 198, 200, 10)),
            .supplementary("corner", section: 0, index: 2, frame: r(197, 98, 20, 20)),
        ]
        #expect(result.elements == expected.map { $0.hosted(byGroupAt: 1) })
    }

    /// A group's badge and its first item's badge of the same kind share kind, section and
    /// index; UIKit tells supplementaries apart by kind and index path alone, so there they would
    /// collide. Here the group's carries its depth (`groupLevel`), and their keys differ.
    @Test func aGroupBadgeAndItsFirstItemsBadgeOfOneKindAreDistinctElements() throws {
        let badge = C.ItemSupplementary(kind: "badge", size: abs_(8, 8), containerAnchor: .topLeading)
        var pair = C.Group.horizontal(abs_(200, 50), [.item(C.Item(size: abs_(100, 50), supplementaries: [badge]))])
        pair.supplementaries = [badge]
        let result = try compositional(C.Section(group: pair), counts: [1], width: 200)
        #expect(result.elements == [.supplementary("badge", section: 0, index: 0, frame: r(0, 0, 8, 8)).hosted(byGroupAt: 1),
                                    .supplementary("badge", section: 0, index: 0, frame: r(0, 0, 8, 8))])
        #expect(Set(result.elements.map(ElementKey.init)).count == 2)
        #expect(result.elements.map(\.description) == ["supplementary badge s0 #0 (0.0, 0.0, 8.0, 8.0) z1 group level 1",
                                                       "supplementary badge s0 #0 (0.0, 0.0, 8.0, 8.0) z1"])
    }

    /// Nested groups carry their own: the outer group's come first, then each nested group's
    /// (at its first item), then the items' badges; a nested group with no items has none.
    @Test func nestedGroupSupplementariesFollowTheirGroupsFirstItem() throws {
        let mark = C.ItemSupplementary(kind: "mark", size: abs_(10, 10), containerAnchor: .topLeading)
        let dot = C.ItemSupplementary(kind: "dot", size: abs_(4, 4), containerAnchor: .bottomTrailing)
        var row = C.Group.horizontal(abs_(200, 50), [.item(C.Item(size: abs_(100, 50), supplementaries: [dot]))])
        row.supplementaries = [mark]
        var column = C.Group.vertical(abs_(200, 100), [.group(row)])
        column.supplementaries = [C.ItemSupplementary(kind: "frame", size: C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)),
                                                      containerAnchor: .none, zIndex: -1)]
        let result = try compositional(C.Section(group: column), counts: [2, 5], width: 200)
        #expect(result.elements.filter { $0.section == 0 } == [
            .supplementary("frame", section: 0, index: 0, frame: r(0, 0, 200, 100), zIndex: -1).hosted(byGroupAt: 1),
            .supplementary("mark", section: 0, index: 0, frame: r(0, 0, 10, 10)).hosted(byGroupAt: 2),
            .supplementary("dot", section: 0, index: 0, frame: r(96, 46, 4, 4)),
            .supplementary("dot", section: 0, index: 1, frame: r(196, 46, 4, 4)),
        ])
        // Section 1 (five items, from y = 100): the second column holds item 6 in its first row;
        // its second row is empty and has no mark.
        #expect(result.elements.filter { $0.section == 1 }.map { "\($0.kind) \($0.index!) \($0.frame)" } == [
            "frame 2 \(r(0, 100, 200, 100))", "mark 2 \(r(0, 100, 10, 10))", "dot 2 \(r(96, 146, 4, 4))", "dot 3 \(r(196, 146, 4, 4))",
            "mark 4 \(r(0, 150, 10, 10))", "dot 4 \(r(96, 196, 4, 4))", "dot 5 \(r(196, 196, 4, 4))",
            "frame 6 \(r(0, 200, 200, 100))", "mark 6 \(r(0, 200, 10, 10))", "dot 6 \(r(96, 246, 4, 4))",
        ])
    }

    /// In a shelf a group's supplementary scrolls with its group and is seen through the scroller.
    @Test func aShelfsGroupSupplementariesMoveWithTheShelfOffset() throws {
        var card = C.Group.horizontal(abs_(100, 50), [item(abs_(100, 50))])
        card.supplementaries = [C.ItemSupplementary(kind: "mark", size: abs_(10, 10), containerAnchor: .topLeading)]
        let result = try compositional(C.Section(group: card, orthogonalScrolling: .continuous), counts: [3], width: 300, height: 200)
        #expect(result.elements.map(\.frame) == [r(0, 0, 10, 10), r(100, 0, 10, 10), r(200, 0, 10, 10)])
        let scroll = ScrollState(contentOffset: .zero, sectionOffsets: [0: Point(x: 100, y: 0)])
        let drawn = try result.elements(in: r(0, 0, 300, 200), scroll: scroll).filter { $0.category == .supplementary }
        #expect(drawn.sorted { $0.index! < $1.index! }.map { "\($0.index!) \($0.frame)" } == ["1 \(r(0, 0, 10, 10))", "2 \(r(100, 0, 10, 10))"])
    }

    /// Right to left, a group's trailing anchor is on its left, as the group's frame is mirrored.
    @Test func aGroupSupplementaryIsMirroredRightToLeft() throws {
        var pair = C.Group.horizontal(abs_(150, 40), [item(abs_(75, 40))])
        pair.supplementaries = [C.ItemSupplementary(kind: "corner", size: abs_(10, 10), containerAnchor: .topTrailing)]
        let result = try compositional(C.Section(group: pair), counts: [2], width: 200,
                                       configuration: C.Configuration(layoutDirection: .rightToLeft))
        expectFrames(try result.allFrames, [r(125, 0, 75, 40), r(50, 0, 75, 40)])
        #expect(result.elements == [.supplementary("corner", section: 0, index: 0, frame: r(50, 0, 10, 10)).hosted(byGroupAt: 1)])
    }

    @Test func aTopLeadingHeaderWithOffsetMinus10Sits10PointsAboveItsSection() throws {
        let header = C.BoundaryItem(kind: "header", size: abs_(100, 30), alignment: .topLeading, offset: Point(x: 0, y: -10))
        let layout = CompositionalLayout { index, _, _ in
            C.Section(group: row, boundaryItems: index == 1 ? [header] : [])
        }
        let result = try layout.solve(sectionedContext([1, 1], in: s(200, 400)))
        // Section 1 starts at 50; its header makes 30 points of room and is drawn 10 points higher.
        #expect(result.supplementaries == [.supplementary("header", section: 1, frame: r(0, 40, 100, 30))])
        expectFrames(try result.allFrames, [r(0, 0, 200, 50), r(0, 80, 200, 50)])
        #expect(result.sections[1].frame == r(0, 50, 200, 80))
    }

    @Test func headersAndFootersExtendTheSectionAroundItsInsets() throws {
        let header = C.BoundaryItem(kind: "header", size: C.LayoutSize(width: .fractionalWidth(1), height: .absolute(30)), alignment: .top)
        let footer = C.BoundaryItem(kind: "footer", size: C.LayoutSize(width: .fractionalWidth(1), height: .absolute(20)), alignment: .bottom)
        let section = C.Section(group: row, contentInsets: C.DirectionalEdgeInsets(top: 5, leading: 10, bottom: 7, trailing: 10),
                                boundaryItems: [header, footer])
        let result = try compositional(section, counts: [2], width: 220)
        // header 0..30, top inset, items 35..135, bottom inset, footer 142..162.
        expectFrames(try result.allFrames, [r(10, 35, 200, 50), r(10, 85, 200, 50)])
        #expect(result.supplementaries.map(\.frame) == [r(10, 0, 200, 30), r(10, 142, 200, 20)])
        #expect(result.contentSize == s(220, 162))
        // Without following the content insets they span the collection.
        var wide = section
        wide.supplementariesFollowContentInsets = false
        let spanning = try compositional(wide, counts: [2], width: 220)
        #expect(spanning.supplementaries.map(\.frame) == [r(0, 0, 220, 30), r(0, 142, 220, 20)])
    }

    @Test func everyAlignmentPlacesTheItemOnTheSectionGeometry() throws {
        // Non-extending 20 × 10 items on a 200 × 100 section (two 50-point rows).
        let expected: [C.RectAlignment: Rect] = [
            .topLeading: r(0, 0, 20, 10), .top: r(90, 0, 20, 10), .topTrailing: r(180, 0, 20, 10),
            .leading: r(0, 45, 20, 10), .none: r(90, 45, 20, 10), .trailing: r(180, 45, 20, 10),
            .bottomLeading: r(0, 90, 20, 10), .bottom: r(90, 90, 20, 10), .bottomTrailing: r(180, 90, 20, 10),
        ]
        let all = C.RectAlignment.allCases
        let boundaries = all.map { C.BoundaryItem(kind: $0.rawValue, size: abs_(20, 10), alignment: $0, extendsBoundary: false) }
        let result = try compositional(C.Section(group: row, boundaryItems: boundaries), counts: [2], width: 200)
        #expect(result.supplementaries.count == all.count)
        for element in result.supplementaries {
            #expect(element.frame == expected[C.RectAlignment(rawValue: element.kind)!], "\(element.kind)")
        }
        expectFrames(try result.allFrames, [r(0, 0, 200, 50), r(0, 50, 200, 50)])
        // Extending, the top family makes room before the content and the bottom family after it.
        let extending = all.map { C.BoundaryItem(kind: $0.rawValue, size: abs_(20, 10), alignment: $0) }
        let grown = try compositional(C.Section(group: row, boundaryItems: extending), counts: [2], width: 200)
        expectFrames(try grown.allFrames, [r(0, 10, 200, 50), r(0, 60, 200, 50)])
        #expect(grown.sections[0].frame == r(0, 0, 200, 120))
        #expect(grown.supplementaries.first { $0.kind == "bottom" }?.frame == r(90, 110, 20, 10))
        #expect(grown.supplementaries.first { $0.kind == "leading" }?.frame == r(0, 55, 20, 10))
    }

    @Test func aDecorationSitsAtZIndex0AndPromotesItsSectionsItemsTo1() throws {
        let section = C.Section(group: row, contentInsets: C.DirectionalEdgeInsets(all: 10),
                                decorations: [C.Decoration(kind: "background", contentInsets: C.DirectionalEdgeInsets(all: 5))])
        let layout = CompositionalLayout { index, _, _ in index == 0 ? section : C.Section(group: row) }
        let result = try layout.solve(sectionedContext([2, 1], in: s(200, 400)))
        #expect(result.decorations == [.decoration("background", section: 0, frame: r(5, 5, 190, 110), zIndex: 0)])
        #expect(try (0..<3).map(result.zIndex(ofItem:)) == [1, 1, 0])
        // Drawn bottom to top: the background (and the undecorated section's item), then the
        // promoted items above it.
        let drawn = try result.elements(in: r(0, 0, 200, 400), scroll: .zero)
        #expect(drawn.map(\.category) == [.decoration, .item, .item, .item])
        #expect(drawn.map(\.index) == [nil, 2, 0, 1])
    }

    @Test func layoutLevelHeadersAndFootersAlignOnTheWholeContentAndPin() throws {
        let global = [
            C.BoundaryItem(kind: "header", size: C.LayoutSize(width: .fractionalWidth(1), height: .absolute(30)), alignment: .top, pinned: true),
            C.BoundaryItem(kind: "banner", size: C.LayoutSize(width: .fractionalWidth(0.5), height: .absolute(40)), alignment: .topLeading,
                       offset: Point(x: 8, y: 0)),
            C.BoundaryItem(kind: "footer", size: abs_(100, 20), alignment: .bottomTrailing, pinned: true),
            C.BoundaryItem(kind: "side", size: abs_(20, 10), alignment: .leading, offset: Point(x: 5, y: 0), extendsBoundary: false),
        ]
        let layout = CompositionalLayout(section: C.Section(group: row),
                                         configuration: C.Configuration(interSectionSpacing: 10, boundaryItems: global))
        let result = try layout.solve(sectionedContext([2, 2], in: s(200, 100)))
        // The tallest extending top item (the 40-point banner) makes the room before the first
        // section, the footer 20 points after the last: sections at 40..140 and 150..250.
        expectFrames(try result.allFrames, [r(0, 40, 200, 50), r(0, 90, 200, 50), r(0, 150, 200, 50), r(0, 200, 200, 50)])
        #expect(result.contentSize == s(200, 270))
        #expect(result.elements == [
            .supplementary("header", section: 0, frame: r(0, 0, 200, 30), pinned: true, isGlobal: true),
            .supplementary("banner", section: 0, frame: r(8, 0, 100, 40), isGlobal: true),
            .supplementary("footer", section: 0, frame: r(100, 250, 100, 20), pinned: true, pinEdge: .bottom, isGlobal: true),
            .supplementary("side", section: 0, frame: r(5, 130, 20, 10), isGlobal: true),
        ])
        #expect(result.sections.map(\.frame) == [r(0, 40, 200, 100), r(0, 150, 200, 100)])
        // Pinned over the whole content: the header stays at the top, the footer at the bottom.
        func pinned(_ top: Double) throws -> [Rect] {
            let viewport = r(0, top, 200, 100)
            return try result.elements(in: viewport, scroll: ScrollState(showing: viewport)).filter(\.pinned).map(\.frame)
        }
        #expect(try pinned(100) == [r(0, 100, 200, 30), r(100, 180, 100, 20)])
        #expect(try pinned(170) == [r(0, 170, 200, 30), r(100, 250, 100, 20)])
        #expect(try pinned(0) == [r(0, 0, 200, 30), r(100, 80, 100, 20)])
    }

    @Test func layoutLevelItemsMakeRoomAlongAHorizontalScroll() throws {
        let global = [C.BoundaryItem(kind: "header", size: C.LayoutSize(width: .absolute(30), height: .fractionalHeight(1)), alignment: .leading),
                      C.BoundaryItem(kind: "footer", size: abs_(25, 10), alignment: .bottomTrailing, extendsBoundary: false)]
        let column = C.Group.vertical(C.LayoutSize(width: .absolute(50), height: .fractionalHeight(1)), [fullItem])
        let layout = CompositionalLayout(section: C.Section(group: column),
                                         configuration: C.Configuration(scrollDirection: .horizontal, boundaryItems: global))
        let result = try layout.solve(sectionedContext([2, 1], in: s(300, 80)))
        expectFrames(try result.allFrames, [r(30, 0, 50, 80), r(80, 0, 50, 80), r(130, 0, 50, 80)])
        #expect(result.elements.map(\.frame) == [r(0, 0, 30, 80), r(155, 70, 25, 10)])
        #expect(result.contentSize == s(180, 80))
    }

    @Test func pinnedHeadersAndFootersMatchABruteForceScanAtRandomOffsets() throws {
        var rng = SplitMix64(seed: 11)
        for round in 0..<24 {
            let sections = (0..<Int.random(in: 1...6, using: &rng)).map { _ in Int.random(in: 0...7, using: &rng) }
            let headerHeight = Double(Int.random(in: 10...60, using: &rng))
            let footerHeight = Double(Int.random(in: 10...40, using: &rng))
            let viewportHeight = Double(Int.random(in: 60...240, using: &rng))
            // Some rounds pin both, some only one; some footers overlap the content.
            let pinHeaders = round % 3 != 1, pinFooters = round % 3 != 2, footersExtend = round % 4 != 3
            let layout = CompositionalLayout(configuration: C.Configuration(interSectionSpacing: 12)) { index, _, _ in
                let header = C.BoundaryItem(kind: "header", size: C.LayoutSize(width: .fractionalWidth(1), height: .absolute(headerHeight)),
                                        alignment: .top, pinned: pinHeaders, zIndex: 2)
                let footer = C.BoundaryItem(kind: "footer", size: C.LayoutSize(width: .fractionalWidth(0.5), height: .absolute(footerHeight)),
                                        alignment: .bottomTrailing, extendsBoundary: footersExtend, pinned: pinFooters)
                return C.Section(group: .horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(40)),
                                                    [item(C.LayoutSize(width: .fractionalWidth(0.5), height: .fractionalHeight(1)))]),
                                 interGroupSpacing: 4, contentInsets: C.DirectionalEdgeInsets(top: 3, bottom: 5), boundaryItems: [header, footer])
            }
            let result = try layout.solve(sectionedContext(sections, in: s(300, 200)))
            #expect(result.supplementaries.filter { $0.kind == "footer" }.allSatisfy { $0.pinned == pinFooters && (!pinFooters || $0.pinEdge == .bottom) })
            // Random tops, plus tops and bottoms exactly at (and a hair around) each section's
            // edges, where the push starts and ends.
            var tops = (0..<30).map { _ in Double.random(in: -50...(result.contentSize.height + 50), using: &rng) }
            for section in result.sections {
                for edge in [section.frame.minY, section.frame.maxY] {
                    for nudge in [-0.5, 0, 0.5] {
                        tops += [edge + nudge, edge + nudge - viewportHeight, edge + nudge - headerHeight,
                                 edge + nudge - viewportHeight + footerHeight]
                    }
                }
            }
            for top in tops {
                let viewport = r(0, top, 300, viewportHeight)
                let drawn = try result.elements(in: viewport, scroll: ScrollState(showing: viewport))
                #expect(try Set(drawn) == Set(bruteForce(result, viewport)), "top \(top)")
            }
        }
    }

    @Test func aPinnedFooterSticksToTheVisibleBottomUntilItsSectionStartPushesIt() throws {
        let footer = C.BoundaryItem(kind: "footer", size: C.LayoutSize(width: .fractionalWidth(1), height: .absolute(20)),
                                alignment: .bottom, pinned: true)
        let layout = CompositionalLayout { _, _, _ in C.Section(group: row, boundaryItems: [footer]) }
        // Two sections of two 50-point rows: section 0 is 0..120 (footer 100..120), section 1 120..240.
        let result = try layout.solve(sectionedContext([2, 2], in: s(200, 100)))
        func footerY(top: Double, height: Double = 100) throws -> [Double] {
            let viewport = r(0, top, 200, height)
            return try result.elements(in: viewport, scroll: ScrollState(showing: viewport))
                .filter { $0.kind == "footer" }.map(\.frame.minY)
        }
        // At top 0 the visible bottom is 100: section 0's footer sits at 80 instead of 100.
        #expect(try footerY(top: 0) == [80])
        // At top 20 the bottom reaches its resting place; section 1's footer is pushed down to its
        // section's start, 120, just out of sight.
        #expect(try footerY(top: 20) == [100])
        // Section 1's footer rests at 220; with the bottom at 170 it pins at 150.
        #expect(try footerY(top: 70) == [100, 150])
        // A short viewport over section 1's start: pushed down to the section's start (120).
        #expect(try footerY(top: 100, height: 30) == [100, 120])
        #expect(try result.elements(in: r(0, 0, 200, 110), scroll: ScrollState(contentOffset: .zero))
            .filter { $0.kind == "footer" }.map(\.frame.minY) == [100])   // no viewport size: at rest
    }

    @Test func aPinnedHeaderStaysUntilItsSectionsBottomInsetEndsWithABackgroundOrWithout() throws {
        // The same section three times (two 50-point rows, a 40-point bottom inset, a pinned
        // 20-point header), the middle one on a background: 0..160, 160..320, 320..430.
        let header = C.BoundaryItem(kind: "header", size: C.LayoutSize(width: .fractionalWidth(1), height: .absolute(20)),
                                    alignment: .top, pinned: true)
        let layout = CompositionalLayout { index, _, _ in
            C.Section(group: row, contentInsets: C.DirectionalEdgeInsets(bottom: 40), boundaryItems: [header],
                      decorations: index == 1 ? [C.Decoration(kind: "background")] : [])
        }
        let result = try layout.solve(sectionedContext([2, 2, 1], in: s(300, 100)))
        #expect(result.sections.map(\.frame) == [r(0, 0, 300, 160), r(0, 160, 300, 160), r(0, 320, 300, 110)])
        #expect(result.pinLimits.compactMap { $0 } == [160, 320, 430])
        func headers(top: Double) throws -> [Rect] {
            let viewport = r(0, top, 300, 100)
            return try result.elements(in: viewport, scroll: ScrollState(showing: viewport)).filter { $0.kind == "header" }.map(\.frame)
        }
        // Section 0 has no background: its header was pushed up by its last row (120), at 100.
        #expect(try headers(top: 110) == [r(0, 110, 300, 20), r(0, 160, 300, 20)])
        #expect(try headers(top: 150) == [r(0, 140, 300, 20), r(0, 160, 300, 20)])
        // Section 1, on its background, as before.
        #expect(try headers(top: 270) == [r(0, 270, 300, 20), r(0, 320, 300, 20)])
        #expect(try headers(top: 305) == [r(0, 300, 300, 20), r(0, 320, 300, 20)])
    }

    @Test func aSidewaysPinnedHeaderStopsAtItsSectionsTrailingInsetRightToLeftToo() throws {
        // A horizontal layout: a leading header 20 wide, two 50-wide columns, a 40-point trailing
        // inset: section 0 spans x 0..160, section 1 160..320.
        let header = C.BoundaryItem(kind: "header", size: C.LayoutSize(width: .absolute(20), height: .fractionalHeight(1)),
                                    alignment: .leading, pinned: true)
        let column = C.Group.vertical(C.LayoutSize(width: .absolute(50), height: .fractionalHeight(1)), [fullItem])
        for direction in [C.LayoutDirection.leftToRight, .rightToLeft] {
            let layout = CompositionalLayout(configuration: C.Configuration(scrollDirection: .horizontal, layoutDirection: direction)) { _, _, _ in
                C.Section(group: column, contentInsets: C.DirectionalEdgeInsets(trailing: 40), boundaryItems: [header])
            }
            let result = try layout.solve(sectionedContext([2, 2], in: s(100, 80)))
            let mirrored = direction == .rightToLeft
            // Right to left the content runs from 100 towards negative x: section 0 is -60..100.
            #expect(result.pinLimits.compactMap { $0 } == (mirrored ? [-60, -220] : [160, 320]))
            // Scrolled 150 into the content: the header is pushed against its section's far end
            // (with the last column as the limit it was at 100, or -20 right to left).
            let offset = mirrored ? -150.0 : 150.0
            let viewport = r(offset, 0, 100, 80)
            let drawn = try result.elements(in: viewport, scroll: ScrollState(showing: viewport)).filter { $0.kind == "header" && $0.section == 0 }
            #expect(drawn.map(\.frame) == [mirrored ? r(-60, 0, 20, 80) : r(140, 0, 20, 80)], "\(direction)")
        }
    }

    /// Every element and item as drawn for `viewport`: a top-pinned element of section s at
    /// max(rest, min(top, end of s's geometry − height)), a bottom-pinned one at
    /// min(rest, max(bottom − height, start of s's geometry)): what its background covers,
    /// content insets and extending boundary items included.
    func bruteForce(_ result: CompositionalResult, _ viewport: Rect) throws -> [LayoutElement] {
        var all: [LayoutElement] = try (0..<result.count).map {
            .item($0, section: try result.section(ofItem: $0), frame: try result.frame(at: $0), zIndex: try result.zIndex(ofItem: $0))
        }
        for e in result.elements {
            var drawn = e
            if e.pinned {
                let geometry = result.sections[e.section].frame
                if e.pinEdge == .top {
                    let end = max(geometry.maxY, e.frame.maxY)
                    drawn.frame.y = max(e.frame.minY, min(viewport.minY, end - e.frame.height))
                } else {
                    let start = min(geometry.minY, e.frame.minY)
                    drawn.frame.y = min(e.frame.minY, max(viewport.maxY - e.frame.height, start))
                }
            }
            all.append(drawn)
        }
        return all.filter { $0.frame.overlapsWithPositiveArea(viewport) }
    }
}
