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

extension LayoutResult {
    /// The offsets sideways section `scroller` can be scrolled to: from its start to where its
    /// content's far edge meets the scroller on the axis it scrolls (towards negative x right to
    /// left), 0 on the other axis. The ends are where `targetContentOffset` rests the farthest
    /// proposals either way, within the content's overhang either way (for a result whose
    /// `targetContentOffset` keeps any proposal). O(1).
    package func scrollRange(of scroller: OrthogonalSection) -> ScrollRange {
        let far = 1e300
        let a = targetContentOffset(section: scroller.section, proposed: Point(x: far, y: far), velocity: .zero)
        let b = targetContentOffset(section: scroller.section, proposed: Point(x: -far, y: -far), velocity: .zero)
        func axis(_ a: Double, _ b: Double, content: Double, shown: Double) -> ClosedRange<Double> {
            let room = max(0, content - shown)
            let overhang = -room...room
            return overhang.clamping(min(a, b))...overhang.clamping(max(a, b))
        }
        var range = ScrollRange(origin: .zero, content: .zero, viewport: .zero)
        range.x = axis(a.x, b.x, content: scroller.contentSize.width, shown: scroller.frame.width)
        range.y = axis(a.y, b.y, content: scroller.contentSize.height, shown: scroller.frame.height)
        return range
    }
}

extension LayoutResult {
    /// `offsets` (by 0-based section) each moved into its sideways section's range
    /// (`scrollRange(of:)`), as a scroll view keeps them; an offset of a section that does not
    /// scroll sideways is kept as it is. O(offsets + orthogonal sections).
    package func clampedSectionOffsets(_ offsets: [Int: Point]) -> [Int: Point] {
        guard !offsets.isEmpty else { return offsets }
        var clamped = offsets
        for scroller in orthogonalSections {
            if let offset = offsets[scroller.section] { clamped[scroller.section] = scrollRange(of: scroller).clamped(offset) }
        }
        return clamped
    }
}
