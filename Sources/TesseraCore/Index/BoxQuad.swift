/// Four `CompactBox`es side by side, one per SIMD lane: node `i` of a level (or entry `i`) is
/// lane `i % 4` of quad `i / 4`. One comparison of a quad against a query tests four boxes.
///
/// Lanes past the end of a level hold `empty`, which overlaps nothing; callers also mask lanes
/// to the range they ask about, and read `inside` only for lanes that overlap.
struct BoxQuad: Sendable {
    var minX: SIMD4<Float>
    var minY: SIMD4<Float>
    var maxX: SIMD4<Float>
    var maxY: SIMD4<Float>

    /// Four boxes that overlap nothing (+∞ … −∞; the closed `inside` test holds vacuously).
    static let empty = BoxQuad(minX: SIMD4(repeating: .infinity), minY: SIMD4(repeating: .infinity),
                               maxX: SIMD4(repeating: -.infinity), maxY: SIMD4(repeating: -.infinity))

    /// Lane `lane` as a box.
    subscript(lane: Int) -> CompactBox {
        get { CompactBox(minX: minX[lane], minY: minY[lane], maxX: maxX[lane], maxY: maxY[lane]) }
        set {
            minX[lane] = newValue.minX; minY[lane] = newValue.minY
            maxX[lane] = newValue.maxX; maxY[lane] = newValue.maxY
        }
    }

    /// Bit `i` set when lane `i` overlaps `q` (open intervals, as `CompactBox.overlaps`).
    @inline(__always)
    func overlapping(_ q: Splat) -> UInt32 {
        Self.bits((minX .< q.maxX) .& (q.minX .< maxX) .& (minY .< q.maxY) .& (q.minY .< maxY))
    }

    /// Bit `i` set when lane `i` lies inside `q` (closed). Meaningful for lanes that overlap.
    @inline(__always)
    func inside(_ q: Splat) -> UInt32 {
        Self.bits((q.minX .<= minX) .& (maxX .<= q.maxX) .& (q.minY .<= minY) .& (maxY .<= q.maxY))
    }

    /// A query box copied into every lane, made once per query.
    struct Splat {
        let minX: SIMD4<Float>, minY: SIMD4<Float>, maxX: SIMD4<Float>, maxY: SIMD4<Float>
        init(_ b: CompactBox) {
            minX = SIMD4(repeating: b.minX); minY = SIMD4(repeating: b.minY)
            maxX = SIMD4(repeating: b.maxX); maxY = SIMD4(repeating: b.maxY)
        }
    }

    /// The mask as bits 0–3. A true lane is all ones (−1), so AND with the lane's bit and add.
    @inline(__always)
    static func bits(_ mask: SIMDMask<SIMD4<Int32>>) -> UInt32 {
        let lanes = unsafeBitCast(mask, to: SIMD4<Int32>.self)
        return UInt32(truncatingIfNeeded: (lanes & SIMD4(1, 2, 4, 8)).wrappedSum())
    }

    /// Bits for lanes `from ..< to` (0 ≤ from ≤ to ≤ 4).
    @inline(__always)
    static func lanes(_ from: Int, _ to: Int) -> UInt32 {
        (UInt32(1) &<< UInt32(to) &- 1) & ~(UInt32(1) &<< UInt32(from) &- 1)
    }
}
