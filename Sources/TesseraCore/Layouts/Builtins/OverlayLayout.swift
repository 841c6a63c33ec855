/// Every item at the origin with its own size (CollectionKit's OverlayLayout).
/// Content size is the largest width by the largest height.
public struct OverlayLayout: Layout {
    public init() {}

    /// - Complexity: O(n) plus the index build.
    public func layout(_ context: LayoutContext) throws -> any LayoutResult {
        let frames = try context.sizes(proposed: context.collectionSize).map { Rect(origin: .zero, size: $0) }
        return try FramesResult(frames: frames, layoutName: "overlay")
    }
}
