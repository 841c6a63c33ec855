import TesseraCore

/// The sections a picture outlines: each non-empty section of the dataset with the bounding box
/// of its items' resting frames and its title (the section's `title` field, else its id).
/// An orthogonal section's box is cut to its scroller (what it shows; its content runs on far
/// beyond). Empty when the dataset has a single section, which needs no boundary.
/// - Complexity: O(n) over the items.
struct SectionBoxes {
    struct Box {
        var section: Int
        var title: String
        var frame: Rect
    }

    var boxes: [Box] = []

    init(run: LayoutRun) throws {
        let sections = run.dataset.sections
        guard sections.count > 1 else { return }
        let scrollers = Dictionary(run.result.orthogonalSections.map { ($0.section, $0.frame) }, uniquingKeysWith: { a, _ in a })
        for (s, section) in sections.enumerated() {
            let range = section.range.clamped(to: 0..<run.result.count)
            guard let first = range.first else { continue }
            var box = try run.result.frame(at: first)
            for i in range.dropFirst() { box = box.union(try run.result.frame(at: i)) }
            if let scroller = scrollers[s] { box = box.intersection(scroller) }
            let title = section.fields["title"]?.string ?? section.id.description
            boxes.append(Box(section: s, title: title, frame: box))
        }
    }
}
