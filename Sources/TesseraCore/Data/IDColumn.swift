/// Item ids in one arena: integers unboxed in `payloads`, string ids as UTF-8 bytes in `bytes`
/// (each behind its length as a LEB128 varint), so a million ids cost 8 bytes each plus their
/// text, not an enum with a heap string apiece.
///
/// `kinds` says which payloads are integers; it stays empty while every id is one. Derived ids
/// (`.scoped`, `.duplicate`), which only code can put in a dataset, live boxed in `others`.
///
/// Ids are hashed once, as they are appended: `hashes` keeps each id's `IdentifierHash` (what
/// `IdentifierHash.hash(item:seed:)` gives for it), so the duplicate check, a snapshot of the
/// dataset and the diff of two snapshots all reuse it instead of hashing the bytes again. While
/// every id is an integer `hashes` stays empty too: mixing an integer costs less than loading
/// its hash.
struct IDColumn: Sendable {
    /// Per item: the integer, the offset of the string's length in `bytes`, or an index in `others`.
    private(set) var payloads: [Int] = []
    /// Per item, when any id is not an integer: `IDColumn.integer`, `.string` or `.other`.
    private(set) var kinds: [UInt8] = []
    private(set) var bytes: [UInt8] = []
    private(set) var others: [ItemID] = []
    /// Per item, when any id is not an integer: its `IdentifierHash` with `IdentifierHash.seed`.
    private(set) var hashes: [UInt64] = []

    static let integer: UInt8 = 0, string: UInt8 = 1, other: UInt8 = 2

    var count: Int { payloads.count }

    init() {}

    mutating func reserveCapacity(_ n: Int) { payloads.reserveCapacity(n) }

    mutating func append(_ id: ItemID) {
        switch id {
        case .int(let v): appendInteger(v)
        case .string(var s): s.withUTF8 { appendString($0) }
        case .scoped, .duplicate:
            markKind(IDColumn.other)
            payloads.append(others.count)
            others.append(id)
            hashes.append(IdentifierHash.hash(item: id, seed: IdentifierHash.seed))
        }
    }

    @inline(__always)
    mutating func appendInteger(_ v: Int) {
        if !kinds.isEmpty {
            kinds.append(IDColumn.integer)
            hashes.append(IdentifierHash.hash(v, seed: IdentifierHash.seed))
        }
        payloads.append(v)
    }

