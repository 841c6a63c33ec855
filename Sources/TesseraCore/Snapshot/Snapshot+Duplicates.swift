import OrderedCollections

/// An identifier that can be renamed to keep a repeat: the n-th repeat of `x` becomes
/// `x.suffixed(n)` (CollectionKit's de-duplication writes `x(n)`).
public protocol DuplicateSuffixing: Hashable {
    /// This identifier renamed for its `n`-th repeat (n ≥ 1).
    func suffixed(_ n: Int) -> Self
}

// Public because `Snapshot(suffixingDuplicatesIn:)` is: a snapshot of String ids needs String's
// conformance, and a public protocol's requirement cannot have an internal witness.
extension String: DuplicateSuffixing {
    /// `"a"` → `"a(1)"`.
    public func suffixed(_ n: Int) -> String { "\(self)(\(n))" }
}

extension ItemID: DuplicateSuffixing {
    /// `"a"` → `"a(1)"`, `7` → `"7(1)"` (as the dataset loader's `.suffix` policy does).
    public func suffixed(_ n: Int) -> ItemID { .string("\(description)(\(n))") }
}

/// The explicit opt-in policies for data that repeats identifiers (`DuplicatePolicy`). Without
/// them, a repeat is a `SnapshotError` naming the identifier and where it already is.
extension Snapshot {
    /// A snapshot that keeps repeats by numbering occurrences (`DuplicatePolicy.pairInOrder`):
    /// the diff of two such snapshots pairs the n-th occurrence in OLD with the n-th in NEW and
    /// turns the surplus into deletes or inserts, as DifferenceKit does. Never throws.
    ///
    /// - Complexity: O(S + n).
    public static func pairingDuplicates(
        _ sections: [(SectionID, [ItemID])]
    ) -> Snapshot<Occurrence<SectionID>, Occurrence<ItemID>> {
        let sectionKeys = Occurrence.keys(of: sections.map { $0.0 })
        let itemKeys = Occurrence.keys(of: sections.flatMap { $0.1 })
        var starts = [0]
        for (_, items) in sections { starts.append(starts.last! + items.count) }
        return Snapshot<Occurrence<SectionID>, Occurrence<ItemID>>(
            uncheckedSections: OrderedSet(uncheckedUniqueElements: sectionKeys),
            items: IndexedIdentifiers(uncheckedUniqueElements: itemKeys), sectionStarts: starts)
    }
}

extension Snapshot where ItemID: DuplicateSuffixing {
    /// A snapshot that keeps repeated items by renaming them (`DuplicatePolicy.suffix`): the
    /// n-th repeat of `x` becomes `x.suffixed(n)`, skipping names that are already taken.
    ///
    /// - Throws: `SnapshotError.duplicateSectionInInput` for a repeated section (sections are
    ///   not renamed).
    /// - Complexity: O(S + n) expected.
    public init(suffixingDuplicatesIn sections: [(SectionID, [ItemID])]) throws {
        var ids = sections.flatMap { $0.1 }
        for (k, newID) in DuplicatePolicy.suffixRenames(ids) { ids[k] = newID }
        var start = 0
        let renamed = sections.map { section, items in
            defer { start += items.count }
            return (section, Array(ids[start..<start + items.count]))
        }
        try self.init(sections: renamed)
    }
}
