/// The n-th occurrence (0-based) of an identifier in a list that may repeat it.
///
/// Keying a list by occurrences makes every key unique, so a diff of two such lists pairs the
/// n-th occurrence in OLD with the n-th occurrence in NEW and turns the surplus into deletes or
/// inserts: DifferenceKit's handling of duplicates, as an explicit opt-in
/// (`DuplicatePolicy.pairInOrder`) rather than a silent default.
public struct Occurrence<ID: Hashable>: Hashable {
    /// The identifier as the data wrote it.
    public var id: ID
    /// How many times `id` occurred before this one.
    public var index: Int

    /// The `index`-th repeat of `id` (0: its first occurrence).
    public init(_ id: ID, index: Int = 0) {
        self.id = id
        self.index = index
    }

    /// Each element keyed by its occurrence number, in order.
    ///
    /// - Complexity: O(n) expected.
    public static func keys<S: Sequence>(of ids: S) -> [Occurrence<ID>] where S.Element == ID {
        var seen: [ID: Int] = [:]
        seen.reserveCapacity(ids.underestimatedCount)   // no rehashing as it grows
        return ids.map { id in
            let n = seen[id, default: 0]
            seen[id] = n + 1
            return Occurrence(id, index: n)
        }
    }
}

extension Occurrence: Sendable where ID: Sendable {}

extension Occurrence: CustomStringConvertible {
    /// The identifier alone for its first occurrence, then `id (occurrence n+1)`.
    public var description: String { index == 0 ? "\(id)" : "\(id) (occurrence \(index + 1))" }
}
