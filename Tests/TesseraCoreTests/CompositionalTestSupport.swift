import Testing
@_spi(Testing) @testable import TesseraCore

typealias C = Compositional

func abs_(_ w: Double, _ h: Double) -> C.LayoutSize { C.LayoutSize(width: .absolute(w), height: .absolute(h)) }
func item(_ size: C.LayoutSize, insets: C.DirectionalEdgeInsets = .zero, edges: C.EdgeSpacing = .none) -> C.Subitem {
    .item(C.Item(size: size, contentInsets: insets, edgeSpacing: edges))
}

/// Lays out `counts` sections (items of any size) in a `width × height` collection.
func compositional(_ section: C.Section, counts: [Int], width: Double = 375, height: Double = 812,
                   configuration: C.Configuration = .init()) throws -> CompositionalResult {
    try CompositionalLayout(section: section, configuration: configuration)
        .solve(sectionedContext(counts, in: s(width, height)))
}

/// A context of `counts.count` sections with that many items each (ids "s-i").
func sectionedContext(_ counts: [Int], in collection: Size) -> LayoutContext {
    var items: [Item] = [], sections: [Dataset.Section] = []
    for (s, n) in counts.enumerated() {
        sections.append(Dataset.Section(id: .string("s\(s)"), range: items.count..<(items.count + n)))
        items += (0..<n).map { Item(id: .string("\(s)-\($0)")) }
    }
    return LayoutContext(dataset: Dataset(items: items, sections: sections), collectionSize: collection,
                         sizing: ItemSizing(rule: .fill))
}

/// Frames compared as a whole (one expectation, its own line in the failure).
func expectFrames(_ got: [Rect], _ want: [Rect], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(got == want, sourceLocation: sourceLocation)
}

extension LayoutElement {
    /// The element as a compositional group of depth `level` hosts it (1: a section's group).
    func hosted(byGroupAt level: Int) -> LayoutElement {
        var e = self
        e.groupLevel = level
        return e
    }
}
