/// Everything a layout sees while it lays out (CollectionKit's LayoutContext): the container
/// size, the item count, each item's size for a proposal, the items themselves and the sections
/// they fall into.
///
/// A context needs no dataset: its sections are given explicitly (ids, fields, item ranges), so
/// a provider builds one from whatever holds its items.
///
/// A value type. Decorators derive new contexts (`with(collectionSize:)`, `transposed()`,
/// `slice(_:)`) instead of mutating one, so a layout never sees another layout's state.
public struct LayoutContext: Sendable {
    /// The size of the container the layout fills (the viewport for the root layout): `ctx.width`
    /// and `ctx.height` in Lua.
    public var collectionSize: Size
    /// The viewport's safe area, layout margins and readable width (zero unless the host sets
    /// them); a compositional layout's `contentInsetsReference` measures sections from them.
    public var guides: ViewportGuides = .zero
    /// Which way the layout will be read: right to left inside a `MirroredLayout` (`--rtl`),
    /// which mirrors whatever it lays out, so a layout asking (a sections layout's
    /// `sectionProvider`) can choose accordingly; it need not mirror anything itself.
    public var layoutDirection: Compositional.LayoutDirection = .leftToRight
    /// Number of items this context covers.
    public let count: Int
    /// Item `i`'s size for a proposed container size, already in this context's axes. Throws
    /// when the size comes from something that can fail (a section laid out on demand, a script).
    private var sizeOf: @Sendable (Int, Size) throws -> Size
    /// Item `i` of this context, if the items are known (nil for generated contexts).
    private let itemAt: @Sendable (Int) -> Item?
    /// The sections of this context's items, in order, tiling `0..<count` (ranges in this
    /// context's 0-based indices). A context given no sections is one section with id 0.
    public private(set) var sections: [Dataset.Section]
    /// Set when sizes come straight from a dataset's contiguous storage, so `sizes(proposed:)`
    /// can run one tight loop instead of a closure call per item.
    private var direct: DirectSizes?
    /// Item `i`'s id without decoding the item, for dataset contexts.
    private var identifierAt: (@Sendable (Int) -> ItemID)?

    private struct DirectSizes {
        let dataset: Dataset
        var base: Int
        var sizing: ItemSizing
        /// Sizes a host measured, by dataset index less `measuredOrigin`: they replace the rule's.
        var measured: MeasuredOverrides = MeasuredOverrides()
        var measuredOrigin = 0
        /// The dataset's key of the `text` field, looked up once rather than per unsized item.
        let textKey: Int32?

        init(dataset: Dataset, base: Int, sizing: ItemSizing) {
            self.dataset = dataset
            self.base = base
            self.sizing = sizing
            textKey = dataset.fieldKey("text")
        }

        /// Item `i`'s size (relative to `base`) by the sizing rule. O(1) for sized items.
        func size(_ i: Int, _ proposed: Size) throws -> Size {
            if !measured.isEmpty, let size = measured[base + i - measuredOrigin] { return size }
            let w = dataset.widths[base + i], h = dataset.heights[base + i]
            let size = sizing.needsText(w: w, h: h) ? textSize(i, proposed) : sizing.knownSize(w: w, h: h, proposed: proposed)
            guard size.width.isFinite, size.height.isFinite else { throw overflow(i, size, proposed) }
            return size
        }

        /// `LayoutContext.forEachSize` over the `n` items from `offset` (relative to `base`),
        /// `body` given indices re-based to 0; `checked`: each size the rule gives is checked to
        /// be finite (the check throws `overflow`). The offset is a parameter rather than a
        /// moved `base`, which would copy the whole storage (the dataset, the measured sizes)
        /// once per call: a split layout calls this once per section.
        @inline(__always)
        func forEachSize(from offset: Int = 0, count n: Int, proposed: Size, checked: Bool,
                         _ body: (Int, Size) throws -> Void) throws {
            // A loop per rule, so that an item with both sizes positive costs the rule's formula
            // and no test of the rule.
            switch sizing.rule {
            case .fit: try forEachSize(from: offset, count: n, proposed: proposed, checked: checked, rule: .fit, body)
            case .fillWidth: try forEachSize(from: offset, count: n, proposed: proposed, checked: checked, rule: .fillWidth, body)
            case .intrinsic: try forEachSize(from: offset, count: n, proposed: proposed, checked: checked, rule: .intrinsic, body)
            case .fill: try forEachSize(from: offset, count: n, proposed: proposed, checked: checked, rule: .fill, body)
            }
        }

