import OrderedCollections

/// A loaded dataset: items in flattened order, grouped into sections.
///
/// Invariants (checked in debug builds by `checkInvariants()`):
/// - sections cover `items` in order, without gaps or overlap;
/// - `widths`/`heights` have one entry per item (NaN where the item has no size);
/// - ids are unique, unless the dataset was loaded with an explicit duplicate policy.
public struct Dataset: Sendable {
    /// A section: its id, its extra fields (`title`, ...), and the flattened range of its items.
    public struct Section: Hashable, Sendable {
        /// The section's id (its position when the file gave none).
        public var id: ItemID
        /// The section's fields other than its items, in source order.
        public var fields: OrderedDictionary<String, JSONValue>
        /// The flattened indices of the section's items.
        public var range: Range<Int>
        /// A section `id` over the flattened items `range`.
        public init(id: ItemID, fields: OrderedDictionary<String, JSONValue> = [:], range: Range<Int>) {
            self.id = id; self.fields = fields; self.range = range
        }
    }

    /// Every item, in flattened order.
    public var items: [Item]
    /// The sections, tiling `items` in order.
    public var sections: [Section]
    /// Top-level keys other than `items`/`sections` (`source`, `licence`, ...).
    public var metadata: OrderedDictionary<String, JSONValue>
    /// Where the dataset came from ("<generated>" for synthetic ones); used in messages.
    public var sourceName: String
    /// Intrinsic sizes in contiguous storage for the hot sizing path; NaN = not given.
    public private(set) var widths: [Double]
    /// Intrinsic heights in contiguous storage; NaN = not given.
    public private(set) var heights: [Double]

    /// A dataset of `items`, in one section when `sections` is nil. Ids are not checked for repeats here (the loader checks them).
    public init(items: [Item], sections: [Section]? = nil,
                metadata: OrderedDictionary<String, JSONValue> = [:], sourceName: String = "<memory>") {
        self.items = items
        self.sections = sections ?? [Section(id: .int(0), range: 0..<items.count)]
        self.metadata = metadata
        self.sourceName = sourceName
        self.widths = items.map { $0.intrinsicWidth ?? .nan }
        self.heights = items.map { $0.intrinsicHeight ?? .nan }
        assert(checkInvariants())
    }

    /// A dataset of `count` items with ids 0..<count and the given intrinsic sizes (benchmarks,
    /// tests, `run` without `--data`). Items carry no other fields, so a million of them stay
    /// small: the sizes live only in the contiguous `widths`/`heights`.
    public static func synthetic(count: Int, size: (Int) -> Size) -> Dataset {
        var widths = [Double](), heights = [Double]()
        widths.reserveCapacity(count)
        heights.reserveCapacity(count)
        for i in 0..<count {
            let s = size(i)
            widths.append(s.width)
            heights.append(s.height)
        }
        var dataset = Dataset(items: (0..<count).map { Item(bareID: .int($0)) }, sourceName: "<generated>")
        dataset.widths = widths
        dataset.heights = heights
        return dataset
    }

    /// The number of items.
    public var count: Int { items.count }

    /// The index of the section holding flattened item `index`. O(log sections).
    public func sectionIndex(containing index: Int) -> Int { Self.sectionIndex(containing: index, in: sections) }

    /// The index of the section in `sections` (which tile their items in order, empty ones
    /// included) that holds item `index`: the last section starting at or before it, so an empty
    /// section never wins over the non-empty one that starts where it ends. O(log sections).
    public static func sectionIndex(containing index: Int, in sections: [Section]) -> Int {
        var lo = 0, hi = sections.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sections[mid].range.lowerBound <= index { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    func checkInvariants() -> Bool {
        var next = 0
        for s in sections {
            guard s.range.lowerBound == next else { return false }
            next = s.range.upperBound
        }
        return next == items.count && widths.count == items.count && heights.count == items.count
    }
}
