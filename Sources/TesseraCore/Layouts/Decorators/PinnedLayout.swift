/// Pins section headers to the top of the viewport (CollectionKit's StickyLayout; Lua's
/// `t.sticky(layout, fn)` and `layout:sticky(fn)`, names the scripts keep).
///
/// A pinned item whose resting minY is above the visible area's top sits at that top and is
/// pushed up by the next pinned item: `y = max(rest, min(top, next.minY − height))`. Two fixes
/// over CollectionKit: the pin takes the scroll state as an argument (no state stored by the
/// visible query), and the last header is pushed up by the bottom of its own section instead of
/// staying pinned for ever. Pinned items also come out as pinned "header" supplementaries.
public struct PinnedLayout: Layout {
    /// The layout whose items pin.
    public var root: any Layout
    /// Which items pin; gets a 0-based index. Default: even indices (headers before sections).
    public var isPinned: @Sendable (Int) -> Bool

    /// `root` with the items `isPinned` picks pinned to the top.
    public init(_ root: any Layout, isPinned: @escaping @Sendable (Int) -> Bool = { $0 % 2 == 0 }) {
        self.root = root
        self.isPinned = isPinned
    }

    /// A pinned item's section is the root's when its result has sections, else the context's:
    /// a simple layout's result is one section while its items keep their dataset's sections.
    /// - Complexity: the root's layout, plus O(n) to find pinned items and section bottoms, and
    ///   O(p log s) for the sections of p pinned items among s sections.
    public func layout(_ context: LayoutContext) throws -> AnyLayoutResult {
        let base = try root.layout(context)
        let ownSections = base.sectionRanges.count > 1 || context.sections.count <= 1
        var pinned: [PinnedResult.Header] = []
        var sectionBottom = 0.0
        for i in 0..<base.count {
            let f = try base.frame(at: i)
            if isPinned(i) {
                if !pinned.isEmpty { pinned[pinned.count - 1].sectionBottom = sectionBottom }
                let section = ownSections ? try base.section(ofItem: i) : Dataset.sectionIndex(containing: i, in: context.sections)
                pinned.append(.init(index: i, section: section, frame: f, sectionBottom: f.maxY))
                sectionBottom = f.maxY
            } else {
                sectionBottom = max(sectionBottom, f.maxY)
            }
        }
        if !pinned.isEmpty { pinned[pinned.count - 1].sectionBottom = sectionBottom }
        return AnyLayoutResult(PinnedResult(base: base, headers: pinned))
    }
}

/// The root's result with its chosen items pinned; each such item is also a pinned "header"
/// supplementary anchored to it (zIndex 1), so it draws above the cards.
///
/// A header's pinned frame is `Pinning.frame` with the visible area's top and, as its end, the
/// next header's resting minY (the last header: the bottom of its own section). Headers are
/// indexed by their sweeps, so queries stay O(log n + k).
struct PinnedResult: ForwardingLayoutResult {
    struct Header {
        var index: Int
        var section: Int
        var frame: Rect
        /// Lowest maxY of the header and the items after it, up to the next pinned item.
        var sectionBottom: Double
        /// The y the pinned header's bottom may not pass.
        var end: Double = 0
    }

    let base: any LayoutResult
    /// Pinned items sorted by resting minY.
    let headers: [Header]
    /// Position in `headers` of each pinned item.
    let headerOf: [Int: Int]
    /// Index over the headers' sweeps, by position in `headers`.
    let sweeps: SpatialIndex

    init(base: any LayoutResult, headers unsorted: [Header]) {
        var headers = unsorted.sorted { ($0.frame.minY, $0.index) < ($1.frame.minY, $1.index) }
        for k in headers.indices {
            headers[k].end = k + 1 < headers.count ? headers[k + 1].frame.minY : headers[k].sectionBottom
        }
        self.base = base
        self.headers = headers
        self.headerOf = Dictionary(uniqueKeysWithValues: headers.enumerated().map { ($0.element.index, $0.offset) })
        self.sweeps = SpatialIndex(frames: headers.map { Pinning.sweep($0.frame, end: $0.end) })
    }

    var elements: [LayoutElement] { base.elements + headers.map { supplementary($0, frame: $0.frame) } }
    var pinLimits: [Double?] { base.pinLimits + headers.map(\.end) }

    func frame(at index: Int, scroll: ScrollState) throws -> Rect {
        guard let k = headerOf[index] else { return try base.frame(at: index, scroll: scroll) }
        return pinnedFrame(k, top: scroll.contentOffset.y)
    }

    func pinnedFrame(_ k: Int, top: Double) -> Rect { Pinning.frame(headers[k].frame, top: top, end: headers[k].end) }

    /// Headers drawn inside `rect` when the visible area's top is at `top`, with their frames.
    private func shownHeaders(in rect: Rect, top: Double) -> [(Int, Rect)] {
        sweeps.query(rect).compactMap { k in
            let f = pinnedFrame(k, top: top)
            return f.overlapsWithPositiveArea(rect) ? (headers[k].index, f) : nil
        }
    }

    /// The root's visible unpinned items plus the pinned ones as pinned for `rect`'s top.
    func visible(in rect: Rect) throws -> [Int] {
        let plain = try base.visible(in: rect).filter { headerOf[$0] == nil }
        let pinned = shownHeaders(in: rect, top: rect.minY).map(\.0)
        return pinned.isEmpty ? plain : (plain + pinned).sorted()
    }

    func elements(in rect: Rect, scroll: ScrollState) throws -> [LayoutElement] {
        var found = try base.elements(in: rect, scroll: scroll).filter { $0.category != .item || headerOf[$0.index!] == nil }
        for (i, f) in shownHeaders(in: rect, top: scroll.contentOffset.y) {
            found.append(.item(i, section: headers[headerOf[i]!].section, frame: f, zIndex: try base.zIndex(ofItem: i)))
            found.append(supplementary(headers[headerOf[i]!], frame: f))
        }
        return LayoutElement.inDrawingOrder(found)
    }

    /// A header's supplementary, in its item's section.
    private func supplementary(_ h: Header, frame: Rect) -> LayoutElement {
        .supplementary("header", section: h.section, index: h.index, frame: frame, pinned: true)
    }
}
