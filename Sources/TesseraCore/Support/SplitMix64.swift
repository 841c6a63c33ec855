/// SplitMix64 (Steele, Lea and Flood), a tiny seeded random number generator.
///
/// Benchmarks and property tests use it so that every generated case can be replayed from its
/// seed, on any machine: the sequence depends on the seed alone. Not for cryptography.
/// Not part of the public API: benchmarks and tests import it with `@_spi(Testing) import TesseraCore`.
@_spi(Testing) public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits. O(1).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `0..<range` (the remainder of the next 64 bits, as `BenchRandom.below`).
    public mutating func below(_ range: Int) -> Int { Int(next() % UInt64(range)) }

    /// Uniform in [0, 1) with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
