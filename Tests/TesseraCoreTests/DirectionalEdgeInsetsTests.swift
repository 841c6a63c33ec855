import Testing
import TesseraCore

/// The compositional model's insets and spacings read along an axis: the helpers the group and
/// section solvers write their geometry once with, for both axes.
@Suite struct DirectionalEdgeInsetsTests {
    typealias Insets = Compositional.DirectionalEdgeInsets

    let insets = Insets(top: 1, leading: 2, bottom: 4, trailing: 8)

    @Test func leadingTrailingAndTotalAlongAnAxisPickTheEdgesOfThatAxis() {
        #expect(insets.leading(along: .horizontal) == 2)
        #expect(insets.trailing(along: .horizontal) == 8)
        #expect(insets.total(along: .horizontal) == 10)
        #expect(insets.leading(along: .vertical) == 1)
        #expect(insets.trailing(along: .vertical) == 4)
        #expect(insets.total(along: .vertical) == 5)
        #expect(Insets.zero.total(along: .horizontal) == 0 && Insets.zero.total(along: .vertical) == 0)
    }

    @Test func theAxisHelpersReadTheValuesAsGivenEvenForFractionalEdges() {
        // Fractions are multiplied out by `resolved(in:)`, not by the axis helpers.
        let fractional = Insets.fractional(top: 0.1, leading: 0.25)
        #expect(fractional.leading(along: .horizontal) == 0.25)
        #expect(fractional.resolved(in: Size(width: 200, height: 50)).leading(along: .horizontal) == 50)
        #expect(fractional.resolved(in: Size(width: 200, height: 50)).total(along: .vertical) == 5)
    }

    @Test func resolvedMultipliesOutOnlyTheFractionalEdgesEachByItsOwnAxis() {
        let size = Size(width: 200, height: 50)
        // Points stay points, whatever their size: no fractional edge, nothing changes.
        #expect(Insets(top: 0.5, leading: 0.5, bottom: 3, trailing: 4).resolved(in: size)
                == Insets(top: 0.5, leading: 0.5, bottom: 3, trailing: 4))
        // Every edge fractional: top and bottom of the height, leading and trailing of the width.
        #expect(Insets.fractional(top: 0.1, leading: 0.15, bottom: 0.2, trailing: 0.5).resolved(in: size)
                == Insets(top: 5, leading: 30, bottom: 10, trailing: 100))
        // Only the edges listed: the leading is 15 % of the width, the others points.
        let mixed = Insets(top: 0.5, leading: 0.15, bottom: 2, trailing: 0.5, fractionalEdges: [.leading])
        let resolved = mixed.resolved(in: size)
        #expect(resolved == Insets(top: 0.5, leading: 30, bottom: 2, trailing: 0.5))
        // The result is in points: resolving it again changes nothing.
        #expect(resolved.fractionalEdges.isEmpty)
        #expect(resolved.resolved(in: Size(width: 9, height: 9)) == resolved)
    }

    @Test func edgesAreTheBitsTheirDocumentationNames() {
        typealias Edges = Insets.Edges
        #expect(Edges(rawValue: 1) == .top)
        #expect(Edges(rawValue: 2) == .leading)
        #expect(Edges(rawValue: 4) == .bottom)
        #expect(Edges(rawValue: 8) == .trailing)
        #expect(Edges(rawValue: 15) == .all)
        #expect(Edges(rawValue: 5) == [.top, .bottom])
        #expect(Edges.all.rawValue == 15)
        #expect(Edges(rawValue: 0).isEmpty)
        // A fractional trailing edge read from its bits resolves as the named one does.
        let bits = Insets(trailing: 0.5, fractionalEdges: Edges(rawValue: 8))
        #expect(bits.resolved(in: Size(width: 40, height: 10)).trailing == 20)
    }

    @Test func edgeSpacingAlongAnAxisPicksTheEdgesOfThatAxis() {
        typealias Spacing = Compositional.Spacing
        let spacing = Compositional.EdgeSpacing(leading: .fixed(1), top: .flexible(2), trailing: nil, bottom: .fixed(4))
        #expect(spacing.leading(along: .horizontal) == .fixed(1))
        #expect(spacing.trailing(along: .horizontal) == nil)
        #expect(spacing.leading(along: .vertical) == .flexible(2))
        #expect(spacing.trailing(along: .vertical) == .fixed(4))
        #expect(Compositional.EdgeSpacing.none.leading(along: .horizontal) == nil)
        #expect(Compositional.EdgeSpacing.none.trailing(along: .vertical) == nil)
    }

    @Test func aSpacingsMinimumIsItsValueAndFlexibleStaysFlexibleAtZero() {
        typealias Spacing = Compositional.Spacing
        #expect(Spacing.fixed(7).minimum == 7 && !Spacing.fixed(7).isFlexible)
        #expect(Spacing.flexible(3).minimum == 3 && Spacing.flexible(3).isFlexible)
        #expect(Spacing.flexible(0).minimum == 0 && Spacing.flexible(0).isFlexible)
        #expect(Spacing.fixed(0).minimum == 0 && !Spacing.fixed(0).isFlexible)
    }
}
