import Testing
import TesseraCore

/// A compositional size resolved in its container, and what a group tells of its own dimensions.
@Suite struct CompositionalDimensionTests {
    typealias Dimension = Compositional.Dimension
    typealias LayoutSize = Compositional.LayoutSize

    let container = Size(width: 200, height: 50)

    @Test func aDimensionResolvesAgainstTheAxisItNamesNotTheAxisItIsOn() {
        #expect(Dimension.absolute(12).resolved(in: container) == 12)
        #expect(Dimension.fractionalWidth(0.5).resolved(in: container) == 100)
        #expect(Dimension.fractionalHeight(0.5).resolved(in: container) == 25)
        // A height that is a fraction of the width (a square cell) reads the width.
        let square = LayoutSize(width: .fractionalWidth(0.25), height: .fractionalWidth(0.25))
        #expect(square.resolved(in: container) == Size(width: 50, height: 50))
        let tall = LayoutSize(width: .fractionalHeight(2), height: .fractionalHeight(1))
        #expect(tall.resolved(in: container) == Size(width: 100, height: 50))
    }

    @Test func anEstimatedDimensionResolvesToItsEstimate() {
        #expect(Dimension.estimated(44).resolved(in: container) == 44)
        #expect(Dimension.uniformAcrossSiblings(estimate: 30).resolved(in: container) == 30)
        #expect(LayoutSize(width: .fractionalWidth(1), height: .estimated(44)).resolved(in: container) == Size(width: 200, height: 44))
    }

    @Test func estimatedAndUniformAreTheMeasuredDimensions() {
        let cases: [(Dimension, estimated: Bool, uniform: Bool)] = [
            (.absolute(1), false, false), (.fractionalWidth(1), false, false), (.fractionalHeight(1), false, false),
            (.estimated(1), true, false), (.uniformAcrossSiblings(estimate: 1), true, true),
        ]
        for (dimension, estimated, uniform) in cases {
            #expect(dimension.isEstimated == estimated, "\(dimension)")
            #expect(dimension.isUniformAcrossSiblings == uniform, "\(dimension)")
        }
    }

    @Test func dimensionAlongAnAxisIsTheWidthHorizontallyAndTheHeightVertically() {
        let size = LayoutSize(width: .absolute(3), height: .estimated(4))
        #expect(size.dimension(along: .horizontal) == .absolute(3))
        #expect(size.dimension(along: .vertical) == .estimated(4))
        #expect(Axis.horizontal.cross == .vertical && Axis.vertical.cross == .horizontal)
        #expect(size.dimension(along: Axis.horizontal.cross) == .estimated(4))
    }

    @Test func aGroupHasAnEstimatedDimensionWhenItOrAnythingNestedInItHasOne() {
        typealias Group = Compositional.Group
        let fixed = LayoutSize(width: .absolute(10), height: .absolute(10))
        let leaf = Compositional.Subitem.item(Compositional.Item(size: fixed))
        let measured = Compositional.Subitem.item(Compositional.Item(size: LayoutSize(width: .absolute(10), height: .estimated(10))))
        #expect(!Group.horizontal(fixed, [leaf]).hasEstimatedDimension)
        #expect(Group.horizontal(LayoutSize(width: .uniformAcrossSiblings(estimate: 5), height: .absolute(1)), [leaf]).hasEstimatedDimension)
        #expect(Group.vertical(fixed, [leaf, measured]).hasEstimatedDimension)
        // Two levels down.
        let inner = Group.vertical(fixed, [measured])
        #expect(Group.horizontal(fixed, [leaf, .group(Group.horizontal(fixed, [.group(inner)]))]).hasEstimatedDimension)
        #expect(!Group.horizontal(fixed, [.group(Group.vertical(fixed, [leaf]))]).hasEstimatedDimension)
        // A custom group has no subitems: only its own size counts.
        #expect(!Group.custom(fixed) { _ in [] }.hasEstimatedDimension)
    }

    @Test func aGroupsAxisIsItsArrangementsAndACustomGroupHasNone() {
        typealias Group = Compositional.Group
        let fixed = LayoutSize(width: .absolute(10), height: .absolute(10))
        let leaf = Compositional.Subitem.item(Compositional.Item(size: fixed))
        #expect(Group.horizontal(fixed, [leaf]).axis == .horizontal)
        #expect(Group.vertical(fixed, [leaf]).axis == .vertical)
        #expect(Group.custom(fixed) { _ in [] }.axis == nil)
    }

    @Test func aSubitemsEdgeSpacingIsItsItemsOrItsGroups() {
        typealias Group = Compositional.Group
        let fixed = LayoutSize(width: .absolute(10), height: .absolute(10))
        let itemSpacing = Compositional.EdgeSpacing(leading: .fixed(3))
        let groupSpacing = Compositional.EdgeSpacing(top: .flexible(4))
        let item = Compositional.Subitem.item(Compositional.Item(size: fixed, edgeSpacing: itemSpacing))
        let group = Compositional.Subitem.group(Group.custom(fixed, edgeSpacing: groupSpacing) { _ in [] })
        #expect(item.edgeSpacing == itemSpacing)
        #expect(group.edgeSpacing == groupSpacing)
    }

    @Test func aRepeatingGroupMayHoldExactlyMaxLeavesCopiesAndNoMore() throws {
        typealias Group = Compositional.Group
        let leaf = Compositional.Subitem.item(Compositional.Item(size: LayoutSize(width: .absolute(1), height: .absolute(1))))
        let size = LayoutSize(width: .absolute(1), height: .absolute(1))
        #expect(Group.maxLeaves == 1_000_000)
        try Group.horizontal(size, [leaf], repeating: Group.maxLeaves).checkRepeating()
        #expect(throws: LayoutError("a compositional repeating group needs a repeat count from 1 to 1,000,000, got 1000001")) {
            try Group.horizontal(size, [leaf], repeating: Group.maxLeaves + 1).checkRepeating()
        }
    }
}
