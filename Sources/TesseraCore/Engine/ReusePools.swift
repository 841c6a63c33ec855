/// One pool of view numbers per kind of view (a cell kind, or an element category and kind: a
/// `"header"` cell and a header supplementary are different views). A leaving view goes to its
/// kind's pool (one that leaves with an animation only at the next pass: `hold`); an entering view
/// takes the most recently pooled one, and a view is created only when its pool is empty.
///
/// Every view of every pass goes through here, and a screen shows few kinds: their pools are
/// found by comparing kinds in turn, with no hashing, while there are at most `scanned`; past
/// that, through a table by kind.
struct ReusePools {
    struct Kind: Hashable {
        var category: ElementCategory
        var name: String

        /// The category as its rank, a small integer (its own hash is its raw value's, a string's).
        func hash(into hasher: inout Hasher) {
            hasher.combine(category.drawingRank)
            hasher.combine(name)
        }
    }

    /// How many kinds are looked up by comparison before the table takes over.
    private static let scanned = 8

    private var kinds: [Kind] = []
    private var pools: [[Int]] = []
    /// The position of each kind in `kinds`, filled once there are more than `scanned`.
    private var positions: [Kind: Int] = [:]
    private var next = 0
    private(set) var stats = EngineStats()
    /// Views of the last pass that left with an animation: still drawn, so in no pool until the
    /// next pass (the engine has no clock; a pass is the end of the last one's animations).
    private var held: [(number: Int, kind: Kind)] = []

    /// Keeps view `number` of `kind` out of its pool until `releaseHeld()`. O(1) amortised.
    mutating func hold(_ number: Int, kind: Kind) {
        held.append((number, kind))
    }

    /// Puts the held views back in their pools, in the order they were held. O(held).
    mutating func releaseHeld() {
        guard !held.isEmpty else { return }
        for view in held { recycle(view.number, kind: view.kind) }
        held = []
    }

    /// Puts view `number` of `kind` back. O(1) amortised.
    mutating func recycle(_ number: Int, kind: Kind) {
        if let p = position(of: kind) {
            pools[p].append(number)
            return
        }
        kinds.append(kind)
        pools.append([number])
        if kinds.count > Self.scanned {
            if positions.isEmpty {
                for (p, k) in kinds.enumerated() { positions[k] = p }
            } else {
                positions[kind] = kinds.count - 1
            }
        }
    }

    /// A view of `kind`: a pooled one, else a new one. O(1) amortised.
    mutating func dequeue(kind: Kind) -> Int {
        if let p = position(of: kind), let number = pools[p].popLast() {
            stats.reused += 1
            return number
        }
        stats.created += 1
        defer { next += 1 }
        return next
    }

    /// Where `kind`'s pool is, if it has one.
    private func position(of kind: Kind) -> Int? {
        guard kinds.count <= Self.scanned else { return positions[kind] }
        return kinds.firstIndex(of: kind)
    }
}

extension EngineView {
    var poolKind: ReusePools.Kind { ReusePools.Kind(category: category, name: kind) }
}
