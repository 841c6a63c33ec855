/// One query's depth-first walk over a `SpatialIndex` (the tree's shape is documented there).
///
/// It reads the index through unsafe buffer views that live only as long as the query, tests
/// boxes four at a time (`BoxQuad`), and writes hits into a `HitBuffer`, so the hot loops carry
/// no bounds checks, reference counting or per-hit capacity checks. Every position it forms is
/// in range by the shape of the tree: children `j·fanout ..< min((j+1)·fanout, level size)`,
/// entries `j·span ..< min((j+1)·span, entryCount)`.
struct IndexWalk {
    /// Node boxes, level by level (leaves first), and where each level starts.
    let nodes: UnsafeBufferPointer<BoxQuad>
    let levels: UnsafeBufferPointer<SpatialIndex.Level>
    let frames: UnsafeBufferPointer<Rect>
    /// Frames numbered on after `frames` (listed packing only).
    let moreFrames: UnsafeBufferPointer<Rect>
    /// Frame index of each entry; empty when entry `p` is frame `p`.
    let ids: UnsafeBufferPointer<UInt32>
    /// Entry boxes (STR packing); empty when entries are read from `frames` (frame order).
    let entries: UnsafeBufferPointer<BoxQuad>
    let fanout: Int
    let entryCount: Int
    let probe: Probe
    /// The hits so far, in entry order. The caller owns it (and deallocates it).
    var hits: HitBuffer

    /// The query: exact, and rounded out and in to single precision (see `CompactBox`).
    struct Probe {
        let exact: IndexBox
        let outer: BoxQuad.Splat
        let inner: BoxQuad.Splat
        init(_ q: IndexBox) {
            exact = q
            outer = BoxQuad.Splat(CompactBox(enclosing: q))
            inner = BoxQuad.Splat(CompactBox(inside: q))
        }
    }

    /// Collects the hits under the root, in entry order.
    mutating func run() {
        let root = levels.count - 1
        let quad = nodes[levels[root].firstQuad]
        guard quad.overlapping(probe.outer) & 1 != 0 else { return }
        if quad.inside(probe.inner) & 1 != 0 {
            emit(level: root, node: 0)
        } else if root == 0 {
            scanLeaf(0)
        } else {
            visit(level: root, node: 0)
        }
    }

    /// Visits the children of a node that may hold hits but does not lie inside the query.
    private mutating func visit(level: Int, node: Int) {
        let below = level &- 1
        let base = levels[below].firstQuad
        var child = node &* fanout
        let end = Swift.min(child &+ fanout, levels[below].count)
        while child < end {
            let q = child &>> 2
            let quad = nodes[base &+ q]
            take(quad, q, lanes: quad.overlapping(probe.outer) & BoxQuad.lanes(child & 3, Swift.min(4, end &- q &<< 2)),
                 level: below)
            child = (q &+ 1) &<< 2
        }
    }

    /// The nodes of quad `q` of `level` in `lanes` (those overlapping the query): each one
    /// inside the query gives all its entries, a partly covered leaf is scanned, another node visited.
    @inline(__always)
    private mutating func take(_ quad: BoxQuad, _ q: Int, lanes: UInt32, level: Int) {
        guard lanes != 0 else { return }
        var overlapping = lanes
        let inside = quad.inside(probe.inner)
        repeat {
            let lane = overlapping.trailingZeroBitCount
            overlapping &= overlapping &- 1
            let c = q &<< 2 | lane
            if inside &>> UInt32(lane) & 1 != 0 {
                emit(level: level, node: c)
            } else if level == 0 {
                scanLeaf(c)
            } else {
                visit(level: level, node: c)
            }
        } while overlapping != 0
    }

    /// Appends every entry under a node lying inside the query: all of them are hits.
    @inline(__always)
    private mutating func emit(level: Int, node: Int) {
        let span = levels[level].entrySpan
        let lo = node &* span
        let hi = Swift.min(lo &+ span, entryCount)
        hits.reserve(hi &- lo)
        if ids.isEmpty {
            for p in lo..<hi { hits.appendReserved(p) }
        } else {
            hits.appendReserved(UnsafeBufferPointer(rebasing: ids[lo..<hi]))
        }
    }

    /// Frame `id`, in `frames` or after them in `moreFrames`.
    @inline(__always)
    private func frame(_ id: Int) -> Rect {
        id < frames.count ? frames[id] : moreFrames[id &- frames.count]
    }

