/// CollectionKit's fade and scale animators: while a reload (not the first load) runs, a view that
/// appears on screen fades in from `alpha` (and grows from `scale`), and a view that leaves the
/// screen fades out (and shrinks); a view whose frame changes (on a reload or a relayout) moves
/// to it. Views that scroll in or out are never animated.
public struct FadeAnimator: HookAnimator, Hashable {
    // Read-only, so every fade that exists passed its initialiser's checks: a valid fade set
    // to a NaN duration afterwards would be refused only by the first reload that animates.
    /// The alpha a view fades from and to: a finite number.
    public private(set) var alpha: Double
    /// The scale a view grows from and shrinks to; 1 for a pure fade. A finite number.
    public private(set) var scale: Double
    /// Seconds each animation lasts, from 0 to `AnimationDescription.maxSeconds`.
    public private(set) var duration: Double
    /// How each animation moves.
    public var curve: AnimationCurve

    /// A fade from `alpha` (and `scale`) over `duration` seconds along `curve`.
    /// - Precondition: `duration` is from 0 to `AnimationDescription.maxSeconds`, and `alpha`
    ///   and `scale` are finite. Values a user gave go through
    ///   `init(validatingDuration:alpha:scale:curve:)`, which throws instead.
    public init(alpha: Double = 0, scale: Double = 1, duration: Double = 0.3, curve: AnimationCurve = .easeInOut) {
        if let problem = Self.problem(duration: duration, alpha: alpha, scale: scale) {
            preconditionFailure("FadeAnimator: \(problem); FadeAnimator(validatingDuration:) throws instead")
        }
        self.alpha = alpha; self.scale = scale; self.duration = duration; self.curve = curve
    }

    /// A fade as `init(alpha:scale:duration:curve:)` makes it, from values a user gave, checked
    /// when it is made rather than when it first animates.
    ///
    /// ```swift
    /// try FadeAnimator(validatingDuration: -1)   // a fade animator's duration must be a non-negative number of seconds ...
    /// ```
    ///
    /// - Throws: `AnimationFormatError` naming the value when `duration` is not a number of
    ///   seconds from 0 to `AnimationDescription.maxSeconds`, or `alpha` or `scale` is not finite.
    /// - Complexity: O(1).
    public init(validatingDuration duration: Double, alpha: Double = 0, scale: Double = 1,
                curve: AnimationCurve = .easeInOut) throws(AnimationFormatError) {
        if let problem = Self.problem(duration: duration, alpha: alpha, scale: scale) {
            throw AnimationFormatError("a fade animator's \(problem)")
        }
        self.init(alpha: alpha, scale: scale, duration: duration, curve: curve)
    }

    /// What is wrong with a fade of these values ("duration must be ..."), or nil. O(1).
    private static func problem(duration: Double, alpha: Double, scale: Double) -> String? {
        if let problem = AnimationDescription(duration: duration).problem { return problem }
        for (name, value) in [("alpha", alpha), ("scale", scale)] where !value.isFinite {
            return "\(name) must be a finite number, got \(NumberText.exact(value))"
        }
        return nil
    }

    /// CollectionKit's ScaleAnimator: a fade that also scales by 0.5.
    public static func scaling(_ scale: Double = 0.5, alpha: Double = 0, duration: Double = 0.3) -> FadeAnimator {
        FadeAnimator(alpha: alpha, scale: scale, duration: duration)
    }

    private var hidden: PartialViewState {
        PartialViewState(alpha: alpha, scale: scale == 1 ? nil : scale)
    }

    /// An appearing view fades in (on a reload after the first load).
    public func insert(_ event: AnimationEvent) -> AnimationDescription? {
        guard event.isReloading, event.reloadCount > 0, event.isOnScreen else { return nil }
        return AnimationDescription(from: hidden, duration: duration, curve: curve)
    }

    /// A leaving view fades out (on a reload).
    public func delete(_ event: AnimationEvent) -> AnimationDescription? {
        guard event.isReloading, event.isOnScreen else { return nil }
        return AnimationDescription(to: hidden, duration: duration, curve: curve)
    }

    /// A kept view whose frame changed moves to it, on a reload or a relayout (CollectionKit's
    /// SimpleAnimator animates every update's centre), so a layout change animates too. The
    /// whole frame is interpolated, its size too, where CollectionKit sets the size at once.
    public func update(_ event: AnimationEvent) -> AnimationDescription? {
        guard let old = event.oldFrame, old != event.frame else { return nil }
        return AnimationDescription(duration: duration, curve: curve)
    }
}
