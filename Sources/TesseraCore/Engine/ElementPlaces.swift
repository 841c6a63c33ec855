/// A tree's supplementaries and decorations as drawn for one scroll state, found by what they
/// are drawn for: where a header, badge or background that left the visible area went, or where
/// one that entered it was, so that one whose data is still there moves instead of being deleted
/// or inserted. Built at most once per pass, and only when such an element leaves or enters. O(m).
struct ElementPlaces {
    /// What an element is drawn for: its category, kind, section and item (a badge's; nil for
    /// a section's or the layout's element).
    struct Place: Hashable {
        var category: ElementCategory
        var kind: String
        var section: Int
        var index: Int?

        /// The place of a view's element key.
        init(_ key: ElementKey) {
            self.init(category: key.category, kind: key.kind, section: key.section, index: key.index)
        }

        init(category: ElementCategory, kind: String, section: Int, index: Int?) {
            self.category = category; self.kind = kind; self.section = section; self.index = index
        }
    }

    private let elements: [LayoutElement]
    /// Positions in `elements` by place, in the result's order.
    private var byPlace: [Place: [Int]] = [:]
    /// Positions of the elements anchored to no item, by category and kind (section 0).
    private var unanchoredByKind: [Place: [Int]] = [:]

    /// The elements of `result` as drawn for `scroll`.
    init(_ result: any LayoutResult, scroll: ScrollState) {
        elements = result.drawnElements(scroll: scroll)
        for (k, e) in elements.enumerated() {
            byPlace[Place(category: e.category, kind: e.kind, section: e.section, index: e.index), default: []].append(k)
            if e.index == nil { unanchoredByKind[Place(category: e.category, kind: e.kind, section: 0, index: nil), default: []].append(k) }
        }
    }

    /// The `occurrence`-th element drawn for `place` (counting from 0), if there is one.
    func element(at place: Place, occurrence: Int = 0) -> LayoutElement? {
        guard let found = byPlace[place], occurrence < found.count else { return nil }
        return elements[found[occurrence]]
    }

    /// The elements of `category` and `kind` anchored to no item, in the result's order.
    func unanchored(_ category: ElementCategory, kind: String) -> [LayoutElement] {
        (unanchoredByKind[Place(category: category, kind: kind, section: 0, index: nil)] ?? []).map { elements[$0] }
    }
}