        /// `forEachSize` with `rule`, which is `sizing.rule`, as a constant of the call.
        @inline(__always)
        private func forEachSize(from offset: Int, count n: Int, proposed: Size, checked: Bool, rule: SizingRule,
                                 _ body: (Int, Size) throws -> Void) throws {
            let sizing = self.sizing, start = base + offset
            // Measured items, in index order, met by one cursor: one compare per item, and `body`
            // called from one place, so it stays inlined in the tight loop.
            let first = start - measuredOrigin
            var measured = self.measured.entries(in: first..<(first + n))
            var (nextMeasured, measuredSize) = measured.next().map { ($0.0 - first, $0.1) } ?? (n, .zero)
            try self.dataset.widths.withUnsafeBufferPointer { allWidths in
                try self.dataset.heights.withUnsafeBufferPointer { allHeights in
                    let widths = UnsafeBufferPointer(rebasing: allWidths[start..<(start + n)])
                    let heights = UnsafeBufferPointer(rebasing: allHeights[start..<(start + n)])
                    for i in 0..<n {
                        let size: Size
                        if _slowPath(i == nextMeasured) {
                            size = measuredSize
                            (nextMeasured, measuredSize) = measured.next().map { ($0.0 - first, $0.1) } ?? (n, .zero)
                        } else {
                            let w = widths[i], h = heights[i]
                            size = _fastPath(w > 0 && h > 0) ? rule.positiveSize(w: w, h: h, proposed: proposed)
                                : sizing.needsText(w: w, h: h) ? textSize(offset + i, proposed)
                                : sizing.knownSize(w: w, h: h, proposed: proposed)
                            if checked, !(size.width.isFinite && size.height.isFinite) { throw overflow(offset + i, size, proposed) }
                        }
                        try body(i, size)
                    }
                }
            }
        }

        /// Item `i`'s size when the rule needs its text. Out of the loop on purpose: a closure
        /// reading the dataset, built in the loop, once made a layout that inlined the loop copy
        /// the dataset for every item. The text is read before the closure for the same reason:
        /// a closure reading `dataset` here copied this whole struct (and retained its storage)
        /// once per item.
        @inline(never)
        func textSize(_ i: Int, _ proposed: Size) -> Size {
            let text = textKey.flatMap { dataset.field($0, at: base + i)?.string }
            return sizing.unsizedSize(text: { text }, proposed: proposed)
        }

        /// Why item `i`'s size is infinite: the rule scaled a finite size past the largest
        /// double (fillWidth of a 1e-300 × 1e300 item).
        func overflow(_ i: Int, _ size: Size, _ proposed: Size) -> LayoutError {
            .sizeOverflow(file: dataset.sourceName, index: base + i, id: dataset.id(at: base + i),
                          intrinsic: Size(width: dataset.widths[base + i], height: dataset.heights[base + i]),
                          rule: sizing.rule, size: size, proposal: proposed)
        }
    }

    /// A context over `count` items: `item(i)` gives item i (nil when unknown), `size(i, p)` its
    /// size for proposal p, and `sections` (nil: one section) how the items are grouped.
    /// - Precondition: `count >= 0`, and `sections` tile `0..<count` in order (a provider's
    ///   `ItemSource` is checked instead: the engine throws for it). A count and sections a
    ///   user gave go through `init(collectionSize:count:validating:item:size:)`, which throws.
    /// - Complexity: O(sections), to check that they tile the items.
    public init(collectionSize: Size, count: Int, sections: [Dataset.Section]? = nil,
                item: @escaping @Sendable (Int) -> Item?, size: @escaping @Sendable (Int, Size) throws -> Size) {
        precondition(count >= 0, "a context's item count must be 0 or more, got \(count)")
        self.collectionSize = collectionSize
        self.count = count
        let sections = sections ?? [Dataset.Section(id: .int(0), range: 0..<count)]
        precondition(Self.tile(sections, count), Self.tilingMessage(sections, count))
        self.sections = sections
        self.itemAt = item
        self.sizeOf = size
    }

