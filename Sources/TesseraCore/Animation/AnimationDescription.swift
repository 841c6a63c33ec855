/// What an animator's hook returns: how one view should animate for one event. It describes the
/// animation; it never touches a view.
public struct AnimationDescription: Hashable, Sendable {
    /// Properties the view starts from; a missing one starts at the view's current value.
    public var from: PartialViewState
    /// Properties the view ends at; a missing one ends at the layout's value.
    public var to: PartialViewState
    /// Seconds; nil means the curve's natural duration (a spring's settle time, else 0.3 s).
    public var duration: Double?
    /// Seconds before the animation starts.
    public var delay: Double
    /// How the animation moves from `from` to `to`.
    public var curve: AnimationCurve

    /// An animation from `from` to `to` (missing properties: the current and the layout's values).
    public init(from: PartialViewState = PartialViewState(), to: PartialViewState = PartialViewState(),
                duration: Double? = nil, delay: Double = 0, curve: AnimationCurve = .easeInOut) {
        self.from = from; self.to = to; self.duration = duration; self.delay = delay; self.curve = curve
    }

    /// The longest duration, delay or spring response a description may give, in seconds (an
    /// hour), so a timeline's end and its sample count stay finite.
    public static let maxSeconds = 3600.0

    /// Why the description cannot be played, or nil: a duration or delay outside 0...`maxSeconds`,
    /// or a property that is not a finite number. `init(json:what:)` refuses these too (and
    /// bounds properties to ±1e15); this holds descriptions built in Swift, such as a built-in
    /// animator's with its parameters. O(1).
    public var problem: String? {
        for (name, value) in [("duration", duration), ("delay", delay)] {
            guard let value, !(value >= 0 && value <= Self.maxSeconds) else { continue }
            // Shown as written: a parameter given as -1 reads "-1", not "-1.0".
            let shown = value.isFinite ? JSONWriter.format(value) : String(value)
            return "\(name) must be a non-negative number of seconds of at most \(JSONWriter.format(Self.maxSeconds)), got \(shown)"
        }
        for (side, state) in [("from", from), ("to", to)] {
            let frame = state.frame.map { [$0.x, $0.y, $0.width, $0.height] } ?? []
            if ([state.alpha, state.scale, state.rotation, state.tx, state.ty, state.zIndex].compactMap { $0 } + frame).contains(where: { !$0.isFinite }) {
                return "\(side): every property must be a finite number"
            }
        }
        return nil
    }

    /// The duration the animation runs for (a spring's settle time at most `maxSeconds`).
    public var resolvedDuration: Double { duration ?? Swift.min(curve.naturalDuration, Self.maxSeconds) }

    /// The animation takes time (a duration or a delay): a leaving view is drawn until it ends,
    /// rather than gone at once. O(1).
    var plays: Bool { resolvedDuration > 0 || delay > 0 }
}
