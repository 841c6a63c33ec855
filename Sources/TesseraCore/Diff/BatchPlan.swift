/// Where every section and item ends up when a changeset is replayed on a state of which only the
/// section sizes are known: the part of `apply` shared by snapshots and the user's model arrays.
///
/// Semantics, as UIKit's `performBatchUpdates` reads a batch:
/// 1. Deleted and moved-out sections and items leave, found by their *old* indices.
/// 2. Inserted and moved-in sections and items take their *new* indices; the sections and items
///    that did not move fill the remaining slots in their old relative order, each item staying
///    in its own section.
/// 3. Inserted sections arrive whole (their items are not listed); inserted items come from the
///    caller. Every other position is filled from the old state by the batch alone.
/// 4. Updated items and sections (old indices) are carried along; `updatedItems` says where
///    each updated item ends up.
///
/// - Complexity: O(S + n + c) for S old sections, n old items and c listed changes.
struct BatchPlan {
    /// Where an item of a kept section comes from.
    enum Slot: Equatable {
        /// The old item at this flattened index.
        case old(Int)
        /// An inserted item (the caller supplies it).
        case inserted
    }

    /// For each new section: the old section it was, or nil for an inserted section.
    var sectionOrigins: [Int?] = []
    /// For each new section: its items' origins (empty for an inserted section).
    var items: [[Slot]] = []
    /// Each updated item: its old flattened index and its path after the batch, in the order
    /// the changeset lists them.
    var updatedItems: [(old: Int, new: ItemPath)] = []

