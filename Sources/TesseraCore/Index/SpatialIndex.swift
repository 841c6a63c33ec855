/// TEMPORARY linear placeholder; the index work replaces this file with a packed R-tree.
public struct SpatialIndex: Sendable {
    let frames: [Rect]
    public init(frames: [Rect]) { self.frames = frames }
    public func query(_ rect: Rect) -> [Int] {
        frames.indices.filter { frames[$0].overlapsWithPositiveArea(rect) }
    }
}
