/// A timing curve from (0, 0) to (1, 1) with two control points, as CSS and Core Animation define
/// them: `value(at: x)` finds the curve parameter whose x is the time fraction (Newton's method,
/// with bisection where the slope is too flat to trust) and returns that parameter's y.
public struct CubicBezier: Hashable, Sendable {
    /// The first control point's x (0...1).
    public var x1: Double
    /// The first control point's y.
    public var y1: Double
    /// The second control point's x (0...1).
    public var x2: Double
    /// The second control point's y.
    public var y2: Double

    /// The curve of control points (x1, y1) and (x2, y2).
    /// - Precondition: `x1` and `x2` are within 0...1, so the curve is a function of time.
    ///   Control points a user gave go through `init(validating:_:_:_:)`, which throws instead.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2), "control point x must be in 0...1")
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// The curve of control points (x1, y1) and (x2, y2) from values a user gave (a CSS
    /// `cubic-bezier()`, a settings file), checked rather than trusted.
    ///
    /// - Throws: `AnimationFormatError` naming the first value refused: an `x1` or `x2` outside
    ///   0...1 (the curve would not be a function of time), or a `y1` or `y2` that is not a
    ///   finite number (every value of the curve would be NaN or infinite).
    /// - Complexity: O(1).
    public init(validating x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(AnimationFormatError) {
        for (name, value) in [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)] {
            let isX = name.hasPrefix("x")
            guard isX ? (0...1).contains(value) : value.isFinite else {
                throw AnimationFormatError("a cubic Bezier curve's \(name) must be a \(isX ? "number from 0 to 1" : "finite number"), "
                                           + "got \(NumberText.exact(value))")
            }
        }
        self.init(x1, y1, x2, y2)
    }

    /// The standard curves (the control points CSS and Core Animation use).
    public static let easeIn = CubicBezier(0.42, 0, 1, 1)
    /// CSS's `ease-out`: (0, 0, 0.58, 1).
    public static let easeOut = CubicBezier(0, 0, 0.58, 1)
    /// CSS's `ease-in-out`: (0.42, 0, 0.58, 1).
    public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)

    /// The curve's y where its x is `x` (clamped to 0...1). O(1): at most 8 Newton steps or 40
    /// bisection steps.
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.coordinate(parameter(forX: x), y1, y2)
    }

    private func parameter(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = Self.coordinate(t, x1, x2) - x
            if abs(error) < 1e-12 { return t }
            let slope = Self.slope(t, x1, x2)
            if abs(slope) < 1e-9 { break }
            t -= error / slope
        }
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<40 {
            let current = Self.coordinate(t, x1, x2)
            if abs(current - x) < 1e-12 { break }
            if current < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    /// One coordinate of the curve at parameter `t`, given that coordinate of the two control points.
    private static func coordinate(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t
    }

    private static func slope(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * c1 + 6 * u * t * (c2 - c1) + 3 * t * t * (1 - c2)
    }
}
