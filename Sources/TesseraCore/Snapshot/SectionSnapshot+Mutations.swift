/// Outline mutations. Each validates before it changes anything, so a thrown error leaves the
/// outline as it was. n is the number of items in the outline, k the number being added or
/// removed, c the number of siblings at the insertion point.
extension SectionSnapshot {
    /// Appends `items` as the last children of `parent` (as root items when nil).
    ///
    /// - Throws: `.itemNotFound` for an unknown parent, `.duplicateOutlineItem` (naming where
    ///   the item already is, also for children: UIKit and the seed library skip that check),
    ///   `.duplicateOutlineItemInInput`.
    /// - Complexity: O(k).
    public mutating func append(_ items: [ItemID], to parent: ItemID? = nil) throws {
        try graft(try forest(items), under: parent, at: nil)
    }

    /// Appends `items` under `parent`, and below each item its children found through
    /// `recursivePath`, recursively (ConfigableCollectionView's `appendChildItems(_:to:recursivePath:)`).
    ///
    /// - Throws: as `append(_:to:)`, for every level.
    /// - Complexity: O(k) for the k items of the hierarchy.
    public mutating func append(_ items: [ItemID], to parent: ItemID? = nil, recursivePath: KeyPath<ItemID, [ItemID]>) throws {
        try append(items, to: parent, id: \.self, children: recursivePath)
    }

    /// Appends a hierarchy of elements under `parent`: each element's identifier is read through
    /// `id` and its children through `children`, recursively.
    ///
    /// - Throws: as `append(_:to:)`, for every level.
    /// - Complexity: O(k) for the k elements of the hierarchy.
    public mutating func append<Element>(
        _ elements: [Element], to parent: ItemID? = nil, id: KeyPath<Element, ItemID>, children: KeyPath<Element, [Element]>
    ) throws {
        try graft(try forest(elements, id: id, children: children), under: parent, at: nil)
    }

    /// Appends a whole outline (items, hierarchy and expanded state) under `parent`.
    ///
    /// - Throws: `.itemNotFound`, `.duplicateOutlineItem`.
    /// - Complexity: O(k).
    public mutating func append(_ outline: SectionSnapshot, to parent: ItemID? = nil) throws {
        try graft(outline, under: parent, at: nil)
    }

    /// Inserts `items` as siblings just before `item`.
    ///
    /// - Throws: `.itemNotFound`, `.duplicateOutlineItem`, `.duplicateOutlineItemInInput`.
    /// - Complexity: O(k + c).
    public mutating func insert(_ items: [ItemID], before item: ItemID) throws {
        try insert(try forest(items), nextTo: item, after: false)
    }

    /// Inserts `items` as siblings just after `item`.
    ///
    /// - Throws: `.itemNotFound`, `.duplicateOutlineItem`, `.duplicateOutlineItemInInput`.
    /// - Complexity: O(k + c).
    public mutating func insert(_ items: [ItemID], after item: ItemID) throws {
        try insert(try forest(items), nextTo: item, after: true)
    }

    /// Inserts a whole outline's roots (with their subtrees) as siblings just before `item`.
    ///
    /// - Complexity: O(k + c).
    public mutating func insert(_ outline: SectionSnapshot, before item: ItemID) throws {
        try insert(outline, nextTo: item, after: false)
    }

    /// Inserts a whole outline's roots (with their subtrees) as siblings just after `item`.
    ///
    /// - Complexity: O(k + c).
    public mutating func insert(_ outline: SectionSnapshot, after item: ItemID) throws {
        try insert(outline, nextTo: item, after: true)
    }

    /// Deletes `items` with all their descendants (repeats and items already removed as
    /// descendants are ignored).
    ///
    /// - Throws: `.itemNotFound`.
    /// - Complexity: O(k + c) for the k items removed and the c siblings they leave.
    public mutating func delete(_ items: [ItemID]) throws {
        for id in items where nodes[id] == nil { throw SnapshotError.itemNotFound(item: describeIdentifier(id)) }
        let doomed = Set(items)
        var parents = Set<ItemID>()
        var fromRoots = false
        for id in doomed {
            if let parent = nodes[id]!.parent { parents.insert(parent) } else { fromRoots = true }
        }
        // One pass over each sibling list that loses items.
        for parent in parents where !doomed.contains(parent) {
            nodes[parent]!.children.removeAll(where: doomed.contains)
        }
        if fromRoots { roots.removeAll(where: doomed.contains) }
        for id in doomed { removeNodes(below: id) }
        _checkInvariants()
    }

    /// Deletes every item. O(1).
    public mutating func deleteAll() {
        self = SectionSnapshot()
    }

    /// Replaces the descendants of `parent` with `outline`'s roots and their subtrees. Items
    /// that were expanded before and are still present afterwards stay expanded; `outline`'s
    /// own expanded items are expanded too.
    ///
    /// - Throws: `.itemNotFound`, `.duplicateOutlineItem` (for an item that is elsewhere in the
    ///   outline, outside the replaced subtree).
    /// - Complexity: O(k) for the items removed and added.
    public mutating func replace(childrenOf parent: ItemID, using outline: SectionSnapshot) throws {
        guard let node = nodes[parent] else { throw SnapshotError.itemNotFound(item: describeIdentifier(parent)) }
        var trial = self
        let previouslyExpanded = expanded
        trial.nodes[parent]!.children = []
        for child in node.children { trial.removeNodes(below: child) }
        try trial.graft(outline, under: parent, at: nil)
        for id in outline.nodes.keys where previouslyExpanded.contains(id) { trial.expanded.insert(id) }
        trial._checkInvariants()
        self = trial
    }

