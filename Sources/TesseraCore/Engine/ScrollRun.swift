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

        public var json: JSONValue {
            var fields: [(String, JSONValue)] = [("category", .string(category.rawValue)), ("kind", .string(kind)),
                                                 ("section", .int(section))]
            if let index { fields.append(("index", .int(index))) }
            return .object(.init(uniqueKeysWithValues: fields))
        }
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

    /// `{"steps": [{"offset": [x, y], "visible":, "inserted": [...], "deleted": [...], "us":}],
    ///   "summary": {"created":, "reused":, "maxVisible":, "medianUs":, "p99Us":}}`; a step where
    /// elements entered or left adds `"elements": {"inserted": [...], "deleted": [...]}`, each
    /// `{"category":, "kind":, "section":}` (and `"index"` for a badge). Ids are typed as the
    /// data gives them.
    public var json: JSONValue {
        let steps: [JSONValue] = self.steps.map { s in
            var fields: [(String, JSONValue)] = [
                ("offset", .array([.double(s.offset.x), .double(s.offset.y)])), ("visible", .int(s.visible)),
                ("inserted", .array(s.inserted.map(\.jsonValue))), ("deleted", .array(s.deleted.map(\.jsonValue))),
            ]
            if !s.elementsInserted.isEmpty || !s.elementsDeleted.isEmpty {
                fields.append(("elements", .object(["inserted": .array(s.elementsInserted.map(\.json)),
                                                    "deleted": .array(s.elementsDeleted.map(\.json))])))
            }
            fields.append(("us", .double(Self.rounded(s.microseconds))))
            return .object(.init(uniqueKeysWithValues: fields))
        }
        return .object(["steps": .array(steps), "summary": .object([
            "created": .int(stats.created), "reused": .int(stats.reused), "maxVisible": .int(maxVisible),
            "medianUs": .double(Self.rounded(medianMicroseconds)), "p99Us": .double(Self.rounded(p99Microseconds)),
        ])])
    }

    /// Times to a tenth of a microsecond: the clock is no finer than that.
    static func rounded(_ us: Double) -> Double { (us * 10).rounded() / 10 }
}
