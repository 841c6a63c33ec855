/// What an animator's hook returns: how one view should animate for one event. It describes the
/// animation; it never touches a view.
///
/// A description either animates (`from`, `to`, `duration`, `delay`, `curve`) or sets a
/// `transform`: the look the view takes at once for this pass, as CollectionKit's scroll
/// animators set a view's transform on every scroll tick rather than animate it.
public struct AnimationDescription: Hashable, Sendable {
    /// Properties the view starts from; a missing one starts at the view's current value.
    public var from: PartialViewState
    /// Properties the view ends at; a missing one ends at the layout's value.
    public var to: PartialViewState
    /// Seconds; nil means the curve's natural duration (a spring's settle time, else 0.3 s). A
    /// spring given a duration settles in it (`resolvedCurve`).
    public var duration: Double?
    /// Seconds before the animation starts.
    public var delay: Double
    /// How the animation moves from `from` to `to`.
    public var curve: AnimationCurve
    /// The look the view takes at once and holds for the whole pass (its `frame` is the
    /// layout's; a property it leaves out is the layout's too): the track starts and ends in it,
    /// taking no time. Nil for an animation; when set, nothing else may be (`problem`).
    public var transform: PartialViewState?

    /// An animation from `from` to `to` (missing properties: the current and the layout's values).
    public init(from: PartialViewState = PartialViewState(), to: PartialViewState = PartialViewState(),
                duration: Double? = nil, delay: Double = 0, curve: AnimationCurve = .easeInOut) {
        self.from = from; self.to = to; self.duration = duration; self.delay = delay; self.curve = curve
        transform = nil
    }

    /// The view takes `transform` at once for this pass (its frame stays the layout's).
    public init(transform: PartialViewState) {
        self.init()
        self.transform = transform
    }

    /// The longest duration, delay or spring response a description may give, in seconds (an
    /// hour), so a timeline's end and its sample count stay finite.
    public static let maxSeconds = 3600.0

    /// Why the description cannot be played, or nil: a duration or delay outside 0...`maxSeconds`,
    /// a property that is not a finite number, a `frame` in `transform`, or a `transform` with
    /// anything else set. `init(json:what:)` refuses these too (and bounds properties to ±1e15);
    /// this holds descriptions built in Swift, such as a built-in animator's with its parameters.
    /// O(1).
    public var problem: String? {
        for (name, value) in [("duration", duration), ("delay", delay)] {
            guard let value, !(value >= 0 && value <= Self.maxSeconds) else { continue }
            // Shown as written: a parameter given as -1 reads "-1", not "-1.0".
            let shown = value.isFinite ? JSONWriter.format(value) : String(value)
            return "\(name) must be a non-negative number of seconds of at most \(NumberText.grouped(Int(Self.maxSeconds))), got \(shown)"
        }
        for (side, state) in [("from", from), ("to", to), ("transform", transform ?? PartialViewState())] {
            let frame = state.frame.map { [$0.x, $0.y, $0.width, $0.height] } ?? []
            if ([state.alpha, state.scale, state.rotation, state.tx, state.ty, state.zIndex].compactMap { $0 } + frame).contains(where: { !$0.isFinite }) {
                return "\(side): every property must be a finite number"
            }
        }
        if transform?.frame != nil { return "transform cannot set frame: the layout places the view" }
        if transform != nil, let other = animatingKeys.first {
            return Self.transformAlone(other)
        }
        return nil
    }

    /// The keys other than `transform` this description sets, in script order.
    var animatingKeys: [String] {
        var keys: [String] = []
        if !from.isEmpty { keys.append("from") }
        if !to.isEmpty { keys.append("to") }
        if duration != nil { keys.append("duration") }
        if delay != 0 { keys.append("delay") }
        if curve != .easeInOut { keys.append("curve") }
        return keys
    }

    /// The refusal of `key` next to `transform`.
    static func transformAlone(_ key: String) -> String {
        "transform sets the view's look at once for this pass, so it cannot be combined with '\(key)' (animate with from, to and a duration instead)"
    }

    /// The duration the animation runs for: the one given; else none for a `transform`, a
    /// spring's settle time (at most `maxSeconds`), or 0.3 s.
    public var resolvedDuration: Double {
        if let duration { return duration }
        return transform == nil ? Swift.min(curve.naturalDuration, Self.maxSeconds) : 0
    }

    /// The curve the animation is played along: `curve`, except that a spring given a positive
    /// `duration` is the spring of its damping ratio that settles in that duration (its response
    /// scaled to fit), as UIKit's duration-based spring animations do, so the track ends with
    /// the spring at rest rather than cut short or left waiting. O(1).
    public var resolvedCurve: AnimationCurve {
        guard case .spring(let spring) = curve, let duration, duration > 0 else { return curve }
        return .spring(spring.settling(in: duration))
    }

    /// The animation takes time (a duration or a delay): a leaving view is drawn until it ends,
    /// rather than gone at once. O(1).
    var plays: Bool { resolvedDuration > 0 || delay > 0 }
}
