import OrderedCollections

/// An outline: the items of one section as a tree, with expanded and collapsed parents (UIKit's
/// `NSDiffableDataSourceSectionSnapshot`, as a value type).
///
/// `items` lists the whole tree depth-first (a parent, then its children); `visibleItems`
/// lists only the items whose ancestors are all expanded, which is what a list shows and what
/// a `Snapshot` section holds (`Snapshot.replaceItems(inSection:with:)`).
///
/// Expansion is state kept by identifier, apart from the tree: restructuring the tree (appending,
/// inserting, replacing children, `update(with:)` for new data) keeps the expanded state of every
/// item that is still present. The seed library ConfigableCollectionView rebuilt its section
/// snapshots on each change and so collapsed every item whenever the data changed.
///
/// Storage: a hash map from identifier to node (parent and ordered children), the root list,
/// and the set of expanded identifiers.
///
/// Invariants (checked after every mutation under TESSERA_INTERNAL_CHECKS):
/// - every node's parent lists it among its children exactly once (roots: the root list);
/// - identifiers are unique across the whole tree (one node per identifier);
/// - expanded identifiers are all in the tree; the tree has no cycles.
public struct SectionSnapshot<ItemID: Hashable>: Equatable {
    @usableFromInline
    struct Node: Equatable {
        var parent: ItemID?
        var children: [ItemID]
    }

    @usableFromInline var nodes: [ItemID: Node] = [:]
    @usableFromInline var roots: [ItemID] = []
    @usableFromInline var expanded: Set<ItemID> = []

    /// An empty outline.
    public init() {}

    /// An outline built in one call from a hierarchy: each element's children are found through
    /// `children`, recursively (ConfigableCollectionView's `recursivePath`).
    ///
    /// - Throws: `SnapshotError.duplicateOutlineItem` when an identifier repeats anywhere.
    /// - Complexity: O(n) for n elements in the hierarchy.
    public init<Element>(_ roots: [Element], id: KeyPath<Element, ItemID>, children: KeyPath<Element, [Element]>) throws {
        try append(roots, to: nil, id: id, children: children)
    }

    // MARK: - Queries

    /// Every item, depth-first (a parent before its children). O(n).
    public var items: [ItemID] {
        var result: [ItemID] = []
        result.reserveCapacity(nodes.count)
        appendDepthFirst(roots, to: &result, onlyVisible: false)
        return result
    }

    /// The top-level items, in order. O(1).
    public var rootItems: [ItemID] { roots }

    /// The items whose ancestors are all expanded, depth-first. O(v) for v visible items.
    public var visibleItems: [ItemID] {
        var result: [ItemID] = []
        appendDepthFirst(roots, to: &result, onlyVisible: true)
        return result
    }

    /// The expanded items, depth-first. O(n).
    public var expandedItems: [ItemID] { items.filter(expanded.contains) }

    /// The number of items in the tree. O(1).
    public var count: Int { nodes.count }

    /// Whether `item` is in the tree. O(1).
    public func contains(_ item: ItemID) -> Bool { nodes[item] != nil }

    /// Whether `item` is expanded (false for an item not in the tree). O(1).
    public func isExpanded(_ item: ItemID) -> Bool { expanded.contains(item) }

    /// Whether every ancestor of `item` is expanded (false for an item not in the tree).
    /// O(depth).
    public func isVisible(_ item: ItemID) -> Bool {
        guard var node = nodes[item] else { return false }
        while let parent = node.parent {
            guard expanded.contains(parent), let next = nodes[parent] else { return false }
            node = next
        }
        return true
    }

    /// The depth of `item` (0 for a root item), or nil when it is not in the tree. O(depth).
    public func level(of item: ItemID) -> Int? {
        guard var node = nodes[item] else { return nil }
        var level = 0
        while let parent = node.parent, let next = nodes[parent] {
            level += 1
            node = next
        }
        return level
    }

    /// The parent of `item`; nil for a root item.
    ///
    /// - Throws: `SnapshotError.itemNotFound` (UIKit crashes here instead).
    /// - Complexity: O(1).
    public func parent(of item: ItemID) throws -> ItemID? {
        guard let node = nodes[item] else { throw SnapshotError.itemNotFound(item: describeIdentifier(item)) }
        return node.parent
    }

