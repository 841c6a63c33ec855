extension Compositional {
    /// Where a supplementary sits on its host (`NSRectAlignment` and `NSDirectionalRectEdge`):
    /// flush with the named edges, centred on an axis with no named edge.
    public enum RectAlignment: String, CaseIterable, Hashable, Sendable {
        /// Centred on both axes.
        case none
        /// Flush with the top, centred horizontally.
        case top
        /// Flush with the top and leading edges.
        case topLeading
        /// Flush with the leading edge, centred vertically.
        case leading
        /// Flush with the bottom and leading edges.
        case bottomLeading
        /// Flush with the bottom, centred horizontally.
        case bottom
        /// Flush with the bottom and trailing edges.
        case bottomTrailing
        /// Flush with the trailing edge, centred vertically.
        case trailing
        /// Flush with the top and trailing edges.
        case topTrailing

        /// The anchor point as fractions of the host: 0 = leading/top, 0.5 = centre, 1 = trailing/bottom.
        public var fraction: Point {
            let x: Double
            switch self {
            case .topLeading, .leading, .bottomLeading: x = 0
            case .topTrailing, .trailing, .bottomTrailing: x = 1
            case .none, .top, .bottom: x = 0.5
            }
            let y: Double
            switch self {
            case .top, .topLeading, .topTrailing: y = 0
            case .bottom, .bottomLeading, .bottomTrailing: y = 1
            case .none, .leading, .trailing: y = 0.5
            }
            return Point(x: x, y: y)
        }

        /// The fraction along `axis` (0 = the low end).
        public func fraction(along axis: Axis) -> Double { fraction.value(along: axis) }

        /// Places a `size` box in `host`: the point at `containerAnchor`'s fraction of the host
        /// (plus `offset`) meets the point at `itemAnchor`'s fraction of the box. With the same
        /// anchor on both, the box sits inside the host, flush with the named edges.
        public static func place(_ size: Size, in host: Rect, containerAnchor: RectAlignment,
                                 itemAnchor: RectAlignment? = nil, offset: Point = .zero) -> Rect {
            let c = containerAnchor.fraction, i = (itemAnchor ?? containerAnchor).fraction
            return Rect(x: host.x + host.width * c.x - size.width * i.x + offset.x,
                        y: host.y + host.height * c.y - size.height * i.y + offset.y,
                        width: size.width, height: size.height)
        }
    }
}
