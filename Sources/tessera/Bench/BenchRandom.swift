/// The fixed linear congruential generator (Knuth's MMIX constants) every bench draws its
/// data from, so runs and commits measure the same items.
struct BenchRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The next 31 random bits.
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state >> 33
    }

    /// A whole number in `0..<range`.
    mutating func below(_ range: Int) -> Int { Int(next() % UInt64(range)) }

    /// A number in `[0, 1)`.
    mutating func unit() -> Double { Double(next()) / Double(1 << 31) }
}
