/// An engine driven through a list of content offsets, one pass per offset (`tessera scroll`,
/// `tessera bench engine`): per step, the offset, how many views are visible, the ids that entered
/// and left, and the step's time; then views created and reused, the largest visible count, and
/// the median and 99th-percentile step times.
///
/// Replaying `inserted` and `deleted` step by step from an empty set gives the visible ids at
/// every step: the first step is the first pass (the first screen, all inserted).
public struct ScrollRun {
    public struct Step: Equatable {
        public var offset: Point
        public var visible: Int
        public var inserted: [String]
        public var deleted: [String]
        public var microseconds: Double
    }

    public private(set) var steps: [Step] = []
    public private(set) var stats = EngineStats()
    public private(set) var maxVisible = 0

    /// Runs the first pass at `from`, then scrolls through `count - 1` more offsets evenly spaced up
    /// to `to` (nil: the last screen of the content, as laid out by the first pass). `clock` gives
    /// monotonic nanoseconds; `progress(done, total)` is called after each step. A step whose
    /// animator failed (`engine.animatorError`) ends the run with that error: the next pass would
    /// clear it.
    /// - Complexity: one engine pass per step.
    public init(engine: CollectionEngine, from: Point, to: Double?, count: Int,
                clock: () -> UInt64, progress: (Int, Int) -> Void = { _, _ in }) throws {
        precondition(count >= 1, "a scroll has at least one step")
        func step(_ offset: Point, _ body: () throws -> [EngineEvent]) throws {
            let start = clock()
            let events = try body()
            let elapsed = Double(clock() &- start) / 1000
            if let error = engine.animatorError { throw error }
            var inserted: [String] = [], deleted: [String] = []
            for e in events {
                if e.type == .insert { inserted.append(e.id) } else if e.type == .delete { deleted.append(e.id) }
            }
            steps.append(Step(offset: offset, visible: engine.views.count, inserted: inserted, deleted: deleted,
                              microseconds: elapsed))
            maxVisible = max(maxVisible, engine.views.count)
            progress(steps.count, count)
        }
        try step(from) { try engine.scroll(to: from) }
        let end = to ?? max(0, engine.contentSize.height - engine.viewport.size.height)
        for k in 1..<max(count, 1) {
            let y = from.y + (end - from.y) * Double(k) / Double(count - 1)
            let offset = Point(x: from.x, y: y)
            try step(offset) { try engine.scroll(to: offset) }
        }
        stats = engine.stats
    }

    /// Median step time in microseconds (the mean of the middle two for an even count).
    public var medianMicroseconds: Double {
        let s = steps.map(\.microseconds).sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// The 99th-percentile step time in microseconds (nearest rank).
    public var p99Microseconds: Double {
        let s = steps.map(\.microseconds).sorted()
        let rank = Int(clamping: 0.99 * Double(s.count), rounding: .up, into: 0...s.count)
        return s[max(0, min(s.count - 1, rank - 1))]
    }

    /// `{"steps": [{"offset": [x, y], "visible":, "inserted": [...], "deleted": [...], "us":}],
    ///   "summary": {"created":, "reused":, "maxVisible":, "medianUs":, "p99Us":}}`.
    public var json: JSONValue {
        let steps: [JSONValue] = self.steps.map { s in
            .object(["offset": .array([.double(s.offset.x), .double(s.offset.y)]), "visible": .int(s.visible),
                     "inserted": .array(s.inserted.map(JSONValue.string)), "deleted": .array(s.deleted.map(JSONValue.string)),
                     "us": .double(Self.rounded(s.microseconds))])
        }
        return .object(["steps": .array(steps), "summary": .object([
            "created": .int(stats.created), "reused": .int(stats.reused), "maxVisible": .int(maxVisible),
            "medianUs": .double(Self.rounded(medianMicroseconds)), "p99Us": .double(Self.rounded(p99Microseconds)),
        ])])
    }

    /// Times to a tenth of a microsecond: the clock is no finer than that.
    static func rounded(_ us: Double) -> Double { (us * 10).rounded() / 10 }
}