    /// Appends a string id from its UTF-8 bytes (already validated).
    mutating func appendString(_ utf8: UnsafeBufferPointer<UInt8>) {
        markKind(IDColumn.string)
        payloads.append(bytes.count)
        var n = UInt(utf8.count)
        while n >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: n) | 0x80)
            n >>= 7
        }
        bytes.append(UInt8(n))
        bytes.append(contentsOf: utf8)
        hashes.append(Self.stringHash(utf8))
    }

    /// What `IdentifierHash.hash(string:seed:)` gives for the string of these UTF-8 bytes,
    /// without building the string when it is ASCII.
    @inline(__always)
    static func stringHash(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let seed = IdentifierHash.seed
        let (h, ascii) = IdentifierHash.hashBytes(utf8, IdentifierHash.start(seed, count: utf8.count))
        return ascii ? h : IdentifierHash.canonicalHash(String(decoding: utf8, as: UTF8.self), seed: seed)
    }

    /// Records the kind of the id about to be appended, creating `kinds` (and the integers'
    /// hashes) on the first non-integer.
    private mutating func markKind(_ kind: UInt8) {
        if kinds.isEmpty { makeKinds() }
        kinds.append(kind)
    }

    /// `kinds` and `hashes` for the integers appended so far.
    private mutating func makeKinds() {
        kinds = [UInt8](repeating: IDColumn.integer, count: payloads.count)
        kinds.reserveCapacity(payloads.capacity)
        let seed = IdentifierHash.seed
        hashes = payloads.map { IdentifierHash.hash($0, seed: seed) }
        hashes.reserveCapacity(payloads.capacity)
    }

    /// Replaces id `i` (the duplicate policy's renames): the old string stays in the arena unused.
    mutating func replace(_ i: Int, with id: ItemID) {
        var column = IDColumn()
        column.append(id)
        switch id {
        case .int(let v):
            payloads[i] = v
            if kinds.isEmpty { return }
            kinds[i] = IDColumn.integer
        case .string:
            if kinds.isEmpty { makeKinds() }
            kinds[i] = IDColumn.string
            payloads[i] = bytes.count
            bytes.append(contentsOf: column.bytes)
        case .scoped, .duplicate:
            if kinds.isEmpty { makeKinds() }
            kinds[i] = IDColumn.other
            payloads[i] = others.count
            others.append(id)
        }
        hashes[i] = column.hash(0)
    }

    @inline(__always) func kind(_ i: Int) -> UInt8 { kinds.isEmpty ? IDColumn.integer : kinds[i] }

    /// Every id is an integer (`payloads` holds them all).
    var isAllIntegers: Bool { kinds.isEmpty }

    /// The bytes of string id `i`'s text in `bytes`. - Precondition: id `i` is a string.
    @inline(__always)
    func stringRange(_ i: Int) -> Range<Int> {
        var k = payloads[i], n = 0, shift = 0
        while true {
            let b = bytes[k]
            k += 1
            n |= Int(b & 0x7F) << shift
            if b < 0x80 { break }
            shift += 7
        }
        return k..<(k + n)
    }

    subscript(i: Int) -> ItemID {
        switch kind(i) {
        case IDColumn.integer: return .int(payloads[i])
        case IDColumn.string:
            let r = stringRange(i)
            return .string(bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[r]), as: UTF8.self) })
        default: return others[payloads[i]]
        }
    }

    /// Every id, as `ItemID`s. O(n).
    var all: [ItemID] { (0..<count).map { self[$0] } }

    /// Id `i`'s `IdentifierHash` (with `IdentifierHash.seed`): kept from the load, or an
    /// integer mixed now. Ids that are equal hash equal.
    @inline(__always)
    func hash(_ i: Int) -> UInt64 {
        kinds.isEmpty ? IdentifierHash.hash(payloads[i], seed: IdentifierHash.seed) : hashes[i]
    }

    /// Every id's `IdentifierHash`, in order: the kept hashes, or the integers mixed now. O(n).
    var allHashes: [UInt64] {
        if !kinds.isEmpty { return hashes }
        let seed = IdentifierHash.seed
        return payloads.map { IdentifierHash.hash($0, seed: seed) }
    }

    /// Whether ids `i` and `j` are the same id: strings compared by their bytes, and, when the
    /// bytes differ but the hashes agree, as Swift strings, so canonically equivalent spellings
    /// ("é" precomposed and decomposed) are one id here as in `ItemID`'s `==`.
    @inline(__always)
    func equal(_ i: Int, _ j: Int) -> Bool {
        let k = kind(i)
        guard k == kind(j) else { return false }
        switch k {
        case IDColumn.integer: return payloads[i] == payloads[j]
        case IDColumn.string:
            let a = stringRange(i), b = stringRange(j)
            if a.count == b.count && bytes.withUnsafeBufferPointer({ p in
                memcmpEqual(UnsafeBufferPointer(rebasing: p[a]), UnsafeBufferPointer(rebasing: p[b]))
            }) { return true }
            return hashes[i] == hashes[j] && self[i] == self[j]
        default: return others[payloads[i]] == others[payloads[j]]
        }
    }

    /// Frees spare capacity left by growth (loading appends without knowing the count).
    mutating func trim() {
        payloads.trimCapacity()
        kinds.trimCapacity()
        bytes.trimCapacity()
        hashes.trimCapacity()
    }
}

/// Whether two byte runs are equal.
@inline(__always)
func memcmpEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    bytesEqual(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b))
}

/// Whether two runs of memory hold the same bytes, compared 8 bytes at a time.
@inlinable @inline(__always)
func bytesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    guard a.count == b.count else { return false }
    guard let p = a.baseAddress, let q = b.baseAddress, p != q else { return true }
    let n = a.count
    var k = 0
    while k &+ 8 <= n {
        if p.loadUnaligned(fromByteOffset: k, as: UInt64.self) != q.loadUnaligned(fromByteOffset: k, as: UInt64.self) { return false }
        k &+= 8
    }
    while k < n {
        if p.load(fromByteOffset: k, as: UInt8.self) != q.load(fromByteOffset: k, as: UInt8.self) { return false }
        k &+= 1
    }
    return true
}

extension Array {
    /// Copies into exactly-sized storage when more than an eighth of the capacity is unused.
    mutating func trimCapacity() {
        guard capacity > count + count / 8 + 16 else { return }
        let old = self
        self = Array(unsafeUninitializedCapacity: old.count) { buffer, n in
            _ = buffer.initialize(fromContentsOf: old)
            n = old.count
        }
    }
}
