/// One pool of view numbers per kind of view (a cell kind, or an element category and kind: a
/// `"header"` cell and a header supplementary are different views). A leaving view goes to its
/// kind's pool; an entering view takes the most recently pooled one, and a view is created only
/// when its pool is empty.
struct ReusePools {
    struct Kind: Hashable {
        var category: ElementCategory
        var name: String
    }

    private var pools: [Kind: [Int]] = [:]
    private var next = 0
    private(set) var stats = EngineStats()

    /// Puts view `number` of `kind` back. O(1) amortised.
    mutating func recycle(_ number: Int, kind: Kind) { pools[kind, default: []].append(number) }

    /// A view of `kind`: a pooled one, else a new one. O(1) amortised.
    mutating func dequeue(kind: Kind) -> Int {
        if let number = pools[kind]?.popLast() {
            stats.reused += 1
            return number
        }
        stats.created += 1
        defer { next += 1 }
        return next
    }
}

extension EngineView {
    var poolKind: ReusePools.Kind { ReusePools.Kind(category: category, name: kind) }
}
