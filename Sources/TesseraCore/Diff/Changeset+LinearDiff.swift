/// The linear diff: from a `DiffMatching` to one `Changeset` in UIKit batch semantics.
///
/// Algorithm (Heckel's idea: identifiers matched through a hash table, then linear passes):
/// 1. Match (`DiffMatching`): one hash lookup per new section and per new item. Unmatched old
///    sections are deleted, unmatched new sections inserted.
/// 2. Sections: kept sections whose relative order changed are moved (`MoveSelection`); kept
///    sections whose content changed are updated, at their old index.
/// 3. Old side, in old order: an item of a kept section is deleted when it is not in the new
///    state or lands in an inserted section; otherwise it is updated (old path) when its content
///    changed. Items of deleted sections are not listed.
/// 4. Moves inside each kept section pair: among the items that stay in that section,
///    `MoveSelection` picks the ones that must move.
/// 5. New side, in new order: an item of a kept section is inserted when it is new or comes out
///    of a deleted section; it is moved when it comes from another section or was picked in 4.
///    Items of inserted sections are not listed.
///
/// Every pass is linear, so the diff is O(S + n + m) time and memory for S sections and n old
/// and m new items. The move set is not always the smallest (see `MoveSelection`).
///
/// Invariant (asserted in debug builds): for every kept section pair, old count − deletes −
/// moves out + inserts + moves in equals the new count (IGListKit's count check, per section).
extension Changeset {
    @usableFromInline
    init(
        matching m: DiffMatching,
        isItemUpdated: ((_ oldIndex: Int, _ newIndex: Int) -> Bool)?,
        isSectionUpdated: ((_ oldIndex: Int, _ newIndex: Int) -> Bool)?
    ) {
        self.init()
        let oldSectionCount = m.newSectionOfOldSection.count
        let newSectionCount = m.oldSectionOfNewSection.count
        let oldStarts = m.oldSectionStarts
        let newStarts = m.newSectionStarts
        let newSectionOfOld = m.newSectionOfOldSection
        let oldSectionOfNew = m.oldSectionOfNewSection

        // Section deletes and inserts.
        for i in 0..<oldSectionCount where newSectionOfOld[i] < 0 { sectionsDeleted.append(i) }
        for j in 0..<newSectionCount where oldSectionOfNew[j] < 0 { sectionsInserted.append(j) }

        // Section moves: every kept section is a stayer.
        if oldSectionCount > sectionsDeleted.count {
            var visitedOld = [Bool](repeating: false, count: oldSectionCount)
            var visitedNew = [Bool](repeating: false, count: newSectionCount)
            var moved = [Bool](repeating: false, count: newSectionCount)
            let moveCount = visitedOld.withUnsafeMutableBufferPointer { visitedOld in
                visitedNew.withUnsafeMutableBufferPointer { visitedNew in
                    moved.withUnsafeMutableBufferPointer { moved in
                        MoveSelection.select(
                            oldRange: 0..<oldSectionCount, newRange: 0..<newSectionCount,
                            oldPartner: { newSectionOfOld[$0] }, newPartner: { oldSectionOfNew[$0] },
                            visitedOld: visitedOld, visitedNew: visitedNew, moved: moved)
                    }
                }
            }
            if moveCount > 0 {
                for j in 0..<newSectionCount where moved[j] {
                    sectionsMoved.append(IndexMove(source: oldSectionOfNew[j], target: j))
                }
            }
        }

        // Section updates, at old indices.
        if let isSectionUpdated {
            for i in 0..<oldSectionCount where newSectionOfOld[i] >= 0 && isSectionUpdated(i, newSectionOfOld[i]) {
                sectionsUpdated.append(i)
            }
        }

        let n = m.newIndexOfOld.count
        let newCount = m.oldIndexOfNew.count
        guard n > 0 || newCount > 0 else { return }

        // An item's section is found by a range check against its partner section first, and
        // by binary search over section starts only when it changed section.
        let anySectionInserted = !sectionsInserted.isEmpty
        m.newIndexOfOld.withUnsafeBufferPointer { newIndexOfOld in
            m.oldIndexOfNew.withUnsafeBufferPointer { oldIndexOfNew in
                // Room for every unpaired item at once, instead of growing as they come.
                var unpairedOld = 0, unpairedNew = 0
                for q in newIndexOfOld where q < 0 { unpairedOld += 1 }
                for p in oldIndexOfNew where p < 0 { unpairedNew += 1 }
                itemsDeleted.reserveCapacity(unpairedOld)
                itemsInserted.reserveCapacity(unpairedNew)
                // Old side: deletes and updates, ascending by old path.
                for i in 0..<oldSectionCount where newSectionOfOld[i] >= 0 {
                    let j = newSectionOfOld[i]
                    let start = oldStarts[i], newRange = newStarts[j]..<newStarts[j + 1]
                    for p in start..<oldStarts[i + 1] {
                        let q = newIndexOfOld[p]
                        if q < 0 || (anySectionInserted && !newRange.contains(q)
                            && oldSectionOfNew[Snapshot<Int, Int>.sectionIndex(containing: q, starts: newStarts)] < 0) {
                            itemsDeleted.append(ItemPath(section: i, item: p - start))
                        }
                        else if let isItemUpdated, isItemUpdated(p, q) {
                            itemsUpdated.append(ItemPath(section: i, item: p - start))
                        }
                    }
                }

                // Moves inside each kept section pair (flags in scratch kept between diffs).
                DiffScratch.withBuffer(of: Bool.self, count: n) { visitedOld in
                    DiffScratch.withBuffer(of: Bool.self, count: newCount) { visitedNew in
                        DiffScratch.withBuffer(of: Bool.self, count: newCount) { movedInPlace in
                            visitedOld.initialize(repeating: false)
                            visitedNew.initialize(repeating: false)
                            movedInPlace.initialize(repeating: false)
                            var moveCount = 0
                            for j in 0..<newSectionCount where oldSectionOfNew[j] >= 0 {
                                let i = oldSectionOfNew[j]
                                let oldRange = oldStarts[i]..<oldStarts[i + 1], newRange = newStarts[j]..<newStarts[j + 1]
                                moveCount += MoveSelection.select(
                                    oldRange: oldRange, newRange: newRange,
                                    oldPartner: { p in
                                        let q = newIndexOfOld[p]
                                        return newRange.contains(q) ? q : -1
                                    },
                                    newPartner: { q in
                                        let p = oldIndexOfNew[q]
                                        return oldRange.contains(p) ? p : -1
                                    },
                                    visitedOld: visitedOld, visitedNew: visitedNew, moved: movedInPlace)
                            }

                            // New side: inserts and moves, ascending by new path.
                            itemsMoved.reserveCapacity(moveCount)
                            for j in 0..<newSectionCount where oldSectionOfNew[j] >= 0 {
                                let i = oldSectionOfNew[j]
                                let start = newStarts[j], oldRange = oldStarts[i]..<oldStarts[i + 1]
                                for q in start..<newStarts[j + 1] {
                                    let p = oldIndexOfNew[q]
                                    if p < 0 {
                                        itemsInserted.append(ItemPath(section: j, item: q - start))
                                    }
                                    else if oldRange.contains(p) {
                                        if movedInPlace[q] {
                                            itemsMoved.append(IndexMove(source: ItemPath(section: i, item: p - oldRange.lowerBound),
                                                                        target: ItemPath(section: j, item: q - start)))
                                        }
                                    }
                                    else {
                                        let source = Snapshot<Int, Int>.sectionIndex(containing: p, starts: oldStarts)
                                        if newSectionOfOld[source] < 0 {
                                            itemsInserted.append(ItemPath(section: j, item: q - start))
                                        }
                                        else {
                                            itemsMoved.append(IndexMove(source: ItemPath(section: source, item: p - oldStarts[source]),
                                                                        target: ItemPath(section: j, item: q - start)))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        assert(checkSectionCounts(m))
    }

    /// The diff as one batch UIKit accepts: no item or section is named by two operations.
    /// A moved section inside which items change (deleted, updated, inserted, moved out or in),
    /// and an updated section when anything else changes, become a delete plus an insert: the
    /// diff is redone with that section unmatched, so its items are covered by the section change
    /// (IGListKit's `IGListBatchUpdateData` rule and its section reloads: UICollectionView
    /// corrupts its heap, animates a cell twice or throws otherwise). An item both moved and
    /// updated becomes a delete plus an insert too (IGListKit's `resultForBatchUpdates` rule).
    ///
    /// - Complexity: O(S + n + m) per round; a round only repeats when it unmatched a section.
    @usableFromInline
    static func oneBatch(
        matching: DiffMatching,
        isItemUpdated: ((_ oldIndex: Int, _ newIndex: Int) -> Bool)?,
        isSectionUpdated: ((_ oldIndex: Int, _ newIndex: Int) -> Bool)?
    ) -> Changeset {
        var m = matching
        var batch = Changeset(matching: m, isItemUpdated: isItemUpdated, isSectionUpdated: isSectionUpdated)
        var itemRule = isItemUpdated
        var firstRound = true
        while !batch.sectionsMoved.isEmpty || !batch.sectionsUpdated.isEmpty {
            let clashes = batch.movedSectionsWithChanges() + batch.updatedSectionsAmongChanges(m)
            if clashes.isEmpty { break }
            for move in clashes {
                m.newSectionOfOldSection[move.source] = -1
                m.oldSectionOfNewSection[move.target] = -1
            }
            // Unmatching sections pairs no item anew, so every item a later round compares was
            // compared in the first: its answers are kept, not asked of the content rule again.
            if firstRound, isItemUpdated != nil {
                var updated = [Bool](repeating: false, count: m.newIndexOfOld.count)
                for path in batch.itemsUpdated { updated[m.oldSectionStarts[path.section] + path.item] = true }
                itemRule = { p, _ in updated[p] }
            }
            firstRound = false
            batch = Changeset(matching: m, isItemUpdated: itemRule, isSectionUpdated: isSectionUpdated)
        }
        if !batch.itemsMoved.isEmpty && !batch.itemsUpdated.isEmpty {
            let updated = Set(batch.itemsUpdated)
            var kept: [IndexMove<ItemPath>] = []
            var replaced: Set<ItemPath> = []
            for move in batch.itemsMoved {
                if updated.contains(move.source) {
                    replaced.insert(move.source)
                    batch.itemsDeleted.append(move.source)
                    batch.itemsInserted.append(move.target)
                }
                else {
                    kept.append(move)
                }
            }
            if !replaced.isEmpty {
                batch.itemsMoved = kept
                batch.itemsUpdated.removeAll { replaced.contains($0) }
                batch.itemsDeleted.sort()
                batch.itemsInserted.sort()
            }
        }
        return batch
    }

    /// The section moves whose section is also updated or has item changes inside it, by its
    /// old index (deletes, updates, moves out) or its new index (inserts, moves in).
    ///
    /// - Complexity: O(s + c) for s section moves and c item changes.
    private func movedSectionsWithChanges() -> [IndexMove<Int>] {
        var touchedOld = Set(sectionsUpdated)
        for path in itemsDeleted { touchedOld.insert(path.section) }
        for path in itemsUpdated { touchedOld.insert(path.section) }
        var touchedNew = Set<Int>()
        for path in itemsInserted { touchedNew.insert(path.section) }
        for move in itemsMoved {
            touchedOld.insert(move.source.section)
            touchedNew.insert(move.target.section)
        }
        return sectionsMoved.filter { touchedOld.contains($0.source) || touchedNew.contains($0.target) }
    }

    /// The updated sections, as (old, new) index pairs, when anything else changes too: UIKit
    /// reloads a section as a delete plus an insert at the same index, which crashes ("attempt
    /// to perform an insert and a move to the same section") once other changes displace it, so
    /// IGListKit deletes and inserts every section it reloads inside a batch. Alone, section
    /// reloads are safe and stay updates.
    ///
    /// - Complexity: O(u) for u section updates.
    private func updatedSectionsAmongChanges(_ m: DiffMatching) -> [IndexMove<Int>] {
        guard !sectionsUpdated.isEmpty, changeCount > sectionsUpdated.count else { return [] }
        return sectionsUpdated.map { IndexMove(source: $0, target: m.newSectionOfOldSection[$0]) }
    }

    /// IGListKit's count invariant, per kept section pair.
    private func checkSectionCounts(_ m: DiffMatching) -> Bool {
        var delta = [Int](repeating: 0, count: m.oldSectionOfNewSection.count)
        for d in itemsDeleted { delta[m.newSectionOfOldSection[d.section]] -= 1 }
        for i in itemsInserted { delta[i.section] += 1 }
        for mv in itemsMoved {
            delta[m.newSectionOfOldSection[mv.source.section]] -= 1
            delta[mv.target.section] += 1
        }
        for (j, i) in m.oldSectionOfNewSection.enumerated() where i >= 0 {
            let oldCount = m.oldSectionStarts[i + 1] - m.oldSectionStarts[i]
            let newCount = m.newSectionStarts[j + 1] - m.newSectionStarts[j]
            if oldCount + delta[j] != newCount { return false }
        }
        return true
    }
}
