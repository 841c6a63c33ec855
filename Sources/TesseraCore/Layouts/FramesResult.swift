/// A layout result that owns its frames in contiguous storage plus one spatial index over its
/// items, supplementaries and decorations.
///
/// **Storage.** Box ids below `count` are the item frames (`itemFrames`, the array the layout
/// gave, not copied); then `otherBoxes` holds one box per element: its frame, or for a pinned
/// element the *sweep* of every place it can be drawn (see `Pinning`), then (when some section
/// scrolls orthogonally) one per orthogonal section: its scroller frame.
///
/// **Indexes.** Without orthogonal sections, `index` covers every box in the order
/// `SpatialIndex` picks. With them, both indexes share the boxes, each over its own part listed
/// section by section: `orthogonalIndex` over what scrolls inside a scroller (its items and
/// their badges, at rest), `index` over everything else plus the scroller frames, so a section's
/// items, headers, background and scroller sit in neighbouring leaves (a viewport meets them
/// in one walk) and layout-level elements, which span the content, come last.
///
/// **Query.** Hits of `index` are mapped to their drawn frames (pinned elements re-tested at
/// their pinned place). For each scroller hit, `orthogonalIndex` is walked with the rectangle
/// clipped to the scroller and moved by the section's offset. The hits are collected as plain
/// drawing keys and frames, sorted, and each element is built once. O(log n + k) for k hits
/// (plus the few pinned elements whose sweep, but not their drawn frame, reaches the
/// rectangle, and one walk per scroller met).
///
/// Content size is the bounding box of the origin, the frames and the elements (orthogonal
/// sections count by their scroller frame), grown to `minimumContentSize`.
public struct FramesResult: LayoutResult {
    public let count: Int
    public let contentSize: Size
    /// The spatial index over the resting frames (`visible(in:)` asks it).
    public let index: SpatialIndex
    /// Index over the boxes that scroll inside orthogonal sections, at rest; nil without such
    /// sections.
    let orthogonalIndex: SpatialIndex?
    public let elements: [LayoutElement]
    public let orthogonalSections: [OrthogonalSection]
    /// Item frames, at rest.
    let itemFrames: [Rect]
    /// Element boxes (pinned ones swept), then scroller frames: box `count + k` is `otherBoxes[k]`.
    let otherBoxes: [Rect]
    /// First item of each section; sections tile `0..<count` in order.
    let sectionStarts: [Int]
    /// The section of every item whose index is a multiple of 2^`blockShift` (the last entry
    /// for the last such item): `section(ofItem:)` searches only between two neighbours.
    let sectionOfBlock: [Int32]
    static let blockShift = 8
    /// Per-item zIndex, or empty when every item is at 0.
    let itemZIndices: [Int]
    /// Per section, the zIndex all its items share, or `Int.min` when they differ; empty when
    /// `itemZIndices` is. Queries read it instead of the per-item array, far from the frames.
    let sectionZIndices: [Int]
    /// For each pinned element, the y it may not pass: its bottom for a top-pinned one (its
    /// section's end), its top for a bottom-pinned one (its section's start); 0 when not pinned.
    let limits: [Double]
    /// Position in `orthogonalSections` by section index, −1 for a section that does not scroll;
    /// empty when no section does.
    let orthogonalBySection: [Int32]

    /// Each element's pin limit (`LayoutResult.pinLimits`), nil for one that does not pin. O(e).
    public var pinLimits: [Double?] { zip(elements, limits).map { $0.pinned ? $1 : nil } }

    /// The item frames at rest, in flattened order.
    public var frames: ArraySlice<Rect> { itemFrames[...] }

