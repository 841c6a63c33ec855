/// What to do when an identifier occurs twice (SPEC §4; diffing reference §duplicates).
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
