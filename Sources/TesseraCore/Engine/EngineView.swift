/// A visible view: a number that stays the same while it is visible, what it shows (a cell of an
/// item, or a header, footer, badge or background of a section: the element's category and kind),
/// its identifier (made unique in the visible set), its frame and drawing order as drawn, and its
/// bound data.
public struct EngineView: Equatable, Sendable {
    public var number: Int
    /// `.item` for a cell, `.supplementary` for a header, footer or badge, `.decoration` for a
    /// background.
    public var category: ElementCategory
    /// The registered view kind of a cell (`"cell"`, `"video"`, ...), else the element's kind
    /// (`"header"`, `"background"`, ...).
    public var kind: String
    /// The 0-based section in the flattened layout.
    public var section: Int
    /// The flattened item index: the cell's item, or the item a badge is anchored to; nil for a
    /// section's header, footer or background.
    public var index: Int?
    /// The item's hierarchical id; for an element, its section's (or anchoring item's) id
    /// followed by its kind (`"0-apps-header"`).
    public var id: ItemID
    /// The frame as drawn (pinned, or scrolled with its sideways section).
    public var frame: Rect
    public var data: JSONValue
    /// Drawing order, higher on top: the layout element's zIndex.
    public var zIndex: Int
    /// True for an element that pins to an edge of the visible area (a pinned header); its
    /// `frame` is then where it is pinned.
    public var pinned: Bool

    /// What the view shows, for matching a scroll's visible set against the views: a cell by
    /// its item index, an element by category, kind, section and anchoring item.
    var slotKey: SlotKey { SlotKey(category: category, kind: kind, section: section, index: index ?? -1) }
}

/// Where a view sits in the layout, stable between passes that do not reload.
struct SlotKey: Hashable {
    var category: ElementCategory
    var kind: String
    var section: Int
    var index: Int

    /// A cell's key is its item alone (its kind is the registered view kind, not the element's).
    init(category: ElementCategory, kind: String, section: Int, index: Int) {
        self.category = category
        self.kind = category == .item ? "" : kind
        self.section = category == .item ? 0 : section
        self.index = index
    }

    init(_ e: LayoutElement) { self.init(category: e.category, kind: e.kind, section: e.section, index: e.index ?? -1) }
}

/// How many views the engine created and how many it took back from reuse pools.
public struct EngineStats: Equatable, Sendable {
    public var created = 0
    public var reused = 0
}
