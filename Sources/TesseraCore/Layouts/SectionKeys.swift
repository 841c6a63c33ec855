/// The keys of a table that names sections by id (split's `side = {"5": "left"}`, the tables of
/// `t.sections` and `t.compositional`). A key is an id's text, as a JSON object's key is, so
/// `"5"` names the integer id 5 and the string id "5" alike. A dataset whose section ids include
/// both would have one key name two sections: that is an error naming both, never a silent share.
package struct SectionKeys: Sendable {
    /// The table as messages name it (`split parameter 'side'`).
    package var table: String
    /// The keys that are an integer's text: only these can name two sections.
    var integerKeys: Set<Int>
    /// The number messages give the first section: 0 for a table from the command line or JSON,
    /// 1 for one from Lua, as each counts.
    var indexBase: Int

    /// - Complexity: O(number of keys).
    package init(table: String, keys: some Sequence<String>, indexBase: Int) {
        self.table = table
        integerKeys = Set(keys.compactMap(integerText))
        self.indexBase = indexBase
    }

    /// Throws `LayoutError.invalid` naming the first two of `sections` whose ids differ only in
    /// type (5 and "5") when their text is one of the keys.
    /// - Complexity: O(1) when no key is an integer's text (the usual table), else O(sections).
    package func check(_ sections: [Dataset.Section]) throws {
        guard !integerKeys.isEmpty else { return }
        var firstInteger: [Int: Int] = [:], firstString: [Int: Int] = [:]
        for (s, section) in sections.enumerated() {
            let n: Int, isString: Bool
            switch section.id {
            case .int(let v): (n, isString) = (v, false)
            case .string(let text):
                guard let v = integerText(text) else { continue }
                (n, isString) = (v, true)
            case .scoped, .duplicate: continue
            }
            guard integerKeys.contains(n) else { continue }
            if let other = isString ? firstInteger[n] : firstString[n] {
                throw LayoutError.invalid("\(table) names section \(other + indexBase) (id \(describeIdentifier(sections[other].id))) "
                    + "and section \(s + indexBase) (id \(describeIdentifier(section.id))) by the one key \(describeIdentifier(String(n))); "
                    + "expected section ids whose text differs, or a function of (index, section)")
            }
            if isString { firstString[n] = firstString[n] ?? s } else { firstInteger[n] = firstInteger[n] ?? s }
        }
    }
}

/// The integer whose text `key` is exactly (`"5"`, not `"05"` or `"+5"`).
private func integerText(_ key: String) -> Int? {
    Int(key).flatMap { String($0) == key ? $0 : nil }
}
