/// "did you mean simpleLayout?": the known name closest to a misspelt one, by edit distance
/// ignoring case (over characters; a swap of neighbours is one edit). A suggestion is made only when the names
/// differ in case alone or by at most a third of the name's length (at least one edit).
package enum DidYouMean {
    /// " (did you mean width?)" for a misspelt `name`, else "": the one shape of the hint.
    /// - Complexity: as `suggestion(for:among:)`.
    package static func hint(for name: String, among candidates: [String]) -> String {
        hint(suggestion(for: name, among: candidates))
    }

    /// " (did you mean width?)" for a suggestion, "" for none.
    package static func hint(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean \($0)?)" } ?? ""
    }

    /// A candidate whose length differs from the name's by more than the edit distance allowed
    /// cannot be suggested (its distance is at least that difference), so it is not measured:
    /// a name of a million characters costs one pass over it, not a million steps per candidate.
    /// - Complexity: O(name length + candidates × name length²).
    package static func suggestion(for name: String, among candidates: [String]) -> String? {
        let lowered = Array(name.lowercased())
        let allowed = max(1, lowered.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let other = Array(candidate.lowercased())
            guard abs(other.count - lowered.count) <= allowed else { continue }
            let d = distance(lowered, other)
            if best == nil || d < best!.distance { best = (candidate, d) }
        }
        guard let best, best.distance <= allowed else { return nil }
        return best.name
    }

    /// Edit distance counting a swap of two neighbouring characters as one edit (optimal string
    /// alignment), so `widht` is one edit from `width`; three rolling rows.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var before = [Int](repeating: 0, count: b.count + 1)   // row i − 2
        var previous = Array(0...b.count)                       // row i − 1
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], before[j - 2] + 1)
                }
            }
            (before, previous, row) = (previous, row, before)
        }
        return previous[b.count]
    }
}
