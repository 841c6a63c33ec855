import TesseraCore

/// The sections a picture outlines: each non-empty section of the dataset with the bounding box
/// of its items' resting frames and its title (the section's `title` field, else its id).
/// An orthogonal section's box is cut to its scroller (what it shows; its content runs on far
/// beyond). Empty when the dataset has a single section, which needs no boundary.
/// A section whose own header or footer is labelled with its title (`titledBySupplementary`)
/// needs no second label on its box: pictures write it once, on the header.
/// - Complexity: O(n) over the items.
struct SectionBoxes {
    struct Box {
        var section: Int
        var title: String
        var frame: Rect
        /// One of the section's own supplementaries (not a badge, not a layout-wide one) exists,
        /// and pictures label it with `title`.
        var titledBySupplementary: Bool
    }

    /// What pictures call a section: its `title` field, else its id, with bidirectional
    /// formatting characters shown as escapes, as item labels show them.
    static func title(of section: Dataset.Section) -> String {
        bidiControlsShown(section.fields["title"]?.string ?? section.id.description)
    }

    /// Whether pictures label `element` with its section's title: a section's own header or footer.
    static func showsSectionTitle(_ element: LayoutElement) -> Bool {
        element.category == .supplementary && element.index == nil && !element.isGlobal
    }

    /// The text pictures write on `element`: the label its layout gave, else its section's title
    /// for a section's own header or footer (nil for others: they show their kind).
    static func label(of element: LayoutElement, sections: [Dataset.Section]) -> String? {
        if let label = element.label { return bidiControlsShown(label) }
        guard showsSectionTitle(element), sections.indices.contains(element.section) else { return nil }
        return title(of: sections[element.section])
    }

    var boxes: [Box] = []

    init(run: LayoutRun) throws {
        let sections = run.dataset.sections
        guard sections.count > 1 else { return }
        let headed = Set(run.result.elements.lazy.filter(Self.showsSectionTitle).map(\.section))
        let scrollers = Dictionary(run.result.orthogonalSections.map { ($0.section, $0.frame) }, uniquingKeysWith: { a, _ in a })
        for (s, section) in sections.enumerated() {
            let range = section.range.clamped(to: 0..<run.result.count)
            guard let first = range.first else { continue }
            var box = try run.result.frame(at: first)
            for i in range.dropFirst() { box = box.union(try run.result.frame(at: i)) }
            if let scroller = scrollers[s] { box = box.intersection(scroller) }
            boxes.append(Box(section: s, title: Self.title(of: section), frame: box, titledBySupplementary: headed.contains(s)))
        }
    }
}
