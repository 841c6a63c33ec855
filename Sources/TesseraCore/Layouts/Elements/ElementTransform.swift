/// How an element is transformed after layout, as a compositional section's
/// `visibleItemsHandler` may set it at query time: scaled about its centre by `scale`, rotated
/// by `rotation` radians, then moved by `tx, ty`. Its frame (and so every query) is unchanged.
public struct ElementTransform: Hashable, Sendable {
    /// Scale about the centre; 1 is unscaled.
    public var scale: Double
    /// Rotation about the centre, in radians.
    public var rotation: Double
    /// Horizontal translation after scaling and rotating.
    public var tx: Double
    /// Vertical translation after scaling and rotating.
    public var ty: Double

    /// A transform; the defaults leave the element as laid out.
    public init(scale: Double = 1, rotation: Double = 0, tx: Double = 0, ty: Double = 0) {
        self.scale = scale; self.rotation = rotation; self.tx = tx; self.ty = ty
    }

    /// No transform.
    public static let identity = ElementTransform()
}
