/// Applying a changeset to the caller's own model arrays, so that a data source keeps its models
/// in step with the batch it hands to its collection view:
///
/// ```swift
/// let changeset = try Changeset(from: oldModels.map(\.id), to: newModels.map(\.id))
/// try changeset.apply(to: &models, inserting: { newModels[$0] })
/// ```
extension Changeset {
    /// Replays this one-section batch on `elements`: deleted items leave, moved ones move, and
    /// inserted and updated ones take `inserting(i)`, the element at index `i` after the batch.
    /// On error `elements` is left unchanged.
    ///
    /// - Throws: `ChangesetApplyError` when the batch has section changes or does not fit
    ///   `elements` (an index out of range, an element listed twice, an update of a deleted item),
    ///   and whatever `inserting` throws.
    /// - Complexity: O(n + c) plus one `inserting` call per inserted or updated item.
    public func apply<Element>(to elements: inout [Element], inserting: (Int) throws -> Element) throws {
        guard sectionChangeCount == 0 else {
            throw ChangesetApplyError("the batch changes sections, but a flat list has only section 0; "
                + "apply it to an array of sections with apply(to:inserting:insertingSection:).")
        }
        var sections = [elements]
        try apply(to: &sections, inserting: { path in try inserting(path.item) },
                  insertingSection: { _ in [] })
        elements = sections.isEmpty ? [] : sections[0]
    }

    /// Replays this batch on `sections` (the items of each section): sections and items leave,
    /// move and arrive as in `apply(to:insertingFrom:)`; an inserted or updated item takes
    /// `inserting(path)`, and an inserted section `insertingSection(index)`, both at their
    /// position after the batch. On error `sections` is left unchanged.
    ///
    /// - Throws: `ChangesetApplyError` when the batch does not fit `sections`, and whatever the
    ///   closures throw.
    /// - Complexity: O(S + n + c) plus one closure call per inserted or updated item or section.
    public func apply<Element>(to sections: inout [[Element]], inserting: (ItemPath) throws -> Element,
                               insertingSection: (Int) throws -> [Element]) throws {
        let plan = try BatchPlan(self, oldSizes: sections.map(\.count))
        let old = sections.flatMap { $0 }
        var result: [[Element]] = []
        result.reserveCapacity(plan.sectionOrigins.count)
        for (j, origin) in plan.sectionOrigins.enumerated() {
            guard origin != nil else {
                result.append(try insertingSection(j))
                continue
            }
            result.append(try plan.items(ofSection: j, old: old, inserted: { try inserting(ItemPath(section: j, item: $0)) }))
        }
        for updated in plan.updatedItems {
            result[updated.new.section][updated.new.item] = try inserting(updated.new)
        }
        sections = result
    }
}
