/// The hash the diff's tables and the snapshot's item index use for identifiers.
///
/// Identifiers that are 64-bit integers are mixed by a bijection (`HashJoin.mix`) of the id
/// XORed with a per-process seed, instead of `hashValue` (SipHash,
/// about 90 instructions): different integers never share a hash, and hashing costs about a
/// tenth. Strings (and `ItemID`s, and their `Occurrence`s) hash their UTF-8 bytes 16 at a time
/// (`hashBytes`), a few instructions per word against SipHash's per-byte rounds; the
/// seed keeps crafted ids from piling into one run of a table. Other identifiers use
/// `hashValue`, which Swift seeds per process too.
///
/// Equal strings must hash alike, and Swift compares strings by canonical equivalence, not by
/// bytes. Two ASCII strings are equal exactly when their bytes are, so those hash their bytes.
/// A string with other scalars hashes as the ASCII string it equals when it has one (only
/// three scalars are canonically equivalent to an ASCII one: KELVIN SIGN to K, GREEK QUESTION
/// MARK to `;` and GREEK VARIA to a backtick; a test checks every scalar), and through
/// `hashValue` otherwise, which no ASCII string can equal.
@usableFromInline
enum IdentifierHash {
    /// This process's seed (Swift's own per-process hash seed, through `Hasher`), so which ids
    /// collide is not known in advance.
    @usableFromInline static let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x7E55_E4A)
        return UInt64(UInt(bitPattern: hasher.finalize()))
    }()

    /// Whether `ID` is hashed by `mix` (a 64-bit integer type).
    @inlinable @inline(__always)
    static func isInteger<ID>(_: ID.Type) -> Bool {
        ID.self == Int.self || ID.self == UInt64.self || ID.self == UInt.self || ID.self == Int64.self
    }

    /// The hash of `id`, with `seed` read once by the caller (`IdentifierHash.seed`).
    @inlinable @inline(__always)
    static func hash<ID: Hashable>(_ id: ID, seed: UInt64) -> UInt64 {
        if isInteger(ID.self) { return HashJoin.mix(unsafeBitCast(id, to: UInt64.self) ^ seed) }
        if ID.self == String.self { return hash(string: unsafeBitCast(id, to: String.self), seed: seed) }
        if ID.self == ItemID.self { return hash(item: unsafeBitCast(id, to: ItemID.self), seed: seed) }
        if ID.self == Occurrence<ItemID>.self {
            let key = unsafeBitCast(id, to: Occurrence<ItemID>.self)
            let h = hash(item: key.id, seed: seed)
            return key.index == 0 ? h : HashJoin.mix(h ^ UInt64(UInt(bitPattern: key.index)))
        }
        return UInt64(UInt(bitPattern: id.hashValue))
    }

    /// Whether `a == b`, for two identifiers whose hashes are equal (so most often equal):
    /// strings, and `ItemID` strings and their `Occurrence`s, are equal at once when they are
    /// the same string value (one storage, or the same small string), and otherwise compare
    /// their UTF-8 bytes, 8 at a time, which is all it takes when they are equal. Bytes that
    /// differ go through `==`, which tells canonically equivalent strings apart from a hash
    /// collision.
    @inlinable @inline(__always)
    static func equal<ID: Hashable>(_ a: ID, _ b: ID) -> Bool {
        if ID.self == String.self {
            return sameBytes(unsafeBitCast(a, to: String.self), unsafeBitCast(b, to: String.self)) || a == b
        }
        if ID.self == ItemID.self {
            return sameString(unsafeBitCast(a, to: ItemID.self), unsafeBitCast(b, to: ItemID.self)) || a == b
        }
        if ID.self == Occurrence<ItemID>.self {
            let x = unsafeBitCast(a, to: Occurrence<ItemID>.self), y = unsafeBitCast(b, to: Occurrence<ItemID>.self)
            return x.index == y.index && sameString(x.id, y.id) || a == b
        }
        return a == b
    }

    /// Whether both are string ids with the same bytes.
    @inlinable @inline(__always)
    static func sameString(_ a: ItemID, _ b: ItemID) -> Bool {
        guard case .string(let x) = a, case .string(let y) = b else { return false }
        return sameBytes(x, y)
    }

    /// Whether both strings have the same UTF-8 bytes (false when either has no contiguous UTF-8).
    @inlinable @inline(__always)
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        // The same value (a list diffed against an edit of itself shares its strings).
        if unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self) { return true }
        let same = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in bytesEqual(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y)) }
        }
        return same == .some(.some(true))
    }

    /// An `ItemID`: integers as `Int`s, strings as `String`s, derived ids through `hashValue`.
    @inlinable @inline(__always)
    static func hash(item: ItemID, seed: UInt64) -> UInt64 {
        switch item {
        case .int(let v): return HashJoin.mix(UInt64(UInt(bitPattern: v)) ^ seed)
        case .string(let s): return hash(string: s, seed: seed)
        default: return UInt64(UInt(bitPattern: item.hashValue))
        }
    }

    /// A string: its bytes when it is ASCII (see the type's documentation).
    @inlinable @inline(__always)
    static func hash(string: String, seed: UInt64) -> UInt64 {
        let found = string.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
            let (h, ascii) = hashBytes(bytes, start(seed, count: bytes.count))
            return ascii ? h : nil
        }
        if let found, let h = found { return h }
        return canonicalHash(string, seed: seed)
    }

    /// Where the byte hash of `count` bytes starts: the length counts, so a zero-padded last
    /// word does not make "a" and "a\0" alike. `IDColumn` hashes its strings the same way.
    @inlinable @inline(__always)
    static func start(_ seed: UInt64, count: Int) -> UInt64 {
        seed ^ 0x9E37_79B9_7F4A_7C15 &+ UInt64(count)
    }

    /// A string that is not plain contiguous ASCII: the bytes of the ASCII string it equals, or
    /// `hashValue` when it equals none.
    @usableFromInline
    static func canonicalHash(_ string: String, seed: UInt64) -> UInt64 {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0..<0x80: bytes.append(UInt8(truncatingIfNeeded: scalar.value))
            case 0x212A: bytes.append(UInt8(ascii: "K"))
            case 0x037E: bytes.append(UInt8(ascii: ";"))
            case 0x1FEF: bytes.append(UInt8(ascii: "`"))
            default: return UInt64(UInt(bitPattern: string.hashValue))
            }
        }
        return bytes.withUnsafeBufferPointer { hashBytes($0, start(seed, count: $0.count)).hash }
    }

    /// Bytes hashed 16 at a time (two little-endian words folded by one full-width multiply,
    /// the last 0–15 bytes as words zero-padded, then `HashJoin.mix`), and whether every byte
    /// is ASCII. A multiply per 16 bytes instead of the mixer per 8 more than halved the
    /// instructions of a 36-byte id; the mixer at the end still spreads every bit.
    @inlinable @inline(__always)
    static func hashBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ start: UInt64) -> (hash: UInt64, ascii: Bool) {
        var h = start
        let n = bytes.count
        guard let base = bytes.baseAddress else { return (HashJoin.mix(h), true) }
        var k = 0, high: UInt64 = 0
        let raw = UnsafeRawPointer(base)
        while k &+ 16 <= n {
            let a = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt64.self))
            let b = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k &+ 8, as: UInt64.self))
            high |= a | b
            h = fold(a ^ 0xA076_1D64_78BD_642F, b ^ h)
            k &+= 16
        }
        if n &- k >= 8 {
            let a = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt64.self))
            high |= a
            h = fold(a ^ 0xA076_1D64_78BD_642F, h ^ 0xE703_7ED1_A0B4_28DB)
            k &+= 8
        }
        // The last 0–7 bytes as one word: 4, 2 and 1 bytes at a time.
        var word: UInt64 = 0, shift: UInt64 = 0
        if n &- k >= 4 {
            word = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt32.self)))
            shift = 32
            k &+= 4
        }
        if n &- k >= 2 {
            word |= UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt16.self))) << shift
            shift &+= 16
            k &+= 2
        }
        if k < n { word |= UInt64(base[k]) << shift }
        high |= word
        return (HashJoin.mix(h ^ word), high & 0x8080_8080_8080_8080 == 0)
    }

    /// The high and low halves of `a * b` XORed: every bit of both inputs reaches the result.
    @inlinable @inline(__always)
    static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return high ^ low
    }
}
