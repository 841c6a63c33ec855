/// What happened to a view in a pass, as an animation event names it.
public enum AnimationEventKind: String, Hashable, Sendable, CaseIterable {
    case insert, delete, update, move, shift, scroll
}

/// One view's animation in a timeline: from a start state to an end state over
/// `delay ..< delay + duration`, along `curve`.
public struct AnimationTrack: Hashable, Sendable {
    public var id: ItemID
    public var view: Int
    public var event: AnimationEventKind
    public var delay: Double
    public var duration: Double
    public var curve: AnimationCurve
    public var from: ViewState
    public var to: ViewState

    public init(id: ItemID, view: Int, event: AnimationEventKind, delay: Double = 0, duration: Double,
                curve: AnimationCurve = .easeInOut, from: ViewState, to: ViewState) {
        self.id = id; self.view = view; self.event = event; self.delay = delay; self.duration = duration
        self.curve = curve; self.from = from; self.to = to
    }

    /// The track for `description` applied to a view whose state before the event is `current`
    /// and whose state after it, by the layout, is `target`.
    public init(id: ItemID, view: Int, event: AnimationEventKind, description: AnimationDescription,
                current: ViewState, target: ViewState) {
        self.init(id: id, view: view, event: event, delay: description.delay,
                  duration: description.resolvedDuration, curve: description.curve,
                  from: description.from.applied(to: current), to: description.to.applied(to: target))
    }

    /// When the track is over.
    public var end: Double { delay + duration }

    /// The view's state at `time` seconds into the timeline. O(1).
    public func state(at time: Double) -> ViewState {
        from.interpolated(to: to, fraction: curve.fraction(elapsed: time - delay, duration: duration))
    }

    /// Whether the view is on screen at `time`: a deleted view leaves when its track ends (at
    /// once when it has no animation); every other view stays.
    public func isPresent(at time: Double) -> Bool {
        event != .delete || (duration > 0 || delay > 0) && time <= end
    }
}
