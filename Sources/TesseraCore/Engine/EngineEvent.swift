/// What a pass did to one view: the engine emits events instead of touching views.
///
/// `index`, `section` and `frame` describe the view after the pass (before it, for `delete`);
/// `oldFrame` is the frame before the pass for kept views. `animation` is what the view's
/// animator returned. An `adjust` event (`adjust(by:to:sectionOffsets:)`) stands for no view: it
/// says the pass moved the content offset by `delta` to `contentOffset`, and the offsets of the
/// sideways sections it moved, and comes first, so a host sets its scroll views' offsets before
/// it applies the rest.
///
/// A kept view may get two events in one pass, a `move` (its index or section changed) and an
/// `update` (its frame or data changed), both with its frame after the pass: set the frame once
/// and play the first animation either carries, as `Timeline(events:views:)` does.
///
/// A view of one kind is never shown as another: when a reload or relayout gives a kept item
/// another view kind, its view gets a `delete` (among the leaving views' events) and a view of
/// the new kind an `insert` (with another number) where the item is drawn.
public struct EngineEvent: Equatable, Sendable {
    /// What happened to the view: an `AnimationEventKind`, so an event's type is the kind its
    /// animator hook was asked for. An engine event is never `.shift` (a reload's content-offset
    /// adjustment is an animation event only; the view's event is its `update`).
    public var type: AnimationEventKind
    /// The view's number.
    public var view: Int
    /// The view's element category: `.item` for a cell (`"cell"` in Lua's views and events).
    public var category: ElementCategory
    /// The view's kind (see `EngineView.kind`).
    public var kind: String
    /// The view's identifier (see `EngineView.id`).
    public var id: ItemID
    /// The flattened item index (nil for a section's header, footer or background).
    public var index: Int?
    /// The 0-based section in the flattened layout.
    public var section: Int
    /// Sections an element spans (a headers provider's header over a child of several sections).
    public var sectionSpan: Int
    /// The frame after the pass (for a delete: the last one).
    public var frame: Rect
    /// The frame before the pass, for a kept view.
    public var oldFrame: Rect?
    /// What the view's animator returned; nil for no animation.
    public var animation: AnimationDescription?
    /// For `adjust`: how far the pass moved the content offset (`dx` and `dy` in Lua); nil for
    /// other events.
    public var delta: Point?
    /// For `adjust`: the content offset after the pass (`offset` in Lua); nil for other events.
    public var contentOffset: Point?
    /// For `adjust`: the sideways sections (0-based) whose own offsets the pass moved (anchoring
    /// keeps a shelf's first visible item still as it keeps the content's), each with its offset
    /// after the pass; empty when none moved, nil for other events. Lua's `sections`, 1-based.
    public var sectionOffsets: [Int: Point]?
    /// The view is not shown after the pass: true for a `delete`, and for the `update` of a view
    /// a reload or a relayout moved out of view (a cell, header, footer, badge or background
    /// whose data is still there moves away rather than being deleted); a host removes the view
    /// once its animation ends.
    public var removesView: Bool
    /// The view was not shown before the pass: true for an `insert`, and for the `update` of a
    /// view a relayout moved into view (its data was there: it moves in from `oldFrame` rather
    /// than appearing); a host creates the view, then plays its animation.
    public var addsView: Bool

    /// The event of `type` for `view` as it is after the pass.
    public init(_ type: AnimationEventKind, _ view: EngineView, oldFrame: Rect? = nil, animation: AnimationDescription? = nil) {
        self.type = type; self.view = view.number; self.category = view.category; self.kind = view.kind
        self.id = view.id; self.index = view.index; self.section = view.section
        self.sectionSpan = view.key.span; self.frame = view.frame
        self.oldFrame = oldFrame; self.animation = animation
        self.removesView = type == .delete
        self.addsView = type == .insert
    }

    /// The event of a pass that moved the content offset by `delta` to `offset` and the sideways
    /// sections `sectionOffsets` names to theirs (view 0, no id, its frame the visible area's
    /// origin with no size).
    public static func adjust(by delta: Point, to offset: Point, sectionOffsets: [Int: Point] = [:]) -> EngineEvent {
        EngineEvent(adjustingBy: delta, to: offset, sectionOffsets: sectionOffsets)
    }

    private init(adjustingBy delta: Point, to offset: Point, sectionOffsets: [Int: Point]) {
        type = .adjust; view = 0; category = .item; kind = ""; id = .string(""); index = nil; section = 0
        sectionSpan = 1; frame = Rect(origin: offset, size: .zero); oldFrame = nil; animation = nil; removesView = false
        addsView = false
        self.delta = delta; contentOffset = offset; self.sectionOffsets = sectionOffsets
    }
}
