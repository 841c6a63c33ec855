/// The order in which the spatial index stores its entries, and the leaf boxes over that order.
///
/// Entries are the frames with a positive area (the only ones that can be visible); a leaf is
/// `fanout` consecutive entries. Two orders are considered:
///
/// - **ordered**: ascending frame index. Layouts place items along a scroll axis (lists, grids,
///   flows, waterfalls, stacked sections), so consecutive items are neighbours and leaves come
///   out compact. The build is one O(n) pass and a left-to-right query yields sorted hits.
/// - **spatial** (Sort-Tile-Recursive): entries sorted by x-centre, cut into ⌈√leaves⌉ vertical
///   slabs, each slab sorted by y-centre (alternately up and down, so consecutive slabs meet
///   at the same end). Ties in x are broken by y (stable sorts on one key `x·2²² + y`), so a
///   column of frames sharing an x-centre becomes a run of short leaves instead of leaves that
///   span the whole column (the classic bulk-loading trap of STR packing). A slab
///   that holds the end of one column and the start of the next still gets one tall leaf at
///   the junction: one extra leaf per query, per junction.
///
/// A caller may also give the order itself (`listedPacking`): a subset of the frames, grouped the way its
/// queries meet them (a sectioned result puts each section's items, headers and scroller
/// together). It is stored like the spatial packing (ids and entry boxes), so leaves are tested
/// four entries at a time from 16-byte boxes instead of 32-byte frames.
///
/// Choice (a cost model for viewport-sized queries `qw × qh`, the default viewport): a
/// query at a uniformly random position meets a box `w × h` with probability proportional to
/// `(w + qw)(h + qh)`, and then tests all of the leaf's entries. So the expected work of a
/// packing is `Σ leaves count · (w + qw)(h + qh)`. No leaf of items with total area `A` can
/// beat `A + 2√(qw·qh·A) + qw·qh` (the box has area ≥ A when items do not overlap, and the
/// perimeter term is smallest for a box of the query's aspect ratio). The ordered packing is
/// kept when its cost is within twice that bound; otherwise the spatial packing is built and
/// the cheaper of the two is kept. Either way the index is correct: the order only affects speed.
struct EntryPacking {
    /// Entry order is ascending frame index (hits need no sorting).
    var isOrdered: Bool
    /// Number of entries: the frames with a positive area.
    var count: Int
    /// Frame index of each entry; empty when entry `p` is frame `p` (every frame has an area).
    var ids: [UInt32]
    /// Outward-rounded entry boxes in entry order, four per quad (spatial packing only; the
    /// ordered packing reads the frames themselves, which are in entry order already).
    var entryQuads: [BoxQuad]
    /// Box of each leaf: leaf `j` holds entries `j·fanout ..< min((j+1)·fanout, count)`.
    var leafBoxes: [IndexBox]
    /// The cost model's expected work (see above); for diagnostics and tests.
    var cost: Double
    /// In entry order, no entry starts (minY) above the one before (ordered packing only: the
    /// `LeafBand` shortcut needs it, and the packing's pass over the boxes finds it for free).
    var startsInOrder = false

    /// How many times the lower bound the ordered packing may cost before STR is tried.
    static let orderedSlack = 2.0
    /// Bits per quantised centre coordinate in the STR sort keys.
    static let keyBits = 22

    /// Picks and builds the packing for `frames`.
    /// - Complexity: O(n): one pass when the ordered packing is kept, else also two radix
    ///   sorts and a scattered copy.
    static func pack(_ frames: [Rect], fanout: Int, choice: Choice = .automatic,
                     query: Size = .defaultViewport) -> EntryPacking {
        let ordered = orderedPacking(frames, fanout: fanout, query: query)
        if choice == .frameOrder || choice == .automatic && ordered.packing.cost <= orderedSlack * ordered.bound {
            return ordered.packing
        }
        let live = ordered.packing.ids.isEmpty ? (0..<ordered.packing.count).map { UInt32($0) } : ordered.packing.ids
        let spatial = spatialPacking(frames, live: live, fanout: fanout, query: query)
        return choice == .tiled || spatial.cost < ordered.packing.cost ? spatial : ordered.packing
    }

    /// Which packing to build: the cost model's pick, or one forced (tests cover both on the same frames).
    enum Choice { case automatic, frameOrder, tiled }