    /// `init(collectionSize:count:sections:item:size:)` for a count and sections a user gave,
    /// checked rather than trusted.
    /// - Throws: `LayoutError.invalidParameter` (name `count`) for a negative `count`, and
    ///   `LayoutError.invalid` naming the first misplaced section when `sections` do not tile
    ///   `0..<count` in order.
    /// - Complexity: O(sections).
    public init(collectionSize: Size, count: Int, validating sections: [Dataset.Section]?,
                item: @escaping @Sendable (Int) -> Item?, size: @escaping @Sendable (Int, Size) throws -> Size) throws(LayoutError) {
        guard count >= 0 else {
            throw LayoutError.invalidParameter(name: "count", allowed: "0 or more", got: String(count), subject: "a context's item count",
                                    verb: "must be")
        }
        if let sections, !Self.tile(sections, count) { throw LayoutError(Self.tilingMessage(sections, count)) }
        self.init(collectionSize: collectionSize, count: count, sections: sections, item: item, size: size)
    }

    /// A context over plain sizes of your own, one per item, in one section: item `i` is
    /// `sizes[i]` whatever the proposal, and the items themselves are unknown (`item(at:)` is
    /// nil, `identifier(at:)` the index):
    ///
    /// ```swift
    /// let context = LayoutContext(collectionSize: Size(width: 320, height: 480),
    ///                             sizes: [Size(width: 100, height: 40), Size(width: 150, height: 40)])
    /// let frames = try FlowLayout(spacing: 8).layout(context).allFrames
    /// ```
    ///
    /// The sizes are not checked here: a layout refuses a frame that is not finite or has a
    /// negative size (`LayoutError.invalidFrame`).
    /// - Complexity: O(1) (the array is shared, not copied); each size query is O(1).
    public init(collectionSize: Size, sizes: [Size]) {
        self.init(collectionSize: collectionSize, count: sizes.count, item: { _ in nil }, size: { index, _ in sizes[index] })
    }

    /// Why `sections` are refused for `count` items. O(sections).
    private static func tilingMessage(_ sections: [Dataset.Section], _ count: Int) -> String {
        let misfit = Dataset.Section.tilingMisfit(sections, count: count).map { " (\($0))" } ?? ""
        return "a context's sections must tile its \(NumberText.counted(count, "item")) in order\(misfit)"
    }

    /// True when `sections` cover `0..<count` in order, without gaps or overlap. O(S).
    private static func tile(_ sections: [Dataset.Section], _ count: Int) -> Bool {
        Dataset.Section.tilingGap(sections, count: count) == nil
    }

    /// A context over a whole dataset with a sizing rule.
    public init(dataset: Dataset, collectionSize: Size = .defaultViewport, sizing: ItemSizing = ItemSizing()) {
        self.init(dataset: dataset, range: 0..<dataset.count, collectionSize: collectionSize, sizing: sizing)
    }

    /// `init(dataset:range:collectionSize:sizing:)` for a range a user gave, checked rather than
    /// trusted.
    /// - Throws: `LayoutError.invalidParameter` (name `range`) when `range` does not lie within
    ///   `0..<dataset.count`.
    /// - Complexity: O(sections of the dataset in `range`).
    public init(dataset: Dataset, validating range: Range<Int>, collectionSize: Size = .defaultViewport,
                sizing: ItemSizing = ItemSizing()) throws(LayoutError) {
        guard range.lowerBound >= 0 && range.upperBound <= dataset.count else {
            throw LayoutError.invalidParameter(name: "range", allowed: "a range within 0..<\(dataset.count)", got: "\(range)",
                                    subject: "a context's range of a dataset of \(NumberText.counted(dataset.count, "item"))", verb: "must be")
        }
        self.init(dataset: dataset, range: range, collectionSize: collectionSize, sizing: sizing)
    }

