import TesseraCore

/// Sections in two columns that stack independently (UICollectionViewSplitLayout): "news" on the
/// left, the other sections on the right, each under a 30-point header; the "ads" section has a
/// wider inset of its own. Returns each item's id and frame, then the content size.
public func splitColumns() throws -> [String] {
    let dataset = Dataset(sections: [
        (id: "news", items: [Item(id: "n1", size: Size(width: 160, height: 80)),
                             Item(id: "n2", size: Size(width: 160, height: 120))]),
        (id: "ads", items: [Item(id: "a1", size: Size(width: 100, height: 60))]),
        (id: "weather", items: [Item(id: "w1", size: Size(width: 160, height: 50))]),
    ])
    let layout = SplitLayout(
        leftSideRatio: 0.5, splitSpacing: 15, minimumItemLineSpacing: 10, sectionInset: EdgeInsets(all: 5),
        side: { _, section in section.id == "news" ? .left : .right },
        sectionOverrides: { _, section in
            SplitSectionOverrides(sectionInset: section.id == "ads" ? EdgeInsets(all: 20) : nil)
        },
        header: { _, _ in SectionBoundary(height: 30) })
    let result = try layout.layout(LayoutContext(dataset: dataset))    // a 375 × 812 viewport
    return try (0..<result.count).map { "\(dataset.id(at: $0)) \(try result.frame(at: $0))" }
        + ["content \(result.contentSize)"]
}
