/// A static packed R-tree over item frames: "which items does this rectangle show?".
///
/// **Shape.** The frames with a positive area are the *entries* (no other frame can ever be
/// visible). They are stored in one order chosen by `EntryPacking`: frame order for layouts
/// that place items along a scroll axis, a Sort-Tile-Recursive tiling otherwise. The tree is
/// implicit: level 0 has one leaf per `fanout` consecutive entries, level L+1 one node per
/// `fanout` consecutive level-L nodes, up to a single root. So node `j` of level `L` has the
/// children `j·fanout ..< (j+1)·fanout` of level `L−1` and covers the contiguous entries
/// `j·fanout^(L+1) ..< (j+1)·fanout^(L+1)` (each range clipped to what exists). Only node
/// boxes are stored: single precision, rounded outward (`CompactBox`), four per SIMD quad
/// (`BoxQuad`), one flat array, leaves first.
///
/// **Invariants** (checked by `assert` in debug builds, `invariantsHold`):
/// - every frame with a positive area is exactly one entry, and no other frame is;
/// - a leaf's box encloses its entries' frames, a node's box its children's boxes;
/// - level sizes shrink by `fanout` up to a single root; in frame order, ids ascend strictly.
///
/// **Query** (`IndexWalk`). Depth-first, children left to right, four boxes per test: a child
/// whose box misses the query (open intervals) is skipped, a child whose box lies inside the
/// query contributes its whole entry range untested, a leaf the query covers in part tests its
/// entries. Single-precision boxes are compared against the query rounded outward (to prune)
/// and inward (to accept), so answers stay exact; see `CompactBox`. In frame order the hits come
/// out ascending; in STR order they are radix-sorted at the end, O(k).
///
/// **Memory.** Node boxes: 16 bytes per `fanout` entries (≈ 1 byte per item at 16). Frame
/// order adds nothing per entry (a 4-byte id when some frames have no area); STR adds a 4-byte
/// id and a 16-byte box per entry (the exact frame settles the rare entry that rounding leaves
/// undecided). The frames are shared, not copied.
public struct SpatialIndex: Sendable {
    /// Children per node, entries per leaf.
    let fanout: Int
    /// The frames, shared with the caller (copy-on-write: the index copies nothing).
    let frames: [Rect]
    /// Entries are in ascending frame order, so hits need no sorting.
    let isOrdered: Bool
    /// Frame index of each entry; empty when entry `p` is frame `p`.
    let ids: [UInt32]
    /// Outward-rounded entry boxes, four per quad (STR packing only).
    let entryQuads: [BoxQuad]
    /// Outward-rounded node boxes, four per quad, level by level from the leaves up; level L
    /// starts at quad `levelQuad[L]` (one more element marks the end).
    let nodes: [BoxQuad]
    let levelQuad: [Int]
    /// Nodes in level L.
    let levelCount: [Int]
    /// Entries covered by one node of level L: `fanout^(L+1)`.
    let entrySpan: [Int]
    /// Number of entries (frames with a positive area).
    let entryCount: Int

    /// Builds the index over `frames` (any order, any overlap; frames without a positive area
    /// are never returned).
    /// - Complexity: O(n) time. One pass when the frames follow their order along a scroll
    ///   axis; otherwise that pass, two radix sorts of the entries and a scattered copy.
    ///   Memory: see the type's documentation.
    public init(frames: [Rect]) {
        self.init(frames: frames, fanout: 16)
    }

    /// Builds with a chosen fan-out and packing (tests use small fan-outs to get deep trees
    /// from few frames, and force each packing on the same frames).
    init(frames: [Rect], fanout: Int, packing choice: EntryPacking.Choice = .automatic) {
        precondition(fanout >= 2, "fanout must be at least 2")
        precondition(frames.count <= Int(UInt32.max), "the index holds at most 2³² − 1 frames")
        let packing = EntryPacking.pack(frames, fanout: fanout, choice: choice)
        self.fanout = fanout
        self.frames = frames
        self.isOrdered = packing.isOrdered
        self.ids = packing.ids
        self.entryQuads = packing.entryQuads
        self.entryCount = packing.count

        // Exact unions level by level, each level rounded out to single precision once.
        var level = packing.leafBoxes
        var nodes: [BoxQuad] = []
        var quads = 0, width = level.count
        repeat { quads += (width + 3) / 4; width = (width + fanout - 1) / fanout } while width > 1
        nodes.reserveCapacity(quads + 1)
        var levelQuad: [Int] = [], levelCount: [Int] = [], entrySpan: [Int] = []
        var span = fanout
        repeat {
            levelQuad.append(nodes.count)
            levelCount.append(level.count)
            entrySpan.append(span)
            for first in stride(from: 0, to: level.count, by: 4) {
                var quad = BoxQuad.empty
                for i in first..<Swift.min(first + 4, level.count) { quad[i - first] = CompactBox(enclosing: level[i]) }
                nodes.append(quad)
            }
            level = stride(from: 0, to: level.count, by: fanout).map { first in
                level[first..<Swift.min(first + fanout, level.count)].reduce(into: IndexBox.empty) { $0.formUnion($1) }
            }
            span = span &* fanout
        } while levelCount[levelCount.count - 1] > 1
        levelQuad.append(nodes.count)
        self.nodes = nodes
        self.levelQuad = levelQuad
        self.levelCount = levelCount
        self.entrySpan = entrySpan
        assert(invariantsHold(), "spatial index invariants violated")
    }

