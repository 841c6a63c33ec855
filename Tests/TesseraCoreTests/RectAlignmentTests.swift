import Testing
import TesseraCore

/// Where a supplementary sits on its host: an alignment's fractions, an anchor offset in points,
/// and a badge's frame on its cell.
@Suite struct RectAlignmentTests {
    typealias Alignment = Compositional.RectAlignment

    @Test func theFractionAlongAnAxisIsZeroAtTheNamedLowEdgeOneAtTheHighAndAHalfOtherwise() {
        let expected: [(Alignment, x: Double, y: Double)] = [
            (.none, 0.5, 0.5), (.top, 0.5, 0), (.topLeading, 0, 0), (.leading, 0, 0.5), (.bottomLeading, 0, 1),
            (.bottom, 0.5, 1), (.bottomTrailing, 1, 1), (.trailing, 1, 0.5), (.topTrailing, 1, 0),
        ]
        #expect(expected.map(\.0) == Alignment.allCases)
        for (alignment, x, y) in expected {
            #expect(alignment.fraction(along: .horizontal) == x, "\(alignment)")
            #expect(alignment.fraction(along: .vertical) == y, "\(alignment)")
        }
    }

    @Test func anAnchorOffsetInPointsIgnoresTheSizeAndAFractionalOneScalesEachAxisByIt() {
        typealias Offset = Compositional.AnchorOffset
        let size = Size(width: 20, height: 10)
        #expect(Offset.absolute(Point(x: 3, y: -4)).points(for: size) == Point(x: 3, y: -4))
        #expect(Offset.fractional(Point(x: 0.5, y: -0.5)).points(for: size) == Point(x: 10, y: -5))
        #expect(Offset.zero.points(for: size) == .zero)
        #expect(Offset.fractional(Point(x: 1, y: 1)).points(for: .zero) == .zero)
    }

    @Test func aBadgeSitsInsideItsHostFlushWithTheNamedEdgesWhenBothAnchorsAgree() {
        let host = Rect(x: 100, y: 40, width: 80, height: 60)
        func badge(_ anchor: Alignment) -> Compositional.ItemSupplementary {
            Compositional.ItemSupplementary(kind: "badge", size: Compositional.LayoutSize(width: .absolute(20), height: .absolute(10)),
                                            containerAnchor: anchor)
        }
        #expect(badge(.topTrailing).frame(on: host) == Rect(x: 160, y: 40, width: 20, height: 10))
        #expect(badge(.bottomLeading).frame(on: host) == Rect(x: 100, y: 90, width: 20, height: 10))
        #expect(badge(.none).frame(on: host) == Rect(x: 130, y: 65, width: 20, height: 10))
    }

    @Test func aBadgeWithItsOwnAnchorAndAFractionalOffsetStraddlesTheCorner() {
        // UIKit's classic badge: its centre on the host's top-trailing corner, then moved by half
        // its own width to the right.
        let host = Rect(x: 0, y: 0, width: 100, height: 100)
        let badge = Compositional.ItemSupplementary(
            kind: "badge", size: Compositional.LayoutSize(width: .fractionalWidth(0.2), height: .fractionalHeight(0.1)),
            containerAnchor: .topTrailing, itemAnchor: Alignment.none, offset: .fractional(Point(x: 0.5, y: 0)))
        // Sized in its host: 20 x 10; centred on (100, 0) is (90, -5); moved 10 right.
        #expect(badge.frame(on: host) == Rect(x: 100, y: -5, width: 20, height: 10))
        let moved = Compositional.ItemSupplementary(
            kind: "badge", size: Compositional.LayoutSize(width: .absolute(20), height: .absolute(10)),
            containerAnchor: .bottom, itemAnchor: .top, offset: .absolute(Point(x: 1, y: 2)))
        // Hangs below the host, centred horizontally.
        #expect(moved.frame(on: host) == Rect(x: 41, y: 102, width: 20, height: 10))
    }
}
