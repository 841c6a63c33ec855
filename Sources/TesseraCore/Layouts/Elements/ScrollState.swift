/// Where the content is scrolled to: the content offset (the top-left of the visible area, in
/// content coordinates), the visible area's size when known, and, for sections that scroll on
/// the cross axis (orthogonal sections), each section's own offset.
///
/// The viewport is the visible area: its origin is `contentOffset`, its size `viewportSize`
/// (`CollectionEngine.viewportSize`, the CLI's `--viewport`). `LayoutContext.collectionSize` is
/// another thing: the size a layout is offered, the viewport's only for the root layout.
///
/// Queries take the scroll state as an argument, so everything scroll-dependent (pinned headers
/// and footers, orthogonal sections) is a pure function of a result and a scroll state.
public struct ScrollState: Hashable, Sendable {
    /// The top-left of the visible area, in content coordinates.
    public var contentOffset: Point
    /// Offsets of orthogonal sections by 0-based section index; a missing section is at 0, 0.
    public var sectionOffsets: [Int: Point]
    /// The visible area's size. Elements pinned to the bottom need it; without it they stay at rest.
    public var viewportSize: Size?

    /// A scroll state at `contentOffset`.
    public init(contentOffset: Point = .zero, sectionOffsets: [Int: Point] = [:], viewportSize: Size? = nil) {
        self.contentOffset = contentOffset
        self.sectionOffsets = sectionOffsets
        self.viewportSize = viewportSize
    }

    /// Scrolled to show exactly `rect`, with every orthogonal section at rest.
    public init(showing rect: Rect, sectionOffsets: [Int: Point] = [:]) {
        self.init(contentOffset: rect.origin, sectionOffsets: sectionOffsets, viewportSize: rect.size)
    }

    /// At the origin, every section at rest, no viewport size.
    public static let zero = ScrollState()

    /// The offset orthogonal section `section` is drawn at. O(1).
    public func offset(ofSection section: Int) -> Point { sectionOffsets[section] ?? .zero }

    /// The y of the visible area's bottom edge, or +∞ when the viewport size is unknown.
    public var visibleBottom: Double { viewportSize.map { contentOffset.y + $0.height } ?? .infinity }

    /// The x of the visible area's right edge, or +∞ when the viewport size is unknown.
    public var visibleRight: Double { viewportSize.map { contentOffset.x + $0.width } ?? .infinity }

    /// The state seen by a layout whose frames are shifted by `dx, dy` (and transposed when
    /// `transpose`) to give the outer ones: the inverse of the frame mapping.
    func mappedInward(dx: Double, dy: Double, transpose: Bool) -> ScrollState {
        let o = Point(x: contentOffset.x - dx, y: contentOffset.y - dy)
        guard transpose else { return ScrollState(contentOffset: o, sectionOffsets: sectionOffsets, viewportSize: viewportSize) }
        return ScrollState(contentOffset: Point(x: o.y, y: o.x),
                           sectionOffsets: sectionOffsets.mapValues { Point(x: $0.y, y: $0.x) },
                           viewportSize: viewportSize?.transposed)
    }

    /// The state seen by a layout whose frames are mirrored left to right inside `width` to give
    /// the outer ones (x' = width − x − w): the visible area and orthogonal offsets mirrored too.
    func mirrored(inWidth width: Double) -> ScrollState {
        let x = width - contentOffset.x - (viewportSize?.width ?? 0)
        return ScrollState(contentOffset: Point(x: x, y: contentOffset.y),
                           sectionOffsets: sectionOffsets.mapValues { Point(x: -$0.x, y: $0.y) },
                           viewportSize: viewportSize)
    }
}