    /// A context over `range` of a dataset (one section), indices re-based to 0.
    /// - Precondition: `range` lies within `0..<dataset.count` (sizes are read from the dataset's
    ///   storage without a check per item); `init(dataset:validating:collectionSize:sizing:)`
    ///   throws instead.
    /// - Complexity: O(sections of the dataset in `range`).
    public init(dataset: Dataset, range: Range<Int>, collectionSize: Size = .defaultViewport, sizing: ItemSizing = ItemSizing()) {
        precondition(range.lowerBound >= 0 && range.upperBound <= dataset.count,
                     "LayoutContext(dataset:range:): range \(range) is outside the dataset's \(dataset.count) items")
        let base = range.lowerBound
        let direct = DirectSizes(dataset: dataset, base: base, sizing: sizing)
        self.init(collectionSize: collectionSize, count: range.count, sections: Self.sections(dataset.sections, within: range),
                  item: { dataset.item(at: base + $0) }, size: direct.size)
        self.direct = direct
        self.identifierAt = { dataset.id(at: base + $0) }
    }

    /// Every item's size for one proposal, in index order; the same values as calling
    /// `size(at:proposed:)` for each item. Throws the first size that fails.
    /// - Complexity: O(n).
    public func sizes(proposed: Size) throws -> [Size] {
        try [Size](unsafeUninitializedCapacity: count) { buffer, initialized in
            try forEachSize(proposed: proposed) { i, size in
                buffer[i] = size
                initialized = i + 1
            }
        }
    }

    /// Calls `body(i, size)` for every item in index order with its size for one proposal.
    /// Dataset contexts run one tight loop over contiguous storage (no closure call per item),
    /// which is what keeps a million-item layout near the speed of a bare loop.
    /// - Complexity: O(n).
    @inline(__always)
    public func forEachSize(proposed: Size, _ body: (Int, Size) throws -> Void) throws {
        guard let direct else {
            for i in 0..<count { try body(i, try sizeOf(i, proposed)) }
            return
        }
        // When the dataset's bounds show that no size can come out infinite, no item is checked,
        // and a layout that reads one dimension only has the other left uncomputed. Each case
        // gets its own copy of the loop, with `body` inlined.
        if direct.dataset.sizeBounds.provesFinite(direct.sizing, proposed: proposed) {
            try direct.forEachSize(count: count, proposed: proposed, checked: false, body)
        } else {
            try direct.forEachSize(count: count, proposed: proposed, checked: true, body)
        }
    }

    /// `forEachSize(proposed:_:)` over the items in `range` only, `body` given indices
    /// re-based to 0: the same sizes as a `slice(range)` gives, without building one (a split
    /// layout walks its sections this way, and a slice per section cost a context and a sections
    /// array each).
    /// - Precondition: `range` lies within `0..<count`.
    /// - Complexity: O(range.count).
    @inline(__always)
    func forEachSize(in range: Range<Int>, proposed: Size, _ body: (Int, Size) throws -> Void) throws {
        precondition(range.lowerBound >= 0 && range.upperBound <= count,
                     "LayoutContext.forEachSize(in:): range \(range) is outside the context's \(count) items")
        guard direct != nil else {
            for i in 0..<range.count { try body(i, try sizeOf(range.lowerBound + i, proposed)) }
            return
        }
        // Called on the stored storage itself: a `let` binding of it copied the whole (the
        // dataset, the measured sizes) once per call.
        if direct!.dataset.sizeBounds.provesFinite(direct!.sizing, proposed: proposed) {
            try direct!.forEachSize(from: range.lowerBound, count: range.count, proposed: proposed, checked: false, body)
        } else {
            try direct!.forEachSize(from: range.lowerBound, count: range.count, proposed: proposed, checked: true, body)
        }
    }

    /// The most sizes `forEachSizeBlock` hands over at once: 4 KB, which stays in the L1 cache.
    static let sizeBlock = 256

    /// `forEachSize(proposed:_:)` a block at a time: `body(first, sizes)` gets the sizes of items
    /// `first..<(first + sizes.count)`, up to `sizeBlock` of them, in index order. For a layout
    /// whose items form a chain (each placed from the one before), sizing a block apart from
    /// placing it keeps each loop small enough to stay in registers. `sizes` is valid only
    /// during the call. Throws the first size that fails, after the blocks before it.
    /// - Complexity: O(n).
    @inline(__always)
    func forEachSizeBlock(proposed: Size, _ body: (Int, UnsafeBufferPointer<Size>) throws -> Void) throws {
        try withUnsafeTemporaryAllocation(of: Size.self, capacity: Self.sizeBlock) { block in
            var first = 0
            while first < count {
                let n = Swift.min(Self.sizeBlock, count - first)
                try forEachSize(in: first..<(first + n), proposed: proposed) { i, size in block[i] = size }
                try body(first, UnsafeBufferPointer(rebasing: block[..<n]))
                first += n
            }
        }
    }

