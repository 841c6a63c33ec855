/// Which element of a layout result a view shows, the one spelling the engine uses to match
/// views, find a provider's header and ask an element's owner.
///
/// A cell is its item alone: its flattened `index` (its kind is the registered view kind, not
/// the layout's, so it takes no part). A header, footer, badge or background is its category,
/// kind, section, the sections it spans, the item a badge is anchored to (and the depth of the
/// group, for a group's supplementary), and its rank among
/// visible elements that share all of those (`occurrence`: a headers provider's header over a
/// child layout's own of the same kind). These are stable between passes that do not reload.
/// A reload may renumber everything, so it matches views by `id` within their category instead.
struct ElementKey: Hashable {
    var category: ElementCategory
    var kind = ""
    var section = 0
    var span = 1
    var index: Int?
    /// A compositional group's supplementary: its group's depth (0 for other elements).
    var groupLevel = 0
    var occurrence = 0
    /// The view's id, for the keys a reload matches by; nil for keys by place.
    var id: ItemID?

    /// The key by place of `element` as the result lists it.
    init(_ element: LayoutElement) {
        self.init(category: element.category, kind: element.kind, section: element.section,
                  span: element.sectionSpan, index: element.index)
        groupLevel = element.groupLevel
    }

    /// The key by place of an element of `category` (a cell's: its `index` alone).
    init(category: ElementCategory, kind: String, section: Int, span: Int, index: Int?) {
        self.category = category
        self.index = index
        if category != .item {
            self.kind = kind
            self.section = section
            self.span = span
        }
    }

    /// The key a reload matches a view by: its category and its (unique) id.
    init(category: ElementCategory, id: ItemID) {
        self.category = category
        self.id = id
    }

    /// Hashes only what tells keys of one shape apart (a cell's index, a matched view's id),
    /// as cheap as the place and identity keys it replaced: it runs for every view of a pass.
    /// The category goes in as its rank, a small integer: the category's own hash is its raw
    /// value's, a string's.
    func hash(into hasher: inout Hasher) {
        hasher.combine(category.drawingRank)
        if let id {
            hasher.combine(id)
        } else if category == .item {
            hasher.combine(index)
        } else {
            hasher.combine(kind)
            hasher.combine(section)
            hasher.combine(span)
            hasher.combine(index)
            hasher.combine(groupLevel)
            hasher.combine(occurrence)
        }
    }

    /// The same place, first of its rank: how a provider's header is found.
    var place: ElementKey {
        var key = self
        key.occurrence = 0
        return key
    }
}
