/// How a scroll or a relayout (the same items) matches the visible elements with the views shown:
/// by place, the element key (`ElementKey`). It runs on every pass, and most views are cells,
/// whose place is their item index alone: cells are matched by searching the shown cells sorted
/// by index, and their ids checked for repeats by sorting them, so a scroll hashes nothing for
/// them. Headers, footers, badges and backgrounds (few) go through tables by key, as before. The
/// answer is the one tables for every view would give.
extension CollectionEngine {
    /// For each of `slots` (their keys `keys`), the position in `views` of the view it keeps
    /// (nil: a view enters) and its view's id (a kept view's own; an entering view's element's,
    /// made unique in its category: `unique`), and the positions of the views that leave,
    /// ascending. Asks `tree` the ids of entering elements, in slot order (an id callback may
    /// throw). O(k log k) for k cells, plus a hash per other element.
    func matchByPlace(_ slots: [LayoutElement], keys: [ElementKey], in tree: EngineTree) throws
        -> (kept: [Int?], ids: [ItemID?], leaving: [Int]) {
        let views = self.views
        var kept = [Int?](repeating: nil, count: slots.count)
        var isKept = [Bool](repeating: false, count: views.count)
        // The shown cells by item index (sorted, searched); the other views by key.
        var cells: [(index: Int, position: Int)] = []
        cells.reserveCapacity(views.count)
        var others: [ElementKey: Int] = [:]
        for p in views.indices {
            if views[p].key.category == .item, let i = views[p].key.index {
                cells.append((i, p))
            } else {
                others[views[p].key] = p
            }
        }
        cells.sort { $0.index < $1.index }
        for k in slots.indices {
            let found: Int?
            if keys[k].category == .item, let i = keys[k].index {
                found = cells.sortedPosition(of: i, by: \.index).map { cells[$0].position }
            } else {
                found = others.removeValue(forKey: keys[k])
            }
            if let p = found, !isKept[p] {
                kept[k] = p
                isKept[p] = true
            }
        }
        var leaving: [Int] = []
        leaving.reserveCapacity(views.count)
        for p in views.indices where !isKept[p] { leaving.append(p) }

        // Ids: kept views keep theirs, entering ones take their element's. A cell's id is made
        // unique only when two cells share one (sorting tells), the others' always (few).
        var ids = [ItemID?](repeating: nil, count: slots.count)
        var cellIDs: [ItemID] = [], entering = false
        cellIDs.reserveCapacity(slots.count)
        var taken = Set<ElementKey>()
        for k in slots.indices {
            guard let p = kept[k] else { continue }
            ids[k] = views[p].id
            if slots[k].category == .item {
                cellIDs.append(views[p].id)
            } else {
                taken.insert(ElementKey(category: slots[k].category, id: views[p].id))
            }
        }
        for k in slots.indices where kept[k] == nil {
            if slots[k].category == .item {
                let id = try slots[k].index.map(tree.cellID) ?? tree.id(of: slots[k])
                ids[k] = id
                cellIDs.append(id)
                entering = true
            } else {
                ids[k] = Self.unique(try tree.id(of: slots[k]), category: slots[k].category, taken: &taken)
            }
        }
        if entering && Self.repeats(cellIDs) {
            // Two cells show the same id: kept ones hold theirs, entering ones in slot order take
            // the first of `id`, `id(1)`, ... that no cell holds.
            var takenCells = Set<ElementKey>(minimumCapacity: cellIDs.count)
            for k in slots.indices where kept[k] != nil && slots[k].category == .item {
                takenCells.insert(ElementKey(category: .item, id: ids[k]!))
            }
            for k in slots.indices where kept[k] == nil && slots[k].category == .item {
                ids[k] = Self.unique(ids[k]!, category: .item, taken: &takenCells)
            }
        }
        return (kept, ids, leaving)
    }

    /// True when some id occurs twice in `ids` (`<` orders ids totally, so equal ones sort next
    /// to each other). Integer ids, the usual ones, are sorted as plain integers. O(k log k).
    private static func repeats(_ ids: [ItemID]) -> Bool {
        guard ids.count > 1 else { return false }
        var ints: [Int] = []
        ints.reserveCapacity(ids.count)
        for id in ids {
            guard case .int(let v) = id else { return hasAdjacentEqual(ids.sorted()) }
            ints.append(v)
        }
        return hasAdjacentEqual(ints.sorted())
    }

    /// True when two neighbours of `sorted` are equal.
    private static func hasAdjacentEqual<T: Equatable>(_ sorted: [T]) -> Bool {
        zip(sorted, sorted.dropFirst()).contains { $0 == $1 }
    }
}
