/// A shortcut for the index of a layout that places items down the page: when its entries, in
/// frame order, never start higher than the entry before (lists, grids, flows, waterfalls), a
/// query's hits lie in a run of leaves that a binary search finds, without walking the tree.
///
/// The *reach* of leaf `j` is the largest bottom edge (maxY) of leaves `0...j`, rounded up to
/// single precision. It never decreases, so the first leaf whose reach passes the query's top
/// is found by binary search; no entry before that leaf reaches into the query. From there the
/// leaves are tested in order (four boxes at a time) until one starts at or below the query's
/// bottom: since entries start in order, so do leaves, and no later one can be a hit.
///
/// It is used only where it is cheap for every query: the leaves must span most of the
/// content's width (a wide grid's rows of many leaves are better pruned by the tree), and a
/// leaf's top must be passed by the reach of a leaf at most `maximumLag` leaves before it (one
/// tall early item would otherwise make queries below it scan from the top).
enum LeafBand {
    static let maximumLag = 4

    /// The leaves' reach, or an empty array when the shortcut does not apply. O(n).
    static func reach(entryCount: Int, fanout: Int, leafBoxes: [IndexBox], minY: (Int) -> Double) -> [Float] {
        guard leafBoxes.count > 1 else { return [] }
        var previous = -Double.infinity
        for p in 0..<entryCount {
            let y = minY(p)
            guard y >= previous else { return [] }
            previous = y
        }
        var lowX = Double.infinity, highX = -Double.infinity, widths = 0.0
        for box in leafBoxes {
            lowX = Swift.min(lowX, box.minX)
            highX = Swift.max(highX, box.maxX)
            widths += box.width
        }
        guard widths >= 0.5 * Double(leafBoxes.count) * (highX - lowX) else { return [] }
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
            guard j - first <= maximumLag else { return [] }
        }
        return reach
    }

    /// The first leaf whose reach passes `top`: `reach.count` when none does. O(log leaves).
    @inline(__always)
    static func firstLeaf(reaching top: Double, in reach: UnsafeBufferPointer<Float>) -> Int {
        var lo = 0, hi = reach.count
        while lo < hi {
            let mid = (lo &+ hi) &>> 1
            if Double(reach[mid]) > top { hi = mid } else { lo = mid &+ 1 }
        }
        return lo
    }
}
