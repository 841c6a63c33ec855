import Testing
@testable import TesseraCore

/// `Dataset(sections:)`: sections given as ids and their items make the dataset whose section
/// ranges a caller would otherwise count by hand.
@Suite struct DatasetGroupedTests {
    let a = Item(id: "a", size: Size(width: 10, height: 20)), b = Item(id: "b", fields: ["title": "B"])
    let c = Item(id: 3, size: Size(width: 5, height: 5))

    @Test func sectionsAreCountedInOrder() throws {
        let grouped = Dataset(sections: [(id: "first", items: [a, b]), (id: "empty", items: []), (id: "last", items: [c])],
                              metadata: ["source": "test"], sourceName: "grouped")
        let spelled = Dataset(items: [a, b, c], sections: [Dataset.Section(id: "first", range: 0..<2),
                                                          Dataset.Section(id: "empty", range: 2..<2),
                                                          Dataset.Section(id: "last", range: 2..<3)],
                              metadata: ["source": "test"], sourceName: "grouped")
        #expect(grouped.items == spelled.items)
        #expect(grouped.sections == spelled.sections)
        #expect(grouped.metadata == spelled.metadata && grouped.sourceName == "grouped")
        // Laid out like the same data from a file: a header per section, items in section order.
        let context = LayoutContext(dataset: grouped)
        #expect(context.sections.map(\.range) == [0..<2, 2..<2, 2..<3])
    }

    @Test func noSectionsIsOneEmptySection() {
        let empty = Dataset(sections: [])
        #expect(empty.count == 0)
        #expect(empty.sections == Dataset(items: []).sections)
    }
}
