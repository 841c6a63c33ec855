/// The identity matching of two lists without random memory access: a radix-partitioned hash
/// join on 64-bit hashes, verified afterwards.
///
/// Why not one hash table: a table over n + m identifiers is probed at random, so past the CPU
/// caches (about 100k Int ids) every probe is a cache and TLB miss, and the table is a fresh
/// multi-megabyte allocation whose page faults depend on the allocator's state at that moment.
/// That made the 100k list diff vary eightfold between runs of one binary. Here every pass is
/// sequential or touches a cache-sized block:
/// 1. hash every identifier once, in order;
/// 2. scatter (hash, position) pairs into 2^b partitions by the top b bits of the hash, b chosen
///    so that a partition holds about 2,000 pairs (one pass with 2^b write streams);
/// 3. per partition, pair OLD and NEW entries with equal hashes in a small open-addressing
///    table that stays in L1/L2 and is reused by every partition; this only writes
///    `oldIndexOfNew`;
///    (Up to `directLimit` identifiers in all, one such table takes every entry instead.)
/// 4. in NEW order, compare each paired identifier with its partner and fill `newIndexOfOld`
///    (for similar lists the OLD positions come nearly in order, so this is cache-friendly too).
///
/// Equal hashes prove nothing, so every pairing is confirmed by `==` in step 4, and two entries
/// of one side with equal hashes are compared at once: equal is a duplicate, different is a hash
/// collision. A collision (a 64-bit coincidence, or a poor `hash(into:)`) makes the join give
/// up, and the caller falls back to `IdentifierTable`, which compares identifiers on every probe.
///
/// - Complexity: O(n + m) time, about 20 bytes of scratch per identifier.
@usableFromInline
enum HashJoin {
    /// What the join found.
    @usableFromInline
    enum Outcome {
        /// Every identifier is unique on its side; the partner maps (-1: no partner).
        case matched(newIndexOfOld: [Int], oldIndexOfNew: [Int])
        case duplicateInOld
        case duplicateInNew
        /// Two different identifiers hash alike: use the exact table instead.
        case collision
    }

    /// Pairs equal identifiers of `old` and `new`.
    @inlinable
    static func match<ID: Hashable>(old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>) -> Outcome {
        let n = old.count, m = new.count
        guard n + m < Int(UInt32.max) else { return .collision }
        return DiffScratch.withBuffer(of: UInt64.self, count: n) { oldHashes in
            DiffScratch.withBuffer(of: UInt64.self, count: m) { newHashes in
                hash(old, into: oldHashes)
                hash(new, into: newHashes)
                return match(old: old, new: new, oldHashes: UnsafeBufferPointer(oldHashes), newHashes: UnsafeBufferPointer(newHashes))
            }
        }
    }

    /// `match` with every identifier's `IdentifierHash` given (kept from before): steps 2 to 4.
    @inlinable
    static func match<ID: Hashable>(
        old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>,
        oldHashes: UnsafeBufferPointer<UInt64>, newHashes: UnsafeBufferPointer<UInt64>
    ) -> Outcome {
        let n = old.count, m = new.count
        guard n + m < Int(UInt32.max) else { return .collision }
        let pairing = pairByHash(oldHashes: oldHashes, newHashes: newHashes,
                                 sameOld: { old[$0] == old[$1] }, sameNew: { new[$0] == new[$1] })
        guard case .paired(var oldOfNew) = pairing else {
            switch pairing {
            case .duplicateInOld: return .duplicateInOld
            case .duplicateInNew: return .duplicateInNew
            default: return .collision
            }
        }
        // Step 4: confirm every pairing, in NEW order.
        var newOfOld = [Int](repeating: -1, count: n)
        let confirmed = newOfOld.withUnsafeMutableBufferPointer { newOfOld in
            oldOfNew.withUnsafeMutableBufferPointer { oldOfNew in
                for q in 0..<m {
                    let p = oldOfNew[q]
                    if p < 0 { continue }
                    if !IdentifierHash.equal(old[p], new[q]) { return false }
                    newOfOld[p] = q
                }
                return true
            }
        }
        return confirmed ? .matched(newIndexOfOld: newOfOld, oldIndexOfNew: oldOfNew) : .collision
    }

    /// Step 1, through `IdentifierHash`: 64-bit integers get a seeded bijection, so different
    /// integers never share a hash and the join never falls back for them.
    @inlinable
    static func hashes<ID: Hashable>(of ids: UnsafeBufferPointer<ID>) -> [UInt64] {
        [UInt64](unsafeUninitializedCapacity: ids.count) { buffer, count in
            hash(ids, into: buffer)
            count = ids.count
        }
    }

