/// Something that shows flattened items itself: a basic provider's data items, an empty-state
/// provider's placeholder. (A headers provider's headers are supplementaries, not items.)
package protocol ItemOwner: AnyObject {
    /// Item `local`'s identifier within its owner; throws what an id callback throws.
    func identifier(at local: Int) throws -> ItemID
    /// The kind of view that shows item `local`; throws what a `when` callback throws.
    func kind(at local: Int) throws -> String
    /// Item `local`'s bound data.
    func value(at local: Int) -> JSONValue
    /// Runs the owner's tap handler for item `local`, if it has one, and throws what it throws.
    func didTap(at local: Int) throws
    /// Runs the owner's tap handler for one of its layout's elements (a header, a footer, a
    /// badge, a background) in its section `localSection`, if it has one.
    func didTap(_ element: LayoutElement, localSection: Int) throws
    /// The id of the data section its layout placed as its section `local` (a sectioned
    /// dataset's), if any.
    func sectionID(ofSection local: Int) -> ItemID?
    /// How many items the owner shows now (its data's count; an empty state's one placeholder).
    var ownedCount: Int { get }
}

extension ItemOwner {
    public func didTap(_ element: LayoutElement, localSection: Int) throws {}
    public func sectionID(ofSection local: Int) -> ItemID? { nil }
}

/// A provider tree's items as one pass laid them out (CollectionKit's FlattenedProvider): every
/// item gets a flattened index, and each run of items from one owner is a leaf. The leaves are
/// recorded by the walk that lays the tree out (`Provider.layout(in:measured:)`), so a pass
/// walks the tree once and its items and their owners agree by construction.
///
/// Identifiers are hierarchical: the item's identifier under its sections' (its own, or its
/// position) as a typed path, printed `"0-1-a"`.
///
/// Invariant: leaves are non-empty, in flattened order, and tile `0..<count`.
package struct FlatProvider {
    public struct Leaf {
        /// Flattened index of the leaf's first item.
        public var begin: Int
        public var count: Int
        public var owner: any ItemOwner
        /// Owner-local index of the leaf's first item.
        public var localBase: Int
        /// The scope of the leaf's items: its sections' identifiers as a path (nil at the root).
        public var scope: ItemID?
        /// The owner's animator, else the nearest ancestor's (the engine's comes last).
        public var animator: OwnedAnimator?
    }

    public private(set) var leaves: [Leaf] = []
    public private(set) var count = 0
    /// True when some provider in the tree has an animator.
    public private(set) var hasAnimators = false

    /// The items of `leaves` (in flattened order, tiling from 0).
    init(leaves: [Leaf] = []) {
        self.leaves = leaves
        count = leaves.last.map { $0.begin + $0.count } ?? 0
        hasAnimators = leaves.contains { $0.animator != nil }
    }

    /// The leaf holding flattened item `index` (by binary search) and the item's owner-local index.
    /// - Complexity: O(log leaves).
    public func locate(_ index: Int) -> (leaf: Leaf, local: Int) {
        let leaf = leaves[leafIndex(containing: index)]
        return (leaf, leaf.localBase + index - leaf.begin)
    }

    /// The position in `leaves` of the leaf holding flattened item `index`. O(log leaves).
    public func leafIndex(containing index: Int) -> Int {
        precondition(index >= 0 && index < count, "flattened index \(index) out of 0..<\(count)")
        var lo = 0, hi = leaves.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if leaves[mid].begin <= index { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Item `index`'s hierarchical identifier: the owner's typed id under the leaf's scope.
    /// O(log leaves) plus the owner's identifier; throws what an id callback throws.
    public func identifier(at index: Int) throws -> ItemID {
        let p = leafIndex(containing: index)
        let id = try leaves[p].owner.identifier(at: leaves[p].localBase + index - leaves[p].begin)
        return .scoped(in: leaves[p].scope, id)
    }

    /// The owner of flattened item `index` and the item's owner-local index: `locate` without
    /// copying the whole leaf (its scope and animator too), for the engine's lookups of every
    /// view that enters. O(log leaves).
    func owner(of index: Int) -> (owner: any ItemOwner, local: Int) {
        let p = leafIndex(containing: index)
        return (leaves[p].owner, leaves[p].localBase + index - leaves[p].begin)
    }
}
