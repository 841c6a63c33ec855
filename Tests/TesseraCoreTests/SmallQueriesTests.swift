import Testing
import TesseraCore

/// Small public queries a host or a layout of its own reads: a pin edge's axis and end, whether an
/// animation event's view is on screen, and a context re-sized or re-sectioned.
@Suite struct SmallQueriesTests {
    @Test("a pin edge's axis and end")
    func pinEdges() {
        let edges: [LayoutElement.PinEdge] = [.top, .bottom, .left, .right]
        #expect(edges.map(\.isAlongX) == [false, false, true, true])
        #expect(edges.map(\.sticksToStart) == [true, false, true, false])
    }

    @Test("an event's view is on screen when its frame shares area with the visible frame")
    func onScreen() {
        let visible = Rect(x: 0, y: 100, width: 100, height: 100)
        func event(_ frame: Rect) -> AnimationEvent {
            AnimationEvent(kind: .insert, index: 0, id: "a", view: 0, frame: frame, oldFrame: nil, visibleFrame: visible, velocity: .zero)
        }
        #expect(event(Rect(x: 0, y: 150, width: 10, height: 10)).isOnScreen)
        #expect(event(Rect(x: 0, y: 195, width: 10, height: 10)).isOnScreen)
        #expect(!event(Rect(x: 0, y: 200, width: 10, height: 10)).isOnScreen, "touching the bottom edge is off screen")
        #expect(!event(Rect(x: 0, y: 150, width: 0, height: 10)).isOnScreen, "no area")
    }

    @Test("a context in another container, or with other sections, keeps its items")
    func contextCopies() throws {
        let dataset = Dataset(items: (0..<3).map { Item(id: .int($0), size: Size(width: 10, height: 10)) })
        let context = LayoutContext(dataset: dataset, collectionSize: Size(width: 100, height: 200))
        let narrow = context.with(collectionSize: Size(width: 25, height: 200))
        #expect(narrow.collectionSize == Size(width: 25, height: 200) && context.collectionSize.width == 100)
        #expect(narrow.count == 3)
        let split = context.with(sections: [Dataset.Section(id: "a", range: 0..<1), Dataset.Section(id: "b", range: 1..<3)])
        #expect(split.sections.map(\.range) == [0..<1, 1..<3])
        #expect(context.sections.map(\.range) == [0..<3])
        #expect(try FlowLayout().layout(narrow).allFrames.map(\.minY) == [0, 0, 10], "two items fit on a 25-point line")
    }
}