    /// Validates every frame, element and orthogonal section, and indexes items and elements.
    ///
    /// - Parameters:
    ///   - frames: every item's frame at rest, in flattened order.
    ///   - minimumContentSize: the least content size (the bounding box of the frames and
    ///     elements grows it).
    ///   - sections: item ranges of the sections, tiling `0..<frames.count` in order (default:
    ///     one section).
    ///   - elements: supplementaries and decorations at rest. A top-pinned element is pushed up
    ///     by its section's end: the lowest bottom of the section's items (its scroller for an
    ///     orthogonal section) and unpinned elements, or its own bottom if lower. A bottom-pinned
    ///     one is pushed down by its section's start: the highest top of the same, or its own top
    ///     if higher. A global element's "section" is the whole content (0 to the content height).
    ///     An element's `pinUntil`, when set, is its limit instead.
    ///   - itemZIndices: one per item, or empty for all 0.
    ///   - orthogonal: sections that scroll on the cross axis, at most one entry per section.
    ///   - stated: the content size when the layout states it (a script's `layout`),
    ///     instead of the bounding box.
    ///   - layoutName: the layout's name, as error messages cite it (`"waterfall"` gives "waterfall layout gave ...").
    /// - Throws: `LayoutError` naming the first invalid frame, element or section.
    /// - Complexity: O(n + m) to validate and to build the index (n items, m elements).
    public init(frames: [Rect], minimumContentSize: Size = .zero, contentSize stated: Size? = nil, elements: [LayoutElement] = [],
                sections: [Range<Int>]? = nil, itemZIndices: [Int] = [], orthogonal: [OrthogonalSection] = [],
                layoutName: String = "the") throws {
        let n = frames.count
        let ranges = sections ?? [0..<n]
        guard !ranges.isEmpty, ranges[0].lowerBound == 0, ranges[ranges.count - 1].upperBound == n,
              zip(ranges, ranges.dropFirst()).allSatisfy({ $0.upperBound == $1.lowerBound }) else {
            throw LayoutError.invalidResult(layout: layoutName, problem: "gave sections that do not tile its \(NumberText.counted(n, "item")) in order")
        }
        guard itemZIndices.isEmpty || itemZIndices.count == n else {
            throw LayoutError.invalidResult(layout: layoutName, problem: "gave \(NumberText.counted(itemZIndices.count, "item zIndex value")) for \(NumberText.counted(n, "item"))")
        }
        var orthogonalBySection = orthogonal.isEmpty ? [] : [Int32](repeating: -1, count: ranges.count)
        for (k, o) in orthogonal.enumerated() {
            guard ranges.indices.contains(o.section) else {
                throw LayoutError.invalidOrthogonalSection(layout: layoutName, section: o.section,
                                                          problem: "made section \(o.section) orthogonal; expected a section in 0..<\(ranges.count)")
            }
            guard o.frame.isValidFrame else {
                throw LayoutError.invalidOrthogonalSection(
                    layout: layoutName, section: o.section,
                    problem: "gave orthogonal section \(o.section) an invalid frame \(o.frame.exact); expected finite numbers and a non-negative size")
            }
            guard o.contentSize.width.isFinite, o.contentSize.height.isFinite, o.contentSize.width >= 0, o.contentSize.height >= 0 else {
                throw LayoutError.invalidOrthogonalSection(
                    layout: layoutName, section: o.section,
                    problem: "gave orthogonal section \(o.section) an invalid content size \(NumberText.exact(o.contentSize.width)) x \(NumberText.exact(o.contentSize.height)); expected finite numbers, not negative")
            }
            guard orthogonalBySection[o.section] < 0 else {
                throw LayoutError.invalidOrthogonalSection(layout: layoutName, section: o.section, problem: "made section \(o.section) orthogonal twice")
            }
            orthogonalBySection[o.section] = Int32(k)
        }

        // Bounding box and section ends and starts (the y a pinned element of the section may
        // not pass).
        var maxX = minimumContentSize.width, maxY = minimumContentSize.height
        var sectionEnds = [Double](repeating: -.infinity, count: ranges.count)
        var sectionStarts = [Double](repeating: .infinity, count: ranges.count)
        try frames.withUnsafeBufferPointer { frames in
            for (s, range) in ranges.enumerated() {
                if !orthogonal.isEmpty, orthogonalBySection[s] >= 0 {
                    // The scroller stands for its items.
                    for i in range where !frames[i].isValidFrame { throw LayoutError.invalidFrame(i, frames[i], layout: layoutName) }
                    let scroller = orthogonal[Int(orthogonalBySection[s])].frame
                    sectionEnds[s] = scroller.maxY
                    sectionStarts[s] = scroller.minY
                    maxX = max(maxX, scroller.maxX); maxY = max(maxY, scroller.maxY)
                    continue
                }
                var start = Double.infinity, end = -Double.infinity, right = maxX
                for i in range {
                    let f = frames[i]
                    guard f.isValidFrame else { throw LayoutError.invalidFrame(i, f, layout: layoutName) }
                    // `a > b ? a : b` is `max(a, b)` for numbers (equal ones give b, zeros' signs
                    // included) in one max instruction; `max`'s `>=` is a compare and three masks,
                    // and this chain runs once per item.
                    start = min(start, f.minY)
                    end = end > f.maxY ? end : f.maxY
                    right = right > f.maxX ? right : f.maxX
                }
                sectionStarts[s] = start; sectionEnds[s] = end
                maxX = right; maxY = max(maxY, end)
            }
        }
        for (k, e) in elements.enumerated() {
            try Self.validate(e, k, ranges: ranges, orthogonal: orthogonalBySection, layoutName: layoutName)
            // Badges of orthogonal sections scroll with their items: the scroller already counts.
            if e.index == nil || orthogonal.isEmpty || orthogonalBySection[e.section] < 0 {
                maxX = max(maxX, e.frame.maxX); maxY = max(maxY, e.frame.maxY)
            }
            if !e.pinned && !e.isGlobal {
                sectionEnds[e.section] = max(sectionEnds[e.section], e.frame.maxY)
                sectionStarts[e.section] = min(sectionStarts[e.section], e.frame.minY)
            }
        }
        guard maxX.isFinite, maxY.isFinite else {
            throw LayoutError.contentSizeNotFinite(layout: layoutName, width: maxX, height: maxY)
        }
        let contentHeight = stated?.height ?? maxY, contentWidth = stated?.width ?? maxX
        // Sideways pins (a transposed layout's, flattened into this one) are rare: their sections'
        // extents in x are found only when one needs them.
        let sideways = elements.contains { $0.pinned && $0.pinEdge.isAlongX && $0.statedPinLimit == nil }
            ? Self.sectionExtentsInX(frames: frames, ranges: ranges, elements: elements, orthogonal: orthogonal,
                                     orthogonalBySection: orthogonalBySection)
            : (starts: [], ends: [])
        let pinLimits = elements.map { e -> Double in
            guard e.pinned else { return 0 }
            if let stated = e.statedPinLimit { return stated }
            let spanned = e.section..<(e.section + e.sectionSpan)
            switch e.pinEdge {
            case .top: return max(e.isGlobal ? contentHeight : sectionEnds[spanned].max()!, e.frame.maxY)
            case .bottom: return min(e.isGlobal ? 0 : sectionStarts[spanned].min()!, e.frame.minY)
            case .left: return max(e.isGlobal ? contentWidth : sideways.ends[spanned].max()!, e.frame.maxX)
            case .right: return min(e.isGlobal ? 0 : sideways.starts[spanned].min()!, e.frame.minX)
            }
        }

        var otherBoxes: [Rect] = []
        otherBoxes.reserveCapacity(elements.count + orthogonal.count)
        for (e, limit) in zip(elements, pinLimits) {
            otherBoxes.append(e.pinned ? Pinning.sweep(e.frame, edge: e.pinEdge, limit: limit) : e.frame)
        }
        otherBoxes.append(contentsOf: orthogonal.lazy.map(\.frame))
        self.count = n
        self.contentSize = stated ?? Size(width: maxX, height: maxY)
        self.elements = elements
        self.orthogonalSections = orthogonal
        self.itemFrames = frames
        self.otherBoxes = otherBoxes
        self.sectionStarts = ranges.map(\.lowerBound)
        var sectionOfBlock: [Int32] = [], section = 0
        sectionOfBlock.reserveCapacity(n >> Self.blockShift + 1)
        for first in stride(from: 0, through: n, by: 1 << Self.blockShift) {
            while section + 1 < ranges.count && ranges[section + 1].lowerBound <= first { section += 1 }
            sectionOfBlock.append(Int32(section))
        }
        self.sectionOfBlock = sectionOfBlock
        self.itemZIndices = itemZIndices
        self.sectionZIndices = itemZIndices.isEmpty ? [] : ranges.map { range in
            guard let first = range.first.map({ itemZIndices[$0] }) else { return 0 }
            return itemZIndices[range].allSatisfy { $0 == first } ? first : .min
        }
        self.limits = pinLimits
        self.orthogonalBySection = orthogonalBySection
        if orthogonal.isEmpty {
            self.index = SpatialIndex(frames: otherBoxes.isEmpty ? frames : frames + otherBoxes)
            self.orthogonalIndex = nil
        } else {
            let listed = Self.listings(ranges: ranges, elements: elements, orthogonalBySection: orthogonalBySection)
            self.index = SpatialIndex(frames: frames, then: otherBoxes, listing: listed.fixed)
            self.orthogonalIndex = SpatialIndex(frames: frames, then: otherBoxes, listing: listed.scrolling)
        }
        _checkInvariants()
    }

