import Testing
@testable import TesseraCore

/// Each section of a sections layout is laid out in a context of that one section: an empty
/// section next to it is not part of its slice (a range alone cannot tell whose it is), so a
/// sections layout nested in another, or a provider per dataset section, lays every section
/// out once.
@Suite struct NestedSectionSliceTests {
    /// Sections "a" (items 0, 1), "empty" and "b" (items 2..4), 10x10 items in a 30-wide container.
    let context = LayoutContext(dataset: sectionsWithAnEmptyOne(), collectionSize: s(30, 100), sizing: ItemSizing(rule: .intrinsic))

    /// The inner layout of every outer section: a sections layout of flows that records which
    /// section it was asked for.
    func inner(_ calls: Recorder<String>) -> SectionsLayout {
        SectionsLayout { index, section, _ in
            calls.append("\(index) \(section?.id.description ?? "-")")
            return FlowLayout()
        }
    }

    @Test func aNestedSectionsLayoutAsksForEachSectionOnce() throws {
        let calls = Recorder<String>()
        let inner = inner(calls)
        let nested = try SectionsLayout { _, _ in inner }.layout(context)
        // It asked for "empty" three times: with a, on its own and with b.
        #expect(calls.values == ["0 a", "0 empty", "0 b"])
        #expect(nested.sectionRanges == [0..<2, 2..<2, 2..<5])
        // The frames are the ones the nesting gave before, and the flat layout's.
        let frames = [r(0, 0, 10, 10), r(10, 0, 10, 10), r(0, 10, 10, 10), r(10, 10, 10, 10), r(20, 10, 10, 10)]
        expectFrames(try nested.allFrames, frames)
        #expect(nested.contentSize == s(30, 20))
        expectFrames(try SectionsLayout { _, _ in FlowLayout() }.layout(context).allFrames, frames)
    }

    /// A section's slice is that section alone, with its id and fields, whatever sits next to it.
    @Test func aSectionsSliceIsThatSectionAlone() {
        let sliced = (0..<3).map { context.slice(section: $0) }
        #expect(sliced.map(\.sections) == [[Dataset.Section(id: "a", range: 0..<2)], [Dataset.Section(id: "empty", range: 0..<0)],
                                           [Dataset.Section(id: "b", range: 0..<3)]])
        #expect(sliced.map(\.count) == [2, 0, 3])
        #expect(sliced[2].identifier(at: 0) == 2)
        // A slice of a range still takes the empty sections at its edges.
        #expect(context.slice(0..<2).sections.map(\.id) == ["a", "empty"])
    }

    /// A provider per dataset section, composed, lays each section out once: its source is that
    /// section alone.
    @Test func aComposedProviderOfOneProviderPerSectionAsksForEachSectionOnce() throws {
        let dataset = sectionsWithAnEmptyOne(), calls = Recorder<String>()
        let children = dataset.sections.map { section in
            BasicProvider(data: ItemSource(dataset: dataset, section: section), layout: inner(calls), size: .rule(ItemSizing(rule: .intrinsic)))
        }
        let engine = CollectionEngine(provider: ComposedProvider(sections: children), viewport: s(30, 100))
        _ = try engine.layout()
        #expect(calls.values == ["0 a", "0 empty", "0 b"])
        #expect(children.map { $0.sectionID(ofSection: 0) } == ["a", "empty", "b"])
        #expect(children.map { $0.sectionID(ofSection: 1) } == [nil, nil, nil])
        let frames: [Rect?] = [r(0, 0, 10, 10), r(10, 0, 10, 10), r(0, 10, 10, 10), r(10, 10, 10, 10), r(20, 10, 10, 10)]
        #expect(try (0..<5).map { try engine.frame(at: $0) } == frames)
    }
}
