/// A provider tree laid out in one container size: one result over every item, and who owns
/// each item and each header that providers add, recorded while laying out.
///
/// The result is a plain `LayoutResult` in the root's coordinates: items in flattened order,
/// each child's sections numbered on from the sections before it, and every child's
/// supplementaries, decorations, item zIndices and orthogonal sections with their sections and
/// item indices remapped into that flattened space. So `elements(in:scroll:)` gives every
/// header, footer, badge, background and shelf of every nested provider.
package struct ProviderLayout {
    /// A header a headers provider adds: the `header` supplementary at `section` spanning
    /// `sectionSpan` sections of the flattened result.
    public struct Header {
        public var section: Int
        public var sectionSpan: Int
        public var kind: String
        /// The headers provider that shows it, and the header's section in that provider.
        public var owner: HeadersProvider
        public var local: Int
        /// The header's hierarchical identifier (`"0-1-header"`).
        public var identifier: ItemID
    }

    /// The sections one owner's layout placed (a basic provider's, an empty state's
    /// placeholder), in the flattened result: they own the section's headers, footers and
    /// backgrounds, whether or not the section has items.
    public struct SectionOwner {
        /// Its sections; a run that ends at `Int.max` takes every section of the result from
        /// its first on (a basic provider's own, before a composing provider bounds it).
        public var sections: Range<Int>
        public var owner: any ItemOwner
        /// The scope of the owner's items (nil at the root), as its leaf's.
        public var scope: ItemID?
        /// The owner's animator, else the nearest ancestor's, as its leaf's.
        public var animator: OwnedAnimator?
    }

    public var result: any LayoutResult
    /// Every provider header, in flattened section order of their first section.
    public var headers: [Header] = []
    /// The runs of items each owner shows, tiling the result's items in order.
    public var leaves: [FlatProvider.Leaf] = []
    /// The runs of sections each owner's layout placed, in flattened section order.
    public var sectionOwners: [SectionOwner] = []

    public var contentSize: Size { result.contentSize }

    /// The items' owners as one flattening.
    public var flattening: FlatProvider { FlatProvider(leaves: leaves) }
}