    /// The entries of the two indexes of a result with orthogonal sections, section by section,
    /// as runs of consecutive box ids: `scrolling`, each orthogonal section's items then its
    /// badges; `fixed`, each section's decorations, its items (unless it scrolls), its other
    /// elements and its scroller, and last the layout-level elements. Backgrounds before items
    /// before headers is also drawing order, so a query's hits come nearly sorted.
    /// O(s + m) (items go in whole ranges).
    private static func listings(ranges: [Range<Int>], elements: [LayoutElement],
                                 orthogonalBySection: [Int32]) -> (fixed: [Range<Int>], scrolling: [Range<Int>]) {
        let n = ranges[ranges.count - 1].upperBound, m = elements.count
        // Elements grouped by section, keeping their order (a counting sort); global ones apart.
        var firstElement = [Int](repeating: 0, count: ranges.count + 1)
        for e in elements where !e.isGlobal { firstElement[e.section + 1] += 1 }
        for s in ranges.indices { firstElement[s + 1] += firstElement[s] }
        var bySection = [Int](repeating: 0, count: firstElement[ranges.count])
        var next = firstElement
        for (k, e) in elements.enumerated() where !e.isGlobal {
            bySection[next[e.section]] = n + k
            next[e.section] += 1
        }
        var fixed: [Range<Int>] = [], scrolling: [Range<Int>] = []
        func add(_ run: Range<Int>, to runs: inout [Range<Int>]) {
            guard !run.isEmpty else { return }
            if let last = runs.last, last.upperBound == run.lowerBound {
                runs[runs.count - 1] = last.lowerBound..<run.upperBound
            } else {
                runs.append(run)
            }
        }
        for (s, range) in ranges.enumerated() {
            let scroller = Int(orthogonalBySection[s])
            let sectionElements = bySection[firstElement[s]..<firstElement[s + 1]]
            for id in sectionElements where elements[id - n].category == .decoration { add(id..<id + 1, to: &fixed) }
            if scroller >= 0 { add(range, to: &scrolling) } else { add(range, to: &fixed) }
            for id in sectionElements where elements[id - n].category != .decoration {
                if scroller >= 0 && elements[id - n].index != nil { add(id..<id + 1, to: &scrolling) } else { add(id..<id + 1, to: &fixed) }
            }
            if scroller >= 0 { add(n + m + scroller..<n + m + scroller + 1, to: &fixed) }
        }
        for (k, e) in elements.enumerated() where e.isGlobal { add(n + k..<n + k + 1, to: &fixed) }
        return (fixed, scrolling)
    }

