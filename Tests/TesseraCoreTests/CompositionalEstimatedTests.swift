import Testing
@_spi(Testing) @testable import TesseraCore

/// Estimated dimensions (measured with the item's size rule, once per item) and right to left.
@Suite struct CompositionalEstimatedTests {
    /// A one-section context whose item i answers `sizes[i]` (a nil axis: the proposal), counting
    /// how often each item is asked.
    final class Measured {
        let asked: Recorder<Int>
        let count: Int
        /// How often each item was asked for its size.
        var calls: [Int] { (0..<count).map { i in asked.values.filter { $0 == i }.count } }
        let context: LayoutContext
        init(_ sizes: [(Double?, Double?)], in collection: Size) {
            let asked = Recorder<Int>()
            (self.asked, count) = (asked, sizes.count)
            context = LayoutContext(collectionSize: collection, count: sizes.count, item: { _ in nil }) { i, p in
                asked.append(i)
                return Size(width: sizes[i].0 ?? p.width, height: sizes[i].1 ?? p.height)
            }
        }
    }

    @Test func aSelfSizingListStacksMeasuredHeightsAndIgnoresInsetsOnTheEstimatedAxis() throws {
        let cell = item(C.LayoutSize(width: .fractionalWidth(1), height: .estimated(44)), insets: C.DirectionalEdgeInsets(all: 5))
        let group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .estimated(44)), [cell])
        let measured = Measured([(nil, 30), (nil, 61.5), (nil, 44), (nil, 12)], in: s(320, 600))
        let result = try CompositionalLayout(section: C.Section(group: group, interGroupSpacing: 2)).solve(measured.context)
        expectFrames(try result.allFrames, [r(5, 0, 310, 30), r(5, 32, 310, 61.5), r(5, 95.5, 310, 44), r(5, 141.5, 310, 12)])
        #expect(result.contentSize == s(320, 153.5))
        #expect(measured.calls == [1, 1, 1, 1])
    }

    /// A group's supplementary is sized in the group as measured, group by group.
    @Test func aGroupSupplementaryCoversItsMeasuredGroup() throws {
        let cell = item(C.LayoutSize(width: .fractionalWidth(0.5), height: .estimated(50)))
        var group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .estimated(50)), [cell])
        group.supplementaries = [C.ItemSupplementary(kind: "frame", size: C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)),
                                                     containerAnchor: .none)]
        let measured = Measured([(nil, 20), (nil, 70), (nil, 35)], in: s(200, 600))
        let result = try CompositionalLayout(section: C.Section(group: group, interGroupSpacing: 4)).solve(measured.context)
        expectFrames(try result.allFrames, [r(0, 0, 100, 20), r(100, 0, 100, 70), r(0, 74, 100, 35)])
        #expect(result.elements == [.supplementary("frame", section: 0, index: 0, frame: r(0, 0, 200, 70)).hosted(byGroupAt: 1),
                                    .supplementary("frame", section: 0, index: 2, frame: r(0, 74, 200, 35)).hosted(byGroupAt: 1)])
    }

    /// `uniformAcrossSiblings`: each item is measured, then grows to the tallest of its
    /// uniform siblings in the group (an estimated row keeps its items' own heights).
    @Test func uniformSiblingsTakeTheTallestMeasuredHeightInTheirGroup() throws {
        let cell = item(C.LayoutSize(width: .fractionalWidth(0.5), height: .uniformAcrossSiblings(estimate: 50)))
        let group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .estimated(50)), [cell])
        let measured = Measured([(nil, 20), (nil, 70), (nil, 35)], in: s(200, 600))
        let result = try CompositionalLayout(section: C.Section(group: group, interGroupSpacing: 4)).solve(measured.context)
        expectFrames(try result.allFrames, [r(0, 0, 100, 70), r(100, 0, 100, 70), r(0, 74, 100, 35)])
        #expect(result.contentSize == s(200, 109))
        #expect(measured.calls == [1, 1, 1])
        // Items measured at the estimate stay there.
        let unmeasured = Measured([(nil, 50), (nil, 50), (nil, 50)], in: s(200, 600))
        expectFrames(try CompositionalLayout(section: C.Section(group: group)).solve(unmeasured.context).allFrames,
                     [r(0, 0, 100, 50), r(100, 0, 100, 50), r(0, 50, 100, 50)])
    }

    /// Only the uniform siblings grow: an estimated sibling keeps its own measured height.
    @Test func onlyUniformSiblingsGrow() throws {
        let uniform = item(C.LayoutSize(width: .fractionalWidth(1.0 / 3), height: .uniformAcrossSiblings(estimate: 10)))
        let estimated = item(C.LayoutSize(width: .fractionalWidth(1.0 / 3), height: .estimated(10)))
        let group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .estimated(10)), [uniform, estimated, uniform])
        let measured = Measured([(nil, 20), (nil, 90), (nil, 40)], in: s(300, 600))
        let result = try CompositionalLayout(section: C.Section(group: group)).solve(measured.context)
        expectFrames(try result.allFrames, [r(0, 0, 100, 40), r(100, 0, 100, 90), r(200, 0, 100, 40)])
        #expect(result.contentSize == s(300, 90))
    }

    /// On a section's outermost group, every group of the section takes the tallest group's
    /// height: a self-sizing list of equal rows.
    @Test func aUniformOutermostGroupIsSharedAcrossTheSection() throws {
        let cell = item(C.LayoutSize(width: .fractionalWidth(1), height: .estimated(44)))
        let group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .uniformAcrossSiblings(estimate: 44)), [cell])
        let measured = Measured([(nil, 30), (nil, 61.5), (nil, 44)], in: s(320, 600))
        let result = try CompositionalLayout(section: C.Section(group: group, interGroupSpacing: 2)).solve(measured.context)
        expectFrames(try result.allFrames, [r(0, 0, 320, 30), r(0, 63.5, 320, 61.5), r(0, 127, 320, 44)])
        #expect(result.contentSize == s(320, 188.5))
    }

    @Test func anEstimatedRowIsAsTallAsItsTallestItem() throws {
        let cell = item(C.LayoutSize(width: .fractionalWidth(0.5), height: .estimated(50)))
        let group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .estimated(50)), [cell])
        let measured = Measured([(nil, 20), (nil, 70), (nil, 35)], in: s(200, 600))
        let result = try CompositionalLayout(section: C.Section(group: group)).solve(measured.context)
        expectFrames(try result.allFrames, [r(0, 0, 100, 20), r(100, 0, 100, 70), r(0, 70, 100, 35)])
        #expect(result.contentSize == s(200, 105))
        #expect(result.sections[0].frame == r(0, 0, 200, 105))
    }

    @Test func estimatedWidthsFillGroupsByMeasuredWidthAndAreMeasuredOnce() throws {
        // Tags: each row holds as many measured widths as fit in 100 points.
        let tag = item(C.LayoutSize(width: .estimated(30), height: .absolute(20)))
        let group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(20)), [tag], spacing: .fixed(5))
        let measured = Measured([(40, nil), (50, nil), (30, nil), (90, nil), (10, nil)], in: s(100, 300))
        let result = try CompositionalLayout(section: C.Section(group: group)).solve(measured.context)
        expectFrames(try result.allFrames, [r(0, 0, 40, 20), r(45, 0, 50, 20), r(0, 20, 30, 20), r(0, 40, 90, 20), r(0, 60, 10, 20)])
        #expect(measured.calls == [1, 1, 1, 1, 1])
    }

    @Test func anOrthogonalShelfOfEstimatedWidthsHasTheMeasuredContentWidth() throws {
        let tag = item(C.LayoutSize(width: .estimated(30), height: .fractionalHeight(1)))
        let group = C.Group.horizontal(C.LayoutSize(width: .estimated(30), height: .absolute(40)), [tag])
        let section = C.Section(group: group, interGroupSpacing: 8, contentInsets: C.DirectionalEdgeInsets(leading: 10, trailing: 10),
                                orthogonalScrolling: .continuous)
        let measured = Measured([(60, nil), (25, nil), (100, nil)], in: s(150, 300))
        let result = try CompositionalLayout(section: section).solve(measured.context)
        expectFrames(try result.allFrames, [r(10, 0, 60, 40), r(78, 0, 25, 40), r(111, 0, 100, 40)])
        #expect(result.orthogonalSections == [OrthogonalSection(section: 0, frame: r(0, 0, 150, 40), contentSize: s(221, 40))])
    }

    /// Layouts whose right-to-left frames must mirror the left-to-right ones.
    var mirrorCases: [(String, CompositionalLayout)] {
        let full = item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let badge = C.ItemSupplementary(kind: "badge", size: abs_(10, 10), containerAnchor: .topTrailing, offset: .absolute(Point(x: 3, y: -2)))
        let grid = C.Section(group: .horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(60)),
                                                [.item(C.Item(size: C.LayoutSize(width: .fractionalWidth(0.3), height: .fractionalHeight(1)),
                                                              contentInsets: C.DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 7),
                                                              edgeSpacing: C.EdgeSpacing(leading: .fixed(4)), supplementaries: [badge]))],
                                                spacing: .flexible(3)),
                             interGroupSpacing: 4, contentInsets: C.DirectionalEdgeInsets(top: 3, leading: 15, bottom: 2, trailing: 5),
                             boundaryItems: [C.BoundaryItem(kind: "header", size: abs_(120, 20), alignment: .topLeading, offset: Point(x: 6, y: 0)),
                                             C.BoundaryItem(kind: "side", size: abs_(8, 8), alignment: .trailing, extendsBoundary: false)],
                             decorations: [C.Decoration(kind: "background", contentInsets: C.DirectionalEdgeInsets(top: 0, leading: 4, bottom: 0, trailing: 9))])
        let shelf = C.Section(group: .horizontal(C.LayoutSize(width: .fractionalWidth(0.7), height: .absolute(50)), [full]),
                              interGroupSpacing: 6, contentInsets: C.DirectionalEdgeInsets(leading: 12, trailing: 20), orthogonalScrolling: .groupPaging)
        let list = C.Section(group: .horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(44)), [full]))
        return [
            ("grid", CompositionalLayout(section: grid)),
            ("shelves", CompositionalLayout { i, _, _ in i % 2 == 0 ? shelf : grid }),
            ("list", CompositionalLayout(section: list)),
            ("horizontal", CompositionalLayout(section: grid, configuration: C.Configuration(scrollDirection: .horizontal))),
            ("global", CompositionalLayout(section: list, configuration: C.Configuration(boundaryItems: [
                C.BoundaryItem(kind: "header", size: abs_(140, 30), alignment: .topLeading, offset: Point(x: 4, y: 0), pinned: true),
                C.BoundaryItem(kind: "footer", size: C.LayoutSize(width: .fractionalWidth(0.4), height: .absolute(20)), alignment: .bottomTrailing),
            ]))),
        ]
    }

    /// A right-to-left shelf as UIKit draws it: its first item ends at the collection's right
    /// edge less the section's leading inset, the next ones follow to its left, and scrolling
    /// the shelf by one group pitch (to −pitch) brings item 1 where item 0 was.
    @Test func aRightToLeftShelfStartsAtTheRightAndScrollsTowardsNegativeX() throws {
        let full = item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let shelf = C.Section(group: .horizontal(C.LayoutSize(width: .absolute(100), height: .absolute(50)), [full]),
                              interGroupSpacing: 6, contentInsets: C.DirectionalEdgeInsets(leading: 12, trailing: 20), orthogonalScrolling: .continuous)
        var layout = CompositionalLayout(section: shelf)
        layout.configuration.layoutDirection = .rightToLeft
        let result = try layout.solve(sectionedContext([5], in: s(333, 500)))
        expectFrames(try result.allFrames, [r(221, 0, 100, 50), r(115, 0, 100, 50), r(9, 0, 100, 50), r(-97, 0, 100, 50), r(-203, 0, 100, 50)])
        #expect(result.orthogonalSections.map(\.frame) == [r(0, 0, 333, 50)])
        #expect(try result.frame(at: 1, scroll: ScrollState(sectionOffsets: [0: Point(x: -106, y: 0)])) == r(221, 0, 100, 50))
    }

    /// UIKit's right-to-left collection views: sections are mirrored within the collection
    /// view's width (W = 333 here, not the content's width, which a horizontal layout exceeds),
    /// and orthogonal shelves start at the right and scroll towards negative x.
    @Test func rightToLeftMirrorsEveryFrameWithinTheCollectionWidth() throws {
        let context = sectionedContext([5, 7, 3, 9], in: s(333, 500))
        for (name, layout) in mirrorCases {
            var rtlLayout = layout
            rtlLayout.configuration.layoutDirection = .rightToLeft
            let ltr = try layout.solve(context), rtl = try rtlLayout.solve(context)
            let width = context.collectionSize.width
            #expect(rtl.contentSize == ltr.contentSize, "\(name)")
            expectFrames(try rtl.allFrames, try ltr.allFrames.map { $0.mirrored(inWidth: width) })
            #expect(rtl.elements.map(\.frame) == ltr.elements.map { $0.frame.mirrored(inWidth: width) }, "\(name)")
            #expect(rtl.orthogonalSections.map(\.frame) == ltr.orthogonalSections.map { $0.frame.mirrored(inWidth: width) }, "\(name)")
            // Drawn at mirrored section offsets, the items are still mirrors; resting offsets too.
            for o in ltr.orthogonalSections {
                let offset = ltr.targetContentOffset(section: o.section, proposed: Point(x: 130, y: 0), velocity: Point(x: 1, y: 0))
                let mirrored = rtl.targetContentOffset(section: o.section, proposed: Point(x: -130, y: 0), velocity: Point(x: -1, y: 0))
                #expect(mirrored.x == -offset.x && offset.x > 0, "\(name)")
                let drawnLTR = ScrollState(sectionOffsets: [o.section: offset]), drawnRTL = ScrollState(sectionOffsets: [o.section: mirrored])
                for i in ltr.sections[o.section].items {
                    let a = try rtl.frame(at: i, scroll: drawnRTL), b = try ltr.frame(at: i, scroll: drawnLTR).mirrored(inWidth: width)
                    #expect(abs(a.x - b.x) < 1e-9 && a.y == b.y && a.size == b.size, "\(a) vs \(b)")
                }
            }
        }
    }
}
