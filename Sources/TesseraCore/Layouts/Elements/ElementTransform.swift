/// How an element is transformed after layout, as a compositional section's
/// `visibleItemsHandler` may set it at query time: scaled about its centre by `scale`, rotated
/// by `rotation` radians, then moved by `tx, ty`. Its frame (and so every query) is unchanged.
public struct ElementTransform: Hashable, Sendable {
    public var scale: Double
    public var rotation: Double
    public var tx: Double
    public var ty: Double

    public init(scale: Double = 1, rotation: Double = 0, tx: Double = 0, ty: Double = 0) {
        self.scale = scale; self.rotation = rotation; self.tx = tx; self.ty = ty
    }

    public static let identity = ElementTransform()
}
