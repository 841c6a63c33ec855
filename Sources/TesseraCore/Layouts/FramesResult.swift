/// A layout result that owns every frame in contiguous storage plus a spatial index over them.
///
/// Built once; answers `frame(at:)` in O(1) and `visible(in:)` in O(log n + k) through the
/// index. Content size is the bounding box of the frames and the origin (CollectionKit's
/// SimpleLayout), grown to `minimumContentSize` when a layout states a larger one.
public struct FramesResult: LayoutResult {
    public let frames: [Rect]
    public let contentSize: Size
    public let index: SpatialIndex
    public let supplementaries: [Supplementary]

    /// Validates every frame (finite, non-negative size) and indexes them.
    /// - Complexity: O(n) to validate and to build the index (O(n) radix sorts for shuffled frames).
    public init(frames: [Rect], minimumContentSize: Size = .zero, supplementaries: [Supplementary] = [],
                layoutName: String = "the") throws {
        var maxX = minimumContentSize.width, maxY = minimumContentSize.height
        for (i, f) in frames.enumerated() {
            guard f.isValidFrame else { throw LayoutError.invalidFrame(i, f, layout: layoutName) }
            maxX = max(maxX, f.maxX); maxY = max(maxY, f.maxY)
        }
        guard maxX.isFinite, maxY.isFinite else {
            throw LayoutError("\(layoutName) layout's content size \(JSONValue.double(maxX).briefDescription)x\(JSONValue.double(maxY).briefDescription) is not finite; expected a finite minimum content size")
        }
        self.frames = frames
        self.contentSize = Size(width: maxX, height: maxY)
        self.supplementaries = supplementaries
        self.index = SpatialIndex(frames: frames)
    }

    public var count: Int { frames.count }
    public func frame(at index: Int) -> Rect { frames[index] }
    public func visible(in rect: Rect) -> [Int] { index.query(rect) }
}
