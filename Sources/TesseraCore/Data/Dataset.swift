import OrderedCollections

/// A loaded dataset: items in flattened order, grouped into sections, stored by column.
///
/// Ids sit in one arena (integers unboxed), every numeric field in a typed column, other fields
/// as compact JSON text decoded when read (see `FieldColumns`); sections are ranges of items.
/// Nothing holds a dictionary per item: `items[i]`, `fields(at:)` and `field(_:at:)` decode on
/// demand, and the hot paths read `widths`, `heights` and `id(at:)` directly.
///
/// Invariants (checked by `checkInvariants()` under TESSERA_INTERNAL_CHECKS):
/// - sections cover the items in order, without gaps or overlap;
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

    /// The sections, tiling the items in order. Assign them all at once: a layout reads its
    /// items through them, so sections out of place would read items that are not there.
    /// - Precondition: the new sections tile the items in order (checked: O(sections) a set).
    public var sections: [Section] {
        didSet { Section.requireTiling(sections, count: count, caller: "Dataset.sections") }
    }
    /// Top-level keys other than `items`/`sections` (`source`, `licence`, ...).
    public var metadata: OrderedDictionary<String, JSONValue>
    /// Where the dataset came from ("<generated>" for synthetic ones); used in messages.
    public var sourceName: String
    /// Intrinsic sizes in contiguous storage for the hot sizing path; NaN = not given.
    public private(set) var widths: [Double]
    /// Intrinsic heights in contiguous storage; NaN = not given.
    public private(set) var heights: [Double]
    /// What `widths` and `heights` reach: lets a layout skip checking each size for infinity.
    private(set) var sizeBounds: SizeBounds
    var idColumn: IDColumn
    var fieldColumns: FieldColumns

    /// A dataset of `items`, in one section when `sections` is nil. Ids are not checked for repeats here (the loader checks them).
    /// - Precondition: `sections` tile `items` in order (`init(validating:sections:metadata:sourceName:)`
    ///   throws a `DatasetError` instead).
    /// - Complexity: O(n + S).
    public init(items: [Item], sections: [Section]? = nil,
                metadata: OrderedDictionary<String, JSONValue> = [:], sourceName: String = "<memory>") {
        if let sections { Section.requireTiling(sections, count: items.count, caller: "Dataset(items:sections:)") }
        var ids = IDColumn(), fields = FieldColumns()
        ids.reserveCapacity(items.count)
        for item in items {
            ids.append(item.id)
            fields.append(item.fields, id: item.id)
        }
        self.init(ids: ids, fields: fields, widths: items.map { $0.intrinsicWidth ?? .nan },
                  heights: items.map { $0.intrinsicHeight ?? .nan }, sections: sections, metadata: metadata,
                  sourceName: sourceName)
    }

    /// A dataset from its columns, the sizes read from them (the loader's route: no `Item` is
    /// ever built, and the sizes share the `w` and `h` columns' storage when every item has them).
    init(ids: IDColumn, fields: FieldColumns, sections: [Section]?, metadata: OrderedDictionary<String, JSONValue>,
         sourceName: String) {
        let widths = fields.sizes("w", "width") { ids[$0] }, heights = fields.sizes("h", "height") { ids[$0] }
        self.init(ids: ids, fields: fields, widths: widths, heights: heights, sections: sections, metadata: metadata,
                  sourceName: sourceName)
    }

    /// A dataset from its columns and sizes.
    init(ids: IDColumn, fields: FieldColumns, widths: [Double], heights: [Double], sections: [Section]?,
         metadata: OrderedDictionary<String, JSONValue>, sourceName: String) {
        var ids = ids, fields = fields, widths = widths, heights = heights
        ids.trim()
        fields.trim()
        widths.trimCapacity()
        heights.trimCapacity()
        fields.share(widths, withColumnNamed: "w")
        fields.share(heights, withColumnNamed: "h")
        self.idColumn = ids
        self.fieldColumns = fields
        self.widths = widths
        self.heights = heights
        self.sizeBounds = SizeBounds(widths: widths, heights: heights)
        self.sections = sections ?? [Section(id: .int(0), range: 0..<ids.count)]
        self.metadata = metadata
        self.sourceName = sourceName
        _checkInvariants()
    }

    /// A dataset of `count` items with ids 0..<count and the given intrinsic sizes (benchmarks,
    /// tests, `run` without `--data`). Items carry no other fields, so a million of them stay
    /// small: the sizes live only in the contiguous `widths`/`heights`.
    /// - Precondition: `count >= 0` (`synthetic(validatingCount:size:)` throws instead).
    /// - Complexity: O(count).
    public static func synthetic(count: Int, size: (Int) -> Size) -> Dataset {
        precondition(count >= 0, "Dataset.synthetic: the count must be 0 or more, got \(count)")
        var widths = [Double](), heights = [Double]()
        widths.reserveCapacity(count)
        heights.reserveCapacity(count)
        var ids = IDColumn(), fields = FieldColumns()
        ids.reserveCapacity(count)
        for i in 0..<count {
            let s = size(i)
            widths.append(s.width)
            heights.append(s.height)
            ids.appendInteger(i)
        }
        fields.appendBareItems(count)
        return Dataset(ids: ids, fields: fields, widths: widths, heights: heights, sections: nil, metadata: [:],
                       sourceName: "<generated>")
    }

    /// `synthetic(count:size:)` for a count a user gave, checked rather than trusted.
    /// - Throws: `DatasetError` (file `<generated>`, path `count`) when `count` is negative.
    /// - Complexity: O(count).
    public static func synthetic(validatingCount count: Int, size: (Int) -> Size) throws(DatasetError) -> Dataset {
        guard count >= 0 else {
            throw DatasetError(file: "<generated>", path: "count", message: "expected a count of 0 or more, found \(count)")
        }
        return synthetic(count: count, size: size)
    }

    /// The number of items. O(1).
    public var count: Int { idColumn.count }

    /// The items, each decoded when read (`items[i]` builds item i's fields then).
    public var items: Items { Items(dataset: self) }

    /// Item `i`, with all its fields. O(fields of the item).
    public func item(at i: Int) -> Item {
        let id = idColumn[i]
        var item = Item(bareID: id)
        item.fields = fieldColumns.fields(at: i, id: id)
        return item
    }

    /// Item `i`'s id. O(1) (O(length) for a string id).
    public func id(at i: Int) -> ItemID { idColumn[i] }

    /// Every item's id, in order. O(n).
    public var ids: [ItemID] { idColumn.all }

    /// Item `i`'s fields, in source order. O(fields of the item).
    public func fields(at i: Int) -> OrderedDictionary<String, JSONValue> { fieldColumns.fields(at: i, id: idColumn[i]) }

    /// Field `name` of item `i`, or nil when the item has no such field. Decodes only that field.
    public func field(_ name: String, at i: Int) -> JSONValue? {
        fieldKey(name).flatMap { field($0, at: i) }
    }

    /// The key `field(_:at:)` finds field `name` by, nil when no item has it: a loop reading one
    /// field of many items looks the name up once. O(1).
    package func fieldKey(_ name: String) -> Int32? { fieldColumns.nameIndex(of: name) }

    /// `field(_:at:)` by a key from `fieldKey(_:)`.
    package func field(_ key: Int32, at i: Int) -> JSONValue? {
        // The id column passed, not a closure reading it: a closure capturing `self` copied
        // the whole dataset (and retained its storage) on every call.
        fieldColumns.value(key, at: i, ids: idColumn)
    }

    /// Calls `body(i, value)` for every item `i` in `range` that has field `name`, in order:
    /// numbers read from the field's column, other values decoded one at a time.
    /// - Complexity: O(range.count) for a numeric field of same-shaped items.
    public func forEachValue(of name: String, in range: Range<Int>, _ body: (Int, JSONValue) throws -> Void) rethrows {
        guard let n = fieldColumns.nameIndex(of: name) else { return }
        try fieldColumns.forEachValue(n, in: range, id: { idColumn[$0] }, body)
    }

    /// `forEachValue(of:in:_:)` with numbers handed over a run at a time: `numbers(run, column)`
    /// for each run of consecutive items in `range` whose field `name` sits in one number column
    /// (item `i`'s value is `column.values[i]`, written as an integer when `column.isInteger(i)`),
    /// and `other(i, value)` for every other item that has the field (an id, a text, a nested
    /// value), in item order. Lets a caller copy a numeric field out without building a
    /// `JSONValue` per item. - Complexity: O(range.count), plus decoding the other values.
    package func forEachValue(of name: String, in range: Range<Int>, numbers: (Range<Int>, NumberColumn) throws -> Void,
                              other: (Int, JSONValue) throws -> Void) rethrows {
        guard let n = fieldColumns.nameIndex(of: name) else { return }
        try fieldColumns.forEachRun(n, in: range, id: { idColumn[$0] }, numbers: numbers, other: other)
    }

    /// Item `i`'s `text` field when it is a string (what text sizing measures).
    public func text(at i: Int) -> String? { field("text", at: i)?.string }

    /// Whether item `p` here and item `q` of `other` certainly have equal fields apart from an
    /// `id` field that is the item's id: the same names in the same order with the same numbers
    /// and texts. False means "compare them decoded".
    func identicalFields(_ p: Int, _ other: Dataset, _ q: Int) -> Bool {
        fieldColumns.identical(p, other.fieldColumns, q)
    }

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
        return next == count && widths.count == count && heights.count == count && fieldColumns.count == count
    }
}

extension Dataset {
    /// A dataset's items as a collection: each element is decoded when read, so iterating builds
    /// one item at a time and holding the collection costs nothing.
    public struct Items: RandomAccessCollection, Equatable, Sendable {
        let dataset: Dataset
        public var startIndex: Int { 0 }
        public var endIndex: Int { dataset.count }
        public subscript(i: Int) -> Item { dataset.item(at: i) }

        /// Whether both hold equal items in the same order. O(n).
        public static func == (a: Items, b: Items) -> Bool { a.elementsEqual(b) }
        /// Whether `a` holds the items of `b`, in order. O(n).
        public static func == (a: Items, b: [Item]) -> Bool { a.elementsEqual(b) }
    }
}
