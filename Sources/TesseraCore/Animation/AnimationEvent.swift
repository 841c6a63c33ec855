/// What an animator's hook is told about one view in one engine pass.
public struct AnimationEvent: Hashable, Sendable {
    /// What happened to the view.
    public var kind: AnimationEventKind
    /// The item's flattened index (0-based): its new index, or for a delete its last one. For a
    /// header or background, its section's first item's (a badge: its item's).
    public var index: Int
    /// The item's identifier (an element's: its section's first item's, a badge's: its item's).
    public var id: ItemID
    /// The view's number (stable while it stays visible).
    public var view: Int
    /// The view's frame after the pass; for a delete, its last frame.
    public var frame: Rect
    /// The view's frame before the pass, when it had one.
    public var oldFrame: Rect?
    /// The visible rectangle in content coordinates (content offset and viewport size).
    public var visibleFrame: Rect
    /// The visible rectangle's origin.
    public var contentOffset: Point
    /// The content offset's change since the last pass, less any adjustment made by the reload.
    public var velocity: Point
    /// The content-offset adjustment made by the reload (for `shift`).
    public var delta: Point
    /// Reloads completed before this pass (0 during the first load).
    public var reloadCount: Int
    /// True while a reload (new data) runs; false for a relayout or a scroll.
    public var isReloading: Bool
    /// The layout's supplementary or decoration the view draws (its category, kind and
    /// section); nil for an item's cell.
    public var element: AnimatedElement? = nil

    /// An event; `contentOffset` is `visibleFrame`'s origin.
    public init(kind: AnimationEventKind, index: Int, id: ItemID, view: Int, frame: Rect,
                oldFrame: Rect? = nil, visibleFrame: Rect, velocity: Point = .zero,
                delta: Point = .zero, reloadCount: Int = 0, isReloading: Bool = false) {
        self.kind = kind; self.index = index; self.id = id; self.view = view; self.frame = frame
        self.oldFrame = oldFrame; self.visibleFrame = visibleFrame; self.contentOffset = visibleFrame.origin
        self.velocity = velocity; self.delta = delta; self.reloadCount = reloadCount
        self.isReloading = isReloading
    }

    /// True when the view shows on screen after (or, for a delete, before) the pass.
    public var isOnScreen: Bool { frame.overlapsWithPositiveArea(visibleFrame) }
}

/// Decides how views animate. It never touches a view: for each event of a pass it returns an
/// animation description, or nil for "no animation" (the view jumps to its new state).
///
/// Animators are asked once per pass with all of that pass's events, so a scripted animator costs
/// one call into its script per pass rather than one per view.
public protocol Animator: Sendable {
    /// The animation for each of `events`, in the same order: exactly one (or nil) per event. Throws
    /// when the animator fails (a script error); the engine's pass then throws that error, its
    /// views and reload count as they were, and throws an `AnimationFormatError` the same way when
    /// the array's count is not the events' count.
    func animations(for events: [AnimationEvent]) throws -> [AnimationDescription?]
}

/// An animator written as one hook per event kind; every hook defaults to no animation.
public protocol HookAnimator: Animator {
    /// How a view that appears animates; nil for no animation.
    func insert(_ event: AnimationEvent) -> AnimationDescription?
    /// How a view that leaves animates; nil for no animation.
    func delete(_ event: AnimationEvent) -> AnimationDescription?
    /// How a view whose frame or data changed animates; nil for no animation.
    func update(_ event: AnimationEvent) -> AnimationDescription?
    /// How a view moved by a reload's content-offset adjustment animates; nil for no animation.
    func shift(_ event: AnimationEvent) -> AnimationDescription?
    /// How a view animates while the content scrolls; nil for no animation.
    func scroll(_ event: AnimationEvent) -> AnimationDescription?
}

extension HookAnimator {
    /// No animation.
    public func insert(_ event: AnimationEvent) -> AnimationDescription? { nil }
    /// No animation.
    public func delete(_ event: AnimationEvent) -> AnimationDescription? { nil }
    /// No animation.
    public func update(_ event: AnimationEvent) -> AnimationDescription? { nil }
    /// No animation.
    public func shift(_ event: AnimationEvent) -> AnimationDescription? { nil }
    /// No animation.
    public func scroll(_ event: AnimationEvent) -> AnimationDescription? { nil }

    public func animations(for events: [AnimationEvent]) -> [AnimationDescription?] {
        events.map { event in
            switch event.kind {
            case .insert: return insert(event)
            case .delete: return delete(event)
            case .update, .move: return update(event)
            case .shift: return shift(event)
            case .scroll: return scroll(event)
            case .adjust: return nil
            }
        }
    }
}
