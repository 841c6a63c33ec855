import Testing
import TesseraCore

@Suite struct ScrollStateEdgesTests {
    @Test("the visible area's bottom and right edges: the offset plus the viewport, unbounded without one")
    func edges() {
        let state = ScrollState(contentOffset: Point(x: 30, y: 200), viewportSize: Size(width: 375, height: 812))
        #expect(state.visibleBottom == 1012 && state.visibleRight == 405)
        let unknown = ScrollState(contentOffset: Point(x: 30, y: 200))
        #expect(unknown.visibleBottom == .infinity && unknown.visibleRight == .infinity)
    }
}
