/// The fixed linear congruential generator (Knuth's MMIX constants) every bench draws its
/// data from, so runs and commits measure the same items; tests whose expectations rest on
/// its numbers draw from it too.
///
/// An LCG's low bits repeat with short periods, so every draw is taken from the high bits.
/// Not part of the public API: benchmarks and tests import it with `@_spi(Testing) import TesseraCore`.
@_spi(Testing) public struct BenchRandom: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The generator's next whole state: 64 bits, of which the high ones are the random ones.
    public mutating func nextState() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state
    }

    /// The next 31 random bits.
    public mutating func next() -> UInt64 { nextState() >> 33 }

    /// A whole number in `0..<range`.
    public mutating func below(_ range: Int) -> Int { Int(next() % UInt64(range)) }

    /// A number in `[0, 1)`.
    public mutating func unit() -> Double { Double(next()) / Double(1 << 31) }
}
