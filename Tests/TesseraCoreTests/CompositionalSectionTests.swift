import Testing
@_spi(Testing) @testable import TesseraCore

@Suite struct CompositionalSectionTests {
    let fullItem = item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))

    @Test func aFullWidthListPutsItemIAt44I() throws {
        for width in [375.0, 414, 1023.5] {
            let group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(44)), [fullItem])
            let n = 25
            let result = try compositional(C.Section(group: group), counts: [n], width: width)
            let expected: [Rect] = (0..<n).map { i in r(0, 44 * Double(i), width, 44) }
            expectFrames(try result.allFrames, expected)
            #expect(result.contentSize == s(width, 44 * Double(n)))
        }
    }

    @Test func aThirdByThirdGridMatchesAtAnyWidth() throws {
        for width in [300.0, 375, 377.7, 1000.1] {
            let cell = item(C.LayoutSize(width: .fractionalWidth(1.0 / 3), height: .fractionalHeight(1)))
            let group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalWidth(1.0 / 3)), [cell])
            let n = 11, side = width / 3
            let result = try compositional(C.Section(group: group), counts: [n], width: width)
            let expected: [Rect] = (0..<n).map { i in r(Double(i % 3) * side, Double(i / 3) * side, side, side) }
            expectFrames(try result.allFrames, expected)
            #expect(result.contentSize == s(width, 4 * side))
        }
    }

    @Test func groupsAndSectionsAreSpacedWithNothingAfterTheLast() throws {
        let group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(0.5), height: .absolute(20)), [fullItem])
        let section = C.Section(group: group, interGroupSpacing: 5, contentInsets: C.DirectionalEdgeInsets(top: 1, leading: 10, bottom: 2, trailing: 10))
        let result = try compositional(section, counts: [2, 0, 1], width: 220,
                                       configuration: C.Configuration(interSectionSpacing: 30))
        expectFrames(try result.allFrames, [r(10, 1, 100, 20), r(10, 26, 100, 20), r(10, 112, 100, 20)])
        expectFrames(result.sections.map(\.frame), [r(0, 0, 220, 48), r(0, 78, 220, 3), r(0, 111, 220, 23)])
        #expect(result.contentSize == s(220, 134))
    }

    @Test func fractionalHeightOfTheTopGroupIsOfTheCollectionLessTheSectionInsets() throws {
        let group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(0.5)), [fullItem])
        let section = C.Section(group: group, contentInsets: C.DirectionalEdgeInsets(top: 50, bottom: 50))
        expectFrames(try compositional(section, counts: [1], width: 300, height: 500).allFrames, [r(0, 50, 300, 200)])
    }

    @Test func aHorizontalLayoutStacksGroupsAndSectionsLeftToRight() throws {
        let group = C.Group.vertical(C.LayoutSize(width: .absolute(100), height: .fractionalHeight(1)),
                                     [item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(0.5)))])
        let section = C.Section(group: group, interGroupSpacing: 10, contentInsets: C.DirectionalEdgeInsets(top: 0, leading: 5, bottom: 0, trailing: 5))
        let result = try compositional(section, counts: [3, 1], width: 375, height: 200,
                                       configuration: C.Configuration(scrollDirection: .horizontal, interSectionSpacing: 20))
        expectFrames(try result.allFrames, [r(5, 0, 100, 100), r(5, 100, 100, 100), r(115, 0, 100, 100), r(245, 0, 100, 100)])
        #expect(result.contentSize == s(350, 200))
    }

    @Test func theSectionProviderSeesEachSectionAndTheEnvironment() throws {
        let recorded = Recorder<(Int, ItemID, Size)>()
        let layout = CompositionalLayout { index, section, env in
            recorded.append((index, section.id, env.container))
            let height = Double(10 * (index + 1))
            return C.Section(group: .horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(height)),
                                                [item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))]))
        }
        let result = try layout.solve(sectionedContext([1, 2], in: s(100, 300)))
        let calls = recorded.values
        #expect(calls.map(\.0) == [0, 1] && calls.map(\.1) == [.string("s0"), .string("s1")] && calls[0].2 == s(100, 300))
        expectFrames(try result.allFrames, [r(0, 0, 100, 10), r(0, 10, 100, 20), r(0, 30, 100, 20)])
    }
}

/// What a solved section tells of itself: items per group, the pitch its groups repeat at, and
/// its scroller.
@Suite struct SectionGeometryTests {
    let cell = item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))

    @Test func aListSectionsGroupsRepeatAtTheirLengthPlusSpacingDownTheLayout() throws {
        let row = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(50)), [cell], count: 3)
        let result = try compositional(C.Section(group: row, interGroupSpacing: 10), counts: [7], width: 300)
        #expect(result.scrollDirection == .vertical && !result.hasVisibleItemsHandlers)
        let geometry = try #require(result.sections.first)
        #expect(geometry.itemsPerGroup == 3 && geometry.groupPitch == 60)
        #expect(geometry.groupSize == s(300, 50) && geometry.items == 0..<7)
        #expect(geometry.scrolling == .none && geometry.scroller == nil)
        #expect(geometry.frame == r(0, 0, 300, 170))
    }

    @Test func anOrthogonalSectionsPitchRunsAcrossAndItHasAScrollerOnlyWithItems() throws {
        let card = C.Group.horizontal(C.LayoutSize(width: .absolute(100), height: .absolute(80)), [cell])
        let shelf = C.Section(group: card, interGroupSpacing: 5, orthogonalScrolling: .groupPaging)
        let result = try compositional(shelf, counts: [4, 0], width: 300)
        #expect(result.sections.map(\.groupPitch) == [105, 105])
        #expect(result.sections.map(\.scrolling) == [.groupPaging, .groupPaging])
        #expect(result.sections[0].scroller == OrthogonalSection(section: 0, frame: r(0, 0, 300, 80), contentSize: s(415, 80)))
        #expect(result.sections[1].scroller == nil)
        #expect(result.orthogonalSections.map(\.section) == [0])
    }

    @Test func aHorizontalLayoutSaysSoAndAHandlerIsNoticed() throws {
        let column = C.Group.vertical(C.LayoutSize(width: .absolute(40), height: .fractionalHeight(1)), [cell])
        var section = C.Section(group: column)
        let horizontal = try compositional(section, counts: [2], configuration: C.Configuration(scrollDirection: .horizontal))
        #expect(horizontal.scrollDirection == .horizontal)
        #expect(horizontal.sections[0].groupPitch == 40)
        section.visibleItemsHandler = { _, _, _ in }
        #expect(try compositional(section, counts: [2]).hasVisibleItemsHandlers)
    }
}
