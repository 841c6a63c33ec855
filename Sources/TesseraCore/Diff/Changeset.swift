/// One batch of changes in UIKit's `performBatchUpdates` semantics.
///
/// Index spaces, as UIKit reads a batch:
/// - deletes and updates (reloads) use indices in the state *before* the batch;
/// - inserts use indices in the state *after* the batch;
/// - moves go from a before-index to an after-index;
/// - items inside inserted or deleted sections are not listed: the section change covers them.
///   An item that moves out of a deleted section is listed as inserted, and an item that moves
///   into an inserted section is listed as deleted.
///
/// Every list is in a canonical order, so two changesets compare equal exactly when they list
/// the same changes: deletes and updates ascending by before-index, inserts ascending by
/// after-index, moves ascending by target. `changeset.apply(to:insertingFrom:)` replays a batch on a snapshot, `changeset.apply(to:inserting:)` on model arrays.
///
/// A batch can hold combinations that UIKit refuses in one `performBatchUpdates` call, such as
/// an update and a move of the same item; `needsStaging` says so, and `StagedChangeset` splits
/// the work into batches that are each safe.
public struct Changeset: Hashable, Sendable {
    /// Deleted sections, as indices before the batch.
    public var sectionsDeleted: [Int] = []
    /// Inserted sections, as indices after the batch.
    public var sectionsInserted: [Int] = []
    /// Moved sections, from an index before to an index after the batch.
    public var sectionsMoved: [IndexMove<Int>] = []
    /// Updated (reloaded) sections, as indices before the batch.
    public var sectionsUpdated: [Int] = []
    /// Deleted items, as paths before the batch.
    public var itemsDeleted: [ItemPath] = []
    /// Inserted items, as paths after the batch.
    public var itemsInserted: [ItemPath] = []
    /// Moved items, from a path before to a path after the batch (possibly another section).
    public var itemsMoved: [IndexMove<ItemPath>] = []
    /// Updated (reloaded) items, as paths before the batch.
    public var itemsUpdated: [ItemPath] = []

    /// An empty changeset.
    public init() {}

    /// A changeset from explicit lists, put into canonical order.
    ///
    /// - Complexity: O(c log c) for c changes (sorting).
    public init(
        sectionsDeleted: [Int] = [], sectionsInserted: [Int] = [], sectionsMoved: [IndexMove<Int>] = [],
        sectionsUpdated: [Int] = [], itemsDeleted: [ItemPath] = [], itemsInserted: [ItemPath] = [],
        itemsMoved: [IndexMove<ItemPath>] = [], itemsUpdated: [ItemPath] = []
    ) {
        self.sectionsDeleted = sectionsDeleted.sorted()
        self.sectionsInserted = sectionsInserted.sorted()
        self.sectionsMoved = sectionsMoved.sorted { $0.target < $1.target }
        self.sectionsUpdated = sectionsUpdated.sorted()
        self.itemsDeleted = itemsDeleted.sorted()
        self.itemsInserted = itemsInserted.sorted()
        self.itemsMoved = itemsMoved.sorted { $0.target < $1.target }
        self.itemsUpdated = itemsUpdated.sorted()
    }

    /// The number of section changes. O(1).
    public var sectionChangeCount: Int {
        sectionsDeleted.count + sectionsInserted.count + sectionsMoved.count + sectionsUpdated.count
    }

    /// The number of item changes. O(1).
    public var itemChangeCount: Int {
        itemsDeleted.count + itemsInserted.count + itemsMoved.count + itemsUpdated.count
    }

    /// The number of changes of every kind. O(1).
    public var changeCount: Int { sectionChangeCount + itemChangeCount }

    /// Whether the batch changes nothing. O(1).
    public var isEmpty: Bool { changeCount == 0 }

    /// Whether UIKit would refuse this batch in one `performBatchUpdates` call, so that it must
    /// be applied as a `StagedChangeset` (`stagingReason` says why).
    ///
    /// - Complexity: O(u + m) for u item updates and m item moves.
    public var needsStaging: Bool { stagingReason != nil }

    /// Why UIKit would refuse this batch in one `performBatchUpdates` call, or nil when it
    /// accepts it. The rules (conservative, from the crashes users report, see the diffing
    /// reference):
    /// 1. an item is both updated and moved (a reload is a delete plus an insert, which collides
    ///    with the move: "attempt to perform a delete and a move from the same index path");
    /// 2. a section moves while items change (item paths in a moved section are ambiguous);
    /// 3. a section is updated while anything else changes (the reload replaces the section's
    ///    items, which collides with item changes inside it).
    ///
    /// - Complexity: O(u + m) for u item updates and m item moves.
    public var stagingReason: String? {
        if !itemsUpdated.isEmpty && !itemsMoved.isEmpty {
            let updated = Set(itemsUpdated)
            if let both = itemsMoved.first(where: { updated.contains($0.source) }) {
                return "item \(both.source) is both updated and moved"
            }
        }
        if let move = sectionsMoved.first, itemChangeCount > 0 {
            return "section \(move.source) moves while items change"
        }
        if let section = sectionsUpdated.first, changeCount > sectionsUpdated.count {
            return "section \(section) is updated while other things change"
        }
        return nil
    }
}

extension Changeset: CustomDebugStringConvertible {
    /// The non-empty lists, one per line.
    public var debugDescription: String {
        var lines: [String] = []
        func add<T>(_ name: String, _ list: [T]) {
            if !list.isEmpty { lines.append("  \(name): \(list.map { "\($0)" }.joined(separator: ", "))") }
        }
        add("sectionsDeleted", sectionsDeleted)
        add("sectionsInserted", sectionsInserted)
        add("sectionsMoved", sectionsMoved)
        add("sectionsUpdated", sectionsUpdated)
        add("itemsDeleted", itemsDeleted)
        add("itemsInserted", itemsInserted)
        add("itemsMoved", itemsMoved)
        add("itemsUpdated", itemsUpdated)
        return lines.isEmpty ? "Changeset(empty)" : "Changeset(\n" + lines.joined(separator: "\n") + "\n)"
    }
}
