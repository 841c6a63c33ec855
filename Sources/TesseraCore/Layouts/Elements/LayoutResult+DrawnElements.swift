extension LayoutResult {
    /// Every supplementary and decoration as drawn for `scroll`, wherever it is: a pinned one at
    /// its pinned place, a badge of a sideways section moved by its section's offset, the others
    /// at rest. Where an element that left the visible area went, or where one that entered it
    /// was, so that it moves rather than appears or vanishes. O(m) for m elements.
    package func drawnElements(scroll: ScrollState) -> [LayoutElement] {
        let sideways = Set(orthogonalSections.map(\.section))
        return zip(elements, pinLimits).map { element, limit in
            var e = element
            if e.pinned, let limit {
                e.frame = Pinning.frame(e.frame, edge: e.pinEdge, scroll: scroll, limit: limit)
            } else if e.index != nil, sideways.contains(e.section) {
                let o = scroll.offset(ofSection: e.section)
                e.frame = e.frame.offsetBy(dx: -o.x, dy: -o.y)
            }
            return e
        }
    }
}
