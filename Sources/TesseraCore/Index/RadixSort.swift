/// Stable least-significant-digit radix sort for non-negative integer keys.
///
/// Used twice by the spatial index: to order entries by quantised centres when it is built
/// (O(n) instead of a comparison sort's O(n log n)), and to put a query's hits in ascending
/// order (O(k) for large k). Only the bits the largest key uses are sorted on, in as few passes
/// as digits of 8–11 bits allow (wider for more keys; wider still would scatter to more places
/// at once than the caches like), and a pass whose digit is the same for every key is skipped.
enum RadixSort {
    /// Sorts `keys` ascending, keeping equal keys in their order, and applies the same
    /// permutation to `payload` (as long as `keys`). The scratch arrays are resized as needed
    /// and can be handed to the next sort, so that consecutive sorts reuse memory.
    /// - Complexity: O(p · (n + 2^d)) for p passes of d-bit digits, p = ⌈bits / d⌉.
    static func sort<Key: FixedWidthInteger, Payload>(_ keys: inout [Key], carrying payload: inout [Payload],
                                                       keyScratch: inout [Key], payloadScratch: inout [Payload]) {
        precondition(payload.count == keys.count, "payload must match keys")
        let n = keys.count
        guard n > 1 else { return }
        if keyScratch.count != n { keyScratch = keys }
        if payloadScratch.count != n { payloadScratch = payload }
        let inScratch = keys.withUnsafeMutableBufferPointer { k in
            keyScratch.withUnsafeMutableBufferPointer { kOut in
                payload.withUnsafeMutableBufferPointer { p in
                    payloadScratch.withUnsafeMutableBufferPointer { pOut in
                        sort(k.baseAddress!, kOut.baseAddress!, p.baseAddress, pOut.baseAddress, count: n)
                    }
                }
            }
        }
        if inScratch {
            swap(&keys, &keyScratch)
            swap(&payload, &payloadScratch)
        }
    }

    /// `sort(_:carrying:keyScratch:payloadScratch:)` with throw-away scratch.
    static func sort<Key: FixedWidthInteger, Payload>(_ keys: inout [Key], carrying payload: inout [Payload]) {
        var keyScratch: [Key] = [], payloadScratch: [Payload] = []
        sort(&keys, carrying: &payload, keyScratch: &keyScratch, payloadScratch: &payloadScratch)
    }

    /// Sorts non-negative integers ascending (the array form of the buffer version below).
    static func sortAscending(_ values: inout [Int]) {
        values.withUnsafeMutableBufferPointer { sortAscending($0) }
    }

    /// `values` (non-negative integers) sorted ascending, written straight into the new array.
    ///
    /// Beyond 32 values, the values' span `min...max` decides: at least `twoPassMinimum` values
    /// spanning at most 2²² are sorted by two radix passes on `value − min` (each pass one
    /// histogram and one scatter, both counted in one read, with no data-dependent branch: about
    /// half the time of the bucket pass on a large query's hits); otherwise one counting pass
    /// spreads them over about `count / 2` buckets by their top bits within `min...max`, and an
    /// insertion sort then finishes (each value moves only within its bucket). When some bucket
    /// would hold more than 32 values (clustered values), the LSD radix sort runs instead, so
    /// the cost stays O(n) either way.
    /// - Complexity: O(n) (O(n²) for n ≤ 32, by insertion).
    static func sortedAscending(_ values: UnsafeBufferPointer<UInt32>) -> [Int] {
        let n = values.count
        return Array(unsafeUninitializedCapacity: n) { out, initialized in
            guard let src = values.baseAddress, let dst = out.baseAddress else { initialized = 0; return }
            initialized = n
            if n > 32 {
                var lo = src[0], hi = src[0]
                for i in 1..<n {
                    let v = src[i]
                    lo = Swift.min(lo, v)
                    hi = Swift.max(hi, v)
                }
                let spanBits = UInt32.bitWidth &- (hi &- lo).leadingZeroBitCount
                if n >= twoPassMinimum, spanBits <= 2 * twoPassDigitBits {
                    return twoPassSort(src, into: dst, count: n, lowest: lo, spanBits: spanBits)
                }
                if bucketSort(src, into: dst, count: n, lowest: lo, spanBits: spanBits) { return }
            }
            for i in 0..<n { (dst + i).initialize(to: Int(src[i])) }
            sortAscending(UnsafeMutableBufferPointer(start: dst, count: n))
        }
    }

