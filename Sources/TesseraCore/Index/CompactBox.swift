/// A box in single precision, rounded outward (`enclosing`) or inward (`inside`).
///
/// The index stores its node boxes and, in the STR packing, its entry boxes this way, rounded
/// outward: half the memory of exact boxes, four to a SIMD register (`BoxQuad`). A query
/// rounds itself both ways (`out` ⊇ q ⊇ `in`), which keeps every decision exact for an entry
/// `e` whose stored box is `c` (likewise for a node box and the entries under it):
/// - necessary: a hit has `c.minX ≤ e.minX < q.maxX ≤ out.maxX` (and so on for the other
///   edges), so `c` overlaps `out`; a box that misses `out` holds no hit;
/// - inside: `c` inside `in` (closed) puts `e` inside `q`, so every entry with an area under a
///   node box inside `in` is a hit;
/// - sufficient: `c.minX < in.maxX` gives `e.minX < c.minX.nextUp ≤ in.maxX ≤ q.maxX`
///   (rounding down makes `c.minX` the largest Float not above `e.minX`), and the same holds
///   for the other edges, so `c` overlapping `in` proves the hit.
/// An entry that overlaps `out` but not `in` is decided by its exact frame.
struct CompactBox: Sendable {
    var minX, minY, maxX, maxY: Float

    @inline(__always)
    init(minX: Float, minY: Float, maxX: Float, maxY: Float) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    /// The smallest Float box containing `b`.
    @inline(__always)
    init(enclosing b: IndexBox) {
        minX = Self.down(b.minX); minY = Self.down(b.minY)
        maxX = Self.up(b.maxX); maxY = Self.up(b.maxY)
    }

    /// The largest Float box inside `b`.
    @inline(__always)
    init(inside b: IndexBox) {
        minX = Self.up(b.minX); minY = Self.up(b.minY)
        maxX = Self.down(b.maxX); maxY = Self.down(b.maxY)
    }

    /// The same box in double precision (exact widening).
    @inline(__always)
    var wide: IndexBox {
        IndexBox(minX: Double(minX), minY: Double(minY), maxX: Double(maxX), maxY: Double(maxY))
    }

    /// Open-interval overlap, as `IndexBox.overlaps`.
    @inline(__always)
    func overlaps(_ q: CompactBox) -> Bool {
        minX < q.maxX && q.minX < maxX && minY < q.maxY && q.minY < maxY
    }

    /// The largest Float not above `v` (−∞ below Float's range). Branch-free: the nearest
    /// Float, moved one step toward −∞ when it lies above `v`; a step is ±1 on the bit pattern
    /// (the magnitude grows for negatives, shrinks for positives).
    @inline(__always)
    static func down(_ v: Double) -> Float {
        let f = Float(v)
        let bits = f.bitPattern
        let step = ((bits >> 31) << 1) &- 1            // negative: +1, positive: −1 (wrapping)
        return Float(bitPattern: Double(f) > v ? bits &+ step : bits)
    }

    /// The smallest Float not below `v` (+∞ above Float's range), as `down` mirrored.
    @inline(__always)
    static func up(_ v: Double) -> Float {
        let f = Float(v)
        let bits = f.bitPattern
        let step = 1 &- ((bits >> 31) << 1)            // positive: +1, negative: −1 (wrapping)
        return Float(bitPattern: Double(f) < v ? bits &+ step : bits)
    }
}
