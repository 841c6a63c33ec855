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
///
/// With `measured`, the run plays a host that measures its views: every cell is measured when it
/// first enters the viewport (its size from `measured`, when it has one), and the engine lays out
/// again before the step ends, as a UI does before it draws. Steps then scroll by equal deltas
/// from wherever the last adjustment left the offset (as a finger does), each step records the
/// adjustment its passes made, and `jump` is how far the anchor (the cell the engine keeps in
/// place, see `CollectionEngine.noteAnchor`) moved on screen during the measuring passes: only
/// clamping to the content moves it.
package struct ScrollRun {
    /// An element (not a cell) that entered or left: category, kind, section, anchoring item.
    public struct ElementRef: Hashable, Sendable {
        public var category: ElementCategory
        public var kind: String
        public var section: Int
        public var index: Int?

        /// The category as its rank, a small integer (its own hash is its raw value's, a string's).
        public func hash(into hasher: inout Hasher) {
            hasher.combine(category.drawingRank)
            hasher.combine(kind)
            hasher.combine(section)
            hasher.combine(index)
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
        /// How far the step's measuring passes moved the content offset (nil: not at all).
        public var adjust: Point? = nil
        /// How far the watched cell moved on screen during the measuring passes.
        public var jump: Double = 0
    }

    public private(set) var steps: [Step] = []
    public private(set) var stats = EngineStats()
    public private(set) var maxVisible = 0
    /// Distinct kinds of view seen (a cell kind, or an element's category and kind).
    public private(set) var kinds = 0
    /// The largest `jump` of any step (0 without `measured`).
    public private(set) var maxJump = 0.0
    /// True when the run played a measuring host.
    public let isMeasured: Bool

    /// Measuring passes a step may run before it settles (each may bring new cells into view).
    static let measuringPasses = 8

    /// Runs the first pass at `from` on the scroll axis, then scrolls through `count - 1` more
    /// offsets evenly spaced up to `to` (nil: the last screen of the content, as laid out by the
    /// first pass: towards negative x for a right-to-left row); both ends are moved into the
    /// content's scroll range as the first pass laid it out. The scroll axis is y, unless the
    /// first pass's content overflows the viewport sideways only (a row, a transposed layout):
    /// then x. `clock` gives monotonic nanoseconds; `progress(done, total)` is called after each step; `measured(id)`,
    /// when given, is the size the host measures for a cell (nil: it keeps its laid-out size).
    /// Throws what a pass throws (a layout, a provider callback, an animator).
    /// - Complexity: one engine pass per step (with `measured`, up to `measuringPasses` more).
    public init(engine: CollectionEngine, from: Double, to: Double?, count: Int,
                clock: () -> UInt64, progress: (Int, Int) -> Void = { _, _ in },
                measured: ((ItemID) -> Size?)? = nil) throws {
        precondition(count >= 1, "a scroll has at least one step")
        isMeasured = measured != nil
        var seen = Set<ReusePools.Kind>()
        var measuredIDs = Set<ItemID>()
        func step(_ body: () throws -> [EngineEvent]) throws {
            let start = clock()
            var events = try body()
            var adjust: Point?, jump = 0.0
            if let measured {
                (adjust, jump) = try Self.measure(engine, entering: events, measured, seen: &measuredIDs, events: &events)
            }
            let elapsed = Double(clock() &- start) / 1000
            var s = Step(offset: engine.scrollState.contentOffset, visible: engine.views.count, inserted: [], deleted: [],
                         microseconds: elapsed, adjust: adjust, jump: jump)
            maxJump = max(maxJump, jump)
            // What entered and left over the step's passes: a view that left and came back (or
            // came and left) within the step is in neither list.
            var cells = NetChanges<ItemID>(capacity: events.count), elements = NetChanges<ElementRef>()
            for e in events where e.addsView || e.removesView {
                let inserted = e.addsView
                if e.category == .item {
                    cells.record(e.id, inserted: inserted)
                } else {
                    elements.record(ElementRef(category: e.category, kind: e.kind, section: e.section, index: e.index), inserted: inserted)
                }
                if inserted { seen.insert(ReusePools.Kind(category: e.category, name: e.kind)) }
            }
            (s.inserted, s.deleted) = cells.result
            (s.elementsInserted, s.elementsDeleted) = elements.result
            steps.append(s)
            maxVisible = max(maxVisible, engine.views.count)
            progress(steps.count, count)
        }
        var axis = Axis.vertical
        /// The offsets the axis can take, as the last pass laid the content out.
        func range() -> ClosedRange<Double> {
            let r = engine.layoutResult.scrollRange(viewport: engine.viewportSize)
            return axis == .horizontal ? r.x : r.y
        }
        // Both ends within the content, as a scroll view keeps its offset.
        var start = from
        try step {
            var events = try engine.scroll(to: Point(x: 0, y: from))
            axis = Self.scrollAxis(engine)
            start = range().clamping(from)
            let offset = Point(axis: axis, main: start, cross: 0)
            if offset != engine.scrollState.contentOffset { events += try engine.scroll(to: offset) }
            return events
        }
        // The far end: the bound away from 0 (a right-to-left row's is below it).
        let end = to.map { range().clamping($0) } ?? { let r = range(); return -r.lowerBound > r.upperBound ? r.lowerBound : r.upperBound }()
        for k in 1..<max(count, 1) {
            var along = start + (end - start) * Double(k) / Double(count - 1)
            if measured != nil {
                // A finger moves by deltas: the offset an adjustment left is where the next step
                // starts, within the content (sizes measured on the way change where it ends).
                along = range().clamping(engine.scrollState.contentOffset.value(along: axis) + (end - start) / Double(count - 1))
            }
            let offset = Point(axis: axis, main: along, cross: 0)
            try step { try engine.scroll(to: offset) }
        }
        stats = engine.stats
        kinds = seen.count
    }

    /// y, unless the content scrolls sideways and not downwards: then x.
    static func scrollAxis(_ engine: CollectionEngine) -> Axis {
        let range = engine.layoutResult.scrollRange(viewport: engine.viewportSize)
        return range.y.lowerBound == range.y.upperBound && range.x.lowerBound < range.x.upperBound ? .horizontal : .vertical
    }

    /// The host's measuring after a pass: cells that entered and were never measured get their
    /// sizes, and the engine lays out again until nothing new enters. Returns the adjustment
    /// made and how far the watched cell moved on screen; appends the passes' events.
    private static func measure(_ engine: CollectionEngine, entering first: [EngineEvent], _ measured: (ItemID) -> Size?,
                                seen: inout Set<ItemID>, events: inout [EngineEvent]) throws -> (Point?, Double) {
        var adjust: Point?, jump = 0.0
        var entering = first
        for _ in 0..<measuringPasses {
            var any = false
            for e in entering where e.addsView && e.category == .item && seen.insert(e.id).inserted {
                if let size = measured(e.id) { try engine.measure(e.id, size: size); any = true }
            }
            guard any else { break }
            let watched = try engine.noteAnchor().map { note in
                (note.id, Point(x: note.frame.minX - engine.scrollState.contentOffset.x, y: note.frame.minY - engine.scrollState.contentOffset.y))
            }
            entering = try engine.layout()
            events += entering
            if let a = entering.first(where: { $0.type == .adjust })?.delta, a != .zero {
                adjust = Point(x: (adjust?.x ?? 0) + a.x, y: (adjust?.y ?? 0) + a.y)
            }
            if let (id, screen) = watched, let i = try engine.index(of: id) {
                let f = try engine.layoutResult.frame(at: i), o = engine.scrollState.contentOffset
                jump = max(jump, abs(f.minY - o.y - screen.y), abs(f.minX - o.x - screen.x))
            }
        }
        return (adjust, jump)
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

/// Inserts and deletes of one step's passes, netted per key, in the order each key first changed.
/// Each record hashes its key once (the table gives the key's place in `order`); the result
/// reads the counts beside `order`, hashing nothing.
private struct NetChanges<Key: Hashable> {
    private var order: [Key] = []
    private var net: [Int] = []
    private var places: [Key: Int] = [:]

    /// Room for `count` keys, so a step's records do not grow the table.
    init(capacity count: Int = 0) {
        order.reserveCapacity(count)
        net.reserveCapacity(count)
        places.reserveCapacity(count)
    }

    mutating func record(_ key: Key, inserted: Bool) {
        let p = Self.place(of: &places[key, default: -1], next: order.count)
        if p == order.count {
            order.append(key)
            net.append(0)
        }
        net[p] += inserted ? 1 : -1
    }

    /// A key's place, `next` when it had none (it takes it).
    private static func place(of stored: inout Int, next: Int) -> Int {
        if stored < 0 { stored = next }
        return stored
    }

    /// The keys that entered, then those that left.
    var result: ([Key], [Key]) {
        (order.indices.filter { net[$0] > 0 }.map { order[$0] }, order.indices.filter { net[$0] < 0 }.map { order[$0] })
    }
}
