import Testing
import TesseraCore

/// A dataset's sections tile its items in order, however they are given.
@Suite struct DatasetSectionsTests {
    static func items(_ n: Int) -> [Item] { (0..<n).map { Item(id: .int($0), fields: ["w": .int(10), "h": .int(10)]) } }

    @Test func sectionsAssignedWholeAreKept() {
        var data = Dataset(items: Self.items(5))
        data.sections = [Dataset.Section(id: .string("a"), range: 0..<2), Dataset.Section(id: .string("b"), range: 2..<5)]
        #expect(data.sections.map(\.id) == [.string("a"), .string("b")])
        #expect(data.sections.map(\.range) == [0..<2, 2..<5])
    }

    /// Sections that reach past the items stop the program at the assignment, naming what is
    /// wrong, instead of a layout reading items that are not there later.
    @Test func sectionsPastTheItemsStopAtTheAssignment() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var data = Dataset(items: Self.items(5))
            data.sections = [Dataset.Section(id: .int(0), range: 0..<2), Dataset.Section(id: .int(1), range: 2..<500)]
        } .map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("Dataset.sections: the sections do not tile the 5 items in order (they end at 500); Dataset(validating:) throws instead"))
        }
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var data = Dataset(items: Self.items(5))
            data.sections = [Dataset.Section(id: .int(0), range: 0..<2), Dataset.Section(id: .int(1), range: 3..<5)]
        } .map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("Dataset.sections: the sections do not tile the 5 items in order (section 1 starts at 3, not 2)"))
        }
    }
}
