/// UIKit's compositional layout model (items, groups, sections) as Swift values.
///
/// A section repeats one group; a group places items (or nested groups) along its axis; an item is
/// one cell. Every size is a `LayoutSize` resolved against the *container* it lives in: the section
/// for its top-level group, the parent group (after its content insets) for everything else.
/// `CompositionalLayout` lays the model out; `GroupSolver` and `SectionSolver` hold the geometry.
public enum Compositional {}

extension Compositional {
    /// One axis of a `LayoutSize` (`NSCollectionLayoutDimension`): a fraction of the container's
    /// width or height, points, or an estimate. A provider's fixed item size uses `SizeDimension`
    /// instead, whose fraction is always of the proposal on its own axis and which has no estimate.
    public enum Dimension: Hashable, Sendable {
        /// A length in points.
        case absolute(Double)
        /// A fraction of the container's (effective) width, whichever axis this dimension is on.
        case fractionalWidth(Double)
        /// A fraction of the container's (effective) height, whichever axis this dimension is on.
        case fractionalHeight(Double)
        /// An initial length; the real one is measured from the item's content.
        case estimated(Double)
        /// Measured as `.estimated` is, then grown to the largest measured length among the
        /// siblings in the parent group that are uniform on the same axis; on a section's
        /// outermost group, every group of the section takes the largest group's length
        /// (UIKit's `uniformAcrossSiblings(estimate:)`).
        case uniformAcrossSiblings(estimate: Double)

        /// True for `.estimated` and `.uniformAcrossSiblings`: the length is measured.
        @inlinable public var isEstimated: Bool {
            switch self {
            case .estimated, .uniformAcrossSiblings: return true
            case .absolute, .fractionalWidth, .fractionalHeight: return false
            }
        }

        /// True for `.uniformAcrossSiblings`.
        @inlinable public var isUniformAcrossSiblings: Bool {
            if case .uniformAcrossSiblings = self { return true } else { return false }
        }

        /// The length in points inside a container whose effective content size is `container`.
        /// An estimated dimension resolves to its estimate.
        @inlinable public func resolved(in container: Size) -> Double {
            switch self {
            case .absolute(let points), .estimated(let points), .uniformAcrossSiblings(let points): return points
            case .fractionalWidth(let f): return f * container.width
            case .fractionalHeight(let f): return f * container.height
            }
        }
    }

    /// A width and a height dimension (`NSCollectionLayoutSize`).
    public struct LayoutSize: Hashable, Sendable {
        /// The width dimension.
        public var width: Dimension
        /// The height dimension.
        public var height: Dimension

        /// A size of `width` by `height`.
        public init(width: Dimension, height: Dimension) {
            self.width = width; self.height = height
        }

        /// The dimension on `axis`.
        @inlinable public func dimension(along axis: Axis) -> Dimension {
            axis == .horizontal ? width : height
        }

        /// Both dimensions resolved in a container of effective size `container`.
        @inlinable public func resolved(in container: Size) -> Size {
            Size(width: width.resolved(in: container), height: height.resolved(in: container))
        }

        /// Throws `LayoutError.invalidParameter` naming `subject` unless both dimensions hold a
        /// finite number of 0 or more (points, a fraction or an estimate). Lua refuses such a size
        /// when a script makes it; a Swift value is checked when it is laid out. O(1).
        package func check(_ subject: String) throws(LayoutError) {
            for (name, dimension) in [("width", width), ("height", height)] {
                let value: Double
                switch dimension {
                case .absolute(let v), .estimated(let v), .uniformAcrossSiblings(let v),
                     .fractionalWidth(let v), .fractionalHeight(let v): value = v
                }
                guard value.isFinite, value >= 0 else {
                    throw LayoutError.invalidParameter(name: name, allowed: "a \(name) of a finite number of 0 or more",
                                                       got: "\(dimension)", subject: subject, verb: "needs")
                }
            }
        }
    }

    /// Space between items: exactly `fixed`, or at least `flexible` and growing to share the
    /// leftover length of the group evenly (`NSCollectionLayoutSpacing`).
    public enum Spacing: Hashable, Sendable {
        /// Exactly this many points.
        case fixed(Double)
        /// At least this many points, growing to share the group's leftover length.
        case flexible(Double)

        /// The space it takes before leftover space is shared out.
        @inlinable public var minimum: Double {
            switch self { case .fixed(let v), .flexible(let v): return v }
        }

        /// True for `.flexible` (also `.flexible(0)`, which is still flexible).
        @inlinable public var isFlexible: Bool {
            if case .flexible = self { return true } else { return false }
        }
    }

    /// Space around an item used when positioning it in its group; it moves the item and never
    /// resizes it (`NSCollectionLayoutEdgeSpacing`). A nil edge has no spacing.
    public struct EdgeSpacing: Hashable, Sendable {
        /// Spacing on the leading edge.
        public var leading: Spacing?
        /// Spacing on the top edge.
        public var top: Spacing?
        /// Spacing on the trailing edge.
        public var trailing: Spacing?
        /// Spacing on the bottom edge.
        public var bottom: Spacing?

