/// "did you mean simpleLayout?": the known names a misspelt or half-remembered one most likely
/// meant. A name is offered when it is the closest by edit distance ignoring case (over
/// characters; a swap of neighbours is one edit) and differs in case alone or by at most a
/// third of the typed name's length (at least one edit); or when the typed name, of 3
/// characters or more, starts it or one of its words in any case (`justify`: `justifyContent`;
/// `spacing`: `itemSpacing` and `lineSpacing`; words split at camelCase, `_`, `-` and `.`).
package enum DidYouMean {
    /// Names offered at once, at most: a longer list is no longer a suggestion.
    static let most = 3

    /// The shortest typed name that may stand for the longer names it starts.
    static let shortestStart = 3

    /// " (did you mean width?)" for a misspelt `name`, else "": the one shape of the hint.
    /// - Complexity: as `suggestions(for:among:)`.
    package static func hint(for name: String, among candidates: [String]) -> String {
        hint(suggestion(for: name, among: candidates))
    }

    /// " (did you mean width?)" for a suggestion, "" for none.
    package static func hint(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean \($0)?)" } ?? ""
    }

    /// `suggestions(for:among:)` as the words after "did you mean": "width", "itemSpacing or
    /// lineSpacing", "a, b or c"; nil for none.
    /// - Complexity: as `suggestions(for:among:)`.
    package static func suggestion(for name: String, among candidates: [String]) -> String? {
        let names = suggestions(for: name, among: candidates)
        return names.isEmpty ? nil : listed(names)
    }

    /// The names of `candidates` that `name` most likely meant, at most `most`: the closest by
    /// edit distance first, then those it starts or starts a word of, in `candidates`' order.
    /// A name differing in case alone is offered alone. `name` itself is never offered.
    /// A candidate whose length differs from the name's by more than the edit distance allowed
    /// cannot be the close one (its distance is at least that difference), so it is not measured:
    /// a name of a million characters costs one pass over it, not a million steps per candidate.
    /// - Complexity: O(name length + candidates × (name length² + candidate length)).
    package static func suggestions(for name: String, among candidates: [String]) -> [String] {
        let lowered = Array(name.lowercased())
        let allowed = max(1, lowered.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let other = Array(candidate.lowercased())
            guard abs(other.count - lowered.count) <= allowed else { continue }
            let d = distance(lowered, other)
            if best == nil || d < best!.distance { best = (candidate, d) }
        }
        var found: [String] = []
        if let best, best.distance <= allowed {
            if best.distance == 0 { return [best.name] }
            found.append(best.name)
        }
        guard lowered.count >= shortestStart else { return found }
        let typed = String(lowered)
        for candidate in candidates where found.count < most && candidate != name && !found.contains(candidate) {
            if words(of: candidate).contains(where: { $0.lowercased().hasPrefix(typed) }) { found.append(candidate) }
        }
        return found
    }

    /// The words a name is made of, the whole name first: `itemSpacing`, `item`, `Spacing`;
    /// `section-by`: `section`, `by`. A word starts at an upper-case letter after a lower-case
    /// letter or a digit, and after `_`, `-` or `.`.
    /// - Complexity: O(name length).
    static func words(of name: String) -> [Substring] {
        var words: [Substring] = [name[...]]
        var start = name.startIndex
        var previous: Character?
        for index in name.indices {
            let character = name[index]
            if "_-.".contains(character) {
                if start < index { words.append(name[start..<index]) }
                start = name.index(after: index)
            } else if character.isUppercase, let previous, previous.isLowercase || previous.isNumber {
                if start < index { words.append(name[start..<index]) }
                start = index
            }
            previous = character
        }
        if start > name.startIndex && start < name.endIndex { words.append(name[start...]) }
        return words
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
