import Testing
@_spi(Testing) @testable import TesseraCore

// MARK: - Shared checks for the diff tests

/// A snapshot from `(section, items)` pairs; the test data is duplicate-free by construction.
func diffSnapshot<S: Hashable, I: Hashable>(_ sections: [(S, [I])]) -> Snapshot<S, I> {
    do { return try Snapshot(sections: sections) }
    catch { fatalError("test data has duplicates: \(error)") }
}

/// The kept items whose content changed: the exact set the diff must flag as updated.
func expectedUpdates<S: Hashable, I: Hashable>(_ old: Snapshot<S, I>, _ new: Snapshot<S, I>, changed: Set<I>) -> Set<I> {
    Set(changed.filter { id in
        guard let a = old.sectionIdentifier(containingItem: id), let b = new.sectionIdentifier(containingItem: id) else { return false }
        return old.contains(section: b) && new.contains(section: a)
    })
}

/// Checks the batch and every stage of the diff of `old` and `new` (with `changed` as the items
/// whose content differs), and returns the batch. Every check is exact:
/// - the batch applies to OLD and gives NEW (sections, items, order), flagging exactly the
///   kept items whose content changed;
/// - deletes and inserts are exactly the items that leave or arrive outside section changes;
/// - every stage needs no staging and applies to the previous stage's snapshot, giving its own;
///   the last one is NEW, and the stages' updates add up to the same set.
/// - there are never more stages than DifferenceKit's table makes (one per kind present).
@discardableResult
func checkDiff<S: Hashable, I: Hashable>(
    _ old: Snapshot<S, I>, _ new: Snapshot<S, I>, changed: Set<I> = [],
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Changeset {
    let rule: ((I, Int, Int) -> Bool)? = changed.isEmpty ? nil : { id, _, _ in changed.contains(id) }
    let batch = Changeset(from: old, to: new, isItemUpdated: rule, oneBatch: false)
    let updates = expectedUpdates(old, new, changed: changed)
    try checkOneBatch(old, new, rule: rule, raw: batch, sourceLocation: sourceLocation)

    let applied = try batch.apply(to: old, insertingFrom: new)
    try checkModelArrays(batch, old, new, changed: changed, sourceLocation: sourceLocation)
    #expect(applied.withoutMarks() == new.withoutMarks(), "batch:\n\(batch.debugDescription)\nold: \(old)\nnew: \(new)",
            sourceLocation: sourceLocation)
    #expect(Set(applied.reloadedItemIdentifiers) == updates, sourceLocation: sourceLocation)
    #expect(applied.reloadedItemIdentifiers.count == batch.itemsUpdated.count, sourceLocation: sourceLocation)

    // Deletes and inserts are exactly what leaves and arrives (by identifier).
    let deleted = Set(batch.itemsDeleted.map { old.itemIdentifier(at: $0)! })
    let inserted = Set(batch.itemsInserted.map { new.itemIdentifier(at: $0)! })
    var expectedDeleted = Set<I>(), expectedInserted = Set<I>()
    for section in old.sectionIdentifiers where new.contains(section: section) {
        for id in try old.itemIdentifiers(inSection: section) {
            let target = new.sectionIdentifier(containingItem: id)
            if target == nil || !old.contains(section: target!) { expectedDeleted.insert(id) }
        }
    }
    for section in new.sectionIdentifiers where old.contains(section: section) {
        for id in try new.itemIdentifiers(inSection: section) {
            let source = old.sectionIdentifier(containingItem: id)
            if source == nil || !new.contains(section: source!) { expectedInserted.insert(id) }
        }
    }
    #expect(deleted == expectedDeleted, sourceLocation: sourceLocation)
    #expect(inserted == expectedInserted, sourceLocation: sourceLocation)
    #expect(batch.itemsDeleted.count == deleted.count && batch.itemsInserted.count == inserted.count, sourceLocation: sourceLocation)
    // Every item that changed section (both sections kept) is a move.
    let movedIDs = Set(batch.itemsMoved.map { old.itemIdentifier(at: $0.source)! })
    for move in batch.itemsMoved {
        #expect(old.itemIdentifier(at: move.source) == new.itemIdentifier(at: move.target), sourceLocation: sourceLocation)
    }
    for id in old.itemIdentifiers {
        if let a = old.sectionIdentifier(containingItem: id), let b = new.sectionIdentifier(containingItem: id),
           a != b, new.contains(section: a), old.contains(section: b) {
            #expect(movedIDs.contains(id), sourceLocation: sourceLocation)
        }
    }

    // Staged: each stage safe and exact.
    let staged = StagedChangeset(from: old, to: new, isItemUpdated: rule)
    var state = old
    var stagedUpdates = Set<I>()
    for stage in staged {
        #expect(!stage.changeset.needsStaging, sourceLocation: sourceLocation)
        #expect(!stage.changeset.isEmpty, sourceLocation: sourceLocation)
        let next = try stage.changeset.apply(to: state, insertingFrom: stage.snapshot)
        #expect(next.withoutMarks() == stage.snapshot.withoutMarks(), sourceLocation: sourceLocation)
        stagedUpdates.formUnion(next.reloadedItemIdentifiers)
        state = stage.snapshot
    }
    #expect(state.withoutMarks() == new.withoutMarks(), sourceLocation: sourceLocation)
    #expect(stagedUpdates == updates, sourceLocation: sourceLocation)
    // Never more stages than DifferenceKit's table: one per kind of change present.
    let kinds = [!batch.itemsUpdated.isEmpty, !batch.sectionsDeleted.isEmpty || !batch.itemsDeleted.isEmpty,
                 !batch.sectionsInserted.isEmpty || !batch.sectionsMoved.isEmpty,
                 !batch.itemsInserted.isEmpty || !batch.itemsMoved.isEmpty, !batch.sectionsUpdated.isEmpty]
    #expect(staged.count <= kinds.filter { $0 }.count, sourceLocation: sourceLocation)
    if batch.isEmpty {
        #expect(staged.isEmpty, sourceLocation: sourceLocation)
    }
    else if batch.needsStaging {
        #expect(staged.count >= 2, sourceLocation: sourceLocation)
    }
    else {
        #expect(staged.count == 1 && staged.first?.changeset == batch, sourceLocation: sourceLocation)
    }
    return batch
}

