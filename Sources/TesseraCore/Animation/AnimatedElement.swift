/// A layout's supplementary or decoration (a header, a footer, a badge, a background) as a
/// timeline draws it: what it is and where it belongs. A track or a sample without one is an
/// item's view.
public struct AnimatedElement: Hashable, Sendable {
    /// Whether it is a supplementary or a decoration.
    public var category: ElementCategory
    /// `"header"`, `"footer"`, `"background"`, ...
    public var kind: String
    /// 0-based section, in the layout it was drawn by (the old one for a leaving element).
    public var section: Int
    /// The flattened index of the item a badge is anchored to; nil for a section's element.
    public var index: Int?
    /// Pinned to an edge of the visible area, where it was drawn.
    public var pinned: Bool

    /// An element of `category` and `kind` in `section`; `index` is a badge's item.
    public init(category: ElementCategory, kind: String, section: Int, index: Int? = nil, pinned: Bool = false) {
        self.category = category; self.kind = kind; self.section = section; self.index = index; self.pinned = pinned
    }

    /// The animated element that a layout element is drawn as.
    public init(_ element: LayoutElement) {
        self.init(category: element.category, kind: element.kind, section: element.section,
                  index: element.index, pinned: element.pinned)
    }
}
