/// A shortcut for the index of a layout that places items down the page: when its entries, in
/// frame order, never start higher than the entry before (lists, grids, flows, waterfalls), a
/// query's hits lie in one run of entries that a search finds without walking the tree.
///
/// The *reach* of leaf `j` is the largest bottom edge (maxY) of leaves `0...j`, rounded up to
/// single precision. It never decreases, so the first leaf whose reach passes the query's top
/// is found by binary search; no entry before that leaf reaches into the query. From that
/// leaf's first entry the entries are tested in order until one starts at or below the query's
/// bottom: since entries start in order, no later one can be a hit.
///
/// The search runs in two steps: over `blockReach`, the reach at the end of every block of
/// `blockLeaves` leaves (1/16 of the array, small enough to stay in cache), then along one block
/// (one cache line). A plain binary search over every leaf's reach would take a chain of
/// dependent cache misses for each query into a large index.
///
/// It is used only where it is cheap for every query: the leaves must span most of the
/// content's width (a wide grid's rows of many leaves are better pruned by the tree), and a
/// leaf's top must be passed by the reach of a leaf at most `maximumLag` leaves before it (one
/// tall early item would otherwise make queries below it scan from the top). A query then tests
/// at most `(maximumLag + 1) · fanout` entries that end above it.
struct LeafBand: Sendable {
    /// Per leaf, the largest maxY of it and every leaf before it, rounded up. Both arrays are
    /// written by `init` only, and by the tests that break an invariant.
    var reach: [Float]
    /// Per block of `blockLeaves` leaves, the reach of its last leaf.
    var blockReach: [Float]

    static let maximumLag = 4
    /// Leaves per block: 16 reaches fill one 64-byte cache line.
    static let blockLeaves = 16

    /// The band over `leafBoxes`, or nil when the shortcut does not apply. `startsInOrder`: no
    /// entry starts above the one before (the packing's pass over the entries tells).
    /// - Complexity: O(leaves).
    init?(leafBoxes: [IndexBox], startsInOrder: Bool) {
        guard leafBoxes.count > 1, startsInOrder else { return nil }
        var lowX = Double.infinity, highX = -Double.infinity, widths = 0.0
        for box in leafBoxes {
            lowX = Swift.min(lowX, box.minX)
            highX = Swift.max(highX, box.maxX)
            widths += box.width
        }
        guard widths >= 0.5 * Double(leafBoxes.count) * (highX - lowX) else { return nil }
        var reach: [Float] = []
        reach.reserveCapacity(leafBoxes.count)
        var highest = -Double.infinity
        for box in leafBoxes {
            highest = Swift.max(highest, box.maxY)
            reach.append(CompactBox.up(highest))
        }
        // The lag: leaf tops never decrease, so the first leaf reaching past each top moves forward.
        var first = 0
        for (j, box) in leafBoxes.enumerated() {
            while Double(reach[first]) <= box.minY { first += 1 }
            guard j - first <= Self.maximumLag else { return nil }
        }
        self.reach = reach
        blockReach = stride(from: Self.blockLeaves - 1, to: reach.count + Self.blockLeaves - 1, by: Self.blockLeaves)
            .map { reach[Swift.min($0, reach.count - 1)] }
    }

    /// The first leaf whose reach passes `top`: `reach.count` when none does.
    ///
    /// Both steps are free of data-dependent branches (a binary search's turns follow no
    /// pattern the processor could predict). A Float passes `top` exactly when it passes
    /// `top` rounded down to Float, so the comparisons stay in single precision.
    /// - Complexity: O(log(leaves / blockLeaves) + blockLeaves).
    func firstLeaf(reaching top: Double) -> Int {
        let top = CompactBox.down(top)
        return blockReach.withUnsafeBufferPointer { blocks in
            reach.withUnsafeBufferPointer { reach in
                // The first block whose last reach passes `top` lies in `base ... base + n`.
                var base = 0, n = blocks.count
                while n > 1 {
                    let half = n &>> 1
                    base = blocks[base &+ half &- 1] > top ? base : base &+ half
                    n &-= half
                }
                if n == 1, !(blocks[base] > top) { base &+= 1 }
                // Within it, the leaves whose reach does not pass `top` come first.
                let first = base &* Self.blockLeaves
                let end = Swift.min(first &+ Self.blockLeaves, reach.count)
                var leaf = first
                for j in first..<Swift.max(first, end) { leaf &+= reach[j] > top ? 0 : 1 }
                return Swift.min(leaf, reach.count)
            }
        }
    }

    /// Appends the hits of `query` to `hits`: the entries from the first leaf reaching into
    /// it on, in order, until one starts at or below its bottom (entries start in order: none
    /// after that one can be a hit). Entry `p` is frame `ids[p]`, or `p` when `ids` is empty.
    /// - Complexity: O(log leaves + k + (maximumLag + 1) · fanout) for k hits.
    func collect(_ query: IndexBox, frames: UnsafeBufferPointer<Rect>, ids: UnsafeBufferPointer<UInt32>,
                 entryCount: Int, fanout: Int, into hits: HitBuffer) -> HitBuffer {
        var hits = hits
        var p = firstLeaf(reaching: query.minY) &* fanout
        while p < entryCount {
            let id = ids.isEmpty ? p : Int(ids[p])
            let box = IndexBox(frames[id])
            guard box.minY < query.maxY else { break }
            hits.reserve(1)
            hits.append(id, if: box.overlaps(query))
            p &+= 1
        }
        return hits
    }

    /// Bytes held.
    var memoryBytes: Int { (reach.capacity + blockReach.capacity) * MemoryLayout<Float>.stride }
}
