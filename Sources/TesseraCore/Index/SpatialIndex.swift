/// A static packed R-tree over item frames: "which items does this rectangle show?".
///
/// **Shape.** The frames with a positive area are the *entries* (no other frame can ever be
/// visible). They are stored in one order chosen by `EntryPacking`: frame order for layouts
/// that place items along a scroll axis, a Sort-Tile-Recursive tiling otherwise, or an order
/// the owner lists (a subset of the frames, `init(frames:then:listing:)`). The tree is
/// implicit: level 0 has one leaf per `fanout` consecutive entries, level L+1 one node per
/// `fanout` consecutive level-L nodes, up to a single root. So node `j` of level `L` has the
/// children `j·fanout ..< (j+1)·fanout` of level `L−1` and covers the contiguous entries
/// `j·fanout^(L+1) ..< (j+1)·fanout^(L+1)` (each range clipped to what exists). Only node
/// boxes are stored: single precision, rounded outward (`CompactBox`), four per SIMD quad
/// (`BoxQuad`), one flat array, leaves first.
///
/// **Invariants** (`invariantsHold`, checked under TESSERA_INTERNAL_CHECKS):
/// - every frame with a positive area (every listed one, for a listed order) is exactly one
///   entry, and no other frame is;
/// - a leaf's box encloses its entries' frames, a node's box its children's boxes;
/// - level sizes shrink by `fanout` up to a single root; in frame order, ids ascend strictly;
/// - with a `LeafBand`: entries start in order, each leaf's reach is at least the bottom of it
///   and of every leaf before, each block's reach is its last leaf's, and each leaf's top is
///   passed by the reach of a leaf at most `LeafBand.maximumLag` leaves before it (what bounds a
///   query's wasted tests);
/// - the lanes of a quad past the end of its level (or of the entries) hold `BoxQuad.empty`.
///
/// **Query** (`IndexWalk`). For a layout whose items start down the page in frame order, a
/// search finds the first leaf that reaches into the query and its entries on are tested in
/// order until one starts below the query (`LeafBand`); else the tree is walked
/// depth-first, children left to right, four boxes per test: a child
/// whose box misses the query (open intervals) is skipped, a child whose box lies inside the
/// query contributes its whole entry range untested, a leaf the query covers in part tests its
/// entries. Single-precision boxes are compared against the query rounded outward (to prune)
/// and inward (to accept), so answers stay exact; see `CompactBox`. In frame order the hits come
/// out ascending; in STR or a listed order they are radix-sorted at the end, O(k).
///
/// **Memory.** Node boxes: 16 bytes per `fanout` entries (≈ 0.5 byte per item at 32). Frame
/// order adds nothing per entry (a 4-byte id when some frames have no area); STR adds a 4-byte
/// id and a 16-byte box per entry (the exact frame settles the rare entry that rounding leaves
/// undecided). The frames are shared, not copied.
public struct SpatialIndex: Sendable {
    /// Children per node, entries per leaf.
    let fanout: Int
    /// The fan-out of `init(frames:)`. On 1M frames, 32 rather than 16 halves the nodes and
    /// costs nothing on a waterfall's viewport query (a partly covered leaf is scanned without
    /// branches); a scattered layout's viewport query ran about 5% faster (fewer nodes walked).
    static let defaultFanout = 32
    /// The frames, shared with the caller (copy-on-write: the index copies nothing). This and
    /// the other `var`s are written by `init` only, and by the tests that break an invariant.
    var frames: [Rect]
    /// Frames numbered on after `frames` (listed order only; empty otherwise).
    let moreFrames: [Rect]
    /// Entries are in ascending frame order, so hits need no sorting.
    let isOrdered: Bool
    /// Frame index of each entry; empty when entry `p` is frame `p`.
    let ids: [UInt32]
    /// Outward-rounded entry boxes, four per quad (STR packing only).
    var entryQuads: [BoxQuad]
    /// Outward-rounded node boxes, four per quad, level by level from the leaves up.
    var nodes: [BoxQuad]
    /// Where each level's quads start, its size and reach; leaves first, the root last.
    let levels: [Level]
    /// Number of entries (frames with a positive area).
    let entryCount: Int
    /// The `LeafBand` shortcut's search, when queries take it.
    var band: LeafBand?

    /// Builds the index over `frames` (any order, any overlap; frames without a positive area
    /// are never returned).
    /// - Complexity: O(n) time. One pass when the frames follow their order along a scroll
    ///   axis; otherwise that pass, two radix sorts of the entries and a scattered copy.
    ///   Memory: see the type's documentation.
    public init(frames: [Rect]) {
        self.init(frames: frames, fanout: Self.defaultFanout)
    }

    /// Builds with a chosen fan-out and packing (tests use small fan-outs to get deep trees
    /// from few frames, and force each packing on the same frames).
    init(frames: [Rect], fanout: Int, packing choice: EntryPacking.Choice = .automatic) {
        precondition(frames.count <= Int(UInt32.max), "the index holds at most 2³² − 1 frames")
        self.init(frames: frames, fanout: fanout, packing: EntryPacking.pack(frames, fanout: fanout, choice: choice))
        _checkInvariants()
    }

