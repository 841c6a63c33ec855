import Testing
@_spi(Testing) @testable import TesseraCore

/// Sections that scroll on the cross axis: geometry, resting offsets and the element query.
@Suite struct CompositionalOrthogonalTests {
    func shelf(_ scrolling: C.OrthogonalScrolling, groupWidth: C.Dimension = .absolute(100), spacing: Double = 10,
               insets: C.DirectionalEdgeInsets = C.DirectionalEdgeInsets(top: 5, leading: 20, bottom: 5, trailing: 20)) -> C.Section {
        let group = C.Group.horizontal(C.LayoutSize(width: groupWidth, height: .absolute(80)),
                                       [item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))])
        return C.Section(group: group, interGroupSpacing: spacing, contentInsets: insets, orthogonalScrolling: scrolling)
    }

    @Test func anOrthogonalSectionRunsItsGroupsAcrossInsideAFullWidthScroller() throws {
        let list = C.Section(group: .horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(40)),
                                                [item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))]))
        let layout = CompositionalLayout { index, _, _ in index == 1 ? shelf(.continuous) : list }
        let result = try layout.solve(sectionedContext([1, 4, 1], in: s(300, 600)))
        expectFrames(try result.allFrames, [r(0, 0, 300, 40), r(20, 45, 100, 80), r(130, 45, 100, 80), r(240, 45, 100, 80),
                                        r(350, 45, 100, 80), r(0, 130, 300, 40)])
        #expect(result.orthogonalSections == [OrthogonalSection(section: 1, frame: r(0, 45, 300, 80), contentSize: s(470, 80))])
        // The scroller, not its overflowing items, counts for the content size.
        #expect(result.contentSize == s(300, 170))
    }

    @Test func groupPagingCenteredInsetsBothEndsByHalfTheFreeWidth() throws {
        let section = shelf(.groupPagingCentered, groupWidth: .fractionalWidth(0.92), spacing: 0, insets: .zero)
        let result = try compositional(section, counts: [3], width: 375)
        expectFrames(try result.allFrames, [r(15, 0, 345, 80), r(360, 0, 345, 80), r(705, 0, 345, 80)])
        #expect(result.orthogonalSections[0].contentSize == s(15 + 3 * 345 + 15, 80))
        // At offset k · 345 group k is centred in the 375-point scroller: 15 points each side.
        for k in 0..<3 {
            let offset = result.targetContentOffset(section: 0, proposed: Point(x: Double(k) * 345 + 100, y: 0), velocity: .zero)
            let drawn = try result.frame(at: k, scroll: ScrollState(sectionOffsets: [0: offset]))
            #expect(drawn.minX == 15 && 375 - drawn.maxX == 15)
        }
    }

    @Test func targetOffsetsForEveryBehaviour() throws {
        // Scroller 300 wide; groups 100 + 10 spacing (pitch 110); 6 groups; insets 20 each side:
        // content 20 + 6 · 100 + 5 · 10 + 20 = 690, so offsets run 0...390.
        func target(_ behaviour: C.OrthogonalScrolling, _ proposed: Double, _ velocity: Double) throws -> Double {
            let result = try compositional(shelf(behaviour), counts: [6], width: 300)
            return result.targetContentOffset(section: 0, proposed: Point(x: proposed, y: 7), velocity: Point(x: velocity, y: 0)).x
        }
        let cases: [(C.OrthogonalScrolling, Double, Double, Double)] = [
            (.continuous, 123.5, 0, 123.5), (.continuous, -40, -2, 0), (.continuous, 500, 3, 390),
            (.continuousGroupLeadingBoundary, 50, 0, 0), (.continuousGroupLeadingBoundary, 56, 5, 110),
            (.continuousGroupLeadingBoundary, 300, 0, 330), (.continuousGroupLeadingBoundary, 370, 0, 330), (.continuousGroupLeadingBoundary, 390, 0, 390),
            (.paging, 100, 0, 0), (.paging, 100, 0.5, 300), (.paging, 200, 0, 300), (.paging, 299, -1, 0),
            (.paging, 350, 1, 390),
            (.groupPaging, 54, 0, 0), (.groupPaging, 56, 0, 110), (.groupPaging, 1, 0.3, 110),
            (.groupPaging, 219, -0.3, 110), (.groupPaging, 220, 1, 220), (.groupPaging, 1000, 1, 390),
            (.groupPagingCentered, 330, 0, 330), (.groupPagingCentered, -5, -1, 0),
        ]
        for (behaviour, proposed, velocity, expected) in cases {
            #expect(try target(behaviour, proposed, velocity) == expected, "\(behaviour) \(proposed) \(velocity)")
        }
        // Group paging never drifts: the k-th page is exactly k pitches, however far.
        let far = try compositional(shelf(.groupPagingCentered, spacing: 7.3), counts: [2000], width: 300)
        for k in [1, 17, 999, 1998] {
            let x = far.targetContentOffset(section: 0, proposed: Point(x: Double(k) * 107.3 + 20, y: 0), velocity: .zero).x
            #expect(x == Double(k) * 107.3)
        }
        // A section that does not scroll rests at zero.
        let still = try compositional(shelf(.none), counts: [3], width: 300)
        #expect(still.targetContentOffset(section: 0, proposed: Point(x: 80, y: 80), velocity: Point(x: 1, y: 1)) == .zero)
        #expect(still.orthogonalSections.isEmpty)
    }

    @Test func aHorizontalLayoutScrollsItsOrthogonalSectionsVertically() throws {
        let group = C.Group.vertical(C.LayoutSize(width: .absolute(60), height: .absolute(100)),
                                     [item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))])
        let section = C.Section(group: group, interGroupSpacing: 10, orthogonalScrolling: .groupPaging)
        let result = try compositional(section, counts: [3], width: 400, height: 250,
                                       configuration: C.Configuration(scrollDirection: .horizontal))
        expectFrames(try result.allFrames, [r(0, 0, 60, 100), r(0, 110, 60, 100), r(0, 220, 60, 100)])
        #expect(result.orthogonalSections == [OrthogonalSection(section: 0, frame: r(0, 0, 60, 250), contentSize: s(60, 320))])
        #expect(result.targetContentOffset(section: 0, proposed: Point(x: 0, y: 60), velocity: Point(x: 0, y: 1)) == Point(x: 0, y: 70))
    }

    @Test func theElementQueryWithRandomSectionOffsetsMatchesBruteForce() throws {
        var rng = SplitMix64(seed: 1111)
        let behaviours = C.OrthogonalScrolling.allCases
        for _ in 0..<15 {
            let counts = (0..<Int.random(in: 1...6, using: &rng)).map { _ in Int.random(in: 0...9, using: &rng) }
            let kinds = counts.map { _ in behaviours.randomElement(using: &rng)! }
            let layout = CompositionalLayout { index, _, _ in
                let badge = C.ItemSupplementary(kind: "badge", size: abs_(12, 12), containerAnchor: .topTrailing,
                                                offset: .fractional(Point(x: 0.5, y: -0.5)))
                let cell = C.Subitem.item(C.Item(size: C.LayoutSize(width: .fractionalWidth(0.5), height: .fractionalHeight(1)),
                                                 contentInsets: C.DirectionalEdgeInsets(all: 3), supplementaries: index % 2 == 0 ? [badge] : []))
                return C.Section(group: .horizontal(C.LayoutSize(width: .fractionalWidth(0.8), height: .absolute(70)), [cell]),
                                 interGroupSpacing: 6, contentInsets: C.DirectionalEdgeInsets(top: 4, leading: 12, bottom: 4, trailing: 12),
                                 boundaryItems: [C.BoundaryItem(kind: "header", size: C.LayoutSize(width: .fractionalWidth(1), height: .absolute(24)),
                                                            alignment: .top, pinned: index % 3 == 0)],
                                 decorations: index % 2 == 1 ? [C.Decoration(kind: "background")] : [],
                                 orthogonalScrolling: kinds[index])
            }
            let result = try layout.solve(sectionedContext(counts, in: s(320, 300)))
            for _ in 0..<25 {
                var offsets: [Int: Point] = [:]
                for o in result.orthogonalSections {
                    offsets[o.section] = Point(x: Double.random(in: -50...(o.contentSize.width), using: &rng), y: 0)
                }
                let rect = r(Double.random(in: -40...200, using: &rng), Double.random(in: -40...result.contentSize.height, using: &rng),
                             Double.random(in: 1...320, using: &rng), Double.random(in: 1...300, using: &rng))
                let scroll = ScrollState(contentOffset: rect.origin, sectionOffsets: offsets)
                #expect(try Set(result.elements(in: rect, scroll: scroll)) == Set(try bruteForce(result, rect, scroll)))
            }
        }
    }

    /// Every item and element as drawn for `scroll`: orthogonal items and their badges moved by
    /// their section's offset and seen only through their scroller; pinned headers pinned.
    func bruteForce(_ result: CompositionalResult, _ rect: Rect, _ scroll: ScrollState) throws -> [LayoutElement] {
        let scrollers = Dictionary(uniqueKeysWithValues: result.orthogonalSections.map { ($0.section, $0.frame) })
        var all: [(LayoutElement, Rect)] = []
        func add(_ e: LayoutElement) {
            if let scroller = scrollers[e.section], e.index != nil {
                let o = scroll.offset(ofSection: e.section)
                all.append((e.offsetBy(dx: -o.x, dy: -o.y), rect.clipped(to: scroller)))
            } else {
                all.append((e, rect))
            }
        }
        for i in 0..<result.count {
            add(.item(i, section: try result.section(ofItem: i), frame: try result.frame(at: i), zIndex: try result.zIndex(ofItem: i)))
        }
        for e in result.elements {
            var drawn = e
            if e.pinned {
                // Pushed up by its section's end: what a background would cover.
                let end = max(result.sections[e.section].frame.maxY, e.frame.maxY)
                drawn.frame.y = max(e.frame.minY, min(scroll.contentOffset.y, end - e.frame.height))
            }
            add(drawn)
        }
        return all.filter { $0.0.frame.overlapsWithPositiveArea($0.1) }.map(\.0)
    }
}

