import OrderedCollections

/// An engine driven through a list of content offsets, one pass per offset (`tessera scroll`,
/// `tessera bench engine`): per step, the offset, how many views are visible, the ids of cells
/// that entered and left, the headers, footers, badges and backgrounds that entered and left,
/// and the step's time; then views created and reused, the largest visible count, the number of
/// view kinds seen, and the median and 99th-percentile step times.
///
/// Replaying `inserted` and `deleted` step by step from an empty set gives the visible cells at
/// every step (and `elementsInserted`/`elementsDeleted` the visible elements): the first step is
/// the first pass (the first screen, all inserted).
package struct ScrollRun {
    /// An element (not a cell) that entered or left: category, kind, section, anchoring item.
    public struct ElementRef: Hashable, Sendable {
        public var category: ElementCategory
        public var kind: String
        public var section: Int
        public var index: Int?
    }

    public struct Step: Equatable {
        public var offset: Point
        public var visible: Int
        public var inserted: [ItemID]
        public var deleted: [ItemID]
        public var elementsInserted: [ElementRef] = []
        public var elementsDeleted: [ElementRef] = []
        public var microseconds: Double
    }

    public private(set) var steps: [Step] = []
    public private(set) var stats = EngineStats()
    public private(set) var maxVisible = 0
    /// Distinct kinds of view seen (a cell kind, or an element's category and kind).
    public private(set) var kinds = 0

    /// Runs the first pass at `from`, then scrolls through `count - 1` more offsets evenly spaced up
    /// to `to` (nil: the last screen of the content, as laid out by the first pass). `clock` gives
    /// monotonic nanoseconds; `progress(done, total)` is called after each step. Throws what a
    /// pass throws (a layout, a provider callback, an animator).
    /// - Complexity: one engine pass per step.
    public init(engine: CollectionEngine, from: Point, to: Double?, count: Int,
                clock: () -> UInt64, progress: (Int, Int) -> Void = { _, _ in }) throws {
        precondition(count >= 1, "a scroll has at least one step")
        var seen = Set<ReusePools.Kind>()
        func step(_ offset: Point, _ body: () throws -> [EngineEvent]) rethrows {
            let start = clock()
            let events = try body()
            let elapsed = Double(clock() &- start) / 1000
            var s = Step(offset: offset, visible: engine.views.count, inserted: [], deleted: [], microseconds: elapsed)
            for e in events where e.type == .insert || e.type == .delete {
                let inserted = e.type == .insert
                if e.category == .item {
                    if inserted { s.inserted.append(e.id) } else { s.deleted.append(e.id) }
                } else {
                    let ref = ElementRef(category: e.category, kind: e.kind, section: e.section, index: e.index)
                    if inserted { s.elementsInserted.append(ref) } else { s.elementsDeleted.append(ref) }
                }
                if inserted { seen.insert(ReusePools.Kind(category: e.category, name: e.kind)) }
            }
            steps.append(s)
            maxVisible = max(maxVisible, engine.views.count)
            progress(steps.count, count)
        }
        try step(from) { try engine.scroll(to: from) }
        let end = to ?? max(0, engine.contentSize.height - engine.viewportSize.height)
        for k in 1..<max(count, 1) {
            let y = from.y + (end - from.y) * Double(k) / Double(count - 1)
            let offset = Point(x: from.x, y: y)
            try step(offset) { try engine.scroll(to: offset) }
        }
        stats = engine.stats
        kinds = seen.count
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
}
