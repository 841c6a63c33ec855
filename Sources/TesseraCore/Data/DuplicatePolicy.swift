/// What to do when an identifier occurs twice (see docs/datasets.md, "Duplicates").
///
/// The default rejects duplicates with an error naming the id and both positions. The other
/// policies are explicit opt-ins, never silent fallbacks.
public enum DuplicatePolicy: String, CaseIterable, Sendable {
    /// Duplicates are an error naming the id and both positions (the default).
    case reject
    /// Keep duplicates and pair the n-th occurrence in OLD with the n-th in NEW (DifferenceKit).
    case pairInOrder
    /// Rename the n-th repeat of `id` to `id(n)` (CollectionKit's de-duplication).
    case suffix
}

extension DuplicatePolicy {
    /// The policies that keep repeats (every one but `.reject`), for a message that names the
    /// way to keep them.
    package static var keeping: [DuplicatePolicy] { allCases.filter { $0 != .reject } }

    /// The renames `.suffix` makes in `ids` (in source order), as `(position, new id)`: the
    /// n-th repeat of `x` becomes `x.suffixed(n)`, skipping any name already used (in `ids` or
    /// by an earlier rename). The one implementation behind the dataset loader and
    /// `Snapshot(suffixingDuplicatesIn:)`.
    /// - Complexity: O(n) expected.
    static func suffixRenames<ID: DuplicateSuffixing>(_ ids: [ID]) -> [(Int, ID)] {
        var taken = Set(ids)
        var seen = Set<ID>(minimumCapacity: ids.count)
        var counts: [ID: Int] = [:]
        var renames: [(Int, ID)] = []
        for (k, id) in ids.enumerated() where !seen.insert(id).inserted {
            var n = counts[id, default: 0]
            var candidate: ID
            repeat {
                n += 1
                candidate = id.suffixed(n)
            } while taken.contains(candidate)
            counts[id] = n
            taken.insert(candidate)
            renames.append((k, candidate))
        }
        return renames
    }
}