/// `OrthogonalScrolling.restingOffset` itself, without a layout around it.
@Suite struct RestingOffsetTests {
    func rest(_ scrolling: C.OrthogonalScrolling, _ proposed: Double, velocity: Double = 0, page: Double = 300,
              pitch: Double = 110, maximum: Double = 1000) -> Double {
        scrolling.restingOffset(proposed: proposed, velocity: velocity, page: page, pitch: pitch, maximum: maximum)
    }

    @Test func aSectionThatDoesNotScrollRestsAtZeroAndAContinuousOneWhereProposed() {
        #expect(rest(.none, 500, velocity: 3) == 0)
        #expect(rest(.continuous, 123.25, velocity: 9) == 123.25)
        #expect(rest(.continuous, -1) == 0)
        #expect(rest(.continuous, 1001) == 1000)
    }

    @Test func pagingGoesToTheNextPageInTheDirectionOfTheVelocityElseTheNearest() {
        #expect(rest(.paging, 149) == 0)
        #expect(rest(.paging, 151) == 300)
        #expect(rest(.paging, 1, velocity: 0.1) == 300)
        #expect(rest(.paging, 599, velocity: -0.1) == 300)
        // A proposal already on a page stays there, whatever the velocity.
        #expect(rest(.paging, 600, velocity: 5) == 600)
        #expect(rest(.paging, 600, velocity: -5) == 600)
        #expect(rest(.groupPaging, 56) == 110 && rest(.groupPagingCentered, 54) == 0)
        #expect(rest(.groupPaging, 111, velocity: -1) == 110 && rest(.groupPagingCentered, 111, velocity: 1) == 220)
    }