    /// Entries in frame order, with the cost model's value and lower bound. One pass over the
    /// frames when all of them have an area (the usual case), a second one otherwise.
    static func orderedPacking(_ frames: [Rect], fanout: Int, query: Size) -> (packing: EntryPacking, bound: Double) {
        if let all = leaves(frames.count, fanout: fanout, query: query, stopAtEmpty: true,
                            box: { IndexBox(frames[$0]) }) {
            let packing = EntryPacking(isOrdered: true, count: frames.count, ids: [], entryQuads: [],
                                       leafBoxes: all.leaves, cost: all.cost, startsInOrder: all.startsInOrder)
            return (packing, all.bound)
        }
        let ids = frames.indices.filter { IndexBox(frames[$0]).hasArea }.map { UInt32($0) }
        let live = leaves(ids.count, fanout: fanout, query: query, stopAtEmpty: false,
                          box: { IndexBox(frames[Int(ids[$0])]) })!
        let packing = EntryPacking(isOrdered: true, count: ids.count, ids: ids, entryQuads: [],
                                   leafBoxes: live.leaves, cost: live.cost, startsInOrder: live.startsInOrder)
        return (packing, live.bound)
    }

    /// Leaf boxes over entries `0..<count` in order (entry `p` has the box `box(p)`), with the
    /// cost model's value and bound, and whether no entry starts above the one before; nil when
    /// `stopAtEmpty` and some entry has no area.
    @inline(__always)
    private static func leaves(_ count: Int, fanout: Int, query: Size, stopAtEmpty: Bool, box: (Int) -> IndexBox)
        -> (leaves: [IndexBox], cost: Double, bound: Double, startsInOrder: Bool)? {
        let qw = query.width, qh = query.height
        var leaves: [IndexBox] = []
        leaves.reserveCapacity((count + fanout - 1) / fanout)
        var cost = 0.0, bound = 0.0
        var start = 0
        var previousTop = -Double.infinity, inOrder = true
        while start < count {
            let end = Swift.min(start + fanout, count)
            var union = IndexBox.empty
            var area = 0.0
            for p in start..<end {
                let b = box(p)
                if stopAtEmpty, !b.hasArea { return nil }
                // Entries have an area, so no top is NaN.
                inOrder = inOrder && b.minY >= previousTop
                previousTop = b.minY
                union.formUnion(b)
                area += b.width * b.height
            }
            let n = Double(end - start)
            cost += n * (union.width + qw) * (union.height + qh)
            bound += n * (area + 2 * (qw * qh * area).squareRoot() + qw * qh)
            leaves.append(union)
            start = end
        }
        return (leaves, cost, bound, inOrder)
    }

    /// Sort-Tile-Recursive order over the frames listed in `live` (those with an area).
    static func spatialPacking(_ frames: [Rect], live: [UInt32], fanout: Int, query: Size) -> EntryPacking {
        let count = live.count
        let top = UInt64(1) << UInt64(keyBits) - 1

        // Quantised centres, x in the high bits and y in the low bits: one stable sort orders
        // by x and breaks x-ties by y.
        var lo = (x: Double.infinity, y: Double.infinity), hi = (x: -Double.infinity, y: -Double.infinity)
        for id in live {
            let c = centre(frames[Int(id)])
            lo = (Swift.min(lo.x, c.x), Swift.min(lo.y, c.y)); hi = (Swift.max(hi.x, c.x), Swift.max(hi.y, c.y))
        }
        let scale = (x: Double(top) / (hi.x - lo.x), y: Double(top) / (hi.y - lo.y))
        var keys = live.map { id -> UInt64 in
            let c = centre(frames[Int(id)])
            return quantise(c.x, lo.x, scale.x, top) << UInt64(keyBits) | quantise(c.y, lo.y, scale.y, top)
        }
        var order = (0..<count).map { UInt32($0) }   // entry r will be live[order[r]]
        var keyScratch: [UInt64] = [], orderScratch: [UInt32] = []
        RadixSort.sort(&keys, carrying: &order, keyScratch: &keyScratch, payloadScratch: &orderScratch)

        // Slabs of whole leaves; within each, y ascending in even slabs and descending in odd
        // ones. The stable sort keeps x order among equal y.
        let leafCount = (count + fanout - 1) / fanout
        let slabCount = Int(clamping: Double(leafCount).squareRoot(), rounding: .up, into: 1...Int.max)
        let slabEntries = Swift.max(1, (leafCount + slabCount - 1) / slabCount) * fanout
        for slabStart in stride(from: 0, to: count, by: slabEntries) {
            let slab = UInt64(slabStart / slabEntries)
            for r in slabStart..<Swift.min(slabStart + slabEntries, count) {
                let y = keys[r] & top
                keys[r] = slab << UInt64(keyBits) | (slab & 1 == 0 ? y : top - y)
            }
        }
        RadixSort.sort(&keys, carrying: &order, keyScratch: &keyScratch, payloadScratch: &orderScratch)
        keys = []; keyScratch = []; orderScratch = []

        // Read the frames in their own order and write each entry to its place: scattered
        // writes cost far less than scattered reads of 32-byte frames.
        var rank = order
        for (r, p) in order.enumerated() { rank[Int(p)] = UInt32(r) }
        order = []
        var ids = [UInt32](repeating: 0, count: count)
        var quads = [BoxQuad](repeating: .empty, count: (count + 3) / 4)
        ids.withUnsafeMutableBufferPointer { idsOut in
            quads.withUnsafeMutableBufferPointer { out in
                for p in 0..<count {
                    let r = Int(rank[p]), id = live[p]
                    out[r >> 2][r & 3] = CompactBox(enclosing: IndexBox(frames[Int(id)]))
                    idsOut[r] = id
                }
            }
        }
        // Leaves over the stored (rounded) boxes, read in entry order rather than scattered.
        let tiled = leaves(count, fanout: fanout, query: query, stopAtEmpty: false,
                           box: { quads[$0 >> 2][$0 & 3].wide })!
        return EntryPacking(isOrdered: false, count: count, ids: ids, entryQuads: quads, leafBoxes: tiled.leaves,
                            cost: tiled.cost)
    }