    /// The plan for `changeset` on a state whose section `s` holds `oldSizes[s]` items. With
    /// `newSizes` (the state the batch should give, as section sizes), the section count and
    /// every inserted item's path are checked against it too.
    /// - Throws: `ChangesetApplyError` when the batch does not fit that state: an index out of
    ///   range, an element listed twice, an item listed inside a deleted or inserted section, an
    ///   update of a deleted item, an arrival outside its section's final count.
    init(_ changeset: Changeset, oldSizes: [Int], newSizes: [Int]? = nil) throws {
        let oldSectionCount = oldSizes.count
        var oldStarts = [0]
        oldStarts.reserveCapacity(oldSectionCount + 1)
        for size in oldSizes { oldStarts.append(oldStarts.last! + size) }
        let oldItemCount = oldStarts.last!

        // 1. Sections leaving.
        var sectionDeleted = [Bool](repeating: false, count: oldSectionCount)
        var sectionLeaves = [Bool](repeating: false, count: oldSectionCount)
        func checkOldSection(_ s: Int, _ what: String) throws {
            guard s >= 0 && s < oldSectionCount else {
                throw ChangesetApplyError.sectionOutOfRange(operation: what, section: s, sectionCount: oldSectionCount, state: .old)
            }
        }
        for s in changeset.sectionsDeleted {
            try checkOldSection(s, "deleted")
            guard !sectionLeaves[s] else { throw ChangesetApplyError("section \(s) is deleted twice.") }
            sectionDeleted[s] = true
            sectionLeaves[s] = true
        }
        for move in changeset.sectionsMoved {
            try checkOldSection(move.source, "moved")
            guard !sectionLeaves[move.source] else {
                throw ChangesetApplyError("section \(move.source) is moved after being deleted or moved.")
            }
            sectionLeaves[move.source] = true
        }
        for s in changeset.sectionsUpdated {
            try checkOldSection(s, "updated")
            guard !sectionDeleted[s] else { throw ChangesetApplyError("section \(s) is both deleted and updated.") }
        }

        // 2. Sections arriving: -1 marks an inserted section, otherwise the old index.
        let newSectionCount = oldSectionCount - changeset.sectionsDeleted.count + changeset.sectionsInserted.count
        if let newSizes, newSectionCount != newSizes.count {
            throw ChangesetApplyError("the batch gives \(NumberText.counted(newSectionCount, "section")), but NEW has \(NumberText.grouped(newSizes.count)).")
        }
        guard newSectionCount >= 0 else {
            throw ChangesetApplyError("the batch deletes \(NumberText.counted(changeset.sectionsDeleted.count, "section")), but OLD has \(NumberText.grouped(oldSectionCount)).")
        }
        var origin = [Int?](repeating: nil, count: newSectionCount)
        func claim(_ target: Int, _ value: Int, _ what: String) throws {
            guard target >= 0 && target < newSectionCount else {
                throw ChangesetApplyError.sectionOutOfRange(operation: what, section: target, sectionCount: newSectionCount, state: .result)
            }
            guard origin[target] == nil else { throw ChangesetApplyError("section slot \(target) is filled twice.") }
            origin[target] = value
        }
        for s in changeset.sectionsInserted { try claim(s, -1, "inserted") }
        for move in changeset.sectionsMoved { try claim(move.target, move.source, "moved") }
        var nextStaying = 0
        for j in 0..<newSectionCount where origin[j] == nil {
            while sectionLeaves[nextStaying] { nextStaying += 1 }
            origin[j] = nextStaying
            nextStaying += 1
        }

        // 3. Items leaving, by old path; items arriving, by new path.
        func flatOld(_ path: ItemPath, _ what: String) throws -> Int {
            try checkOldSection(path.section, what)
            guard !sectionDeleted[path.section] else {
                throw ChangesetApplyError("\(what) item \(path) is inside deleted section \(path.section), which already covers it.")
            }
            let count = oldSizes[path.section]
            guard path.item >= 0 && path.item < count else {
                throw ChangesetApplyError.itemOutOfRange(operation: what, path: path, itemCount: count)
            }
            return oldStarts[path.section] + path.item
        }
        var itemLeaves = [Bool](repeating: false, count: oldItemCount)
        var itemDeleted = [Bool](repeating: false, count: oldItemCount)
        for path in changeset.itemsDeleted {
            let flat = try flatOld(path, "deleted")
            guard !itemLeaves[flat] else { throw ChangesetApplyError("item \(path) is deleted twice.") }
            itemLeaves[flat] = true
            itemDeleted[flat] = true
        }
        var incoming = [[(index: Int, slot: Slot)]](repeating: [], count: newSectionCount)
        func checkTarget(_ path: ItemPath, _ what: String) throws {
            guard path.section >= 0 && path.section < newSectionCount else {
                throw ChangesetApplyError.itemSectionOutOfRange(operation: what, path: path, sectionCount: newSectionCount)
            }
            guard origin[path.section]! >= 0 else {
                throw ChangesetApplyError("\(what) item \(path) is inside inserted section \(path.section), which already covers it.")
            }
        }
        for move in changeset.itemsMoved {
            let flat = try flatOld(move.source, "moved")
            guard !itemLeaves[flat] else { throw ChangesetApplyError("item \(move.source) is moved after being deleted or moved.") }
            try checkTarget(move.target, "moved")
            itemLeaves[flat] = true
            incoming[move.target.section].append((move.target.item, .old(flat)))
        }
        var updated: [Int] = []
        var isUpdated = [Bool](repeating: false, count: changeset.itemsUpdated.isEmpty ? 0 : oldItemCount)
        for path in changeset.itemsUpdated {
            let flat = try flatOld(path, "updated")
            guard !itemDeleted[flat] else { throw ChangesetApplyError("item \(path) is both deleted and updated.") }
            updated.append(flat)
            isUpdated[flat] = true
        }
        for path in changeset.itemsInserted {
            try checkTarget(path, "inserted")
            if let newSizes, !(path.item >= 0 && path.item < newSizes[path.section]) {
                throw ChangesetApplyError("inserted item \(path) is not in NEW.")
            }
            incoming[path.section].append((path.item, .inserted))
        }

        // 4. Fill every kept section: arrivals at their indices, the rest of its old items in order.
        sectionOrigins.reserveCapacity(newSectionCount)
        items.reserveCapacity(newSectionCount)
        var newPathOfUpdated: [Int: ItemPath] = [:]
        for j in 0..<newSectionCount {
            let i = origin[j]!
            guard i >= 0 else {
                sectionOrigins.append(nil)
                items.append([])
                continue
            }
            sectionOrigins.append(i)
            let staying = (oldStarts[i]..<oldStarts[i + 1]).filter { !itemLeaves[$0] }
            let count = staying.count + incoming[j].count
            var slots = [Slot?](repeating: nil, count: count)
            for arrival in incoming[j] {
                guard arrival.index >= 0 && arrival.index < count else {
                    throw ChangesetApplyError("item [\(j), \(arrival.index)] is out of range: section \(j) ends up with \(NumberText.counted(count, "item")).")
                }
                guard slots[arrival.index] == nil else {
                    throw ChangesetApplyError("item slot [\(j), \(arrival.index)] is filled twice.")
                }
                slots[arrival.index] = arrival.slot
            }
            var next = 0
            for k in 0..<count where slots[k] == nil {
                slots[k] = .old(staying[next])
                next += 1
            }
            let filled = slots.map { $0! }
            if !updated.isEmpty {
                for (k, slot) in filled.enumerated() {
                    if case .old(let flat) = slot, isUpdated[flat] { newPathOfUpdated[flat] = ItemPath(section: j, item: k) }
                }
            }
            items.append(filled)
        }
        updatedItems = updated.map { ($0, newPathOfUpdated[$0]!) }
    }

    /// The items of kept section `j` after the batch: each old item taken from `old` (flattened),
    /// each inserted one from `inserted(k)`, k its position in the section. O(items of `j`).
    func items<Element>(ofSection j: Int, old: [Element], inserted: (Int) throws -> Element) rethrows -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(items[j].count)
        for (k, slot) in items[j].enumerated() {
            switch slot {
            case .old(let flat): result.append(old[flat])
            case .inserted: result.append(try inserted(k))
            }
        }
        return result
    }
}
