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
    /// The four tests are combined without branches (see `HitBuffer.append(_:if:)`).
    @inline(__always)
    func overlaps(_ q: IndexBox) -> Bool {
        Self.all(minX < q.maxX, q.minX < maxX, minY < q.maxY, q.minY < maxY)
    }

    /// `a && b && c && d`, evaluated in full: Bool's bits ANDed.
    @inline(__always)
    private static func all(_ a: Bool, _ b: Bool, _ c: Bool, _ d: Bool) -> Bool {
        func bit(_ b: Bool) -> UInt8 { unsafeBitCast(b, to: UInt8.self) }
        return bit(a) & bit(b) & bit(c) & bit(d) != 0
    }

    /// Closed containment in `q`: every box with area inside `self` then overlaps `q`.
    @inline(__always)
    func isInside(_ q: IndexBox) -> Bool {
        q.minX <= minX && maxX <= q.maxX && q.minY <= minY && maxY <= q.maxY
    }

    /// True when `other` lies inside `self` (closed); used by the debug invariant checks.
    func encloses(_ other: IndexBox) -> Bool { other.isInside(self) }

    /// Grows to enclose `b`. Each bound is written `b's > mine ? b's : mine`, which is one
    /// max instruction (Swift.max's `>=` is a compare and three masks): the index build runs
    /// this once per entry. Only equal bounds differ from Swift.max, by the sign of a zero.
    @inline(__always)
    mutating func formUnion(_ b: IndexBox) {
        minX = b.minX < minX ? b.minX : minX; minY = b.minY < minY ? b.minY : minY
        maxX = b.maxX > maxX ? b.maxX : maxX; maxY = b.maxY > maxY ? b.maxY : maxY
    }

    var width: Double { maxX - minX }
    var height: Double { maxY - minY }
}
