import Testing
@testable import TesseraCore
@testable import tessera

@Suite("ReplayedLayout")
struct ReplayedLayoutTests {
    let cell = Size(width: 10, height: 10)

    /// A result laid out for `count` items by the flow layout.
    func flow(_ count: Int) throws -> FramesResult {
        try FlowLayout().layout(LayoutContext(collectionSize: .defaultViewport, sizes: Array(repeating: cell, count: count)))
    }

    @Test func givesItsResultForTheItemsItWasLaidOutFor() throws {
        let result = try flow(3)
        let replayed = try ReplayedLayout(result: result, name: "flow").layout(
            LayoutContext(collectionSize: .defaultViewport, sizes: Array(repeating: cell, count: 3)))
        #expect(try (0..<3).map { try replayed.frame(at: $0) } == (0..<3).map { try result.frame(at: $0) })
    }

    @Test func otherCountsAreRefusedWithBothCountsGrouped() throws {
        let replayed = ReplayedLayout(result: try flow(1_500), name: "flow")
        #expect {
            _ = try replayed.layout(LayoutContext(collectionSize: .defaultViewport, sizes: Array(repeating: cell, count: 1_000)))
        } throws: { "\($0)" == "flow layout laid out for 1,500 items, asked for 1,000" }
        let one = ReplayedLayout(result: try flow(1), name: "flow")
        #expect {
            _ = try one.layout(LayoutContext(collectionSize: .defaultViewport, sizes: Array(repeating: cell, count: 2)))
        } throws: { "\($0)" == "flow layout laid out for 1 item, asked for 2" }
    }
}
