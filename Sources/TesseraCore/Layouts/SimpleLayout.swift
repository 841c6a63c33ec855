/// A layout that only places its items (CollectionKit's SimpleLayout): it gives their frames,
/// and the result, its content size and its spatial index come from one place, `layout(_:)`
/// below. Composing layouts (`SectionsLayout`) take the frames alone and index every section's
/// items once, instead of building an index per child only to throw it away.
public protocol SimpleLayout: Layout where Result == FramesResult {
    /// The layout's name in error messages ("flow layout produced an invalid frame ...").
    var name: String { get }
    /// Every item's frame, in index order, not yet validated. Throws `LayoutError` for invalid
    /// parameters, or the error of an item size that could not be computed.
    func frames(_ context: LayoutContext) throws -> [Rect]
}

extension SimpleLayout {
    /// The frames, validated and indexed. Content size is the bounding box of the origin and
    /// the frames.
    /// - Complexity: `frames(_:)` plus O(n) to validate and index.
    public func layout(_ context: LayoutContext) throws -> FramesResult {
        try context.checkCollectionSize(layout: name)
        return try FramesResult(frames: frames(context), layoutName: name)
    }

    /// The frames, validated, with their content size (the bounding box of the origin and the
    /// frames), for layouts that compose children without indexing each one.
    /// - Complexity: `frames(_:)` plus O(n).
    func placedFrames(_ context: LayoutContext) throws -> (frames: [Rect], contentSize: Size) {
        try context.checkCollectionSize(layout: name)
        let frames = try frames(context)
        var size = Size.zero
        for (i, f) in frames.enumerated() {
            guard f.isValidFrame else { throw LayoutError.invalidFrame(i, f, layout: name) }
            size.width = max(size.width, f.maxX)
            size.height = max(size.height, f.maxY)
        }
        return (frames, size)
    }
}
