/// Pairs two lists by key, for transitions between two layouts: each entry of the new list with
/// the entry of the old list that has its key. Keys are unique within each list. O(n + m).
enum KeyedPairing {
    /// For each of `new`, the position in `old` with an equal key (nil when none), and the
    /// positions of `old` whose key is not in `new`, ascending.
    static func pair<Key: Hashable>(old: [Key], new: [Key]) -> (matches: [Int?], unmatched: [Int]) {
        var positions = [Key: Int](minimumCapacity: old.count)
        for (p, key) in old.enumerated() { positions[key] = p }
        let matches = new.map { positions.removeValue(forKey: $0) }
        return (matches, positions.values.sorted())
    }
}