    @Test func theLeadingBoundaryIsTheNearestGroupWhateverTheVelocity() {
        #expect(rest(.continuousGroupLeadingBoundary, 56, velocity: -5) == 110)
        #expect(rest(.continuousGroupLeadingBoundary, 54, velocity: 5) == 0)
    }

    @Test func aProposalAHairPastAPageIsThatPageNotTheNext() {
        // 17 pitches computed by repeated addition is a few ulps off 17 · 107.3; with velocity
        // it must not jump to the 18th group.
        let pitch = 107.3
        let drifted = (0..<17).reduce(0.0) { sum, _ in sum + pitch }
        #expect(drifted != 17 * pitch)
        #expect(rest(.groupPaging, drifted, velocity: 1, pitch: pitch, maximum: 1e6) == 17 * pitch)
        #expect(rest(.groupPaging, drifted, velocity: -1, pitch: pitch, maximum: 1e6) == 17 * pitch)
        #expect(rest(.paging, 900 + 1e-10, velocity: 1, maximum: 1e6) == 900)
    }

    @Test func everyResultIsClampedToZeroThroughTheMaximumAndANegativeMaximumIsZero() {
        #expect(rest(.groupPaging, 1000, velocity: 1, maximum: 390) == 390)
        #expect(rest(.paging, -400, velocity: -1) == 0)
        for scrolling in C.OrthogonalScrolling.allCases {
            #expect(rest(scrolling, 50, velocity: 1, maximum: -20) == 0, "\(scrolling)")
            #expect(rest(scrolling, .nan, velocity: 1) == 0, "\(scrolling)")
            #expect(rest(scrolling, 50, velocity: .nan, maximum: .nan) == 0, "\(scrolling)")
            #expect(rest(scrolling, .infinity, velocity: 0) == (scrolling == .none ? 0 : 1000), "\(scrolling)")
        }
    }

    @Test func aZeroStepLeavesTheProposalAsItIsWithinTheRange() {
        // Nothing to page by (a scroller or group of no length): the proposal, clamped.
        #expect(rest(.paging, 42, velocity: 1, page: 0) == 42)
        #expect(rest(.groupPaging, 42, velocity: -1, pitch: 0) == 42)
        #expect(rest(.continuousGroupLeadingBoundary, 2000, pitch: 0) == 1000)
    }
}
