extension Compositional {
    /// What a section provider sees (`NSCollectionLayoutEnvironment`): a compositional layout's
    /// and a sections layout's (`SectionsLayout.sectionProvider`), so one section function can
    /// serve both.
    public struct Environment: Hashable, Sendable {
        /// The collection's size.
        public var container: Size
        /// The size sections are laid out in: the container less the insets of the
        /// configuration's `contentInsetsReference` on the cross axis.
        public var effectiveContainer: Size
        /// The direction the layout is read in (UIKit's trait collection's): a compositional
        /// layout's own, flipped by each `MirroredLayout` around it; a sections layout's context's.
        public var layoutDirection: LayoutDirection

        /// An environment with these sizes (a provider called outside a layout pass, a test).
        public init(container: Size, effectiveContainer: Size, layoutDirection: LayoutDirection = .leftToRight) {
            self.container = container; self.effectiveContainer = effectiveContainer; self.layoutDirection = layoutDirection
        }

        /// The environment of sections stacked along `axis` in `container`, each inset by
        /// `reference` on the cross axis only (never below 0). O(1).
        init(container: Size, reference: EdgeInsets, axis: Axis, layoutDirection: LayoutDirection) {
            let cross = container.length(along: axis.cross) - (axis == .vertical ? reference.horizontal : reference.vertical)
            self.init(container: container,
                      effectiveContainer: Size(axis: axis, main: container.length(along: axis), cross: Swift.max(0, cross)),
                      layoutDirection: layoutDirection)
        }
    }
}