    /// Fewest values for `twoPassSort`: below it, its two tables of up to 2¹¹ counts cost more
    /// than the bucket pass's mispredictions (on spread values: behind at 300, far ahead from 1,000).
    static let twoPassMinimum = 512
    /// Widest digit of `twoPassSort`: two tables of 2¹¹ counts fit in a core's first-level cache.
    static let twoPassDigitBits = 11

    /// LSD radix sort of `count` values whose offsets from `lowest` fit in `spanBits` (at most
    /// `2 · twoPassDigitBits`) bits, in two passes of half the bits: `src` into a scratch buffer
    /// by the low digit, then into `dst` by the high one.
    private static func twoPassSort(_ src: UnsafePointer<UInt32>, into dst: UnsafeMutablePointer<Int>, count n: Int,
                                    lowest lo: UInt32, spanBits: Int) {
        let digitBits = UInt32((spanBits + 1) / 2)
        let mask = (1 &<< digitBits) &- 1
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 &<< digitBits) { tables in
            tables.initialize(repeating: 0)
            let low = tables.baseAddress!, high = low + (1 &<< Int(digitBits))
            for i in 0..<n {
                let v = src[i] &- lo
                low[Int(v & mask)] &+= 1
                high[Int(v &>> digitBits)] &+= 1
            }
            var lowTotal: Int32 = 0, highTotal: Int32 = 0
            for d in 0...Int(mask) {
                (low[d], lowTotal) = (lowTotal, lowTotal &+ low[d])
                (high[d], highTotal) = (highTotal, highTotal &+ high[d])
            }
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: n) { scratch in
                let middle = scratch.baseAddress!
                for i in 0..<n {
                    let v = src[i]
                    let d = Int((v &- lo) & mask)
                    middle[Int(low[d])] = v
                    low[d] &+= 1
                }
                for i in 0..<n {
                    let v = middle[i]
                    let d = Int((v &- lo) &>> digitBits)
                    dst[Int(high[d])] = Int(v)
                    high[d] &+= 1
                }
            }
        }
    }

    /// Spreads `count` (> 1) values from `src` into `dst` by bucket, then insertion-sorts `dst`;
    /// their offsets from `lowest` fit in `spanBits` bits. False, with `dst` untouched, when a
    /// bucket would hold more than 32 values.
    private static func bucketSort(_ src: UnsafePointer<UInt32>, into dst: UnsafeMutablePointer<Int>, count n: Int,
                                   lowest lo: UInt32, spanBits: Int) -> Bool {
        let bucketBits = Swift.min(spanBits, Int.bitWidth &- n.leadingZeroBitCount &- 1)
        let shift = UInt32(spanBits &- bucketBits)
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 1 << bucketBits) { counts in
            counts.initialize(repeating: 0)
            for i in 0..<n { counts[Int((src[i] &- lo) &>> shift)] &+= 1 }
            var total: Int32 = 0, largest: Int32 = 0
            for b in 0..<counts.count {
                let c = counts[b]
                largest = Swift.max(largest, c)
                counts[b] = total
                total &+= c
            }
            guard largest <= 32 else { return false }
            for i in 0..<n {
                let v = src[i]
                let b = Int((v &- lo) &>> shift)
                dst[Int(counts[b])] = Int(v)
                counts[b] &+= 1
            }
            for i in 1..<n {
                let v = dst[i]
                var j = i
                while j > 0, dst[j &- 1] > v { dst[j] = dst[j &- 1]; j &-= 1 }
                dst[j] = v
            }
            return true
        }
    }

    /// Sorts non-negative integers ascending in place (with a scratch buffer of the same size
    /// beyond 32 values).
    static func sortAscending(_ values: UnsafeMutableBufferPointer<Int>) {
        let n = values.count
        guard n > 1, let start = values.baseAddress else { return }
        if n <= 32 {
            _ = sortAscending(start, scratch: start, count: n)
            return
        }
        let scratch = UnsafeMutablePointer<Int>.allocate(capacity: n)
        defer { scratch.deallocate() }
        let result = sortAscending(start, scratch: scratch, count: n)
        if result != start { start.update(from: result, count: n) }
    }

    /// Sorts `count` non-negative integers at `values` ascending, using `scratch` (room for
    /// `count`; unused for 32 or fewer) as the second buffer. Returns whichever holds the result.
    /// - Complexity: O(k²) for k ≤ 32 (insertion sort), else as above.
    static func sortAscending(_ values: UnsafeMutablePointer<Int>, scratch: UnsafeMutablePointer<Int>,
                              count: Int) -> UnsafeMutablePointer<Int> {
        if count <= 32 {
            for i in 1..<Swift.max(1, count) {
                let v = values[i]
                var j = i
                while j > 0, values[j - 1] > v { values[j] = values[j - 1]; j -= 1 }
                values[j] = v
            }
            return values
        }
        let none: UnsafeMutablePointer<Never>? = nil
        return sort(values, scratch, none, none, count: count) ? scratch : values
    }

    /// The sort proper: ping-pongs between (`keys`, `payload`) and (`keysOut`, `payloadOut`);
    /// a nil payload is not moved. Returns true when the result ended in the `Out` buffers.
    private static func sort<Key: FixedWidthInteger, Payload>(
        _ keys: UnsafeMutablePointer<Key>, _ keysOut: UnsafeMutablePointer<Key>,
        _ payload: UnsafeMutablePointer<Payload>?, _ payloadOut: UnsafeMutablePointer<Payload>?,
        count n: Int
    ) -> Bool {
        var largest: Key = 0
        for i in 0..<n { largest = Swift.max(largest, keys[i]) }
        assert((0..<n).allSatisfy { keys[$0] >= 0 }, "radix sort takes non-negative keys")
        let usedBits = Key.bitWidth - largest.leadingZeroBitCount
        let widest = Swift.min(11, Swift.max(8, Int.bitWidth - n.leadingZeroBitCount - 1))
        let passes = (usedBits + widest - 1) / widest
        guard passes > 0 else { return false }
        let digitBits = (usedBits + passes - 1) / passes
        let mask = (1 << digitBits) - 1

        var (src, dst) = (keys, keysOut)
        var (from, to) = (payload, payloadOut)
        var inOut = false
        var counts = [Int](repeating: 0, count: 1 << digitBits)
        counts.withUnsafeMutableBufferPointer { count in
            for pass in 0..<passes {
                let shift = Key(truncatingIfNeeded: pass * digitBits)   // masking shifts: no range checks
                if pass > 0 { count.update(repeating: 0) }
                for i in 0..<n { count[Int(truncatingIfNeeded: src[i] &>> shift) & mask] &+= 1 }
                if count[Int(truncatingIfNeeded: src[0] &>> shift) & mask] == n { continue }   // one digit for all
                var total = 0
                for d in 0..<count.count { let c = count[d]; count[d] = total; total &+= c }
                if let from, let to {
                    for i in 0..<n {
                        let d = Int(truncatingIfNeeded: src[i] &>> shift) & mask
                        let at = count[d]
                        dst[at] = src[i]
                        to[at] = from[i]
                        count[d] = at &+ 1
                    }
                } else {
                    for i in 0..<n {
                        let d = Int(truncatingIfNeeded: src[i] &>> shift) & mask
                        dst[count[d]] = src[i]
                        count[d] &+= 1
                    }
                }
                swap(&src, &dst)
                swap(&from, &to)
                inOut.toggle()
            }
        }
        return inOut
    }
}
