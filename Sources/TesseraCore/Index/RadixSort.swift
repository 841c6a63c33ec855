/// Stable least-significant-digit radix sort for non-negative integer keys.
///
/// Used twice by the spatial index: to order entries by quantised centres when it is built
/// (O(n) instead of a comparison sort's O(n log n)), and to put a query's hits in ascending
/// order (O(k) for large k). Only the bits the largest key uses are sorted on, in as few passes
/// as digits of 8–11 bits allow (wider for more keys; wider still would scatter to too many
/// places at once for the caches), and a pass whose digit
/// is the same for every key is skipped.
enum RadixSort {
    /// Sorts `keys` ascending, keeping equal keys in their order, and applies the same
    /// permutation to `payload`, which must be empty or as long as `keys`.
    /// - Complexity: O(p · (n + 2^d)) for p passes of d-bit digits, p = ⌈bits / d⌉.
    static func sort<Key: FixedWidthInteger, Payload>(_ keys: inout [Key], carrying payload: inout [Payload]) {
        var keyScratch: [Key] = [], payloadScratch: [Payload] = []
        sort(&keys, carrying: &payload, keyScratch: &keyScratch, payloadScratch: &payloadScratch)
    }

    /// As above, with caller-owned scratch arrays (resized as needed) so that consecutive sorts
    /// reuse memory instead of touching fresh pages.
    static func sort<Key: FixedWidthInteger, Payload>(_ keys: inout [Key], carrying payload: inout [Payload],
                                                       keyScratch: inout [Key], payloadScratch: inout [Payload]) {
        precondition(payload.isEmpty || payload.count == keys.count, "payload must match keys")
        let n = keys.count
        guard n > 1, let largest = keys.max() else { return }
        assert(keys.allSatisfy { $0 >= 0 }, "radix sort takes non-negative keys")
        let usedBits = Key.bitWidth - largest.leadingZeroBitCount
        let widest = Swift.min(11, Swift.max(8, Int.bitWidth - n.leadingZeroBitCount - 1))
        let passes = (usedBits + widest - 1) / widest
        guard passes > 0 else { return }
        let digitBits = (usedBits + passes - 1) / passes
        let mask = (1 << digitBits) - 1

        if keyScratch.count != n { keyScratch = [Key](repeating: 0, count: n) }
        if !payload.isEmpty, payloadScratch.count != n { payloadScratch = payload }
        var keysOut = keyScratch, payloadOut = payloadScratch
        keyScratch = []; payloadScratch = []   // unshare, so writes below do not copy
        var counts = [Int](repeating: 0, count: 1 << digitBits)
        for pass in 0..<passes {
            let shift = pass * digitBits
            let moved: Bool = keys.withUnsafeMutableBufferPointer { src in
                keysOut.withUnsafeMutableBufferPointer { dst in
                    counts.withUnsafeMutableBufferPointer { count in
                        for i in 0..<count.count { count[i] = 0 }
                        for k in src { count[Int(truncatingIfNeeded: k >> shift) & mask] &+= 1 }
                        if count[Int(truncatingIfNeeded: src[0] >> shift) & mask] == n { return false }
                        var total = 0
                        for i in 0..<count.count { let c = count[i]; count[i] = total; total &+= c }
                        if payload.isEmpty {
                            for k in src {
                                let d = Int(truncatingIfNeeded: k >> shift) & mask
                                dst[count[d]] = k
                                count[d] &+= 1
                            }
                        } else {
                            payload.withUnsafeMutableBufferPointer { from in
                                payloadOut.withUnsafeMutableBufferPointer { to in
                                    for i in 0..<n {
                                        let k = src[i]
                                        let d = Int(truncatingIfNeeded: k >> shift) & mask
                                        let at = count[d]
                                        dst[at] = k
                                        to[at] = from[i]
                                        count[d] = at &+ 1
                                    }
                                }
                            }
                        }
                        return true
                    }
                }
            }
            if moved {
                swap(&keys, &keysOut)
                if !payload.isEmpty { swap(&payload, &payloadOut) }
            }
        }
        keyScratch = keysOut
        payloadScratch = payloadOut
    }

    /// Sorts non-negative integers ascending: insertion sort for a handful, radix sort beyond.
    /// - Complexity: O(k²) for k ≤ 32, else O(k) passes as above.
    static func sortAscending(_ values: inout [Int]) {
        if values.count <= 32 {
            for i in values.indices.dropFirst() {
                let v = values[i]
                var j = i
                while j > 0, values[j - 1] > v { values[j] = values[j - 1]; j -= 1 }
                values[j] = v
            }
        } else {
            var none: [Never] = []
            sort(&values, carrying: &none)
        }
    }
}
