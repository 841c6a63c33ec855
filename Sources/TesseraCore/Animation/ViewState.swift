/// Everything an animation can change about a view: its frame and its look.
///
/// `rotation` is in radians, `tx`/`ty` translate the view after layout, `scale` scales it about its
/// centre. The resting state of a laid-out view is its frame with the identity look.
public struct ViewState: Hashable, Sendable {
    /// Where the view is laid out.
    public var frame: Rect
    /// Opacity, 0...1.
    public var alpha: Double
    /// Scale about the centre; 1 is unscaled.
    public var scale: Double
    /// Rotation about the centre, in radians.
    public var rotation: Double
    /// Horizontal translation after layout.
    public var tx: Double
    /// Vertical translation after layout.
    public var ty: Double
    /// Drawing order: higher is drawn above.
    public var zIndex: Double

    /// A state at `frame`, by default with the identity look.
    public init(frame: Rect, alpha: Double = 1, scale: Double = 1, rotation: Double = 0,
                tx: Double = 0, ty: Double = 0, zIndex: Double = 0) {
        self.frame = frame; self.alpha = alpha; self.scale = scale; self.rotation = rotation
        self.tx = tx; self.ty = ty; self.zIndex = zIndex
    }

    /// The state `fraction` of the way to `end` (0 gives self, 1 gives `end`; a spring's overshoot
    /// beyond 1 extrapolates). zIndex is a drawing order, not a quantity: it switches to `end`'s
    /// as soon as the animation has started.
    public func interpolated(to end: ViewState, fraction f: Double) -> ViewState {
        // Finite ends far apart (±1e308) or a huge overshoot could overflow: saturate instead, so
        // a state is always finite.
        func mix(_ a: Double, _ b: Double) -> Double {
            guard f != 1 else { return b }
            let v = a + (b - a) * f
            return v.isFinite ? v : Swift.max(-Double.greatestFiniteMagnitude, Swift.min(Double.greatestFiniteMagnitude, a * (1 - f) + b * f))
        }
        return ViewState(
            frame: Rect(x: mix(frame.x, end.frame.x), y: mix(frame.y, end.frame.y),
                        width: mix(frame.width, end.frame.width), height: mix(frame.height, end.frame.height)),
            alpha: mix(alpha, end.alpha), scale: mix(scale, end.scale), rotation: mix(rotation, end.rotation),
            tx: mix(tx, end.tx), ty: mix(ty, end.ty), zIndex: f > 0 ? end.zIndex : zIndex)
    }
}

extension ViewState {
    /// The state as a view can show it: `alpha` within 0...1 (UIKit clamps a view's alpha so) and
    /// `scale` at or above 0 (below, the view would be drawn mirrored, which a shrinking spring's
    /// overshoot never means). Positions, sizes, rotation and translation are left as they are:
    /// overshooting them is what a spring does. O(1).
    public var drawable: ViewState {
        var state = self
        state.alpha = Swift.min(Swift.max(alpha, 0), 1)
        state.scale = Swift.max(scale, 0)
        return state
    }
}

/// Some of a view's animated properties: an animation's `from` or `to`. A missing property takes
/// its value from the state the partial one is applied to.
public struct PartialViewState: Hashable, Sendable {
    /// The frame, if set.
    public var frame: Rect?
    /// The opacity, if set.
    public var alpha: Double?
    /// The scale, if set.
    public var scale: Double?
    /// The rotation in radians, if set.
    public var rotation: Double?
    /// The horizontal translation, if set.
    public var tx: Double?
    /// The vertical translation, if set.
    public var ty: Double?
    /// The drawing order, if set.
    public var zIndex: Double?

    /// A partial state with the given properties set.
    public init(frame: Rect? = nil, alpha: Double? = nil, scale: Double? = nil, rotation: Double? = nil,
                tx: Double? = nil, ty: Double? = nil, zIndex: Double? = nil) {
        self.frame = frame; self.alpha = alpha; self.scale = scale; self.rotation = rotation
        self.tx = tx; self.ty = ty; self.zIndex = zIndex
    }

    /// True when no property is set.
    public var isEmpty: Bool { self == PartialViewState() }

    /// `base` with every property this value sets replaced.
    public func applied(to base: ViewState) -> ViewState {
        ViewState(frame: frame ?? base.frame, alpha: alpha ?? base.alpha, scale: scale ?? base.scale,
                  rotation: rotation ?? base.rotation, tx: tx ?? base.tx, ty: ty ?? base.ty,
                  zIndex: zIndex ?? base.zIndex)
    }
}
