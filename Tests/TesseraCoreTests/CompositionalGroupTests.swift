import Testing
@_spi(Testing) @testable import TesseraCore

/// The numeric examples of Apple's documentation for groups, items and spacing, as exact frames.
@Suite struct CompositionalGroupTests {
    /// One section, one group of `group` holding `subitems`, `n` items.
    func frames(_ group: C.Group, _ n: Int, width: Double = 375) throws -> [Rect] {
        try compositional(C.Section(group: group), counts: [n], width: width).allFrames
    }

    @Test func itemInsetsOf2Give16By16CellsInUnchangedSlots() throws {
        let group = C.Group.horizontal(abs_(60, 20), [item(abs_(20, 20), insets: C.DirectionalEdgeInsets(all: 2))])
        let result = try compositional(C.Section(group: group), counts: [6])
        expectFrames(try result.allFrames, [r(2, 2, 16, 16), r(22, 2, 16, 16), r(42, 2, 16, 16),
                                     r(2, 22, 16, 16), r(22, 22, 16, 16), r(42, 22, 16, 16)])
        #expect(result.sections[0].groupSize == s(60, 20))
        #expect(result.contentSize == s(375, 40))
    }

    @Test func trailingEdgeSpacingShiftsItemsWithoutResizingThem() throws {
        let spaced = item(abs_(20, 20), edges: C.EdgeSpacing(trailing: .fixed(2)))
        expectFrames(try frames(.horizontal(abs_(66, 20), [spaced]), 3), [r(0, 0, 20, 20), r(22, 0, 20, 20), r(44, 0, 20, 20)])
        // The trailing edge spacing is part of the room an item needs: in 65 points only two fit.
        expectFrames(try frames(.horizontal(abs_(65, 20), [spaced]), 3), [r(0, 0, 20, 20), r(22, 0, 20, 20), r(0, 20, 20, 20)])
    }

    @Test func fixedSpacingIsExactAndFlexibleSpacingSharesTheLeftover() throws {
        let cell = item(abs_(100, 50))
        expectFrames(try frames(.horizontal(abs_(800, 50), [cell], spacing: .fixed(200)), 3), [r(0, 0, 100, 50), r(300, 0, 100, 50), r(600, 0, 100, 50)])
        // At least 200 between items: three fit; the 100 left over goes to the two gaps.
        expectFrames(try frames(.horizontal(abs_(800, 50), [cell], spacing: .flexible(200)), 3), [r(0, 0, 100, 50), r(350, 0, 100, 50), r(700, 0, 100, 50)])
        // flexible(0) is still flexible: two items pushed to the ends.
        expectFrames(try frames(.horizontal(abs_(300, 50), [cell, item(abs_(150, 50))], spacing: .flexible(0)), 2), [r(0, 0, 100, 50), r(150, 0, 150, 50)])
    }

    /// `repeatingSubitem:count:` places N copies at the subitem's own size, where `count` makes N
    /// equal slots; spacing is between them and a flexible one shares the leftover.
    @Test func aRepeatingGroupPlacesNCopiesAtTheirOwnSize() throws {
        let cell = item(abs_(60, 50))
        expectFrames(try frames(.horizontal(abs_(300, 50), [cell], repeating: 3, spacing: .fixed(10)), 4),
                     [r(0, 0, 60, 50), r(70, 0, 60, 50), r(140, 0, 60, 50), r(0, 50, 60, 50)])
        // The same group as a count group: three equal slots of (300 − 20) / 3.
        let slot = 280.0 / 3
        expectFrames(try frames(.horizontal(abs_(300, 50), [cell], count: 3, spacing: .fixed(10)), 3),
                     [r(0, 0, slot, 50), r(slot + 10, 0, slot, 50), r(2 * slot + 20, 0, slot, 50)])
        // A repeating group without `repeating` would take all five that fit.
        expectFrames(try frames(.horizontal(abs_(300, 50), [cell], repeating: 3, spacing: .flexible(0)), 3),
                     [r(0, 0, 60, 50), r(120, 0, 60, 50), r(240, 0, 60, 50)])
    }