    /// Builds an index over the frames listed in `runs` only (distinct ids, as runs of
    /// consecutive ones; those without an area are left out), stored in that order; ids from
    /// `frames.count` on are `more`'s frames. Several indexes can share the same arrays this way, each over its own part
    /// (nothing is copied), and an owner that knows how its queries meet the frames (a
    /// section's items next to its headers) lists them together.
    /// - Complexity: O(order.count) time; 4 + 16 bytes per entry (id and box), plus the nodes.
    init(frames: [Rect], then more: [Rect] = [], listing runs: [Range<Int>], fanout: Int = 16) {
        precondition(frames.count + more.count <= Int(UInt32.max), "the index holds at most 2³² − 1 frames")
        self.init(frames: frames, more: more, fanout: fanout,
                  packing: EntryPacking.listedPacking(frames, then: more, runs: runs, fanout: fanout))
        _checkInvariants(listed: runs.flatMap { $0 })
    }

    private init(frames: [Rect], more: [Rect] = [], fanout: Int, packing: EntryPacking) {
        precondition(fanout >= 2, "fanout must be at least 2")
        self.fanout = fanout
        self.frames = frames
        self.moreFrames = more
        self.isOrdered = packing.isOrdered
        self.ids = packing.ids
        self.entryQuads = packing.entryQuads
        self.entryCount = packing.count
        band = packing.isOrdered ? LeafBand(leafBoxes: packing.leafBoxes, startsInOrder: packing.startsInOrder) : nil

        // Exact unions level by level, each level rounded out to single precision once.
        var level = packing.leafBoxes
        var nodes: [BoxQuad] = []
        var quads = 0, width = level.count
        repeat { quads += (width + 3) / 4; width = (width + fanout - 1) / fanout } while width > 1
        nodes.reserveCapacity(quads + 1)
        var levels: [Level] = []
        var span = fanout
        repeat {
            levels.append(Level(firstQuad: nodes.count, count: level.count, entrySpan: span))
            for first in stride(from: 0, to: level.count, by: 4) {
                var quad = BoxQuad.empty
                for i in first..<Swift.min(first + 4, level.count) { quad[i - first] = CompactBox(enclosing: level[i]) }
                nodes.append(quad)
            }
            level = stride(from: 0, to: level.count, by: fanout).map { first in
                level[first..<Swift.min(first + fanout, level.count)].reduce(into: IndexBox.empty) { $0.formUnion($1) }
            }
            span = span &* fanout
        } while levels[levels.count - 1].count > 1
        self.nodes = nodes
        self.levels = levels
    }

    /// Every index whose frame overlaps `rect` with a positive area (touching edges do not
    /// count), in ascending order, without duplicates. A `rect` without area sees nothing.
    /// - Complexity: O(log n + k) for k hits on layouts whose frames do not pile up (each level
    ///   visits the nodes along the query's border plus those holding hits); pathological
    ///   overlap (many large frames crossing the border) can cost up to O(n).
    public func query(_ rect: Rect) -> [Int] {
        // Read before the closure: one that captured `self` would copy the index (a retain
        // and release per array) on every query.
        let ordered = isOrdered
        return withHits(in: rect) { hits in
            let hits = UnsafeBufferPointer(hits)
            let sorted = ordered || zip(hits, hits.dropFirst()).allSatisfy({ $0 < $1 })
                ? hits.map { Int($0) }
                : RadixSort.sortedAscending(hits)   // STR or listed order: hits come leaf by leaf
            assert(zip(sorted, sorted.dropFirst()).allSatisfy { $0 < $1 }, "hits must ascend strictly")
            return sorted
        }
    }

    /// Calls `body` with the ids `query(rect)` returns, in entry order (ascending only for a
    /// frame-order packing), in memory that lives for the call: a screenful of hits stays on
    /// the stack, so a caller that only reads them allocates nothing.
    /// - Complexity: as `query`.
    func withHits<R>(in rect: Rect, _ body: (UnsafeMutableBufferPointer<UInt32>) throws -> R) rethrows -> R {
        let box = IndexBox(rect)
        guard box.hasArea, entryCount > 0 else { return try body(UnsafeMutableBufferPointer(start: nil, count: 0)) }
        return try withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { stack in
            let found = collect(box, into: HitBuffer(borrowing: stack))
            defer { found.deallocate() }
            return try body(found.buffer)
        }
    }

    /// Appends the hits of `query` to `hits`: along the `LeafBand` when there is one, else by
    /// an `IndexWalk` down the tree.
    private func collect(_ query: IndexBox, into hits: HitBuffer) -> HitBuffer {
        frames.withUnsafeBufferPointer { frames in
            ids.withUnsafeBufferPointer { ids in
                if let band {
                    return band.collect(query, frames: frames, ids: ids, entryCount: entryCount, fanout: fanout, into: hits)
                }
                return nodes.withUnsafeBufferPointer { nodes in
                    levels.withUnsafeBufferPointer { levels in
                        moreFrames.withUnsafeBufferPointer { more in
                            entryQuads.withUnsafeBufferPointer { entries in
                                var walk = IndexWalk(nodes: nodes, levels: levels, frames: frames, moreFrames: more, ids: ids,
                                                     entries: entries, fanout: fanout, entryCount: entryCount,
                                                     probe: IndexWalk.Probe(query), hits: hits)
                                walk.run()
                                return walk.hits
                            }
                        }
                    }
                }
            }
        }
    }

