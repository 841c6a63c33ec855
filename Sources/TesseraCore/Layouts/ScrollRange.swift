/// The content offsets a viewport can scroll to, on each axis.
///
/// As CSS's scrollable overflow: the content's box joined with the viewport's own box at offset
/// 0. So content no larger than the viewport stays at 0, content that starts at 0 scrolls from 0
/// to where its far edge meets the viewport's, and a right-to-left content wider than its
/// container (it starts at negative x) scrolls from 0 towards negative x.
public struct ScrollRange: Equatable, Sendable {
    /// The offsets on the x axis.
    public var x: ClosedRange<Double>
    /// The offsets on the y axis.
    public var y: ClosedRange<Double>

    /// The range of content at `origin` of size `content` seen through `viewport`.
    public init(origin: Point, content: Size, viewport: Size) {
        func axis(_ start: Double, _ length: Double, _ view: Double) -> ClosedRange<Double> {
            min(0, start)...max(0, start + length - view)
        }
        x = axis(origin.x, content.width, viewport.width)
        y = axis(origin.y, content.height, viewport.height)
    }

    /// `offset` moved into the range on each axis. O(1).
    public func clamped(_ offset: Point) -> Point {
        Point(x: x.clamping(offset.x), y: y.clamping(offset.y))
    }
}

extension ClosedRange<Double> {
    /// `value` moved into the range. O(1).
    package func clamping(_ value: Double) -> Double { Swift.min(Swift.max(value, lowerBound), upperBound) }
}

extension LayoutResult {
    /// The offsets a viewport of size `viewport` can scroll to over this content. O(1).
    public func scrollRange(viewport: Size) -> ScrollRange {
        ScrollRange(origin: contentOrigin, content: contentSize, viewport: viewport)
    }
}
