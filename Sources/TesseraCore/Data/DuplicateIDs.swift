/// Finding the first repeated id of a dataset, cheaply.
///
/// A `Dictionary<ItemID, Int>` hashes every id with SipHash (through the enum's discriminator and
/// the string's bytes): about a microsecond per id, most of the time of loading a dataset of
/// small items. Here every id is hashed once with a seeded multiply-xorshift over 8-byte words,
/// and positions go into one open-addressing table of 32-bit slots, at most half full; ids met
/// while probing are compared (integers at once, strings by their bytes, then as Swift strings
/// when only their hashes agree, so canonically equivalent spellings are one id), so any hash is
/// correct, only slower when poor.
///
/// Hostile input (ids crafted to collide) cannot make it quadratic: a probe longer than
/// 64 slots gives up and the caller uses a `Dictionary` (SipHash, randomly seeded).
///
/// Integer ids spanning at most `bitmapBitsPerID` values per id (section numbers, row numbers)
/// skip the hashing: one bit per value of `min...max`, a bitmap a few times smaller than the
/// table, so far fewer of its reads miss the cache.
///
/// - Complexity: O(n) expected, at most 16 bytes of scratch per id (a table of 2n to 4n slots).
enum DuplicateIDs {
    /// The first position `second` whose id already appeared, at `first`; nil when all are unique.
    /// - Parameter maximumProbe: the longest probe sequence before the table gives up.
    static func first(in ids: [ItemID], maximumProbe: Int = 64) -> (first: Int, second: Int)? {
        let found = ids.withUnsafeBufferPointer { ids in
            let integers = ids.allSatisfy { if case .int = $0 { true } else { false } }
            return (integers ? bitmap(count: ids.count, value: { if case .int(let v) = ids[$0] { v } else { 0 } }) : nil)
                ?? probe(count: ids.count, maximumProbe: maximumProbe, hash: { Self.hash(ids[$0]) }, equal: { ids[$0] == ids[$1] })
        }
        return resolve(found) { ids }
    }

    /// The same for a dataset's id column, read in place: the hashes kept from the load, strings
    /// compared by their bytes.
    static func first(in ids: IDColumn, maximumProbe: Int = 64) -> (first: Int, second: Int)? {
        let found = (ids.isAllIntegers ? ids.payloads.withUnsafeBufferPointer { v in bitmap(count: v.count, value: { v[$0] }) } : nil)
            ?? probe(count: ids.count, maximumProbe: maximumProbe, hash: { ids.hash($0) }, equal: { ids.equal($0, $1) })
        return resolve(found) { ids.all }
    }

    /// Most bitmap bits per id: beyond it, the values are too spread for a bitmap to pay.
    static let bitmapBitsPerID = 16

    /// `probe`'s answer for `count` integers (`value(k)`) by a bitmap over `min...max`; nil when
    /// they span more than `bitmapBitsPerID` values per id.
    @inline(__always)
    private static func bitmap(count n: Int, value: (Int) -> Int) -> Probe? {
        guard n > 1 else { return .unique }
        var lo = value(0), hi = lo
        for k in 1..<n {
            let v = value(k)
            lo = Swift.min(lo, v)
            hi = Swift.max(hi, v)
        }
        let (span, overflow) = hi.subtractingReportingOverflow(lo)
        guard !overflow, span / bitmapBitsPerID < n else { return nil }
        var words = [UInt64](repeating: 0, count: span / 64 + 1)
        return words.withUnsafeMutableBufferPointer { words in
            for k in 0..<n {
                let offset = value(k) &- lo
                let bit = UInt64(1) &<< UInt64(offset & 63)
                if words[offset &>> 6] & bit != 0 {
                    let v = value(k)
                    return .repeated((0..<k).first { value($0) == v }!, k)
                }
                words[offset &>> 6] |= bit
            }
            return .unique
        }
    }

    private static func resolve(_ found: Probe, _ all: () -> [ItemID]) -> (first: Int, second: Int)? {
        switch found {
        case .unique: return nil
        case .repeated(let first, let second): return (first, second)
        case .gaveUp: break
        }
        let ids = all()
        var seen = [ItemID: Int](minimumCapacity: ids.count)
        for (k, id) in ids.enumerated() {
            if let f = seen.updateValue(k, forKey: id) { return (f, k) }
        }
        return nil
    }

    private enum Probe { case unique, repeated(Int, Int), gaveUp }

    @inline(__always)
    private static func probe(count n: Int, maximumProbe: Int, hash: (Int) -> UInt64,
                              equal: (Int, Int) -> Bool) -> Probe {
        guard n > 1 else { return .unique }
        guard n < Int(Int32.max) else { return .gaveUp }
        var capacity = 16
        while capacity < 2 * n { capacity <<= 1 }
        let mask = capacity - 1
        var slots = [Int32](repeating: 0, count: capacity)   // position + 1; 0 is empty
        return slots.withUnsafeMutableBufferPointer { slots in
            for k in 0..<n {
                var s = Int(truncatingIfNeeded: hash(k)) & mask
                var steps = 0
                while slots[s] != 0 {
                    let other = Int(slots[s]) - 1
                    if equal(other, k) { return .repeated(other, k) }
                    steps += 1
                    if steps > maximumProbe { return .gaveUp }
                    s = (s + 1) & mask
                }
                slots[s] = Int32(truncatingIfNeeded: k + 1)
            }
            return .unique
        }
    }

    /// The per-process seed, so which ids collide is not known in advance.
    static var seed: UInt64 { IdentifierHash.seed }

    /// Integers through the bijective mixer; ASCII strings 16 bytes at a time.
    @inline(__always)
    static func hash(_ id: ItemID) -> UInt64 {
        switch id {
        case .int(let v):
            return IdentifierHash.hash(v, seed: seed)
        case .string(let s):
            // Canonically equivalent strings are equal, so they must hash alike: ASCII by its
            // bytes, anything else as the string (`IdentifierHash`).
            return IdentifierHash.hash(string: s, seed: seed)
        case .scoped, .duplicate:
            // Datasets never hold derived ids; hash them as the standard library does.
            return UInt64(UInt(bitPattern: id.hashValue)) ^ seed
        }
    }
}
