/// One query's depth-first walk over a `SpatialIndex` (the tree's shape is documented there).
///
/// It reads the index through unsafe buffer views that live only as long as the query, and
/// writes hits into a `HitBuffer`, so the hot loops carry no bounds checks, reference counting
/// or per-hit capacity checks. Every position it forms is in range by the shape of the tree:
/// children `j·fanout ..< min((j+1)·fanout, level size)`, entries
/// `j·span ..< min((j+1)·span, entryCount)`.
struct IndexWalk {
    let nodes: UnsafeBufferPointer<IndexBox>
    let levelStart: [Int]
    let entrySpan: [Int]
    let frames: UnsafeBufferPointer<Rect>
    /// Frame index of each entry; empty when entry `p` is frame `p`.
    let ids: UnsafeBufferPointer<UInt32>
    /// Compact entry boxes (STR packing); empty when entries are read from `frames` (frame order).
    let boxes: UnsafeBufferPointer<CompactBox>
    let fanout: Int
    let entryCount: Int
    let probe: Probe
    /// The hits so far, in entry order. The caller owns it (and deallocates it).
    var hits = HitBuffer(capacity: 64)   // a phone screenful before the first regrowth

    /// A query box with its two single-precision roundings (see `CompactBox`).
    struct Probe {
        let exact: IndexBox
        let outer: CompactBox
        let inner: CompactBox
        init(_ q: IndexBox) {
            exact = q; outer = CompactBox(enclosing: q); inner = CompactBox(inside: q)
        }
    }

    /// Collects the hits under the root, in entry order.
    mutating func run() {
        let root = levelStart.count - 2
        let box = nodes[levelStart[root]]
        if box.isInside(probe.exact) {
            emit(level: root, node: 0)
        } else if box.overlaps(probe.exact) {
            if root == 0 { scanLeaf(0) } else { visit(level: root, node: 0) }
        }
    }

    /// Visits the children of a node known to overlap the query but not to lie inside it.
    private mutating func visit(level: Int, node: Int) {
        let below = levelStart[level &- 1]
        let first = node &* fanout
        let end = Swift.min(first &+ fanout, levelStart[level] &- below)
        for child in first..<end {
            let box = nodes[below &+ child]
            guard box.overlaps(probe.exact) else { continue }
            if box.isInside(probe.exact) {
                emit(level: level &- 1, node: child)
            } else if level == 1 {
                scanLeaf(child)
            } else {
                visit(level: level &- 1, node: child)
            }
        }
    }

    /// Appends every entry under a node lying inside the query: all of them are hits.
    @inline(__always)
    private mutating func emit(level: Int, node: Int) {
        let lo = node &* entrySpan[level]
        let hi = Swift.min(lo &+ entrySpan[level], entryCount)
        hits.reserve(hi &- lo)
        if ids.isEmpty {
            for p in lo..<hi { hits.appendReserved(p) }
        } else {
            for p in lo..<hi { hits.appendReserved(Int(ids[p])) }
        }
    }

    /// Tests each entry of a leaf that the query covers in part.
    @inline(__always)
    private mutating func scanLeaf(_ leaf: Int) {
        let lo = leaf &* fanout
        let hi = Swift.min(lo &+ fanout, entryCount)
        hits.reserve(hi &- lo)
        if boxes.isEmpty {
            for p in lo..<hi {
                let id = ids.isEmpty ? p : Int(ids[p])
                if IndexBox(frames[id]).overlaps(probe.exact) { hits.appendReserved(id) }
            }
        } else {
            for p in lo..<hi {
                let c = boxes[p]
                guard c.overlaps(probe.outer) else { continue }
                let id = Int(ids[p])
                if c.overlaps(probe.inner) || IndexBox(frames[id]).overlaps(probe.exact) { hits.appendReserved(id) }
            }
        }
    }
}

/// A growable run of hit ids behind a raw pointer: room is made once per leaf or node
/// (`reserve`), so each append is a store and an increment. Deallocate it when done.
struct HitBuffer {
    private(set) var base: UnsafeMutablePointer<Int>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    /// Makes room for `extra` more ids.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(to: count + extra) }
    }

    /// Appends without a capacity check; `reserve` first.
    @inline(__always)
    mutating func appendReserved(_ id: Int) {
        base[count] = id
        count &+= 1
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        let bigger = UnsafeMutablePointer<Int>.allocate(capacity: Swift.max(needed, capacity * 2))
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = Swift.max(needed, capacity * 2)
    }

    func deallocate() { base.deallocate() }
}