    /// Where `size(at:proposed:)` reads sizes when they come straight from a dataset's
    /// contiguous storage: item `i`'s size is `sizing.size(w: dataset.widths[base + i],
    /// h: dataset.heights[base + i], text: { dataset.text(at: base + i) }, proposed:)`.
    /// Nil for contexts whose sizes come from a closure (generated, transposed). Hosts that
    /// answer size queries one item at a time use it to skip the closure call.
    /// Nil too when some sizes were measured (`measured(_:)`): those replace the storage's.
    package var sizeStorage: (dataset: Dataset, base: Int, sizing: ItemSizing)? {
        guard let direct, direct.measured.isEmpty else { return nil }
        return (direct.dataset, direct.base, direct.sizing)
    }

    /// Where `item(at:)` reads items when they come straight from a dataset: item `i` is
    /// `dataset.item(at: base + i)`, measured sizes or not. Nil for contexts whose items come
    /// from a closure (generated, transposed). Lets a host ask of a field without building items.
    package var itemStorage: (dataset: Dataset, base: Int)? {
        direct.map { ($0.dataset, $0.base) }
    }

    /// The same items with the sizes a host measured: `sizes[i]`, where present, is item `i`'s
    /// size whatever the proposal (it replaces the rule's, a script's `ctx:size` answer and a
    /// compositional estimate alike). Empty `sizes` give the context unchanged.
    /// - Complexity: O(1) (O(m log m) for a context measured twice); each size query then costs
    ///   one lookup.
    func measured(_ sizes: MeasuredOverrides) -> LayoutContext {
        guard !sizes.isEmpty else { return self }
        let sizeOf = self.sizeOf
        var copy = self
        copy.sizeOf = { i, p in try sizes[i] ?? sizeOf(i, p) }
        if var direct = copy.direct {
            if direct.measured.isEmpty {
                direct.measured = sizes
                direct.measuredOrigin = direct.base
            } else {
                // Measured twice (rare): one table by dataset index, the newer sizes winning.
                var absolute: [Int: Size] = [:]
                for (i, size) in direct.measured.sizes { absolute[direct.measuredOrigin + i] = size }
                for (i, size) in sizes.sizes { absolute[direct.base + i] = size }
                direct.measured = MeasuredOverrides(absolute)
                direct.measuredOrigin = 0
            }
            copy.direct = direct
        }
        return copy
    }

    /// Item `i`'s size when offered `proposed`. O(1) for sized items. Throws when the size comes
    /// from something that failed (a section that could not be laid out, a script's error).
    public func size(at index: Int, proposed: Size) throws -> Size { try sizeOf(index, proposed) }

    /// Dataset item `i`, or nil for generated contexts.
    public func item(at index: Int) -> Item? { itemAt(index) }

    /// Item `i`'s identifier: the item's id, typed (the integer 5 and the string "5" differ), or
    /// its index as an integer when the items are unknown.
    public func identifier(at index: Int) -> ItemID { identifierAt?(index) ?? itemAt(index)?.id ?? .int(index) }

    /// The same items in a container of another size (InsetLayout, RowLayout fill items).
    public func with(collectionSize: Size) -> LayoutContext {
        var copy = self
        copy.collectionSize = collectionSize
        return copy
    }

    /// The same items grouped into other sections (a provider given its sections explicitly).
    /// - Precondition: `sections` tile `0..<count` in order.
    public func with(sections: [Dataset.Section]) -> LayoutContext {
        precondition(Self.tile(sections, count), Self.tilingMessage(sections, count))
        var copy = self
        copy.sections = sections
        return copy
    }