/// The UIKit-safe single batch: applies exactly, never names an item or a section in two
/// operations, and differs from the raw diff only where an item (or section) is both moved and
/// updated, which becomes a delete plus an insert.
func checkOneBatch<S: Hashable, I: Hashable>(
    _ old: Snapshot<S, I>, _ new: Snapshot<S, I>, rule: ((I, Int, Int) -> Bool)?,
    sectionRule: ((S, Int, Int) -> Bool)? = nil, raw: Changeset, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let safe = Changeset(from: old, to: new, isItemUpdated: rule, isSectionUpdated: sectionRule)
    let applied = try safe.apply(to: old, insertingFrom: new)
    #expect(applied.withoutMarks() == new.withoutMarks(), "\(safe.debugDescription)", sourceLocation: sourceLocation)
    // No path in two operations (OLD paths: deletes, updates, move sources; NEW paths: inserts,
    // move targets), and no id both updated and moved; the same for sections.
    let oldPaths = safe.itemsDeleted + safe.itemsUpdated + safe.itemsMoved.map(\.source)
    let newPaths = safe.itemsInserted + safe.itemsMoved.map(\.target)
    #expect(Set(oldPaths).count == oldPaths.count && Set(newPaths).count == newPaths.count,
            "\(safe.debugDescription)", sourceLocation: sourceLocation)
    let updatedIDs = Set(safe.itemsUpdated.map { old.itemIdentifier(at: $0)! })
    #expect(!safe.itemsMoved.contains { updatedIDs.contains(old.itemIdentifier(at: $0.source)!) }, sourceLocation: sourceLocation)
    let oldSections = safe.sectionsDeleted + safe.sectionsUpdated + safe.sectionsMoved.map(\.source)
    let newSections = safe.sectionsInserted + safe.sectionsMoved.map(\.target)
    #expect(Set(oldSections).count == oldSections.count && Set(newSections).count == newSections.count,
            "\(safe.debugDescription)", sourceLocation: sourceLocation)
    #expect(!safe.needsStaging || safe.stagingReason?.hasPrefix("item") == false, sourceLocation: sourceLocation)
    // Updated: exactly the changed items that the batch keeps in place or moves within kept
    // sections, neither deleted nor inserted (the callers' rules ignore indices).
    let deletedIDs = Set(safe.itemsDeleted.map { old.itemIdentifier(at: $0)! })
    let deletedSections = Set(safe.sectionsDeleted), insertedSections = Set(safe.sectionsInserted)
    var expectedUpdated = Set<I>()
    for id in old.itemIdentifiers where rule?(id, 0, 0) == true && !deletedIDs.contains(id) {
        guard let from = old.itemPath(of: id), let to = new.itemPath(of: id),
              !deletedSections.contains(from.section), !insertedSections.contains(to.section) else { continue }
        expectedUpdated.insert(id)
    }
    #expect(updatedIDs == expectedUpdated, "\(safe.debugDescription)", sourceLocation: sourceLocation)
    // No moved section has item changes inside it (IGListKit's section-move rule).
    #expect(movedSectionsWithItemChanges(safe).isEmpty, "\(safe.debugDescription)", sourceLocation: sourceLocation)
    // Section reloads only alone (UIKit throws on a displaced one).
    #expect(safe.sectionsUpdated.isEmpty || safe.changeCount == safe.sectionsUpdated.count, "\(safe.debugDescription)",
            sourceLocation: sourceLocation)
    // Where nothing is both moved and updated, no moved section has item changes and no section
    // update comes with other changes, the single batch is the raw diff.
    let updatedItems = Set(raw.itemsUpdated)
    if (raw.sectionsUpdated.isEmpty || raw.changeCount == raw.sectionsUpdated.count)
        && !raw.itemsMoved.contains(where: { updatedItems.contains($0.source) })
        && movedSectionsWithItemChanges(raw).isEmpty {
        #expect(safe == raw, sourceLocation: sourceLocation)
    }
}