    /// Expands `items` (an item without children can be expanded; its future children show).
    ///
    /// - Throws: `.itemNotFound`.
    /// - Complexity: O(k).
    public mutating func expand(_ items: [ItemID]) throws {
        for id in items where nodes[id] == nil { throw SnapshotError.itemNotFound(item: describeIdentifier(id)) }
        expanded.formUnion(items)
    }

    /// Collapses `items`.
    ///
    /// - Throws: `.itemNotFound`.
    /// - Complexity: O(k).
    public mutating func collapse(_ items: [ItemID]) throws {
        for id in items where nodes[id] == nil { throw SnapshotError.itemNotFound(item: describeIdentifier(id)) }
        expanded.subtract(items)
    }

    /// Takes the items and hierarchy of `newData` (for example rebuilt from changed data) and
    /// keeps the expanded state of every item that is still present; items expanded in
    /// `newData` are expanded too. This is what keeps an outline's disclosure state across a
    /// data update.
    ///
    /// - Complexity: O(e) for the e items expanded before.
    public mutating func update(with newData: SectionSnapshot) {
        let previouslyExpanded = expanded
        self = newData
        for id in previouslyExpanded where nodes[id] != nil { expanded.insert(id) }
        _checkInvariants()
    }

    // MARK: - Primitives

    /// A forest of childless roots from a flat list.
    private func forest(_ items: [ItemID]) throws -> SectionSnapshot {
        try forest(items, id: \.self, children: \.emptyChildren)
    }

    /// A forest from a hierarchy, checked against this outline and against itself.
    private func forest<Element>(
        _ elements: [Element], id: KeyPath<Element, ItemID>, children: KeyPath<Element, [Element]>
    ) throws -> SectionSnapshot {
        var result = SectionSnapshot()
        // Depth-first in document order (iterative, so deep hierarchies cannot overflow the
        // stack): a repeat is reported against the occurrence that comes first in `items` order.
        var stack: [(Element, ItemID?)] = elements.reversed().map { ($0, nil) }
        while let (element, parent) = stack.popLast() {
            let itemID = element[keyPath: id]
            if nodes[itemID] != nil { throw duplicateError(itemID) }
            if let existing = result.nodes[itemID] {
                let siblings = existing.parent.map { result.nodes[$0]!.children } ?? result.roots
                throw SnapshotError.duplicateOutlineItemInInput(
                    item: describeIdentifier(itemID), existingParent: existing.parent.map(describeIdentifier),
                    existingIndex: siblings.firstIndex(of: itemID)!)
            }
            result.nodes[itemID] = Node(parent: parent, children: [])
            if let parent { result.nodes[parent]!.children.append(itemID) } else { result.roots.append(itemID) }
            stack.append(contentsOf: element[keyPath: children].reversed().map { ($0, itemID) })
        }
        result._checkInvariants()
        return result
    }

    /// Adds `outline` under `parent` (nil: at the top level), its roots placed at `index` among
    /// the siblings (nil: at the end).
    private mutating func graft(_ outline: SectionSnapshot, under parent: ItemID?, at index: Int?) throws {
        if let parent, nodes[parent] == nil { throw SnapshotError.itemNotFound(item: describeIdentifier(parent)) }
        for id in outline.items where nodes[id] != nil { throw duplicateError(id) }
        for (id, node) in outline.nodes {
            nodes[id] = Node(parent: node.parent ?? parent, children: node.children)
        }
        if let parent {
            let position = index ?? nodes[parent]!.children.count
            nodes[parent]!.children.insert(contentsOf: outline.roots, at: position)
        }
        else {
            roots.insert(contentsOf: outline.roots, at: index ?? roots.count)
        }
        expanded.formUnion(outline.expanded)
        _checkInvariants()
    }

    private mutating func insert(_ outline: SectionSnapshot, nextTo item: ItemID, after: Bool) throws {
        guard let node = nodes[item] else { throw SnapshotError.itemNotFound(item: describeIdentifier(item)) }
        let siblings = node.parent.map { nodes[$0]!.children } ?? roots
        let position = siblings.firstIndex(of: item)! + (after ? 1 : 0)
        try graft(outline, under: node.parent, at: position)
    }

    /// Removes the nodes of `id` and its descendants (not the link from its parent), and their
    /// expanded state.
    private mutating func removeNodes(below id: ItemID) {
        var stack = [id]
        while let next = stack.popLast() {
            if let removed = nodes.removeValue(forKey: next) { stack.append(contentsOf: removed.children) }
            expanded.remove(next)
        }
    }
}

private extension Hashable {
    /// No children: the hierarchy path for a flat list.
    var emptyChildren: [Self] { [] }
}