    private static func validate(_ e: LayoutElement, _ k: Int, ranges: [Range<Int>], orthogonal: [Int32],
                                 layoutName: String) throws {
        // The sentence is built only when shown: interpolation per element would dominate the pass.
        func refused(_ problem: String) -> LayoutError {
            .invalidElement(layout: layoutName, position: k, element: e, problem: problem)
        }
        guard e.category != .item else { throw refused("is an item; items are given as frames") }
        guard e.frame.isValidFrame else {
            throw refused("has an invalid frame \(e.frame.exact); expected finite numbers and a non-negative size")
        }
        guard ranges.indices.contains(e.section) else {
            throw refused("is in section \(e.section); expected a section in 0..<\(ranges.count)")
        }
        // Compared as a difference: `section + sectionSpan` overflows for a span near Int.max.
        guard e.sectionSpan >= 1, e.sectionSpan <= ranges.count - e.section else {
            throw refused("spans \(e.sectionSpan) sections from section \(e.section); expected 1 or more sections within 0..<\(ranges.count)")
        }
        guard !(e.isGlobal && e.index != nil) else {
            throw refused("is global and anchored to item \(e.index!); a global element belongs to no item")
        }
        if let i = e.index {
            guard ranges[e.section].contains(i) else {
                throw refused("is anchored to item \(i), which is not in its section \(e.section) (items \(ranges[e.section]))")
            }
            guard !(e.pinned && !orthogonal.isEmpty && orthogonal[e.section] >= 0) else {
                throw refused("is pinned and anchored to an item of orthogonal section \(e.section); only section-level elements pin there")
            }
        }
    }