    /// The context with x and y swapped. Size queries are still answered in real coordinates:
    /// the proposal is un-transposed before the size rule sees it (TransposeLayout).
    public func transposed() -> LayoutContext {
        let sizeOf = self.sizeOf
        var transposed = LayoutContext(collectionSize: collectionSize.transposed, count: count, sections: sections, item: itemAt,
                                       size: { i, p in try sizeOf(i, p.transposed).transposed })
        transposed.guides = guides.transposed
        transposed.layoutDirection = layoutDirection
        return transposed
    }

    /// The items in `range` of this context, re-based to 0 (one section of a sectioned layout).
    /// - Precondition: `range` lies within `0..<count`.
    /// - Complexity: O(sections in `range`).
    public func slice(_ range: Range<Int>) -> LayoutContext {
        precondition(range.lowerBound >= 0 && range.upperBound <= count,
                     "LayoutContext.slice: range \(range) is outside the context's \(count) items")
        return slice(range, sections: Self.sections(sections, within: range))
    }

    /// The items of section `s` of this context, re-based to 0, as that one section. A slice of
    /// its range would also hold an empty section at either edge, which a nested sections layout
    /// would then lay out again with each neighbour.
    /// - Precondition: `s` is one of `sections`' indices.
    /// - Complexity: O(1).
    func slice(section s: Int) -> LayoutContext {
        let section = sections[s]
        return slice(section.range, sections: [Dataset.Section(id: section.id, fields: section.fields,
                                                               range: 0..<section.range.count)])
    }

    /// The items in `range` re-based to 0, grouped into `sections` (tiling `0..<range.count`).
    private func slice(_ range: Range<Int>, sections: [Dataset.Section]) -> LayoutContext {
        let sizeOf = self.sizeOf, itemAt = self.itemAt, base = range.lowerBound
        var sliced = LayoutContext(collectionSize: collectionSize, count: range.count,
                                   sections: sections, item: { itemAt(base + $0) },
                                   size: { i, p in try sizeOf(base + i, p) })
        sliced.direct = direct.map { var d = $0; d.base += base; return d }
        sliced.guides = guides
        sliced.layoutDirection = layoutDirection
        if let id = identifierAt {
            sliced.identifierAt = { @Sendable i in id(base + i) }
        }
        return sliced
    }

    /// The sections of `all` (tiling some items in order) that lie within `range`, re-based to
    /// start at 0 and tiling `0..<range.count`. When `range` cuts through a section, the range is
    /// one section, with the id and fields of the section holding its first item (id 0 when
    /// there are no sections).
    /// - Complexity: O(log S + k) for S sections, k of them inside (a binary search, since
    ///   sections tile the items in order), so a t.sections pass over S one-item sections whose
    ///   contexts each take their sections stays O(S log S), not O(S²).
    static func sections(_ all: [Dataset.Section], within range: Range<Int>) -> [Dataset.Section] {
        let start = range.lowerBound, end = range.upperBound
        // The first section starting at or after `start` (empty ones included).
        var lo = 0, hi = all.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if all[mid].range.lowerBound < start { lo = mid + 1 } else { hi = mid }
        }
        var inside: [Dataset.Section] = []
        var k = lo
        while k < all.count, all[k].range.upperBound <= end, all[k].range.lowerBound < end || all[k].range.isEmpty {
            let section = all[k]
            if section.range.lowerBound > end { break }
            inside.append(Dataset.Section(id: section.id, fields: section.fields,
                                          range: (section.range.lowerBound - start)..<(section.range.upperBound - start)))
            k += 1
        }
        if let first = inside.first, let last = inside.last, first.range.lowerBound == 0, last.range.upperBound == range.count {
            return inside
        }
        let holder = all.isEmpty ? nil : all[Dataset.sectionIndex(containing: start, in: all)]
        guard let holder, holder.range.contains(start) else { return [Dataset.Section(id: .int(0), range: 0..<range.count)] }
        return [Dataset.Section(id: holder.id, fields: holder.fields, range: 0..<range.count)]
    }

    /// The same items with another size rule (a script's own `size(item, pw, ph)`).
    public func withSizes(_ size: @escaping @Sendable (Int, Size) throws -> Size) -> LayoutContext {
        var context = LayoutContext(collectionSize: collectionSize, count: count, sections: sections, item: itemAt, size: size)
        context.guides = guides
        context.layoutDirection = layoutDirection
        return context
    }
}