    /// Fitting the copies is the caller's job (Apple: "your responsibility"): they run past the
    /// group's end rather than being cut or resized; group insets still place the first.
    @Test func repeatedCopiesThatDoNotFitRunPastTheGroup() throws {
        let group = C.Group.vertical(abs_(40, 100), [item(abs_(40, 30))], repeating: 4, spacing: .fixed(5),
                                     insets: C.DirectionalEdgeInsets(top: 2, bottom: 2))
        expectFrames(try frames(group, 5), [r(0, 2, 40, 30), r(0, 37, 40, 30), r(0, 72, 40, 30), r(0, 107, 40, 30), r(0, 102, 40, 30)])
    }

    /// An estimated group length holds the N copies and their spacing.
    @Test func anEstimatedRepeatingGroupIsAsLongAsItsCopies() throws {
        let group = C.Group.vertical(C.LayoutSize(width: .fractionalWidth(1), height: .estimated(100)), [item(abs_(50, 30))],
                                     repeating: 2, spacing: .fixed(5))
        let result = try compositional(C.Section(group: group, interGroupSpacing: 10), counts: [4], width: 200)
        expectFrames(try result.allFrames, [r(0, 0, 50, 30), r(0, 35, 50, 30), r(0, 75, 50, 30), r(0, 110, 50, 30)])
        #expect(result.contentSize == s(200, 140))
    }