    /// The frames listed in `runs` that have an area, in that order (ids need not ascend; ids
    /// from `frames.count` on are `more`'s frames). One pass writes the ids, the entry boxes
    /// and the leaf boxes (over the exact frames); the cost model is not evaluated (`cost` 0).
    /// - Complexity: O(listed ids).
    static func listedPacking(_ frames: [Rect], then more: [Rect], runs: [Range<Int>], fanout: Int) -> EntryPacking {
        let listed = runs.reduce(0) { $0 + $1.count }
        var ids = [UInt32](repeating: 0, count: listed)
        var quads = [BoxQuad](repeating: .empty, count: (listed + 3) / 4)
        var leafBoxes: [IndexBox] = []
        leafBoxes.reserveCapacity((listed + fanout - 1) / fanout)
        var count = 0
        frames.withUnsafeBufferPointer { frames in
            more.withUnsafeBufferPointer { more in
                ids.withUnsafeMutableBufferPointer { ids in
                    quads.withUnsafeMutableBufferPointer { quads in
                        var leaf = IndexBox.empty, inLeaf = 0
                        for run in runs {
                            for id in run {
                                let box = IndexBox(id < frames.count ? frames[id] : more[id - frames.count])
                                guard box.hasArea else { continue }
                                ids[count] = UInt32(id)
                                quads[count >> 2][count & 3] = CompactBox(enclosing: box)
                                count += 1
                                leaf.formUnion(box)
                                inLeaf += 1
                                if inLeaf == fanout { leafBoxes.append(leaf); leaf = .empty; inLeaf = 0 }
                            }
                        }
                        if inLeaf > 0 { leafBoxes.append(leaf) }
                    }
                }
            }
        }
        if count < listed {
            ids.removeLast(listed - count)
            quads.removeLast(quads.count - (count + 3) / 4)
        }
        return EntryPacking(isOrdered: false, count: count, ids: ids, entryQuads: quads, leafBoxes: leafBoxes, cost: 0)
    }

    /// Centre of a frame, halving first so that huge coordinates cannot overflow.
    @inline(__always)
    private static func centre(_ r: Rect) -> (x: Double, y: Double) {
        let b = IndexBox(r)
        return (b.minX * 0.5 + b.maxX * 0.5, b.minY * 0.5 + b.maxY * 0.5)
    }

    /// `v` mapped from `[lo, lo + top/scale]` to `0...top`; NaN (a zero range) maps to 0.
    @inline(__always)
    private static func quantise(_ v: Double, _ lo: Double, _ scale: Double, _ top: UInt64) -> UInt64 {
        let t = (v - lo) * scale
        return t >= 0 ? UInt64(Swift.min(t, Double(top))) : 0
    }
}
