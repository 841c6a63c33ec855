extension Compositional {
    /// One section's blueprint (`NSCollectionLayoutSection`): its group repeated until the
    /// section's items are placed, groups `interGroupSpacing` apart, inside `contentInsets`.
    ///
    /// The section container is the collection's size; its effective size (after the insets,
    /// fractions per the container rule) is what the top-level group's size is resolved in.
    public struct Section: Sendable {
        /// The group repeated to place the section's items.
        public var group: Group
        /// Space between consecutive groups.
        public var interGroupSpacing: Double
        /// Insets of the groups from the section's edges.
        public var contentInsets: DirectionalEdgeInsets
        /// Headers and footers.
        public var boundaryItems: [BoundaryItem]
        /// Backgrounds.
        public var decorations: [Decoration]
        /// Boundary items are inset like the content on the cross axis.
        public var supplementariesFollowContentInsets: Bool
        /// Scrolling on the cross axis; anything but `.none` makes the section a scroller.
        public var orthogonalScrolling: OrthogonalScrolling
        /// Changes alpha, transform and zIndex of the section's visible elements at query time.
        public var visibleItemsHandler: VisibleItemsHandler?
        /// What `contentInsets` are measured from on the cross axis; `.automatic` follows the
        /// configuration's.
        public var contentInsetsReference: ContentInsetsReference

        /// A section repeating `group`.
        public init(group: Group, interGroupSpacing: Double = 0, contentInsets: DirectionalEdgeInsets = .zero,
                    boundaryItems: [BoundaryItem] = [], decorations: [Decoration] = [],
                    supplementariesFollowContentInsets: Bool = true, orthogonalScrolling: OrthogonalScrolling = .none,
                    visibleItemsHandler: VisibleItemsHandler? = nil, contentInsetsReference: ContentInsetsReference = .automatic) {
            self.group = group; self.interGroupSpacing = interGroupSpacing; self.contentInsets = contentInsets
            self.boundaryItems = boundaryItems; self.decorations = decorations
            self.supplementariesFollowContentInsets = supplementariesFollowContentInsets
            self.orthogonalScrolling = orthogonalScrolling
            self.visibleItemsHandler = visibleItemsHandler
            self.contentInsetsReference = contentInsetsReference
        }
    }

    /// Layout-wide settings (`UICollectionViewCompositionalLayoutConfiguration`).
    public struct Configuration: Sendable {
        /// The axis sections and groups stack along.
        public var scrollDirection: Axis
        /// Space between consecutive sections (none after the last).
        public var interSectionSpacing: Double
        /// Which way leading and trailing run.
        public var layoutDirection: LayoutDirection
        /// Headers and footers of the whole layout (`boundarySupplementaryItems`), sized in the
        /// collection and aligned on the whole content; they come out as global elements of
        /// section 0.
        public var boundaryItems: [BoundaryItem]
        /// What sections' content insets are measured from on the cross axis, unless a section
        /// says otherwise: the safe area by default, as UIKit's (`.automatic` is the same).
        public var contentInsetsReference: ContentInsetsReference

        /// Settings with the given values (vertical, left to right, no spacing by default).
        public init(scrollDirection: Axis = .vertical, interSectionSpacing: Double = 0,
                    layoutDirection: LayoutDirection = .leftToRight, boundaryItems: [BoundaryItem] = [],
                    contentInsetsReference: ContentInsetsReference = .safeArea) {
            self.scrollDirection = scrollDirection; self.interSectionSpacing = interSectionSpacing
            self.layoutDirection = layoutDirection; self.boundaryItems = boundaryItems
            self.contentInsetsReference = contentInsetsReference
        }
    }
}

extension Compositional.Section {
    /// Throws `LayoutError.invalidParameter` for the first size of the blueprint (its group's,
    /// nested groups', items', supplementaries' and boundary items') that is negative or not
    /// finite, which would otherwise give frames of negative size. O(nodes of the blueprint).
    package func checkSizes() throws(LayoutError) {
        try Self.check(group)
        for boundary in boundaryItems { try boundary.size.check("a compositional boundary item") }
    }

    private static func check(_ group: Compositional.Group) throws(LayoutError) {
        try group.size.check("a compositional group")
        for supplementary in group.supplementaries { try supplementary.size.check("a compositional supplementary") }
        for subitem in group.subitems {
            switch subitem {
            case .item(let item):
                try item.size.check("a compositional item")
                for supplementary in item.supplementaries { try supplementary.size.check("a compositional supplementary") }
            case .group(let nested):
                try check(nested)
            }
        }
    }
}