        /// Edge spacing with the given edges (nil: none).
        public init(leading: Spacing? = nil, top: Spacing? = nil, trailing: Spacing? = nil, bottom: Spacing? = nil) {
            self.leading = leading; self.top = top; self.trailing = trailing; self.bottom = bottom
        }

        /// No spacing on any edge.
        public static let none = EdgeSpacing()

        /// The spacing on the low end of `axis` (leading or top).
        @inlinable public func leading(along axis: Axis) -> Spacing? { axis == .horizontal ? leading : top }
        /// The spacing on the high end of `axis` (trailing or bottom).
        @inlinable public func trailing(along axis: Axis) -> Spacing? { axis == .horizontal ? trailing : bottom }
    }

    /// Content insets (`NSDirectionalEdgeInsets`): points, as UIKit's are, whatever their size
    /// (0.5 is half a point). An edge listed in `fractionalEdges` is instead a fraction of the
    /// size on its axis (leading 0.15 = 15 % of the width): Lua's `"15%"`, Swift's
    /// `DirectionalEdgeInsets.fractional(...)`. A separate type from `EdgeInsets` (fixed left and
    /// right sides, points only), as UIKit separates the two.
    public struct DirectionalEdgeInsets: Hashable, Sendable {
        /// The top inset.
        public var top: Double
        /// The leading inset.
        public var leading: Double
        /// The bottom inset.
        public var bottom: Double
        /// The trailing inset.
        public var trailing: Double
        /// The edges whose value is a fraction of the size on its axis; the others are points.
        public var fractionalEdges: Edges

        /// Edges of `DirectionalEdgeInsets`.
        public struct Edges: OptionSet, Hashable, Sendable {
            /// The edges as bits: top 1, leading 2, bottom 4, trailing 8.
            public let rawValue: UInt8
            /// The edges whose bits are set in `rawValue`.
            public init(rawValue: UInt8) { self.rawValue = rawValue }
            /// The top edge.
            public static let top = Edges(rawValue: 1)
            /// The leading edge (left in left-to-right layouts).
            public static let leading = Edges(rawValue: 2)
            /// The bottom edge.
            public static let bottom = Edges(rawValue: 4)
            /// The trailing edge (right in left-to-right layouts).
            public static let trailing = Edges(rawValue: 8)
            /// Every edge.
            public static let all: Edges = [.top, .leading, .bottom, .trailing]
        }

        /// Insets in points.
        public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0,
                    fractionalEdges: Edges = []) {
            self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
            self.fractionalEdges = fractionalEdges
        }

        /// The same inset in points on every edge.
        public init(all value: Double) { self.init(top: value, leading: value, bottom: value, trailing: value) }

        /// Insets as fractions of the size on each edge's axis (0.15 = 15 %).
        public static func fractional(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) -> DirectionalEdgeInsets {
            DirectionalEdgeInsets(top: top, leading: leading, bottom: bottom, trailing: trailing, fractionalEdges: .all)
        }

        /// No inset.
        public static let zero = DirectionalEdgeInsets()

        /// The insets in points for a box of size `size` (fractional edges multiplied out).
        @inlinable public func resolved(in size: Size) -> DirectionalEdgeInsets {
            if fractionalEdges.isEmpty { return self }
            @inline(__always) func points(_ v: Double, _ edge: Edges, _ length: Double) -> Double {
                fractionalEdges.contains(edge) ? v * length : v
            }
            return DirectionalEdgeInsets(top: points(top, .top, size.height), leading: points(leading, .leading, size.width),
                          bottom: points(bottom, .bottom, size.height), trailing: points(trailing, .trailing, size.width))
        }

        /// The inset on the low end of `axis` (leading or top).
        @inlinable public func leading(along axis: Axis) -> Double { axis == .horizontal ? leading : top }
        /// The inset on the high end of `axis` (trailing or bottom).
        @inlinable public func trailing(along axis: Axis) -> Double { axis == .horizontal ? trailing : bottom }
        /// Leading plus trailing along `axis`.
        @inlinable public func total(along axis: Axis) -> Double { leading(along: axis) + trailing(along: axis) }

        /// `rect` shrunk by these insets, taken as points (left-to-right: leading is the left edge).
        /// Insets that add up to more than a side leave that side at zero, at the leading (top)
        /// inset, rather than negative: a cell, a group's content or a decoration squeezed by a
        /// small container has no size, not an impossible one.
        @inlinable public func inset(_ rect: Rect) -> Rect {
            Rect(x: rect.x + leading, y: rect.y + top,
                 width: Swift.max(0, rect.width - leading - trailing), height: Swift.max(0, rect.height - top - bottom))
        }
    }
}