/// The section moves of `batch` whose section has an item change inside it: a delete, update or
/// move out at its old index, an insert or move in at its new index.
func movedSectionsWithItemChanges(_ batch: Changeset) -> [IndexMove<Int>] {
    let oldSections = Set((batch.itemsDeleted + batch.itemsUpdated + batch.itemsMoved.map(\.source)).map(\.section))
    let newSections = Set((batch.itemsInserted + batch.itemsMoved.map(\.target)).map(\.section))
    return batch.sectionsMoved.filter { oldSections.contains($0.source) || newSections.contains($0.target) }
}

/// Draws for the property cases, from the shared seeded generator (so every case can be
/// replayed from its seed).
extension SplitMix64 {
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}

/// A random sectioned pair: sections deleted, inserted, moved and emptied; items deleted,
/// inserted, moved inside and across sections, and changed in content.
func randomPair(_ random: inout SplitMix64) -> (old: Snapshot<String, Int>, new: Snapshot<String, Int>, changed: Set<Int>) {
    var nextItem = 0
    func freshItems(_ count: Int) -> [Int] {
        defer { nextItem += count }
        return Array(nextItem..<(nextItem + count))
    }
    var nextSection = 0
    func freshSection() -> String {
        defer { nextSection += 1 }
        return "S\(nextSection)"
    }
    // OLD: 0...5 sections, some of them empty; one case in ten is entirely empty.
    var old: [(String, [Int])] = []
    if !random.chance(0.1) {
        for _ in 0..<random.int(0...5) {
            old.append((freshSection(), freshItems(random.chance(0.2) ? 0 : random.int(1...8))))
        }
    }
    // NEW, one case in ten entirely empty.
    if random.chance(0.1) { return (diffSnapshot(old), Snapshot(), []) }
    var new = old.filter { _ in !random.chance(0.2) }        // delete sections
    for _ in 0..<random.int(0...2) {                           // insert sections
        let items = random.chance(0.3) ? [] : freshItems(random.int(1...5))
        new.insert((freshSection(), items), at: random.int(0...new.count))
    }
    if new.count > 1 && random.chance(0.4) {                   // move a section
        let section = new.remove(at: random.int(0...(new.count - 1)))
        new.insert(section, at: random.int(0...new.count))
    }
    // Items: deletes and inserts.
    for s in new.indices {
        new[s].1.removeAll { _ in random.chance(0.2) }
        for _ in 0..<random.int(0...3) { new[s].1.insert(freshItems(1)[0], at: random.int(0...new[s].1.count)) }
    }
    // Items: moves, inside and across sections (also out of deleted and into inserted ones:
    // an old item of a deleted section can reappear anywhere).
    let everyNewItem = Set(new.flatMap { $0.1 })
    let orphans = old.flatMap { $0.1 }.filter { !everyNewItem.contains($0) }
    for id in orphans where random.chance(0.2) && !new.isEmpty {
        let s = random.int(0...(new.count - 1))
        new[s].1.insert(id, at: random.int(0...new[s].1.count))
    }
    for _ in 0..<random.int(0...4) where !new.isEmpty {
        let from = random.int(0...(new.count - 1))
        guard !new[from].1.isEmpty else { continue }
        let id = new[from].1.remove(at: random.int(0...(new[from].1.count - 1)))
        let to = random.int(0...(new.count - 1))
        new[to].1.insert(id, at: random.int(0...new[to].1.count))
    }
    // Content changes.
    let changed = Set(old.flatMap { $0.1 }.filter { _ in random.chance(0.15) })
    return (diffSnapshot(old), diffSnapshot(new), changed)
}

