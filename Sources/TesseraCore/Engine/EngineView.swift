/// A visible view: a number that stays the same while it is visible, what it shows (a cell of an
/// item, or a header, footer, badge or background of a section: the element's category and kind),
/// its identifier (made unique in the visible set), its frame and drawing order as drawn, and its
/// bound data.
public struct EngineView: Equatable, Sendable {
    /// Stays the same while the view is visible and of the same kind (a reload or relayout that
    /// gives its item another kind deletes it and inserts a new view); reused numbers come from
    /// the kind's pool.
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
    /// The bound data: the item's fields (an element's: its section's).
    public var data: JSONValue
    /// Drawing order, higher on top: the layout element's zIndex.
    public var zIndex: Int
    /// True for an element that pins to an edge of the visible area (a pinned header); its
    /// `frame` is then where it is pinned.
    public var pinned: Bool

    /// Where the view sits in the layout, for matching a scroll's visible set against the views.
    var key = ElementKey(category: .item, kind: "", section: 0, span: 1, index: nil)
}

/// How many views the engine created and how many it took back from reuse pools.
public struct EngineStats: Equatable, Sendable {
    /// Views made new.
    public var created = 0
    /// Views taken from a reuse pool.
    public var reused = 0

    /// Counts to compare `CollectionEngine.stats` with (`EngineStats(created: 3, reused: 1)`).
    public init(created: Int = 0, reused: Int = 0) {
        self.created = created
        self.reused = reused
    }
}
