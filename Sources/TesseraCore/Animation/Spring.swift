/// A damped spring moving from 0 to 1, starting at rest, evaluated by its closed-form solution.
///
/// With natural frequency ω = 2π / response and damping ratio ζ, the position at time t is:
/// - under-damped (ζ < 1): 1 − e^(−ζωt) (cos(ω_d t) + ζω/ω_d · sin(ω_d t)), ω_d = ω√(1 − ζ²);
/// - critically damped (ζ = 1): 1 − e^(−ωt) (1 + ωt);
/// - over-damped (ζ > 1): 1 − (r₂e^(r₁t) − r₁e^(r₂t)) / (r₂ − r₁), r₁,₂ = −ω(ζ ∓ √(ζ² − 1)).
/// `response` is the period of the undamped oscillation, as in SwiftUI's springs.
public struct Spring: Hashable, Sendable {
    // Read-only, so every spring that exists passed its initialiser's checks (a negative
    // response set afterwards would make `settleTime` loop forever).
    /// ζ: 1 is critical damping, below 1 overshoots, above 1 creeps. Positive and finite.
    public private(set) var dampingRatio: Double
    /// The undamped period in seconds. Positive and finite.
    public private(set) var response: Double

    /// The damping ratio of `init()`: 0.8.
    public static let defaultDampingRatio = 0.8
    /// The response of `init()`: 0.55 s.
    public static let defaultResponse = 0.55
    /// How close to rest a spring must stay to count as settled (a fraction of the distance).
    public static let settleTolerance = 0.001

    /// A spring of `dampingRatio` and `response`.
    /// - Precondition: both are positive and finite. Unchecked values (a user's settings)
    ///   go through `init(validatingDampingRatio:response:)`, which throws instead; `damping` and
    ///   `response` read from a Lua animator or an animation's JSON are checked there too.
    public init(dampingRatio: Double = Spring.defaultDampingRatio, response: Double = Spring.defaultResponse) {
        precondition(dampingRatio > 0 && dampingRatio.isFinite, "damping ratio must be positive")
        precondition(response > 0 && response.isFinite, "response must be positive")
        self.dampingRatio = dampingRatio
        self.response = response
    }

    /// A spring of `dampingRatio` and `response` from values a user gave, checked rather than
    /// trusted: the same spring as `init(dampingRatio:response:)`, or an error naming the value.
    ///
    /// ```swift
    /// try Spring(validatingDampingRatio: 0)   // a spring's damping ratio must be a positive, finite number, got 0
    /// ```
    ///
    /// - Throws: `AnimationFormatError` when `dampingRatio` or `response` is not a positive,
    ///   finite number.
    /// - Complexity: O(1).
    public init(validatingDampingRatio dampingRatio: Double, response: Double = Spring.defaultResponse) throws(AnimationFormatError) {
        for (name, value) in [("damping ratio", dampingRatio), ("response", response)] where !(value > 0 && value.isFinite) {
            throw AnimationFormatError("a spring's \(name) must be a positive, finite number, got \(NumberText.exact(value))")
        }
        self.init(dampingRatio: dampingRatio, response: response)
    }

    private var omega: Double { 2 * Double.pi / response }

    /// The position at `time` seconds: 0 at the start, tending to 1. O(1).
    public func value(at time: Double) -> Double {
        guard time > 0 else { return 0 }
        let w = omega, z = dampingRatio
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return 1 - exponential(-z * w * time) * (cosine(wd * time) + z * w / wd * sine(wd * time))
        }
        if z == 1 {
            return 1 - exponential(-w * time) * (1 + w * time)
        }
        let root = (z * z - 1).squareRoot()
        // r₁ = −ω(ζ − √(ζ² − 1)) cancels to 0 for a large ζ (a spring that never moves); the
        // same root as −ω / (ζ + √(ζ² − 1)) (r₁r₂ = ω²) keeps its precision.
        let r1 = -w / (z + root), r2 = -w * (z + root)
        return 1 - (r2 * exponential(r1 * time) - r1 * exponential(r2 * time)) / (r2 - r1)
    }

    /// The time after which the spring stays within `settleTolerance` of rest: the first time its
    /// decay envelope falls to the tolerance (bisection on that monotone envelope). O(1).
    public var settleTime: Double {
        var high = response
        while envelope(high) > Self.settleTolerance { high *= 2 }
        var low = 0.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if envelope(mid) > Self.settleTolerance { low = mid } else { high = mid }
        }
        return high
    }

    /// The spring of this damping ratio that settles (`settleTime`) in `duration` seconds: the
    /// settle time scales with the response, so the response is scaled to fit. Self when no
    /// such spring is representable (a duration so short its response would be 0). O(1).
    public func settling(in duration: Double) -> Spring {
        let scaled = response * duration / settleTime
        // A response so small that ω·(ζ + 1) overflows could not be evaluated.
        guard scaled > 0, (2 * Double.pi / scaled * (dampingRatio + 1) * 2).isFinite else { return self }
        return Spring(dampingRatio: dampingRatio, response: scaled)
    }

    /// An upper bound of |1 − value(at: t)| that never increases with t (the exact residual where
    /// the motion does not oscillate).
    private func envelope(_ t: Double) -> Double {
        let w = omega, z = dampingRatio
        if z < 1 { return exponential(-z * w * t) / (1 - z * z).squareRoot() }
        return 1 - value(at: t)
    }
}