    /// Every index whose frame overlaps `rect` with a positive area (touching edges do not
    /// count), in ascending order, without duplicates. A `rect` without area sees nothing.
    /// - Complexity: O(log n + k) for k hits on layouts whose frames do not pile up (each level
    ///   visits the nodes along the query's border plus those holding hits); pathological
    ///   overlap (many large frames crossing the border) can cost up to O(n).
    public func query(_ rect: Rect) -> [Int] {
        let probe = IndexWalk.Probe(IndexBox(rect))
        guard probe.exact.hasArea, entryCount > 0 else { return [] }
        let found = nodes.withUnsafeBufferPointer { nodes in
            frames.withUnsafeBufferPointer { frames in
                ids.withUnsafeBufferPointer { ids in
                    entryQuads.withUnsafeBufferPointer { entries in
                        var walk = IndexWalk(nodes: nodes, levelQuad: levelQuad, levelCount: levelCount,
                                             entrySpan: entrySpan, frames: frames, ids: ids, entries: entries,
                                             fanout: fanout, entryCount: entryCount, probe: probe)
                        walk.run()
                        return walk.hits
                    }
                }
            }
        }
        defer { found.deallocate() }
        let hits = isOrdered ? Array(UnsafeBufferPointer(start: found.base, count: found.count)) : sorted(found)
        assert(zip(hits, hits.dropFirst()).allSatisfy { $0 < $1 }, "hits must ascend strictly")
        return hits
    }

    /// Bytes the index itself holds (node and entry boxes, ids, bookkeeping), not the frames.
    /// - Complexity: O(1).
    public var memoryBytes: Int {
        MemoryLayout<SpatialIndex>.size
            + (nodes.capacity + entryQuads.capacity) * MemoryLayout<BoxQuad>.stride
            + ids.capacity * MemoryLayout<UInt32>.stride
            + (levelQuad.capacity + levelCount.capacity + entrySpan.capacity) * MemoryLayout<Int>.stride
    }

    /// STR order yields hits tile by tile; a handful may already be sorted.
    private func sorted(_ found: HitBuffer) -> [Int] {
        let n = found.count, hits = found.base
        var ascending = true
        for i in 1..<Swift.max(1, n) where hits[i - 1] > hits[i] { ascending = false; break }
        if ascending { return Array(UnsafeBufferPointer(start: hits, count: n)) }
        let scratch = UnsafeMutablePointer<Int>.allocate(capacity: n)
        defer { scratch.deallocate() }
        let result = RadixSort.sortAscending(hits, scratch: scratch, count: n)
        return Array(UnsafeBufferPointer(start: result, count: n))
    }

    // MARK: - Debug checks

    /// Box of node `i` of level `level` (as stored: rounded outward).
    func nodeBox(level: Int, _ i: Int) -> IndexBox { nodes[levelQuad[level] + i / 4][i % 4].wide }

    /// The invariants listed in the type's documentation. O(n); run by `assert` only.
    func invariantsHold() -> Bool {
        let live = frames.indices.filter { IndexBox(frames[$0]).hasArea }
        guard entryCount == live.count, entryCount > 0 || levelCount == [0] else { return false }
        let entryIds = (0..<entryCount).map { ids.isEmpty ? $0 : Int(ids[$0]) }
        guard entryIds.sorted() == live else { return false }
        if isOrdered, !zip(entryIds, entryIds.dropFirst()).allSatisfy({ $0 < $1 }) { return false }
        if !isOrdered, entryQuads.count != (entryCount + 3) / 4 { return false }
        for p in 0..<entryCount {
            let exact = IndexBox(frames[entryIds[p]])
            if !isOrdered, !entryQuads[p / 4][p % 4].wide.encloses(exact) { return false }
            if !nodeBox(level: 0, p / fanout).encloses(exact) { return false }
        }
        for level in 1..<levelCount.count where levelCount[level] != (levelCount[level - 1] + fanout - 1) / fanout {
            return false
        }
        for level in 1..<levelCount.count {
            for child in 0..<levelCount[level - 1] where !nodeBox(level: level, child / fanout).encloses(nodeBox(level: level - 1, child)) {
                return false
            }
        }
        return levelCount[levelCount.count - 1] == 1 || entryCount == 0
    }
}
