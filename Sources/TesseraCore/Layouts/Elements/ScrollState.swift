/// Where the content is scrolled to: the content offset (the top-left of the visible area, in
/// content coordinates) and, for sections that scroll on the cross axis (orthogonal sections),
/// each section's own offset.
///
/// Queries take the scroll state as an argument, so everything scroll-dependent (pinned headers,
/// orthogonal sections) is a pure function of a result and a scroll state.
public struct ScrollState: Hashable, Sendable {
    public var contentOffset: Point
    /// Offsets of orthogonal sections by 0-based section index; a missing section is at 0, 0.
    public var sectionOffsets: [Int: Point]

    public init(contentOffset: Point = .zero, sectionOffsets: [Int: Point] = [:]) {
        self.contentOffset = contentOffset
        self.sectionOffsets = sectionOffsets
    }

    /// Scrolled to `rect`'s origin with every orthogonal section at rest.
    public init(showing rect: Rect) { self.init(contentOffset: rect.origin) }

    public static let zero = ScrollState()

    /// The offset orthogonal section `section` is drawn at. O(1).
    public func offset(ofSection section: Int) -> Point { sectionOffsets[section] ?? .zero }

    /// The state seen by a layout whose frames are shifted by `dx, dy` (and transposed when
    /// `transpose`) to give the outer ones: the inverse of the frame mapping.
    func mappedInward(dx: Double, dy: Double, transpose: Bool) -> ScrollState {
        let o = Point(x: contentOffset.x - dx, y: contentOffset.y - dy)
        guard transpose else { return ScrollState(contentOffset: o, sectionOffsets: sectionOffsets) }
        return ScrollState(contentOffset: Point(x: o.y, y: o.x),
                           sectionOffsets: sectionOffsets.mapValues { Point(x: $0.y, y: $0.x) })
    }
}