@Suite("Diff properties")
struct DiffPropertyTests {
    @Test("5000 random sectioned pairs: every batch and every stage applies exactly; the single batch names nothing twice")
    func randomSectionedPairs() throws {
        // Seeded, as each property test here is, so that a failure repeats.
        var random = SplitMix64(seed: 20_240_601)
        var staged = 0, crossSection = 0, emptyToFull = 0, fullToEmpty = 0, sectionClashes = 0, itemClashes = 0
        for _ in 0..<5000 {
            let (old, new, changed) = randomPair(&random)
            let batch = try checkDiff(old, new, changed: changed)
            if batch.needsStaging { staged += 1 }
            // With section updates too (every third section), against the raw diff.
            let itemRule: (Int, Int, Int) -> Bool = { id, _, _ in changed.contains(id) }
            let sectionRule: (String, Int, Int) -> Bool = { id, _, _ in id.utf8.last! % 3 == 0 }
            let raw = Changeset(from: old, to: new, isItemUpdated: itemRule, isSectionUpdated: sectionRule, oneBatch: false)
            try checkOneBatch(old, new, rule: itemRule, sectionRule: sectionRule, raw: raw)
            if raw.sectionsMoved.contains(where: { raw.sectionsUpdated.contains($0.source) }) { sectionClashes += 1 }
            if raw.itemsMoved.contains(where: { raw.itemsUpdated.contains($0.source) }) { itemClashes += 1 }
            if batch.itemsMoved.contains(where: { $0.source.section != $0.target.section }) { crossSection += 1 }
            if old.numberOfItems == 0 && new.numberOfItems > 0 { emptyToFull += 1 }
            if old.numberOfItems > 0 && new.numberOfItems == 0 { fullToEmpty += 1 }
        }
        // The generator reaches every kind of case the issue names.
        #expect(staged > 100)
        #expect(crossSection > 100)
        #expect(emptyToFull > 50)
        #expect(fullToEmpty > 50)
        #expect(sectionClashes > 50)
        #expect(itemClashes > 100)
    }