    /// Item `index`'s resting frame. O(1).
    /// - Throws: `LayoutError.indexOutOfRange` for an index outside `0..<count`.
    public func frame(at index: Int) throws(LayoutError) -> Rect {
        try checkIndex(index)
        return itemFrames[index]
    }

    /// Box `id`: an item frame or one of `otherBoxes`. O(1).
    @inline(__always)
    func box(_ id: Int) -> Rect { id < count ? itemFrames[id] : otherBoxes[id - count] }

    /// All resting frames, in flattened order (no `try`: these frames are stored). O(n).
    public var allFrames: [Rect] { Array(frames) }

    /// Item `index`'s frame as drawn for `scroll` (moved by its section's offset when the section
    /// scrolls sideways). O(1), or O(log k) with orthogonal sections.
    /// - Throws: `LayoutError.indexOutOfRange` for an index outside `0..<count`.
    public func frame(at index: Int, scroll: ScrollState) throws(LayoutError) -> Rect {
        try checkIndex(index)
        guard !orthogonalBySection.isEmpty else { return itemFrames[index] }
        let s = sectionIndex(ofItem: index)
        guard orthogonalBySection[s] >= 0 else { return itemFrames[index] }
        let o = scroll.offset(ofSection: s)
        return itemFrames[index].offsetBy(dx: -o.x, dy: -o.y)
    }

    /// The last section starting at or before `index` (empty sections start where the next does).
    /// O(log k) for k sections among the 2^`blockShift` items around `index`.
    /// - Throws: `LayoutError.indexOutOfRange` for an index outside `0..<count`.
    public func section(ofItem index: Int) throws(LayoutError) -> Int {
        try checkIndex(index)
        return sectionIndex(ofItem: index)
    }

    /// `section(ofItem:)` for an index known to be in range.
    func sectionIndex(ofItem index: Int) -> Int {
        let block = Swift.max(0, Swift.min(index >> Self.blockShift, sectionOfBlock.count - 1))
        var lo = Int(sectionOfBlock[block])
        var hi = block + 1 < sectionOfBlock.count ? Int(sectionOfBlock[block + 1]) + 1 : sectionStarts.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if sectionStarts[mid] <= index { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// Item `index`'s drawing order. O(1).
    /// - Throws: `LayoutError.indexOutOfRange` for an index outside `0..<count`.
    public func zIndex(ofItem index: Int) throws(LayoutError) -> Int {
        try checkIndex(index)
        return itemZIndices.isEmpty ? 0 : itemZIndices[index]
    }

    // Lookups that answer an index outside `0..<count` with nil instead of an error: for code
    // that cannot throw (a UIKit layout's overrides). The throwing ones above are the same
    // queries, for code that holds any `LayoutResult`.

    /// Item `index`'s resting frame, or nil for an index outside `0..<count`. O(1).
    public func frameIfPresent(at index: Int) -> Rect? { try? frame(at: index) }
    /// Item `index`'s frame as drawn for `scroll`, or nil for an index outside `0..<count`.
    /// O(1), or O(log k) with orthogonal sections.
    public func frameIfPresent(at index: Int, scroll: ScrollState) -> Rect? { try? frame(at: index, scroll: scroll) }
    /// Item `index`'s 0-based section, or nil for an index outside `0..<count`. O(log k).
    public func sectionIfPresent(ofItem index: Int) -> Int? { try? section(ofItem: index) }
    /// Item `index`'s drawing order, or nil for an index outside `0..<count`. O(1).
    public func zIndexIfPresent(ofItem index: Int) -> Int? { try? zIndex(ofItem: index) }

    /// O(sections).
    public var sectionRanges: [Range<Int>] {
        sectionStarts.indices.map { s in sectionStarts[s]..<(s + 1 < sectionStarts.count ? sectionStarts[s + 1] : count) }
    }

    /// The items overlapping `rect` as drawn when scrolled to its origin, ascending.
    /// O(log n + k).
    public func visible(in rect: Rect) -> [Int] {
        if !orthogonalSections.isEmpty { return LayoutElement.itemIndices(of: elements(in: rect, scroll: ScrollState(showing: rect))) }
        let hits = index.query(rect)
        guard !elements.isEmpty else { return hits }
        // Hits ascend, so the items come first.
        var end = hits.count
        while end > 0, hits[end - 1] >= count { end -= 1 }
        return Array(hits[0..<end])
    }
}
