/// A box in min/max form: the shape the spatial index stores and tests (frames are origin/size).
///
/// `IndexBox(rect)` computes `maxX = x + width` exactly as `Rect.overlapsWithPositiveArea`
/// does, so the index and a brute-force scan agree to the last bit.
struct IndexBox: Equatable, Sendable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    /// The identity of `formUnion`: contains nothing, overlaps nothing.
    static let empty = IndexBox(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    @inline(__always)
    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    @inline(__always)
    init(_ rect: Rect) {
        self.init(minX: rect.x, minY: rect.y, maxX: rect.x + rect.width, maxY: rect.y + rect.height)
    }

    /// True when the box has a positive area. Only such frames can ever be visible, and only
    /// such queries can see anything (false for NaN coordinates too).
    @inline(__always)
    var hasArea: Bool { minX < maxX && minY < maxY }

    /// Open-interval overlap. For two boxes with area this is exactly "the intersection has a
    /// positive area"; for a bounding box it is a necessary condition for any box inside it.
    @inline(__always)
    func overlaps(_ q: IndexBox) -> Bool {
        minX < q.maxX && q.minX < maxX && minY < q.maxY && q.minY < maxY
    }

    /// Closed containment in `q`: every box with area inside `self` then overlaps `q`.
    @inline(__always)
    func isInside(_ q: IndexBox) -> Bool {
        q.minX <= minX && maxX <= q.maxX && q.minY <= minY && maxY <= q.maxY
    }

    /// True when `other` lies inside `self` (closed); used by the debug invariant checks.
    func encloses(_ other: IndexBox) -> Bool { other.isInside(self) }

    @inline(__always)
    mutating func formUnion(_ b: IndexBox) {
        minX = Swift.min(minX, b.minX); minY = Swift.min(minY, b.minY)
        maxX = Swift.max(maxX, b.maxX); maxY = Swift.max(maxY, b.maxY)
    }

    var width: Double { maxX - minX }
    var height: Double { maxY - minY }
}

/// A box in single precision, rounded outward (`enclosing`) or inward (`inside`).
///
/// Entries in the STR packing store one, rounded outward: half the memory of an exact box.
/// A query rounds itself both ways, and two Float comparisons then decide almost every entry
/// `e` exactly (`c` its compact box, `out`/`in` the rounded query):
/// - necessary: a hit has `c.minX ≤ e.minX < q.maxX ≤ out.maxX`, so `c` overlaps `out`;
/// - sufficient: `c.minX < in.maxX` gives `e.minX < c.minX.nextUp ≤ in.maxX ≤ q.maxX`
///   (rounding down makes `c.minX` the largest Float not above `e.minX`), and the same holds
///   for the other edges, so `c` overlapping `in` proves the hit.
/// An entry between the two is decided by its exact frame.
struct CompactBox: Sendable {
    var minX: Float
    var minY: Float
    var maxX: Float
    var maxY: Float

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
