/// How an animation moves from its start to its end state over time.
public enum AnimationCurve: Hashable, Sendable {
    /// Constant speed.
    case linear
    /// Starts slowly (`CubicBezier.easeIn`).
    case easeIn
    /// Ends slowly (`CubicBezier.easeOut`).
    case easeOut
    /// Starts and ends slowly (`CubicBezier.easeInOut`); the default.
    case easeInOut
    /// A damped spring; its duration is the spring's settle time unless one is given.
    case spring(Spring)

    /// The curve's name as scripts and the timeline JSON spell it.
    public var name: String {
        switch self {
        case .linear: return "linear"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .easeInOut: return "easeInOut"
        case .spring: return "spring"
        }
    }

    /// The names `init(name:spring:)` accepts, for error messages.
    public static let names = ["linear", "easeIn", "easeOut", "easeInOut", "spring"]

    /// The curve called `name`; `spring` takes its parameters from `spring`. Nil for an unknown name.
    public init?(name: String, spring: Spring = Spring()) {
        switch name {
        case "linear": self = .linear
        case "easeIn": self = .easeIn
        case "easeOut": self = .easeOut
        case "easeInOut": self = .easeInOut
        case "spring": self = .spring(spring)
        default: return nil
        }
    }

    /// The duration an animation takes when its description gives none: a spring's settle time,
    /// else 0.3 s (CollectionKit's default animation duration).
    public var naturalDuration: Double {
        if case .spring(let spring) = self { return spring.settleTime }
        return 0.3
    }

    /// The fraction of the way from start to end after `elapsed` seconds of an animation lasting
    /// `duration` seconds: 0 before it starts, exactly 1 from its end on. Springs run in real time
    /// (they may overshoot above 1 before the end); the others map the time fraction through their
    /// timing function.
    public func fraction(elapsed: Double, duration: Double) -> Double {
        guard elapsed >= 0 else { return 0 }
        if elapsed >= duration { return 1 }
        let x = elapsed / duration
        switch self {
        case .linear: return x
        case .easeIn: return CubicBezier.easeIn.value(at: x)
        case .easeOut: return CubicBezier.easeOut.value(at: x)
        case .easeInOut: return CubicBezier.easeInOut.value(at: x)
        case .spring(let spring): return spring.value(at: elapsed)
        }
    }
}
