/// CollectionKit's wobble: while scrolling, each view is pushed along the scroll by the velocity
/// times a resistance that grows with the view's distance from the touch, then springs back.
///
/// resistance = |(view centre on screen − touch) × sensitivity| / 1000 on each axis, and each
/// axis's push is clamped so it never exceeds the velocity or flips its sign. A headless engine has
/// no touch, so the touch is the centre of the visible area. A view scrolling in is pushed by eight
/// times the velocity. Unlike CollectionKit's, this wobble also fades views in and out on reloads
/// (CollectionKit has no delete animation for it).
public struct WobbleAnimator: HookAnimator, Hashable {
    /// How strongly the distance from the touch resists the scroll, per axis.
    public var sensitivity: Point
    /// The spring back: stiffness 250 and damping 30 on a unit mass, as CollectionKit's.
    public var spring: Spring

    /// CollectionKit's spring: stiffness 250, damping 30, unit mass.
    public static let defaultSpring = Spring(dampingRatio: 30 / (2 * 250.0.squareRoot()),
                                             response: 2 * Double.pi / 250.0.squareRoot())

    /// A wobble with `sensitivity` that springs back with `spring`.
    public init(sensitivity: Point = Point(x: 1, y: 1), spring: Spring = WobbleAnimator.defaultSpring) {
        self.sensitivity = sensitivity; self.spring = spring
    }

    /// How far the view is pushed for a scroll of `velocity` (scaled by `boost`).
    public func push(for event: AnimationEvent, boost: Double = 1) -> Point {
        let touch = Point(x: event.visibleFrame.x + event.visibleFrame.width / 2,
                          y: event.visibleFrame.y + event.visibleFrame.height / 2)
        let centre = Point(x: event.frame.x + event.frame.width / 2, y: event.frame.y + event.frame.height / 2)
        func axis(_ velocity: Double, _ distance: Double, _ sensitivity: Double) -> Double {
            let resistance = Swift.min(abs(distance * sensitivity) / 1000, 1)
            return velocity * boost * resistance
        }
        return Point(x: axis(event.velocity.x, centre.x - touch.x, sensitivity.x),
                     y: axis(event.velocity.y, centre.y - touch.y, sensitivity.y))
    }

    private func springBack(from push: Point) -> AnimationDescription? {
        guard push != .zero else { return nil }
        return AnimationDescription(from: PartialViewState(tx: push.x, ty: push.y),
                                    to: PartialViewState(tx: 0, ty: 0), curve: .spring(spring))
    }

    /// On a reload an appearing view fades in; while scrolling, a view scrolling in is pushed eight times as far.
    public func insert(_ event: AnimationEvent) -> AnimationDescription? {
        if event.isReloading {
            guard event.reloadCount > 0, event.isOnScreen else { return nil }
            return AnimationDescription(from: PartialViewState(alpha: 0), curve: .spring(spring))
        }
        return springBack(from: push(for: event, boost: 8))
    }

    /// On a reload a leaving view on screen fades out.
    public func delete(_ event: AnimationEvent) -> AnimationDescription? {
        guard event.isReloading, event.isOnScreen else { return nil }
        return AnimationDescription(to: PartialViewState(alpha: 0), curve: .spring(spring))
    }

    /// A view whose frame changed springs to it.
    public func update(_ event: AnimationEvent) -> AnimationDescription? {
        guard let old = event.oldFrame, old != event.frame else { return nil }
        return AnimationDescription(curve: .spring(spring))
    }

    /// A view is pushed along the scroll and springs back.
    public func scroll(_ event: AnimationEvent) -> AnimationDescription? {
        springBack(from: push(for: event))
    }
}