    /// The direct children of `item`, in order.
    ///
    /// - Throws: `SnapshotError.itemNotFound`.
    /// - Complexity: O(1).
    public func children(of item: ItemID) throws -> [ItemID] {
        guard let node = nodes[item] else { throw SnapshotError.itemNotFound(item: describeIdentifier(item)) }
        return node.children
    }

    /// The depth-first position of `item` in `items`, or nil. O(n).
    public func index(of item: ItemID) -> Int? {
        guard nodes[item] != nil else { return nil }
        return items.firstIndex(of: item)
    }

    /// The subtree under `parent`: its descendants (with `parent` itself as the only root when
    /// `includingParent`), with their expanded state.
    ///
    /// - Throws: `SnapshotError.itemNotFound`.
    /// - Complexity: O(k) for the k items of the subtree.
    public func snapshot(of parent: ItemID, includingParent: Bool = false) throws -> SectionSnapshot {
        guard let node = nodes[parent] else { throw SnapshotError.itemNotFound(item: describeIdentifier(parent)) }
        var result = SectionSnapshot()
        if includingParent {
            result.roots = [parent]
            result.nodes[parent] = Node(parent: nil, children: node.children)
            if expanded.contains(parent) { result.expanded.insert(parent) }
        }
        else {
            result.roots = node.children
        }
        var stack = node.children
        while let id = stack.popLast() {
            let child = nodes[id]!
            result.nodes[id] = Node(parent: child.parent == parent && !includingParent ? nil : child.parent, children: child.children)
            if expanded.contains(id) { result.expanded.insert(id) }
            stack.append(contentsOf: child.children)
        }
        result._checkInvariants()
        return result
    }

    /// An ASCII picture of the tree, one item per line, indented by level; `+` marks an expanded
    /// parent, `-` a collapsed one, `*` a visible item (UIKit's `visualDescription()`). O(n).
    public func visualDescription() -> String {
        var lines: [String] = []
        var stack: [(ItemID, Int)] = roots.reversed().map { ($0, 0) }
        while let (id, depth) = stack.popLast() {
            let node = nodes[id]!
            let mark = node.children.isEmpty ? " " : (expanded.contains(id) ? "+" : "-")
            let visible = isVisible(id) ? "*" : " "
            lines.append(String(repeating: "  ", count: depth) + "\(visible)\(mark) \(id)")
            stack.append(contentsOf: node.children.reversed().map { ($0, depth + 1) })
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Private helpers

    /// Appends `ids` and their descendants depth-first (only below expanded items when
    /// `onlyVisible`), without recursion so deep trees cannot overflow the stack.
    func appendDepthFirst(_ ids: [ItemID], to result: inout [ItemID], onlyVisible: Bool) {
        var stack: [ItemID] = ids.reversed()
        while let id = stack.popLast() {
            result.append(id)
            guard let node = nodes[id], !node.children.isEmpty else { continue }
            if !onlyVisible || expanded.contains(id) { stack.append(contentsOf: node.children.reversed()) }
        }
    }

    /// Where `item` already is, as a duplicate error.
    func duplicateError(_ item: ItemID) -> SnapshotError {
        let node = nodes[item]!
        let siblings = node.parent.map { nodes[$0]!.children } ?? roots
        return .duplicateOutlineItem(item: describeIdentifier(item), existingParent: node.parent.map(describeIdentifier),
                                     existingIndex: siblings.firstIndex(of: item)!)
    }

    /// The invariants listed in the type's documentation.
    func checkInvariants() -> Bool {
        var reached = 0
        var stack: [(ItemID, ItemID?)] = roots.map { ($0, nil) }
        while let (id, parent) = stack.popLast() {
            guard let node = nodes[id], node.parent == parent else { return false }
            reached += 1
            if reached > nodes.count { return false }
            stack.append(contentsOf: node.children.map { ($0, id) })
        }
        return reached == nodes.count && expanded.allSatisfy { nodes[$0] != nil }
    }
}

extension SectionSnapshot: Sendable where ItemID: Sendable {}
extension SectionSnapshot.Node: Sendable where ItemID: Sendable {}