    @Test func aRepeatingGroupNeedsOneCountAndNoCountGroup() throws {
        let cell = item(abs_(10, 10))
        #expect(throws: LayoutError("a compositional repeating group needs a repeat count from 1 to 1,000,000, got 0")) {
            _ = try frames(.horizontal(abs_(100, 10), [cell], repeating: 0), 1)
        }
        #expect(throws: LayoutError("a compositional repeating group needs either `repeating` or `count`, got both")) {
            _ = try frames(.horizontal(abs_(100, 10), [cell], count: 2, repeating: 2), 1)
        }
        // Several subitems: refused (the first alone was repeated before), as Lua refuses them.
        let two = C.Group.horizontal(abs_(100, 10), [cell, item(abs_(20, 10))], repeating: 2)
        #expect(throws: LayoutError("a compositional repeating group needs exactly one subitem (an item or a group) to repeat, got 2")) {
            _ = try frames(two, 1)
        }
        #expect(throws: LayoutError("a compositional repeating group needs exactly one subitem (an item or a group) to repeat, got 2")) {
            try two.checkRepeating()
        }
    }

    @Test func countGroupsShareTheLengthEquallyAfterSpacingAndGroupInsets() throws {
        let group = C.Group.horizontal(abs_(340, 60), [item(C.LayoutSize(width: .absolute(999), height: .fractionalHeight(1)))],
                                       count: 3, spacing: .fixed(10), insets: C.DirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10))
        expectFrames(try frames(group, 4), [r(10, 5, 100, 50), r(120, 5, 100, 50), r(230, 5, 100, 50), r(10, 65, 100, 50)])
        let vertical = C.Group.vertical(abs_(50, 100), [item(abs_(50, 1))], count: 2, spacing: .fixed(20))
        expectFrames(try frames(vertical, 2), [r(0, 0, 50, 40), r(0, 60, 50, 40)])
    }

    @Test func groupInsetsShrinkTheContainerChildrenAreResolvedIn() throws {
        let group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(100)),
                                       [item(C.LayoutSize(width: .fractionalWidth(0.5), height: .fractionalHeight(1)))],
                                       insets: C.DirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20))
        expectFrames(try frames(group, 2, width: 240), [r(20, 10, 100, 80), r(120, 10, 100, 80)])
    }

    /// Insets are points, as UIKit's are, however small: 0.5 is half a point, never half the
    /// container (which used to shrink a cell to nothing without a word).
    @Test func insetsBelowOneArePoints() throws {
        let group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(44)),
                                       [item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))])
        let section = C.Section(group: group, contentInsets: C.DirectionalEdgeInsets(top: 0.5, leading: 0.25, bottom: 4, trailing: 0.75))
        let result = try compositional(section, counts: [2], width: 400)
        expectFrames(try result.allFrames, [r(0.25, 0.5, 399, 44), r(0.25, 44.5, 399, 44)])
        #expect(result.contentSize == s(400, 92.5))
        let inset = C.Group.horizontal(abs_(80, 40), [item(abs_(80, 40), insets: C.DirectionalEdgeInsets(all: 0.5))])
        expectFrames(try frames(inset, 1), [r(0.5, 0.5, 79, 39)])
    }

    /// Fractions only when asked for (`Insets.fractional`, Lua's "15%"): of the collection for a
    /// section (0.15 of 400 is 60; 0.5 of 812 is 406), of the item's own slot for an item.
    @Test func fractionalInsetsAreFractionsOfTheContainer() throws {
        let group = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(44)),
                                       [item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))])
        var insets = C.DirectionalEdgeInsets.fractional(top: 0.5, leading: 0.15, trailing: 0.15)
        insets.bottom = 4   // a point edge among fractional ones
        insets.fractionalEdges.remove(.bottom)
        let result = try compositional(C.Section(group: group, contentInsets: insets), counts: [2], width: 400)
        expectFrames(try result.allFrames, [r(60, 406, 280, 44), r(60, 450, 280, 44)])
        #expect(result.contentSize == s(400, 498))
        let inset = C.Group.horizontal(abs_(80, 40), [item(abs_(80, 40), insets: .fractional(top: 0.25, leading: 0.25, bottom: 0.25, trailing: 0.25))])
        expectFrames(try frames(inset, 1), [r(20, 10, 40, 20)])
    }

    @Test func flexibleCrossEdgesAlignItemsInTheGroup() throws {
        let tall = C.LayoutSize(width: .absolute(100), height: .absolute(100))
        func placed(_ edges: C.EdgeSpacing) throws -> Rect {
            try frames(.horizontal(tall, [item(abs_(100, 40), edges: edges)]), 1)[0]
        }
        #expect(try placed(C.EdgeSpacing()) == r(0, 0, 100, 40))
        #expect(try placed(C.EdgeSpacing(bottom: .flexible(0))) == r(0, 0, 100, 40))
        #expect(try placed(C.EdgeSpacing(top: .flexible(0))) == r(0, 60, 100, 40))
        #expect(try placed(C.EdgeSpacing(top: .flexible(0), bottom: .flexible(0))) == r(0, 30, 100, 40))
        #expect(try placed(C.EdgeSpacing(top: .fixed(5))) == r(0, 5, 100, 40))
        // Flexible main-axis edges share the leftover with flexible gaps: centred in the group.
        let centred = item(abs_(40, 40), edges: C.EdgeSpacing(leading: .flexible(0), trailing: .flexible(0)))
        expectFrames(try frames(.horizontal(abs_(70, 100), [centred]), 1), [r(15, 0, 40, 40)])
    }

    @Test func nestedGroupsAreSizedInTheirParentAndSpacedLikeItems() throws {
        // A vertical group of two rows; each row holds a wide item and two stacked small ones.
        let small = item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(0.5)))
        let stack = C.Group.vertical(C.LayoutSize(width: .fractionalWidth(0.25), height: .fractionalHeight(1)), [small])
        let row = C.Group.horizontal(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(100)),
                                     [item(C.LayoutSize(width: .fractionalWidth(0.75), height: .fractionalHeight(1))), .group(stack)])
        let outer = C.Group.vertical(C.LayoutSize(width: .fractionalWidth(1), height: .absolute(210)),
                                     [.group(row)], spacing: .fixed(10))
        expectFrames(try frames(outer, 7, width: 400), [
            r(0, 0, 300, 100), r(300, 0, 100, 50), r(300, 50, 100, 50),
            r(0, 110, 300, 100), r(300, 110, 100, 50), r(300, 160, 100, 50),
            r(0, 210, 300, 100),
        ])
    }

    @Test func aCountGroupSizesANestedGroupByItsSlot() throws {
        let inner = C.Group.vertical(C.LayoutSize(width: .absolute(1), height: .fractionalHeight(1)), [item(C.LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(0.5)))])
        let outer = C.Group.horizontal(abs_(200, 80), [.group(inner)], count: 2)
        expectFrames(try frames(outer, 4), [r(0, 0, 100, 40), r(0, 40, 100, 40), r(100, 0, 100, 40), r(100, 40, 100, 40)])
    }

    @Test func repeatingGroupsCycleThroughTheirSubitems() throws {
        let group = C.Group.horizontal(abs_(100, 30), [item(abs_(30, 30)), item(abs_(20, 10))])
        expectFrames(try frames(group, 5), [r(0, 0, 30, 30), r(30, 0, 20, 10), r(50, 0, 30, 30), r(80, 0, 20, 10), r(0, 30, 30, 30)])
    }

    @Test func customGroupsPlaceTheirFramesFromTheGroupOrigin() throws {
        let seen = Recorder<C.CustomGroupEnvironment>()
        let custom = C.Group.custom(abs_(100, 50)) { env in
            seen.append(env)
            return [C.CustomItem(frame: r(0, 0, 10, 10)), C.CustomItem(frame: r(50, 20, 30, 30), zIndex: 3)]
        }
        let group = C.Group(size: abs_(300, 50), arrangement: .horizontal, subitems: [.group(custom)], contentInsets: C.DirectionalEdgeInsets(leading: 10))
        expectFrames(try frames(group, 5), [r(10, 0, 10, 10), r(60, 20, 30, 30), r(110, 0, 10, 10), r(160, 20, 30, 30), r(10, 50, 10, 10)])
        // Called for each copy of the custom group in the template (two fit in 290 points).
        #expect(seen.values.map(\.contentSize) == [s(100, 50), s(100, 50)])
    }

    @Test func groupsThatCannotHoldItemsAreErrorsNotHangs() {
        #expect(throws: LayoutError("a compositional group's subitems take no length along its axis, so it would repeat them forever")) {
            try frames(.horizontal(abs_(100, 10), [item(abs_(0, 10))]), 3)
        }
        #expect(throws: LayoutError("a compositional group needs at least one subitem")) {
            try frames(.horizontal(abs_(100, 10), []), 3)
        }
        #expect(throws: LayoutError("a compositional section's group holds no items, so its 3 items have no place")) {
            try frames(.custom(abs_(100, 10)) { _ in [] }, 3)
        }
        // The same refusals as cases with their values.
        func problem(_ body: () throws -> Void) -> LayoutError.GroupProblem? {
            do { try body() } catch let LayoutError.unsolvableGroup(problem) { return problem } catch {}
            return nil
        }
        #expect(problem { _ = try frames(.horizontal(abs_(100, 10), [item(abs_(0, 10))]), 3) } == .noLength)
        #expect(problem { _ = try frames(.horizontal(abs_(100, 10), []), 3) } == .noSubitems)
        #expect(problem { _ = try frames(.custom(abs_(100, 10)) { _ in [] }, 3) } == .holdsNoItems(items: 3))
    }

    @Test func anItemLongerThanItsGroupStillGetsAGroupOfItsOwn() throws {
        expectFrames(try frames(.horizontal(abs_(100, 10), [item(abs_(150, 10))]), 2), [r(0, 0, 150, 10), r(0, 10, 150, 10)])
    }
}
