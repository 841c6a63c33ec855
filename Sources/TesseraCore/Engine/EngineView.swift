/// A visible view: a number that stays the same while it is visible, the kind of view, the item
/// it shows (flattened index, identifier made unique in the visible set), its frame as drawn and
/// its bound data.
public struct EngineView: Equatable, Sendable {
    public var number: Int
    public var kind: String
    public var index: Int
    public var id: String
    public var frame: Rect
    public var data: JSONValue
    /// Drawing order: items 0, headers 1, a pinned header 2.
    public var zIndex: Int
}

/// How many views the engine created and how many it took back from reuse pools.
public struct EngineStats: Equatable, Sendable {
    public var created = 0
    public var reused = 0
}

/// The engine's visible area: size, content offset (top-left of the visible area in content
/// coordinates) and the offsets of sections that scroll on the cross axis.
public struct Viewport: Equatable, Sendable {
    public var size: Size
    public var offset: Point
    public var sectionOffsets: [Int: Point]

    public init(size: Size = .defaultViewport, offset: Point = .zero, sectionOffsets: [Int: Point] = [:]) {
        self.size = size; self.offset = offset; self.sectionOffsets = sectionOffsets
    }

    /// The visible rectangle in content coordinates.
    public var rect: Rect { Rect(origin: offset, size: size) }
}
