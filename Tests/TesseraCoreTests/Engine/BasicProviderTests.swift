import Testing
import TesseraCore

/// A basic provider's own answers: the kind of an item, the id of its layout's sections, and
/// its taps.
@Suite struct BasicProviderTests {
    let dataset = Dataset(items: (0..<6).map { Item(id: .string("i\($0)"), size: Size(width: 10, height: 10)) },
                          sections: [Dataset.Section(id: "a", range: 0..<2), Dataset.Section(id: "b", range: 2..<5),
                                     Dataset.Section(id: 7, range: 5..<6)])

    @Test func aWholeDatasetsSectionsAreItsLayoutsSections() {
        let provider = BasicProvider(data: ItemSource(dataset: dataset))
        #expect((0..<4).map(provider.sectionID(ofSection:)) == ["a", "b", 7, nil])
        #expect(provider.sectionID(ofSection: -1) == nil)
    }

    @Test func aRangeOfADatasetHasTheSectionsWithinItElseOneNamedForItsFirstItemsSection() {
        // Items 2..<6 are sections b and 7 whole.
        let whole = BasicProvider(data: ItemSource(dataset: dataset, range: 2..<6))
        #expect((0..<3).map(whole.sectionID(ofSection:)) == ["b", 7, nil])
        // Items 1..<4 cut through a and b: one section, a's, the section of item 1.
        let cut = BasicProvider(data: ItemSource(dataset: dataset, range: 1..<4))
        #expect((0..<2).map(cut.sectionID(ofSection:)) == ["a", nil])
    }

    @Test func theSourcesOwnSectionsWinAndNoSectionsGiveNoID() {
        var source = ItemSource(dataset: dataset)
        source.sections = [Dataset.Section(id: "own", range: 0..<6)]
        #expect(BasicProvider(data: source).sectionID(ofSection: 0) == "own")
        #expect(BasicProvider(data: source).sectionID(ofSection: 1) == nil)
        #expect(BasicProvider(data: ItemSource(values: [1, 2])).sectionID(ofSection: 0) == nil)
        // A dataset given no sections has one, id 0.
        #expect(BasicProvider(data: ItemSource(dataset: Dataset(items: [Item(id: "x")]))).sectionID(ofSection: 0) == 0)
    }

    @Test func anItemsKindIsItsRegistrationsAndTapsReachTheHandlers() throws {
        var taps: [String] = []
        let provider = BasicProvider(data: ItemSource(values: [1, 2, 3]),
                                     view: ViewRegistration(kinds: [.init("first", when: { $0 == 0 }), .init("rest")]),
                                     tap: { taps.append("item \($0)") })
        #expect(try (0..<3).map(provider.kind(at:)) == ["first", "rest", "rest"])
        try provider.didTap(at: 2)
        let header = LayoutElement.supplementary("header", section: 1, frame: Rect(x: 0, y: 0, width: 1, height: 1))
        try provider.didTap(header, localSection: 1)   // no element handler: nothing
        provider.tapElement = { element, section in taps.append("\(element.kind) \(section)") }
        try provider.didTap(header, localSection: 1)
        #expect(taps == ["item 2", "header 1"])
    }
}
