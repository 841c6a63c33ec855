extension Compositional {
    /// A group places its subitems along its axis (`NSCollectionLayoutGroup`); a group is itself an
    /// item, so groups nest.
    ///
    /// - A repeating group (`count == nil`) walks `subitems` cyclically, each at its own size,
    ///   until the next one does not fit the group's length after its content insets.
    /// - A count group (`count = N`) holds N copies of `subitems[0]` in equal slots: slot length =
    ///   (length after insets − spacing · (N − 1)) / N; the subitem's own length is ignored.
    /// - A repeating group (`repeating = N`, UIKit's `repeatingSubitem:count:`) holds N copies of
    ///   its one subitem at its own size, spacing between them; making them fit is the caller's
    ///   job, as in UIKit: copies that do not fit run past the group's end.
    /// - A custom group asks `custom` for frames relative to the group's origin.
    public struct Group: Sendable {
        /// How a group places its subitems.
        public enum Arrangement: Sendable {
            /// Side by side along the horizontal axis.
            case horizontal
            /// Stacked along the vertical axis.
            case vertical
            /// Frames for one group, given the group's geometry.
            case custom(@Sendable (CustomGroupEnvironment) throws -> [CustomItem])
        }

        /// The group's size in its container.
        public var size: LayoutSize
        /// How the group places its subitems.
        public var arrangement: Arrangement
        /// The items and groups it places (a custom group has none).
        public var subitems: [Subitem]
        /// N equal slots of `subitems[0]`; nil repeats `subitems` while they fit.
        public var count: Int?
        /// N copies of the one subitem at its own size; nil repeats `subitems` while they fit.
        /// Not with `count`, nor with more than one subitem (`checkRepeating`).
        public var repeating: Int?
        /// The most leaves one group may hold, its nested groups' included (a count above it, or
        /// a repeating group of tiny items, is an error rather than an unbounded allocation).
        public static let maxLeaves = 1_000_000
        /// Space between consecutive subitems along the group's axis (never before the first or
        /// after the last).
        public var interItemSpacing: Spacing?
        /// Insets of the subitems from the group's edges.
        public var contentInsets: DirectionalEdgeInsets
        /// Used when this group is placed inside a parent group.
        public var edgeSpacing: EdgeSpacing
        /// Supplementaries anchored to the group's frame (`supplementaryItems`), as a badge is to
        /// its cell: sized in the group, placed by their anchors, and following the index of the
        /// group's first item.
        public var supplementaries: [ItemSupplementary]

        /// A group of `size` placing `subitems` by `arrangement`.
        public init(size: LayoutSize, arrangement: Arrangement, subitems: [Subitem] = [], count: Int? = nil, repeating: Int? = nil,
                    interItemSpacing: Spacing? = nil, contentInsets: DirectionalEdgeInsets = .zero, edgeSpacing: EdgeSpacing = .none,
                    supplementaries: [ItemSupplementary] = []) {
            self.size = size; self.arrangement = arrangement; self.subitems = subitems; self.count = count
            self.repeating = repeating
            self.interItemSpacing = interItemSpacing; self.contentInsets = contentInsets; self.edgeSpacing = edgeSpacing
            self.supplementaries = supplementaries
        }

        /// A horizontal group (`NSCollectionLayoutGroup.horizontal`).
        public static func horizontal(_ size: LayoutSize, _ subitems: [Subitem], count: Int? = nil, repeating: Int? = nil,
                                      spacing: Spacing? = nil, insets: DirectionalEdgeInsets = .zero) -> Group {
            Group(size: size, arrangement: .horizontal, subitems: subitems, count: count, repeating: repeating,
                  interItemSpacing: spacing, contentInsets: insets)
        }

        /// A vertical group (`NSCollectionLayoutGroup.vertical`).
        public static func vertical(_ size: LayoutSize, _ subitems: [Subitem], count: Int? = nil, repeating: Int? = nil,
                                    spacing: Spacing? = nil, insets: DirectionalEdgeInsets = .zero) -> Group {
            Group(size: size, arrangement: .vertical, subitems: subitems, count: count, repeating: repeating,
                  interItemSpacing: spacing, contentInsets: insets)
        }

        /// A custom group whose frames `provider` gives (`NSCollectionLayoutGroup.custom`), with
        /// what any group takes: content insets (the provider sees the size after them), edge
        /// spacing in a parent group, and supplementaries on the group's frame. Its frames have
        /// no item, so no badges of their own, as in UIKit.
        public static func custom(_ size: LayoutSize, insets: DirectionalEdgeInsets = .zero, edgeSpacing: EdgeSpacing = .none,
                                  supplementaries: [ItemSupplementary] = [],
                                  _ provider: @escaping @Sendable (CustomGroupEnvironment) throws -> [CustomItem]) -> Group {
            Group(size: size, arrangement: .custom(provider), contentInsets: insets, edgeSpacing: edgeSpacing,
                  supplementaries: supplementaries)
        }

        /// Checks `repeating`, if set: copies of one subitem (a list of several would leave all
        /// but the first unused), not with `count`, from 1 to `maxLeaves` of them. Lua checks a
        /// group when it is made, the solver when it lays one out, with the same message. O(1).
        public func checkRepeating() throws {
            guard let repeating else { return }
            let subject = "a compositional repeating group"
            guard count == nil else {
                throw LayoutError.invalidParameter(name: "repeating", allowed: "either `repeating` or `count`", got: "both",
                                                   subject: subject, verb: "needs")
            }
            guard subitems.count == 1 else {
                throw LayoutError.invalidParameter(name: "repeating", allowed: "exactly one subitem (an item or a group) to repeat",
                                                   got: "\(subitems.count)", subject: subject, verb: "needs")
            }
            guard repeating >= 1, repeating <= Group.maxLeaves else {
                throw LayoutError.invalidParameter(name: "repeating", allowed: "a repeat count from 1 to \(NumberText.grouped(Group.maxLeaves))",
                                                   got: "\(repeating)", subject: subject, verb: "needs")
            }
        }

        /// True when the group or anything in it has an estimated dimension (it must be solved
        /// per group, with measured items, rather than once as a template).
        public var hasEstimatedDimension: Bool {
            if size.width.isEstimated || size.height.isEstimated { return true }
            return subitems.contains {
                switch $0 {
                case .item(let item): return item.size.width.isEstimated || item.size.height.isEstimated
                case .group(let group): return group.hasEstimatedDimension
                }
            }
        }

        /// The axis the group places its subitems along; nil for a custom group.
        public var axis: Axis? {
            switch arrangement {
            case .horizontal: return .horizontal
            case .vertical: return .vertical
            case .custom: return nil
            }
        }
    }

    /// A group's child: an item or a nested group.
    public enum Subitem: Sendable {
        /// An item.
        case item(Item)
        /// A nested group.
        case group(Group)

        /// The child's size.
        public var size: LayoutSize {
            switch self { case .item(let i): return i.size; case .group(let g): return g.size }
        }

        /// The child's edge spacing.
        public var edgeSpacing: EdgeSpacing {
            switch self { case .item(let i): return i.edgeSpacing; case .group(let g): return g.edgeSpacing }
        }
    }

    /// What a custom group's provider sees: the group's size and its size after content insets.
    public struct CustomGroupEnvironment: Hashable, Sendable {
        /// The group's size.
        public var contentSize: Size
        /// The group's size less its content insets.
        public var effectiveContentSize: Size
        /// Which way leading and trailing run.
        public var layoutDirection: LayoutDirection

        /// An environment to call a custom group's provider with yourself (in a test of it).
        public init(contentSize: Size, effectiveContentSize: Size, layoutDirection: LayoutDirection = .leftToRight) {
            self.contentSize = contentSize
            self.effectiveContentSize = effectiveContentSize
            self.layoutDirection = layoutDirection
        }
    }

    /// One frame of a custom group, relative to the group's origin.
    public struct CustomItem: Hashable, Sendable {
        /// The frame, relative to the group's origin.
        public var frame: Rect
        /// Drawing order.
        public var zIndex: Int
        /// A frame at `frame` drawn at `zIndex`.
        public init(frame: Rect, zIndex: Int = 0) { self.frame = frame; self.zIndex = zIndex }
    }

    /// Which way leading and trailing run.
    public enum LayoutDirection: String, CaseIterable, Hashable, Sendable {
        /// Leading is left.
        case leftToRight = "ltr"
        /// Leading is right.
        case rightToLeft = "rtl"

        /// The other direction: what a mirror makes of this one. O(1).
        public var flipped: LayoutDirection { self == .leftToRight ? .rightToLeft : .leftToRight }

        /// The direction a layout set to this one is read in when it lays out inside a context
        /// read `outer` (a `MirroredLayout`'s, `--rtl`): each mirror flips it, so a right-to-left
        /// layout inside a mirror reads left to right again. O(1).
        func within(_ outer: LayoutDirection) -> LayoutDirection {
            outer == .rightToLeft ? flipped : self
        }
    }
}
