extension Compositional {
    /// An offset from an anchor: points, or fractions of the supplementary's own size.
    public enum AnchorOffset: Hashable, Sendable {
        /// An offset in points.
        case absolute(Point)
        /// An offset in fractions of the supplementary's width and height.
        case fractional(Point)

        /// No offset.
        public static let zero = AnchorOffset.absolute(.zero)

        /// The offset in points for a supplementary of size `size`.
        public func points(for size: Size) -> Point {
            switch self {
            case .absolute(let p): return p
            case .fractional(let f): return Point(x: f.x * size.width, y: f.y * size.height)
            }
        }
    }

    /// A supplementary anchored to an item (a badge) or to a group,
    /// `NSCollectionLayoutSupplementaryItem`: sized in its host (the item's cell, or the group's
    /// frame) and placed by its container anchor (on the host) and item anchor (on the
    /// supplementary).
    public struct ItemSupplementary: Hashable, Sendable {
        /// The supplementary's kind (`"badge"`, ...).
        public var kind: String
        /// Its size, resolved in its host.
        public var size: LayoutSize
        /// The point of the host it is anchored to.
        public var containerAnchor: RectAlignment
        /// The point of the supplementary placed there; nil takes the container anchor.
        public var itemAnchor: RectAlignment?
        /// Moves it from the anchored position.
        public var offset: AnchorOffset
        /// Drawing order (above the cell, at 0, by default).
        public var zIndex: Int

        /// A supplementary of `kind` and `size` anchored at `containerAnchor` of the cell.
        public init(kind: String, size: LayoutSize, containerAnchor: RectAlignment,
                    itemAnchor: RectAlignment? = nil, offset: AnchorOffset = .zero, zIndex: Int = 1) {
            self.kind = kind; self.size = size; self.containerAnchor = containerAnchor
            self.itemAnchor = itemAnchor; self.offset = offset; self.zIndex = zIndex
        }

        /// The supplementary's frame on its host `host` (a cell or a group's frame).
        public func frame(on host: Rect) -> Rect {
            let size = self.size.resolved(in: host.size)
            return RectAlignment.place(size, in: host, containerAnchor: containerAnchor, itemAnchor: itemAnchor,
                                       offset: offset.points(for: size))
        }
    }

    /// A header or footer of a section or of the whole layout
    /// (`NSCollectionLayoutBoundarySupplementaryItem`).
    ///
    /// It is sized in the section container and aligned on the section's geometry (across the
    /// section's content insets on the cross axis). When `extendsBoundary` is set, a header (an
    /// alignment on the scroll axis's leading end) takes room before the section's content and a
    /// footer room after it, instead of overlapping the content. `offset` moves it afterwards.
    public struct BoundaryItem: Hashable, Sendable {
        /// The supplementary's kind (`"header"`, `"footer"`, ...).
        public var kind: String
        /// Its size, resolved in the section container.
        public var size: LayoutSize
        /// Where it sits on the section (`.top` for a header, `.bottom` for a footer).
        public var alignment: RectAlignment
        /// Moves it after alignment, in points.
        public var offset: Point
        /// Takes room before (header) or after (footer) the content instead of overlapping it.
        public var extendsBoundary: Bool
        /// Sticks to the visible area while its section is visible (headers to its top).
        public var pinned: Bool
        /// Drawing order (above items, at 0, by default).
        public var zIndex: Int

        /// A header or footer of `kind` and `size` aligned at `alignment`.
        public init(kind: String, size: LayoutSize, alignment: RectAlignment, offset: Point = .zero,
                    extendsBoundary: Bool = true, pinned: Bool = false, zIndex: Int = 1) {
            self.kind = kind; self.size = size; self.alignment = alignment; self.offset = offset
            self.extendsBoundary = extendsBoundary; self.pinned = pinned; self.zIndex = zIndex
        }

        /// The room boundary items of sizes `sizes` that extend the boundary take before and
        /// after the content along `axis`: the longest such item on each side. O(b).
        static func room(_ items: [BoundaryItem], sizes: [Size], along axis: Axis) -> (before: Double, after: Double) {
            var before = 0.0, after = 0.0
            for (boundary, size) in zip(items, sizes) where boundary.extendsBoundary {
                switch boundary.alignment.fraction(along: axis) {
                case 0: before = Swift.max(before, size.length(along: axis))
                case 1: after = Swift.max(after, size.length(along: axis))
                default: break
                }
            }
            return (before, after)
        }

        /// The edge of the visible area a pinned item sticks to in a layout scrolling along
        /// `axis`: a header (aligned to the leading end of the axis: top, or leading in a
        /// horizontal layout) to that edge, a footer (the trailing end: bottom, or trailing) to
        /// the other, as `pinToVisibleBounds` pins in either scroll direction. Left to right;
        /// a right-to-left layout mirrors the edge with the frames. Nil when not pinned or
        /// aligned across the middle of the axis.
        func pinEdge(along axis: Axis) -> LayoutElement.PinEdge? {
            guard pinned else { return nil }
            switch alignment.fraction(along: axis) {
            case 0: return axis == .vertical ? .top : .left
            case 1: return axis == .vertical ? .bottom : .right
            default: return nil
            }
        }
    }

    /// A section background (`NSCollectionLayoutDecorationItem.background`): the section's
    /// geometry shrunk by `contentInsets`. The section's items are drawn above it (zIndex 1).
    public struct Decoration: Hashable, Sendable {
        /// The decoration's kind (`"background"`, ...).
        public var kind: String
        /// Insets from the section's geometry.
        public var contentInsets: DirectionalEdgeInsets
        /// Drawing order (below items by default).
        public var zIndex: Int

        /// A background of `kind`.
        public init(kind: String, contentInsets: DirectionalEdgeInsets = .zero, zIndex: Int = 0) {
            self.kind = kind; self.contentInsets = contentInsets; self.zIndex = zIndex
        }
    }
}