    /// Step 1 into `buffer`, which holds `ids.count` hashes.
    @inlinable
    static func hash<ID: Hashable>(_ ids: UnsafeBufferPointer<ID>, into buffer: UnsafeMutableBufferPointer<UInt64>) {
        let seed = IdentifierHash.seed
        for k in 0..<ids.count { buffer[k] = IdentifierHash.hash(ids[k], seed: seed) }
    }

    /// MurmurHash3's 64-bit finaliser: a bijection on `UInt64` that spreads every input bit over
    /// the whole output (the partition bits are the top ones, a table's slot the bottom ones).
    @inlinable @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x &*= 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x &*= 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x
    }

    @usableFromInline
    enum Pairing {
        case paired([Int])
        case duplicateInOld, duplicateInNew, collision
    }

    /// Up to this many identifiers on both sides, `pairByHash` uses one table (at most 64k
    /// 4-byte slots, which stays in L2; its memory kept between calls in `DiffScratch`) instead
    /// of partitions: the counting and scatter passes cost more than the misses they save there.
    @usableFromInline static let directLimit = 1 << 15

    /// Step 3 without steps 2: one table over every OLD entry, then every NEW entry, in order
    /// (so a repeat in OLD is always found before one in NEW). A slot holds an entry + 1, OLD
    /// positions as `p`, NEW ones as `n + q`.
    @usableFromInline
    static func pairDirectly(
        oldHashes: UnsafeBufferPointer<UInt64>, newHashes: UnsafeBufferPointer<UInt64>,
        sameOld: (Int, Int) -> Bool, sameNew: (Int, Int) -> Bool
    ) -> Pairing {
        let n = oldHashes.count, m = newHashes.count
        // At most 70% full even when no NEW entry pairs (each unpaired one goes in).
        var size = 16
        while size * 7 < (n + m) * 10 { size <<= 1 }
        let mask = size - 1
        var oldOfNew = [Int](repeating: -1, count: m)
        var outcome = Pairing.collision
        DiffScratch.withBuffer(of: UInt32.self, count: size) { table in
            DiffScratch.withBuffer(of: Bool.self, count: n) { taken in
                table.initialize(repeating: 0)
                taken.initialize(repeating: false)
                oldOfNew.withUnsafeMutableBufferPointer { oldOfNew in
                    @inline(__always) func hash(_ entry: Int) -> UInt64 { entry < n ? oldHashes[entry] : newHashes[entry - n] }
                    for p in 0..<n {
                        let h = oldHashes[p]
                        var s = Int(truncatingIfNeeded: h) & mask
                        while table[s] != 0 {
                            let x = Int(table[s]) - 1
                            if oldHashes[x] == h {
                                outcome = sameOld(x, p) ? .duplicateInOld : .collision
                                return
                            }
                            s = (s + 1) & mask
                        }
                        table[s] = UInt32(truncatingIfNeeded: p + 1)
                    }
                    for q in 0..<m {
                        let h = newHashes[q]
                        var s = Int(truncatingIfNeeded: h) & mask
                        var found = -1
                        while table[s] != 0 {
                            let x = Int(table[s]) - 1
                            if hash(x) == h { found = x; break }
                            s = (s + 1) & mask
                        }
                        if found < 0 {
                            table[s] = UInt32(truncatingIfNeeded: n + q + 1)
                            continue
                        }
                        if found >= n || taken[found] {
                            // A NEW entry meets another NEW entry (directly, or through the OLD
                            // entry that one took).
                            let rival = found >= n ? found - n : oldOfNew.firstIndex(of: found)!
                            outcome = sameNew(rival, q) ? .duplicateInNew : .collision
                            return
                        }
                        taken[found] = true
                        oldOfNew[q] = found
                    }
                    outcome = .paired([])
                }
            }
        }
        if case .paired = outcome { return .paired(oldOfNew) }
        return outcome
    }

    /// Steps 2 and 3: `oldIndexOfNew` by equal hashes (not yet confirmed by `==`).
    /// `sameOld`/`sameNew` compare two identifiers of one side whose hashes are equal.
    @usableFromInline
    static func pairByHash(
        oldHashes: UnsafeBufferPointer<UInt64>, newHashes: UnsafeBufferPointer<UInt64>,
        sameOld: (Int, Int) -> Bool, sameNew: (Int, Int) -> Bool
    ) -> Pairing {
        if oldHashes.count + newHashes.count <= directLimit {
            return pairDirectly(oldHashes: oldHashes, newHashes: newHashes, sameOld: sameOld, sameNew: sameNew)
        }
        return pairInPartitions(oldHashes: oldHashes, newHashes: newHashes, sameOld: sameOld, sameNew: sameNew)
    }

    /// Steps 2 and 3 for any number of entries (`pairByHash` above `directLimit`).
    @usableFromInline
    static func pairInPartitions(
        oldHashes: UnsafeBufferPointer<UInt64>, newHashes: UnsafeBufferPointer<UInt64>,
        sameOld: (Int, Int) -> Bool, sameNew: (Int, Int) -> Bool
    ) -> Pairing {
        let n = oldHashes.count, m = newHashes.count
        // About 2,000 entries per partition (a 4,096-slot table of 4-byte slots).
        var bits = 0
        while bits < 16 && (n + m) >> bits > 2_048 { bits += 1 }
        let partitions = 1 << bits
        let shift = UInt64(64 - bits)
        @inline(__always) func partition(_ h: UInt64) -> Int { bits == 0 ? 0 : Int(truncatingIfNeeded: h >> shift) }

        // Step 2: per partition, its OLD entries then its NEW entries, contiguous.
        var oldCounts = [Int](repeating: 0, count: partitions)
        var newCounts = [Int](repeating: 0, count: partitions)
        for h in oldHashes { oldCounts[partition(h)] += 1 }
        for h in newHashes { newCounts[partition(h)] += 1 }
        var starts = [Int](repeating: 0, count: partitions + 1)
        var largest = 0
        for k in 0..<partitions {
            starts[k + 1] = starts[k] + oldCounts[k] + newCounts[k]
            largest = max(largest, oldCounts[k] + newCounts[k])
        }
        // Every slot is written exactly once below, so the buffers start uninitialised.
        return DiffScratch.withBuffer(of: UInt64.self, count: n + m) { entryHash in
            DiffScratch.withBuffer(of: UInt32.self, count: n + m) { entryPosition in
                var cursor = Array(starts[0..<partitions])
                cursor.withUnsafeMutableBufferPointer { cursor in
                    for p in 0..<n {
                        let h = oldHashes[p], k = partition(h)
                        entryHash[cursor[k]] = h
                        entryPosition[cursor[k]] = UInt32(truncatingIfNeeded: p)
                        cursor[k] += 1
                    }
                    for q in 0..<m {
                        let h = newHashes[q], k = partition(h)
                        entryHash[cursor[k]] = h
                        entryPosition[cursor[k]] = UInt32(truncatingIfNeeded: q)
                        cursor[k] += 1
                    }
                }
                return pairPartitions(entryHash: UnsafeBufferPointer(entryHash), entryPosition: UnsafeBufferPointer(entryPosition),
                                      starts: starts, oldCounts: oldCounts, newCounts: newCounts, largest: largest, m: m,
                                      sameOld: sameOld, sameNew: sameNew)
            }
        }
    }

    /// Step 3 over the partitioned entries: one small table, cleared for each partition. A
    /// slot holds a local entry + 1.
    private static func pairPartitions(
        entryHash: UnsafeBufferPointer<UInt64>, entryPosition: UnsafeBufferPointer<UInt32>, starts: [Int],
        oldCounts: [Int], newCounts: [Int], largest: Int, m: Int,
        sameOld: (Int, Int) -> Bool, sameNew: (Int, Int) -> Bool
    ) -> Pairing {
        var capacity = 16
        while capacity < 2 * largest { capacity <<= 1 }
        var oldOfNew = [Int](repeating: -1, count: m)
        var outcome = Pairing.collision
        DiffScratch.withBuffer(of: UInt32.self, count: capacity) { table in
            DiffScratch.withBuffer(of: Bool.self, count: largest) { taken in
                oldOfNew.withUnsafeMutableBufferPointer { oldOfNew in
                    for k in 0..<oldCounts.count {
                        let base = starts[k], oldCount = oldCounts[k], count = oldCount + newCounts[k]
                        if count == 0 { continue }
                        var size = 16
                        while size < 2 * count { size <<= 1 }
                        let mask = size - 1
                        for s in 0..<size { table[s] = 0 }
                        for e in 0..<count {
                            let h = entryHash[base + e]
                            var s = Int(truncatingIfNeeded: h) & mask
                            var found = -1
                            while table[s] != 0 {
                                let x = Int(table[s]) - 1
                                if entryHash[base + x] == h { found = x; break }
                                s = (s + 1) & mask
                            }
                            let position = Int(entryPosition[base + e])
                            if found < 0 {
                                table[s] = UInt32(truncatingIfNeeded: e + 1)
                                taken[e] = false
                                continue
                            }
                            let other = Int(entryPosition[base + found])
                            if e < oldCount {
                                // Two OLD entries hash alike.
                                outcome = sameOld(other, position) ? .duplicateInOld : .collision
                                return
                            }
                            if found >= oldCount || taken[found] {
                                // A NEW entry meets another NEW entry (directly, or through
                                // the OLD entry that one took).
                                let rival = found >= oldCount ? other : oldOfNew.firstIndex(of: other)!
                                outcome = sameNew(rival, position) ? .duplicateInNew : .collision
                                return
                            }
                            taken[found] = true
                            oldOfNew[position] = other
                        }
                    }
                    outcome = .paired([])
                }
            }
        }
        if case .paired = outcome { return .paired(oldOfNew) }
        return outcome
    }
}
