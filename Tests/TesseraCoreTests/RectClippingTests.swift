import Testing
import TesseraCore

/// A rectangle clipped to bounds keeps the part inside them; one outside keeps no area and
/// sits at the nearest edge, so a query clipped to a scroller that is off screen finds nothing.
@Suite struct RectClippingTests {
    @Test func theSharedPartIsKeptAndNothingElse() {
        let bounds = r(10, 20, 100, 50)
        #expect(r(0, 0, 50, 40).clipped(to: bounds) == r(10, 20, 40, 20))
        #expect(r(30, 30, 10, 10).clipped(to: bounds) == r(30, 30, 10, 10))
        #expect(r(-5, -5, 500, 500).clipped(to: bounds) == bounds)
    }

    @Test func aRectangleOutsideKeepsNoAreaAtTheNearestEdge() {
        let bounds = r(10, 20, 100, 50)
        #expect(r(200, 30, 10, 10).clipped(to: bounds) == r(200, 30, 0, 10))
        #expect(r(0, 0, 5, 5).clipped(to: bounds) == r(10, 20, 0, 0))
        #expect(!r(200, 30, 10, 10).clipped(to: bounds).overlapsWithPositiveArea(bounds))
    }
}
