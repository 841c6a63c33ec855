/// Every item at the origin with its own size (CollectionKit's OverlayLayout).
/// Content size is the largest width by the largest height.
public struct OverlayLayout: SimpleLayout {
    /// The overlay layout (it has no settings).
    public init() {}

    public var name: String { "overlay" }

    /// Every item at the origin with its size. O(n).
    public func frames(_ context: LayoutContext) throws -> [Rect] {
        try context.sizes(proposed: context.collectionSize).map { Rect(origin: .zero, size: $0) }
    }
}
