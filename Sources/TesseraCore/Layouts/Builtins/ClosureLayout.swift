/// Arbitrary frames from a function of the index and the context (CollectionKit's Closurelayout).
/// Unlike CollectionKit, visibility goes through the spatial index, not a linear scan.
public struct ClosureLayout: Layout {
    public var frameProvider: @Sendable (Int, LayoutContext) throws -> Rect

    public init(_ frameProvider: @escaping @Sendable (Int, LayoutContext) throws -> Rect) {
        self.frameProvider = frameProvider
    }

    /// - Complexity: O(n) calls of the closure plus the index build.
    public func layout(_ context: LayoutContext) throws -> any LayoutResult {
        let frames = try (0..<context.count).map { try frameProvider($0, context) }
        return try FramesResult(frames: frames, layoutName: "closure")
    }
}
