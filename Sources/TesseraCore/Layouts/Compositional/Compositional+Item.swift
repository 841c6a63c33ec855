extension Compositional {
    /// A leaf of the model: the blueprint of one cell (`NSCollectionLayoutItem`).
    ///
    /// The item's slot has `size` resolved in its group; the cell is the slot shrunk by
    /// `contentInsets` (slot size and the position of the item's siblings do not change).
    /// `edgeSpacing` moves the slot within its group and never resizes it.
    public struct Item: Hashable, Sendable {
        /// The slot's size in its group.
        public var size: LayoutSize
        /// The cell's insets from its slot.
        public var contentInsets: DirectionalEdgeInsets
        /// Space that moves the slot within its group.
        public var edgeSpacing: EdgeSpacing
        /// Badges anchored to the item's cell.
        public var supplementaries: [ItemSupplementary]

        /// An item of `size`.
        public init(size: LayoutSize, contentInsets: DirectionalEdgeInsets = .zero, edgeSpacing: EdgeSpacing = .none,
                    supplementaries: [ItemSupplementary] = []) {
            self.size = size; self.contentInsets = contentInsets; self.edgeSpacing = edgeSpacing
            self.supplementaries = supplementaries
        }
    }
}