    @Test("3000 random flat lists: the list diff matches the snapshot diff and applies")
    func randomLists() throws {
        // Seeded, as each property test here is, so that a failure repeats.
        var random = SplitMix64(seed: 7)
        for _ in 0..<3000 {
            let n = random.int(0...30)
            var old = Array(0..<n)
            old.shuffle(using: &random)
            var new = old.filter { _ in !random.chance(0.2) }
            for k in 0..<random.int(0...6) { new.insert(1000 + k, at: random.int(0...new.count)) }
            if !new.isEmpty && random.chance(0.7) {
                for _ in 0..<random.int(1...3) {
                    let id = new.remove(at: random.int(0...(new.count - 1)))
                    new.insert(id, at: random.int(0...new.count))
                }
            }
            let changed = Set(old.filter { _ in random.chance(0.2) })
            let rule: (Int, Int, Int) -> Bool = { id, _, _ in changed.contains(id) }
            let fromLists = try Changeset(from: old, to: new, isItemUpdated: rule)
            let a = try Snapshot(section: 0, items: old), b = try Snapshot(section: 0, items: new)
            #expect(fromLists == Changeset(from: a, to: b, isItemUpdated: rule))
            try checkDiff(a, b, changed: changed)
        }
    }

    @Test("apply never traps: 3000 random batches, most inconsistent, either throw or give a valid snapshot")
    func applyRejectsNonsense() throws {
        // Seeded, as each property test here is, so that a failure repeats.
        var random = SplitMix64(seed: 11)
        var thrown = 0, applied = 0
        for _ in 0..<3000 {
            let (old, new, _) = randomPair(&random)
            func index() -> Int { random.int(-1...5) }
            func path() -> ItemPath { ItemPath(section: index(), item: random.int(-1...8)) }
            func some<T>(_ make: () -> T) -> [T] { (0..<random.int(0...2)).map { _ in make() } }
            var batch = Changeset()
            batch.sectionsDeleted = some(index)
            batch.sectionsInserted = some(index)
            batch.sectionsMoved = some { IndexMove(source: index(), target: index()) }
            batch.sectionsUpdated = some(index)
            batch.itemsDeleted = some(path)
            batch.itemsInserted = some(path)
            batch.itemsMoved = some { IndexMove(source: path(), target: path()) }
            batch.itemsUpdated = some(path)
            if random.chance(0.3) { batch = Changeset(from: old, to: new) }   // the real one applies
            do {
                let result = try batch.apply(to: old, insertingFrom: new)
                #expect(result.checkInvariants())
                #expect(result.numberOfSections == new.numberOfSections)
                applied += 1
            }
            catch is ChangesetApplyError {
                thrown += 1
            }
        }
        #expect(thrown > 1000)
        #expect(applied > 800)
    }

    @Test("120 large sectioned pairs (thousands of items, many sections) apply exactly")
    func largePairs() throws {
        // Seeded, as each property test here is, so that a failure repeats.
        var random = SplitMix64(seed: 5)
        for _ in 0..<120 {
            let sections = random.int(1...20)
            var next = 0
            var old: [(Int, [Int])] = []
            for s in 0..<sections {
                let count = random.int(0...300)
                old.append((s, Array(next..<(next + count))))
                next += count
            }
            var new = old.filter { _ in !random.chance(0.1) }
            new.shuffle(using: &random)
            new.append((1000, []))
            for _ in 0..<random.int(0...400) {
                let from = random.int(0...(new.count - 1)), to = random.int(0...(new.count - 1))
                guard !new[from].1.isEmpty else { continue }
                let id = new[from].1.remove(at: random.int(0...(new[from].1.count - 1)))
                if random.chance(0.3) { continue }   // deleted
                new[to].1.insert(random.chance(0.3) ? next : id, at: random.int(0...new[to].1.count))
                next += 1
            }
            let changed = Set(old.flatMap { $0.1 }.filter { _ in random.chance(0.05) })
            try checkDiff(diffSnapshot(old), diffSnapshot(new), changed: changed)
        }
    }

    @Test("a move never costs more than one move per misplaced element in a single move case")
    func singleMoveCostsOneMove() throws {
        // Seeded, as each property test here is, so that a failure repeats.
        var random = SplitMix64(seed: 99)
        for _ in 0..<2000 {
            let n = random.int(2...40)
            var new = Array(0..<n)
            let id = new.remove(at: random.int(0...(n - 1)))
            new.insert(id, at: random.int(0...(n - 1)))
            let batch = try Changeset(from: Array(0..<n), to: new)
            #expect(batch.itemsMoved.count <= 1, "\(new)")
        }
    }
}
