/// Decides how a view moves when the engine inserts, deletes, updates, moves or scrolls it. It
/// never touches a view: it returns an animation description that the engine puts into the event.
///
/// Resolution, as in CollectionKit: the provider's own animator, else the nearest ancestor
/// provider's, else the engine's. Returning nil means "no animation" (the view jumps).
public protocol Animator: AnyObject {
    func animation(for event: EngineEvent, context: AnimationContext) -> JSONValue?
}

/// What an animator knows about the pass that emits an event.
public struct AnimationContext: Sendable {
    /// The visible area after the pass.
    public var visibleFrame: Rect
    /// Offset change since the last pass (scroll velocity), excluding a reload's adjustment.
    public var velocity: Point
    /// The content-offset adjustment made by this reload (keeping the first visible item in place).
    public var delta: Point
    /// Reloads completed before this pass.
    public var reloadCount: Int
    public var isReloading: Bool
}
