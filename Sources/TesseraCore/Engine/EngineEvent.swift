/// What a pass did to one view: the engine emits events instead of touching views.
///
/// `index` and `frame` describe the item after the pass (before it, for `delete`); `oldFrame` is
/// the frame before the pass for kept views. `animation` is what the view's animator returned.
public struct EngineEvent: Equatable, Sendable {
    public enum EventType: String, Sendable, CaseIterable {
        /// A view appeared (entered the visible set, or its item is new on reload).
        case insert
        /// A view disappeared; it went back to its kind's reuse pool.
        case delete
        /// A kept view's frame or bound data changed (reload or relayout).
        case update
        /// A kept view's flattened index changed (reload).
        case move
        /// A kept view during a scroll: its frame moved (a pinned header), or an animator asked.
        case scroll
    }

    public var type: EventType
    public var view: Int
    public var kind: String
    public var id: String
    public var index: Int
    public var frame: Rect
    public var oldFrame: Rect?
    public var animation: AnimationDescription?

    public init(type: EventType, view: Int, kind: String, id: String, index: Int, frame: Rect,
                oldFrame: Rect? = nil, animation: AnimationDescription? = nil) {
        self.type = type; self.view = view; self.kind = kind; self.id = id; self.index = index
        self.frame = frame; self.oldFrame = oldFrame; self.animation = animation
    }
}
