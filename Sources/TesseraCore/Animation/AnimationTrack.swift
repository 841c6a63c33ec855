/// What happened to a view in a pass: the kind of an animation event (the hook an animator is
/// asked), of an engine event (`EngineEvent.type`) and of a timeline track. Raw values are the
/// names Lua and JSON use.
public enum AnimationEventKind: String, Hashable, Sendable, CaseIterable {
    /// A view appeared (entered the visible set, or its item is new on reload).
    case insert
    /// A view disappeared; the engine puts it back in its kind's reuse pool.
    case delete
    /// A kept view's frame or bound data changed (reload or relayout).
    case update
    /// A kept view's flattened index or section changed (reload).
    case move
    /// A kept view that moved with the anchor when a pass adjusted the content offset
    /// (animation events only; its engine event is its `update`).
    case shift
    /// A kept view during a scroll: its frame moved (a pinned header), or an animator asked.
    case scroll
    /// The pass moved the content offset to keep its anchor in place (engine events only, the
    /// first of their pass; no view, no animator is asked).
    case adjust
}

/// One view's animation in a timeline: from a start state to an end state over
/// `delay ..< delay + duration`, along `curve`.
public struct AnimationTrack: Hashable, Sendable {
    /// The identifier of the item the view shows.
    public var id: ItemID
    /// The view's number.
    public var view: Int
    /// The event the track animates.
    public var event: AnimationEventKind
    /// Seconds from the pass to the start.
    public var delay: Double
    /// Seconds from the start to the end.
    public var duration: Double
    /// How the view moves from `from` to `to`.
    public var curve: AnimationCurve
    /// The view's state at the start.
    public var from: ViewState
    /// The view's state at the end.
    public var to: ViewState
    /// The layout element the track animates; nil for an item's view.
    public var element: AnimatedElement? = nil
    /// The view's frame before the pass, for a view that stays; nil for one that enters or
    /// leaves, or when not known.
    public var oldFrame: Rect? = nil
    /// The animation sets `zIndex` (in `from` or `to`), so the view is drawn by that zIndex alone
    /// rather than above the views that stay (see `Timeline.sample(at:)`).
    public var setsZIndex = false
    /// The view is not on screen after the pass: a `delete`, or an `update` taking a view out of
    /// view (`EngineEvent.removesView`). It is drawn until the track ends, and not at
    /// all when the track has no duration and no delay: its number is then free for a view
    /// entering in the same pass. True by default for a `delete`.
    public var removesView: Bool

    /// A track of view `view` (showing `id`) for `event`.
    public init(id: ItemID, view: Int, event: AnimationEventKind, delay: Double = 0, duration: Double,
                curve: AnimationCurve = .easeInOut, from: ViewState, to: ViewState) {
        self.id = id; self.view = view; self.event = event; self.delay = delay; self.duration = duration
        self.curve = curve; self.from = from; self.to = to
        removesView = event == .delete
    }

    /// The track for `description` applied to a view whose state before the event is `current`
    /// and whose state after it, by the layout, is `target`. A `transform` gives a track that
    /// starts and ends at `target` with the transform's look, taking no time.
    public init(id: ItemID, view: Int, event: AnimationEventKind, description: AnimationDescription,
                current: ViewState, target: ViewState) {
        if let transform = description.transform {
            let held = transform.applied(to: target)
            self.init(id: id, view: view, event: event, duration: 0, from: held, to: held)
            setsZIndex = transform.zIndex != nil
            return
        }
        self.init(id: id, view: view, event: event, delay: description.delay,
                  duration: description.resolvedDuration, curve: description.resolvedCurve,
                  from: description.from.applied(to: current), to: description.to.applied(to: target))
        setsZIndex = description.from.zIndex != nil || description.to.zIndex != nil
    }

    /// The view's frame changed in the pass: it stayed, and its frame before the pass differs
    /// from the one it ends at. A view that only changed index or data has not moved.
    public var movesFrame: Bool {
        guard let oldFrame, event != .insert, event != .delete else { return false }
        return oldFrame != to.frame
    }

    /// When the track is over.
    public var end: Double { delay + duration }

    /// The view's state at `time` seconds into the timeline, as drawn: a spring's overshoot
    /// carries the frame, rotation and translation past their ends, but `alpha` stays in 0...1
    /// and `scale` at or above 0 (`ViewState.drawable`). O(1).
    public func state(at time: Double) -> ViewState {
        from.interpolated(to: to, fraction: curve.fraction(elapsed: time - delay, duration: duration)).drawable
    }

    /// Whether the view is on screen at `time`: a view the pass removes (`removesView`) leaves
    /// when its track ends (at once when it has no animation); every other view stays. O(1).
    public func isPresent(at time: Double) -> Bool {
        !removesView || (duration > 0 || delay > 0) && time <= end
    }
}