    /// Tests each entry of a leaf that the query covers in part.
    @inline(__always)
    private mutating func scanLeaf(_ leaf: Int) {
        let lo = leaf &* fanout
        let hi = Swift.min(lo &+ fanout, entryCount)
        hits.reserve(hi &- lo)
        if entries.isEmpty {
            for p in lo..<hi {
                let id = ids.isEmpty ? p : Int(ids[p])
                hits.append(id, if: IndexBox(frames[id]).overlaps(probe.exact))
            }
            return
        }
        var p = lo
        while p < hi {
            let q = p &>> 2
            let quad = entries[q]
            let lanes = BoxQuad.lanes(p & 3, Swift.min(4, hi &- q &<< 2))
            let maybe = quad.overlapping(probe.outer) & lanes
            let sure = quad.overlapping(probe.inner) & maybe
            var undecided = maybe & ~sure
            if lanes == 0b1111 {
                // A whole quad: the proven hits without a branch per lane (see `HitBuffer.append(_:if:)`).
                for lane in 0..<4 { hits.append(Int(ids[q &<< 2 | lane]), if: sure &>> UInt32(lane) & 1 != 0) }
            } else {
                undecided = maybe
            }
            // Lanes rounding leaves open (rare), or all of a partial quad's: tested one by one.
            while undecided != 0 {
                let lane = undecided.trailingZeroBitCount
                undecided &= undecided &- 1
                let id = Int(ids[q &<< 2 | lane])
                if sure &>> UInt32(lane) & 1 != 0 || IndexBox(frame(id)).overlaps(probe.exact) {
                    hits.appendReserved(id)
                }
            }
            p = (q &+ 1) &<< 2
        }
    }
}

/// A growable run of hit ids behind a raw pointer: room is made once per leaf or node
/// (`reserve`), so each append is a store and an increment. It starts in memory the caller
/// lends (a stack buffer: most queries never touch the heap for it) and moves to the heap when
/// that is full. Call `deallocate` when done.
///
/// Ids are stored as `UInt32` (an index holds fewer than 2³² frames): half the bytes to write
/// and, for scattered hits, to sort; an index's stored ids are copied as they are.
struct HitBuffer {
    private(set) var base: UnsafeMutablePointer<UInt32>
    private(set) var count = 0
    private var capacity: Int
    private var onHeap = false

    init(borrowing start: UnsafeMutableBufferPointer<UInt32>) {
        base = start.baseAddress!
        capacity = start.count
    }

    /// Makes room for `extra` more ids.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(to: count + extra) }
    }

    /// Appends without a capacity check; `reserve` first.
    @inline(__always)
    mutating func appendReserved(_ id: Int) {
        base[count] = UInt32(truncatingIfNeeded: id)
        count &+= 1
    }

    /// Appends stored ids without a capacity check; `reserve` first.
    @inline(__always)
    mutating func appendReserved(_ ids: UnsafeBufferPointer<UInt32>) {
        (base + count).update(from: ids.baseAddress!, count: ids.count)
        count &+= ids.count
    }

    /// Appends `id` when `keep` holds, without a branch: a hit test whose outcome follows no
    /// pattern would mispredict often, and each miss costs the loads the processor had started
    /// for the next entries. Needs room for one more id (`reserve`).
    @inline(__always)
    mutating func append(_ id: Int, if keep: Bool) {
        base[count] = UInt32(truncatingIfNeeded: id)
        count &+= Int(unsafeBitCast(keep, to: UInt8.self))
    }

    /// The hits as a mutable buffer (valid until the next append).
    var buffer: UnsafeMutableBufferPointer<UInt32> { UnsafeMutableBufferPointer(start: base, count: count) }

    @inline(never)
    private mutating func grow(to needed: Int) {
        // Four times as much: a viewport of thousands of hits moves them a few times, not ten.
        let newCapacity = Swift.max(needed, capacity * 4)
        let bigger = UnsafeMutablePointer<UInt32>.allocate(capacity: newCapacity)
        bigger.update(from: base, count: count)
        if onHeap { base.deallocate() }
        base = bigger
        capacity = newCapacity
        onHeap = true
    }

    /// Frees the heap memory, if the buffer moved there.
    func deallocate() {
        if onHeap { base.deallocate() }
    }
}
