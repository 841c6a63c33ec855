/// Arbitrary frames from a function of the index and the context (CollectionKit's Closurelayout).
/// Unlike CollectionKit, visibility goes through the spatial index, not a linear scan.
public struct ClosureLayout: SimpleLayout {
    /// Item `index`'s frame in `context`.
    public var frameProvider: @Sendable (Int, LayoutContext) throws -> Rect

    /// A layout whose item `i` is at `frameProvider(i, context)`.
    public init(_ frameProvider: @escaping @Sendable (Int, LayoutContext) throws -> Rect) {
        self.frameProvider = frameProvider
    }

    public var name: String { "closure" }

    /// Every item's frame from the closure. O(n) calls of it.
    public func frames(_ context: LayoutContext) throws -> [Rect] {
        try (0..<context.count).map { try frameProvider($0, context) }
    }
}
