import Testing
@testable import TesseraCore

/// A layout written as CollectionKit users write one: frames only.
private struct Diagonal: SimpleLayout {
    var step: Double
    var name: String { "diagonal" }
    func frames(_ context: LayoutContext) throws -> [Rect] {
        (0..<context.count).map { Rect(x: step * Double($0), y: step * Double($0), width: step, height: step) }
    }
}

private func context(_ count: Int, sections: [Range<Int>]? = nil) -> LayoutContext {
    LayoutContext(collectionSize: Size(width: 100, height: 100), count: count,
                  sections: sections.map { $0.enumerated().map { Dataset.Section(id: .int($0.offset), range: $0.element) } },
                  item: { _ in nil }, size: { _, _ in Size(width: 10, height: 10) })
}

@Suite struct SimpleLayoutTests {
    @Test func aSimpleLayoutGetsItsResultContentSizeAndIndexFromTheProtocol() throws {
        let result = try Diagonal(step: 10).layout(context(4))
        #expect(result.allFrames == [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 10, width: 10, height: 10),
                                         Rect(x: 20, y: 20, width: 10, height: 10), Rect(x: 30, y: 30, width: 10, height: 10)])
        #expect(result.contentSize == Size(width: 40, height: 40))
        #expect(result.visible(in: Rect(x: 15, y: 15, width: 10, height: 10)) == [1, 2])
    }

    @Test func sectionsComposeASimpleLayoutsFramesWithItsContentSize() throws {
        let layout = SectionsLayout(spacing: 5, header: { _, _ in .init(height: 20) }) { _, _ in Diagonal(step: 10) }
        let result = try layout.layout(context(3, sections: [0..<2, 2..<3]))
        // Section 0: header 0..20, items at y 20 and 30, box height 20 + 20. Section 1 starts at 45.
        #expect(try result.allFrames == [Rect(x: 0, y: 20, width: 10, height: 10), Rect(x: 10, y: 30, width: 10, height: 10),
                                         Rect(x: 0, y: 65, width: 10, height: 10)])
        #expect(result.supplementaries.map(\.frame) == [Rect(x: 0, y: 0, width: 100, height: 20), Rect(x: 0, y: 45, width: 100, height: 20)])
        #expect(result.contentSize == Size(width: 100, height: 75))
    }

    @Test func anInvalidFrameInsideSectionsNamesTheChildLayoutAndItsItem() throws {
        let layout = SectionsLayout { s, _ in s == 1 ? Diagonal(step: .nan) : Diagonal(step: 10) }
        #expect(throws: LayoutError("diagonal layout produced an invalid frame (nan, nan, nan, nan) for item 0; expected \(Rect(x: .nan, y: .nan, width: .nan, height: .nan).frameRequirement)")) {
            try layout.layout(context(3, sections: [0..<2, 2..<3]))
        }
    }
}
