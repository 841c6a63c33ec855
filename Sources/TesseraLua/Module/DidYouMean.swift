/// "did you mean simpleLayout?": the known name closest to a misspelt one, by edit distance
/// ignoring case (Levenshtein over characters). A suggestion is made only when the names
/// differ in case alone or by at most a third of the name's length (at least one edit).
enum DidYouMean {
    /// - Complexity: O(candidates × name length²).
    static func suggestion(for name: String, among candidates: [String]) -> String? {
        let lowered = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let d = distance(lowered, Array(candidate.lowercased()))
            if best == nil || d < best!.distance { best = (candidate, d) }
        }
        guard let best, best.distance <= max(1, lowered.count / 3) else { return nil }
        return best.name
    }

    /// Levenshtein distance with one rolling row.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let above = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }
}