    /// Bytes the index itself holds (node and entry boxes, ids, bookkeeping), not the frames.
    /// - Complexity: O(1).
    public var memoryBytes: Int {
        MemoryLayout<SpatialIndex>.size
            + (nodes.capacity + entryQuads.capacity) * MemoryLayout<BoxQuad>.stride
            + ids.capacity * MemoryLayout<UInt32>.stride
            + (band?.memoryBytes ?? 0)
            + levels.capacity * MemoryLayout<Level>.stride
    }

    /// One level of the tree: its first quad in `nodes`, its number of nodes, and how many
    /// entries one of its nodes covers (`fanout^(L+1)` at level L).
    struct Level: Sendable {
        let firstQuad: Int
        let count: Int
        let entrySpan: Int
    }

    // MARK: - Debug checks

    /// Box of node `i` of level `level` (as stored: rounded outward).
    func nodeBox(level: Int, _ i: Int) -> IndexBox { nodes[levels[level].firstQuad + i / 4][i % 4].wide }

    /// The invariants listed in the type's documentation (`listed`: the order the index was
    /// built from, if any). O(n); run by `_checkInvariants()` only.
    func invariantsHold(listed: [Int]? = nil) -> Bool {
        func frame(_ id: Int) -> Rect { id < frames.count ? frames[id] : moreFrames[id - frames.count] }
        let live = (listed ?? Array(frames.indices)).filter { IndexBox(frame($0)).hasArea }.sorted()
        guard entryCount == live.count, entryCount > 0 || (levels.count == 1 && levels[0].count == 0) else {
            return false
        }
        let entryIds = (0..<entryCount).map { ids.isEmpty ? $0 : Int(ids[$0]) }
        guard entryIds.sorted() == live else { return false }
        if isOrdered, !zip(entryIds, entryIds.dropFirst()).allSatisfy({ $0 < $1 }) { return false }
        if !isOrdered, entryQuads.count != (entryCount + 3) / 4 { return false }
        for p in 0..<entryCount {
            let exact = IndexBox(frame(entryIds[p]))
            if !isOrdered, !entryQuads[p / 4][p % 4].wide.encloses(exact) { return false }
            if !nodeBox(level: 0, p / fanout).encloses(exact) { return false }
        }
        for level in 1..<levels.count {
            guard levels[level].count == (levels[level - 1].count + fanout - 1) / fanout,
                  levels[level].firstQuad == levels[level - 1].firstQuad + (levels[level - 1].count + 3) / 4,
                  levels[level].entrySpan == levels[level - 1].entrySpan * fanout else { return false }
            for child in 0..<levels[level - 1].count
            where !nodeBox(level: level, child / fanout).encloses(nodeBox(level: level - 1, child)) {
                return false
            }
        }
        if let band {
            let leafReach = band.reach
            guard isOrdered, leafReach.count == levels[0].count,
                  band.blockReach.enumerated().allSatisfy({ b, r in
                      r == leafReach[Swift.min((b + 1) * LeafBand.blockLeaves, leafReach.count) - 1]
                  }),
                  band.blockReach.count == (leafReach.count + LeafBand.blockLeaves - 1) / LeafBand.blockLeaves,
                  zip(entryIds, entryIds.dropFirst()).allSatisfy({ frame($0.0).y <= frame($0.1).y }) else { return false }
            var highest = -Double.infinity, first = 0
            for j in 0..<levels[0].count {
                let lo = j * fanout
                for p in lo..<Swift.min(lo + fanout, entryCount) { highest = Swift.max(highest, IndexBox(frame(entryIds[p])).maxY) }
                if Double(leafReach[j]) < highest || (j > 0 && leafReach[j] < leafReach[j - 1]) { return false }
                // Entries start in order, so the leaf's top is its first entry's.
                let top = frame(entryIds[lo]).y
                while Double(leafReach[first]) <= top { first += 1 }
                if j - first > LeafBand.maximumLag { return false }
            }
        }
        let padding = levels.map { ($0.firstQuad, $0.count) } + (isOrdered ? [] : [(-1, entryCount)])
        for (firstQuad, count) in padding {
            for i in count..<(count + 3) / 4 * 4 {
                let lane = firstQuad < 0 ? entryQuads[i / 4][i % 4] : nodes[firstQuad + i / 4][i % 4]
                guard lane.minX == .infinity, lane.minY == .infinity, lane.maxX == -.infinity, lane.maxY == -.infinity else { return false }
            }
        }
        return levels[levels.count - 1].count == 1 || entryCount == 0
    }
}
