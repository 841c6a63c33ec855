/// The sandbox limits of a Lua host. Each applies to every call from Swift into Lua
/// (loading a script, one layout pass, one `frame(i)` query), not to the host's lifetime.
public struct ScriptLimits: Equatable, Sendable {
    /// Bytes the Lua state may hold; allocations past it fail with a memory error. Default 256 MB.
    public var maxMemoryBytes: Int
    /// Seconds a call may run before it is stopped; nil (or 0) for no limit. Default 1 s. Free
    /// until it passes: a watchdog thread arms a hook only then. A limit above 1e8 s (about three
    /// years, infinity included) counts as 1e8 s.
    public var timeLimit: Double?
    /// VM instructions a call may execute; nil (the default) for no budget. Counting keeps a
    /// Lua count hook installed, which makes script code about 1.6–1.95× slower.
    public var maxInstructions: Int?

    /// The default memory cap: 256 MB.
    public static let defaultMaxMemoryBytes = 256 * 1_048_576
    /// The default time limit: 1 s.
    public static let defaultTimeLimit = 1.0

    /// Limits with the given values (256 MB, 1 s and no instruction budget by default).
    public init(maxMemoryBytes: Int = ScriptLimits.defaultMaxMemoryBytes,
                timeLimit: Double? = ScriptLimits.defaultTimeLimit, maxInstructions: Int? = nil) {
        self.maxMemoryBytes = maxMemoryBytes
        self.timeLimit = timeLimit
        self.maxInstructions = maxInstructions
    }
}
