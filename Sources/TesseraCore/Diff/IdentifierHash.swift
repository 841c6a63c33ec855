/// The hash the diff's tables and the snapshot's item index use for identifiers.
///
/// Identifiers that are 64-bit integers are mixed by a bijection (`HashJoin.mix`) of the id
/// XORed with a per-process seed, instead of `hashValue` (SipHash,
/// about 90 instructions): different integers never share a hash, and hashing costs about a
/// tenth. The seed keeps crafted ids from piling into one run of a table. Other identifiers use
/// `hashValue`, which Swift seeds per process too.
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
        return UInt64(UInt(bitPattern: id.hashValue))
    }
}
