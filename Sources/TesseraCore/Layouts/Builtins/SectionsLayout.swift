/// A section header or footer of `SectionsLayout` and `SplitLayout`: a band across the section
/// (or its column), its height, whether it pins (a header to the top of the visible area, pushed
/// up by the section's end; a footer to the bottom, pushed down by the section's start), its
/// drawing order and kind. Lua's `header = {height =, pinned =}` of
/// `t.sections` and `t.split`.
///
/// Not `Compositional.BoundaryItem`, which is sized by a `Compositional.LayoutSize` and aligned
/// on any edge of its section (UIKit's boundary supplementary item).
public struct SectionBoundary: Hashable, Sendable {
    /// Its height; 0 means no element.
    public var height: Double
    /// Pinned while its section is on screen: a header to the top of the visible area, a footer
    /// to the bottom (as UIKit pins section footers).
    public var pinned: Bool
    /// Drawing order (above items, at 0, by default).
    public var zIndex: Int
    /// The supplementary's kind ("header" or "footer" unless a provider names its views).
    public var kind: String?
    /// Its width, from the section's leading edge; nil spans the section's box (the column in a
    /// split layout, where a width of 0, like a height of 0, means no element).
    public var width: Double?
    /// A header or footer `height` tall.
    public init(height: Double, pinned: Bool = false, zIndex: Int = 1, kind: String? = nil, width: Double? = nil) {
        self.height = height; self.pinned = pinned; self.zIndex = zIndex; self.kind = kind; self.width = width
    }

    /// The edge this boundary pins to as a footer: the bottom when pinned (an element that does
    /// not pin keeps the default edge).
    var footerEdge: LayoutElement.PinEdge { pinned ? .bottom : .top }
}

/// One layout per section of the context, the sections arranged by an outer layout
/// (CollectionKit's ComposedProvider), each optionally with a header above and a footer below
/// it. Items keep their flattened indices; a section's frame origin offsets its items' frames,
/// elements and orthogonal scrollers.
///
/// A section's box is its header, its layout's content and its footer, stacked; headers and
/// footers span the width the section was offered. The outer layout sees one item per section,
/// identified by the section's id (so a row's fill names sections), and its content size (its
/// insets, the room it gave a section) counts in the result's. Its size for a proposal is that
/// box when the section is laid out in that proposal (the last proposal wins, as in CollectionKit).
/// Sections the outer layout never measured are laid out in the size of the frame it gave them.
/// With no outer layout, sections are stacked vertically with `spacing` between them.
///
/// A section's layout may give a result of several sections (a provider's, over a sectioned
/// dataset or of its own sections): they are kept, numbered on from the sections before, so the
/// result's sections are the concatenation of the parts' sections. A header then belongs to the
/// part's first section and spans all of them (pinned, it is pushed up by the part's end); a
/// footer belongs to its last.
///
/// The layout of each section is chosen on every layout pass by `sectionProvider`, which sees the
/// pass's environment as a compositional section provider does: the container the sections
/// layout fills, that less the safe area's left and right insets, and the reading direction
/// (right to left under a `MirroredLayout`).
public struct SectionsLayout: Layout {
    /// The layout for section `index` (0-based, with its dataset section, when there is one) in
    /// the environment of the layout pass.
    public var sectionProvider: @Sendable (Int, Dataset.Section?, Compositional.Environment) throws -> any Layout
    /// The layout for section `index`, whatever the environment. Reading it gives
    /// `sectionProvider` called in an empty environment (a zero-sized container, left to right).
    @available(*, deprecated, renamed: "sectionProvider", message: "sectionProvider also gets the layout pass's environment")
    public var sectionLayout: @Sendable (Int, Dataset.Section?) throws -> any Layout {
        get {
            let provider = sectionProvider
            return { index, section in try provider(index, section, Compositional.Environment(container: .zero, effectiveContainer: .zero)) }
        }
        set { sectionProvider = { index, section, _ in try newValue(index, section) } }
    }
    /// How sections are arranged; nil stacks them vertically.
    public var arrangement: (any Layout)?
    /// Gap between stacked sections (with no `arrangement`).
    public var spacing: Double
    /// Each section's header ("header" supplementary), or nil for none.
    public var header: (@Sendable (Int, Dataset.Section?) throws -> SectionBoundary?)?
    /// Each section's footer ("footer" supplementary), or nil for none.
    public var footer: (@Sendable (Int, Dataset.Section?) throws -> SectionBoundary?)?
    /// Headers are items of `arrangement` of their own, each before its section (CollectionKit's
    /// ComposedHeaderProvider: 2n items, header `s` at `2s`), instead of the top of the section's box.
    var arrangesHeaders = false
    /// A `sectionLayout` table that names sections by id, checked on every layout.
    package var sectionKeys: [SectionKeys] = []

    /// Sections laid out by `sectionLayout`, the same whatever the environment, arranged by
    /// `arrangement` (or stacked `spacing` apart).
    public init(arrangement: (any Layout)? = nil, spacing: Double = 0,
                header: (@Sendable (Int, Dataset.Section?) throws -> SectionBoundary?)? = nil,
                footer: (@Sendable (Int, Dataset.Section?) throws -> SectionBoundary?)? = nil,
                sectionLayout: @escaping @Sendable (Int, Dataset.Section?) throws -> any Layout) {
        self.init(arrangement: arrangement, spacing: spacing, header: header, footer: footer) { index, section, _ in
            try sectionLayout(index, section)
        }
    }

    /// Sections laid out by what `sectionProvider` chooses in each layout pass's environment
    /// (called once per section per pass, before any section is laid out), arranged by
    /// `arrangement` (or stacked `spacing` apart).
    public init(arrangement: (any Layout)? = nil, spacing: Double = 0,
                header: (@Sendable (Int, Dataset.Section?) throws -> SectionBoundary?)? = nil,
                footer: (@Sendable (Int, Dataset.Section?) throws -> SectionBoundary?)? = nil,
                sectionProvider: @escaping @Sendable (Int, Dataset.Section?, Compositional.Environment) throws -> any Layout) {
        self.arrangement = arrangement
        self.spacing = spacing
        self.header = header
        self.footer = footer
        self.sectionProvider = sectionProvider
    }

    /// The environment `sectionProvider` sees in `context`: its container, less the safe area
    /// across (sections stack vertically, as a compositional layout's do by default), and its
    /// reading direction. O(1).
    static func environment(of context: LayoutContext) -> Compositional.Environment {
        let size = context.collectionSize
        return Compositional.Environment(container: size, reference: Compositional.ContentInsetsReference.safeArea.insets(in: size, guides: context.guides),
                                         axis: .vertical, layoutDirection: context.layoutDirection)
    }

    /// One section laid out in a proposal: its item frames and content size, what its result
    /// adds to frames (elements, non-zero zIndices, sideways sections), and the result itself
    /// only when it answers queries the flattened index cannot (see `SectionsResult.Traits`):
    /// a result kept per section would hold its own index, many times a section's frames.
    fileprivate struct Measured {
        var frames: [Rect]
        var contentSize: Size
        /// The result's elements, in its coordinates, sections and items.
        var elements: [LayoutElement] = []
        /// The items whose zIndex is not 0, with it.
        var zIndices: [(item: Int, zIndex: Int)] = []
        var orthogonal: [OrthogonalSection] = []
        /// The result, when a part of the sections' result must keep answering for it.
        var kept: (result: any LayoutResult, traits: SectionsResult.Traits)?
        /// The result's own sections (one for simple layouts).
        var parts: [Range<Int>]
        var proposal: Size
        var header: SectionBoundary?
        var footer: SectionBoundary?
        var size: Size {
            let h = (header?.height ?? 0) + (footer?.height ?? 0)
            let width = header == nil && footer == nil ? contentSize.width : max(contentSize.width, proposal.width)
            return Size(width: width, height: contentSize.height + h)
        }

        /// A simple layout's frames need no index of their own: the sections' result indexes
        /// every item once.
        init(_ layout: any Layout, _ context: LayoutContext, header: SectionBoundary?, footer: SectionBoundary?) throws {
            if let simple = layout as? any SimpleLayout {
                (frames, contentSize) = try simple.placedFrames(context)
                parts = [0..<frames.count]
            } else {
                let result = try layout.layout(context)
                (frames, contentSize) = (try result.allFrames, result.contentSize)
                parts = result.sectionRanges
                for i in 0..<result.count {
                    let z = try result.zIndex(ofItem: i)
                    if z != 0 { zIndices.append((i, z)) }
                }
                (elements, orthogonal) = (result.elements, result.orthogonalSections)
                let traits = SectionsResult.Traits.of(result)
                if !orthogonal.isEmpty || traits.restyles || traits.drawsItsOwnItems { kept = (result, traits) }
            }
            (proposal, self.header, self.footer) = (context.collectionSize, header, footer)
        }
    }

    /// - Complexity: one `sectionProvider` call per section, the sum of the section layouts
    ///   (each run once per distinct measure) plus O(n) to flatten frames and build one index
    ///   over all items.
    public func layout(_ context: LayoutContext) throws -> AnyLayoutResult {
        try context.checkCollectionSize(layout: "sections")
        let sections = context.sections
        for keys in sectionKeys { try keys.check(sections) }
        let environment = Self.environment(of: context)
        let layouts = try sections.indices.map { try sectionProvider($0, sections[$0], environment) }
        let headers = try sections.indices.map { s in try header?(s, sections[s]).map { try checked($0, "header", s) } }
        let footers = try sections.indices.map { s in try footer?(s, sections[s]).map { try checked($0, "footer", s) } }

        let measured = MeasuredSections(count: sections.count)
        let headersApart = arrangesHeaders && arrangement != nil
        @Sendable func layoutSection(_ s: Int, in size: Size) throws -> Size {
            let part = try Measured(layouts[s], context.slice(section: s).with(collectionSize: size),
                                    header: headersApart ? nil : headers[s], footer: footers[s])
            measured[s] = part
            return part.size
        }

        let origins: [Point]
        // Where the arrangement placed each header, when headers are items of their own.
        var headerFrames: [Rect?] = []
        // The arrangement's own content size: its insets, and the room it gave a section beyond
        // the section's content (a row's fill), count as in CollectionKit.
        var arranged = Size.zero
        if let arrangement, headersApart {
            @Sendable func headerSize(_ s: Int, _ proposal: Size) -> Size {
                headers[s].map { Size(width: $0.width ?? proposal.width, height: $0.height) } ?? .zero
            }
            // Header s is item 2s under "<section id>-header", section s item 2s + 1 under its id
            // (CollectionKit's ComposedHeaderProvider), so a row can fill a section by its id.
            let outer = LayoutContext(collectionSize: context.collectionSize, count: 2 * sections.count,
                                      item: { k in Item(id: k % 2 == 0 ? .scoped(sections[k / 2].id, "header") : sections[k / 2].id) },
                                      size: { k, proposal in
                                          k % 2 == 0 ? headerSize(k / 2, proposal) : try layoutSection(k / 2, in: proposal)
                                      })
            let placed = try arrangement.layout(outer)
            arranged = placed.contentSize
            headerFrames = try (0..<sections.count).map { s in
                headers[s] == nil ? nil : try placed.frame(at: 2 * s)
            }
            origins = try (0..<sections.count).map { s in
                let frame = try placed.frame(at: 2 * s + 1)
                if measured[s] == nil { _ = try layoutSection(s, in: frame.size) }
                return frame.origin
            }
        } else if let arrangement {
            // Each section is an item under its id (a row fills a section by its id).
            let outer = LayoutContext(collectionSize: context.collectionSize, count: sections.count,
                                      item: { s in Item(id: sections[s].id) }, size: { s, proposal in try layoutSection(s, in: proposal) })
            let placed = try arrangement.layout(outer)
            arranged = placed.contentSize
            origins = try (0..<sections.count).map { s in
                let frame = try placed.frame(at: s)
                if measured[s] == nil { _ = try layoutSection(s, in: frame.size) }
                return frame.origin
            }
        } else {
            var y = 0.0
            origins = try (0..<sections.count).map { s in
                let size = try layoutSection(s, in: context.collectionSize)
                defer { y += size.height + (s + 1 < sections.count ? spacing : 0) }
                return Point(x: 0, y: y)
            }
        }

        var frames: [Rect] = []
        // A provider's sections are counted by their layouts, not by the context (see `ProviderSections`).
        frames.reserveCapacity(max(context.count, measured.parts.reduce(0) { $0 + ($1?.frames.count ?? 0) }))
        var ranges: [Range<Int>] = []
        var elements: [LayoutElement] = []
        var orthogonal: [OrthogonalSection] = []
        var zIndices: [Int] = []
        var content = arranged
        var keptParts: [SectionsResult.Part] = []
        for (s, section) in measured.parts.enumerated() {
            guard let section else { continue }
            // The part's items and sections continue the flattened ones.
            let first = frames.count, base = ranges.count, span = section.parts.count
            let box = Rect(origin: origins[s], size: section.size)
            let headerHeight = section.header?.height ?? 0
            let o = Point(x: box.x, y: box.y + headerHeight)
            // Content includes each section's own content size (insets, trailing space).
            content.width = max(content.width, box.maxX)
            content.height = max(content.height, box.maxY)
            for f in section.frames { frames.append(f.offsetBy(dx: o.x, dy: o.y)) }
            if !zIndices.isEmpty, zIndices.count < frames.count { zIndices += repeatElement(0, count: frames.count - zIndices.count) }
            ranges += section.parts.map { (first + $0.lowerBound)..<(first + $0.upperBound) }
            for (i, z) in section.zIndices {
                if zIndices.isEmpty { zIndices = Array(repeating: 0, count: max(context.count, frames.count)) }
                zIndices[first + i] = z
            }
            if let h = section.header {
                elements.append(.supplementary(h.kind ?? "header", section: base,
                                               frame: Rect(x: box.x, y: box.y, width: h.width ?? box.width, height: h.height),
                                               zIndex: h.zIndex, pinned: h.pinned, sectionSpan: span))
            } else if s < headerFrames.count, let frame = headerFrames[s], let h = headers[s] {
                content.width = max(content.width, frame.maxX)
                content.height = max(content.height, frame.maxY)
                elements.append(.supplementary(h.kind ?? "header", section: base, frame: frame,
                                               zIndex: h.zIndex, pinned: h.pinned, sectionSpan: span))
            }
            elements += section.elements.map {
                var e = $0.offsetBy(dx: o.x, dy: o.y)
                e.section = base + $0.section
                e.index = $0.index.map { first + $0 }
                // A layout-level element of the part heads the part's sections.
                if e.isGlobal { (e.isGlobal, e.section, e.sectionSpan) = (false, base, span) }
                return e
            }
            if let f = section.footer {
                elements.append(.supplementary(f.kind ?? "footer", section: base + span - 1,
                                               frame: Rect(x: box.x, y: box.maxY - f.height, width: f.width ?? box.width, height: f.height),
                                               zIndex: f.zIndex, pinned: f.pinned, pinEdge: f.footerEdge))
            }
            if let (result, traits) = section.kept {
                keptParts.append(.init(firstSection: base, sectionCount: span, firstItem: first, origin: o, result: result,
                                       traits: traits))
            }
            orthogonal += section.orthogonal.map {
                OrthogonalSection(section: base + $0.section, frame: $0.frame.offsetBy(dx: o.x, dy: o.y), contentSize: $0.contentSize)
            }
        }
        if ranges.isEmpty { ranges = [0..<0] }
        let result = try FramesResult(frames: frames, minimumContentSize: content, elements: elements,
                                      sections: ranges, itemZIndices: zIndices, orthogonal: orthogonal,
                                      layoutName: "sections")
        let composed = keptParts.isEmpty ? result : SectionsResult(base: result, parts: keptParts) as any LayoutResult
        // Only the sections' origins come from the arrangement's result: an arrangement that
        // preloads (CollectionKit's `insetVisibleFrame`) preloads into the sections through this one.
        guard let preload = arrangement.flatMap({ Self.queryInsets($0, in: context.collectionSize) }) else {
            return AnyLayoutResult(composed)
        }
        return AnyLayoutResult(VisibleFrameInsetResult(base: composed, insets: preload))
    }

    /// The insets `layout` applies to its visible query, as seen from outside it: a
    /// `VisibleFrameInsetLayout`'s, also under insets, transposes and mirrors; nil for none.
    /// O(decorators).
    static func queryInsets(_ layout: any Layout, in size: Size) -> EdgeInsets? {
        switch layout {
        case let v as VisibleFrameInsetLayout:
            return v.insets.resolve(for: size)
        case let i as InsetLayout:
            // Moving the query does not change how far it is inset.
            let e = i.insets.resolve(for: size)
            return queryInsets(i.root, in: Size(width: max(0, size.width - e.horizontal), height: max(0, size.height - e.vertical)))
        case let t as TransposeLayout:
            return queryInsets(t.root, in: size.transposed)?.transposed
        case let m as MirroredLayout:
            return queryInsets(m.root, in: size)?.mirrored
        default:
            return nil
        }
    }

    private func checked(_ b: SectionBoundary, _ kind: String, _ s: Int) throws -> SectionBoundary {
        guard b.height.isFinite, b.height >= 0 else {
            throw LayoutError.invalidSectionSize(subject: "sections layout", what: "\(kind) height", got: NumberText.exact(b.height), section: s,
                                                 expected: "a finite number >= 0")
        }
        return b
    }
}

/// A `SectionsLayout` result whose parts have sections that scroll sideways, restyle what
/// they draw at query time (a compositional section's `visibleItemsHandler`) or draw their own
/// items (a section's `visibleFrameInset`, which preloads, or its pinned items): those parts keep
/// answering, under the flattened section numbers and coordinates, where their shelves come to
/// rest, how their visible elements are drawn, and which of their items are visible and where.
struct SectionsResult: ForwardingLayoutResult {
    struct Part: Sendable {
        /// The part's first section and item in the flattened result, and how many sections.
        var firstSection: Int
        var sectionCount: Int
        var firstItem: Int
        /// Where the part's content origin lies in the flattened result.
        var origin: Point
        var result: any LayoutResult
        /// What `result` does at query time that the flattened index cannot.
        var traits: Traits
        var sections: Range<Int> { firstSection..<(firstSection + sectionCount) }
        var items: Range<Int> { firstItem..<(firstItem + result.count) }

        /// `scroll` in the part's coordinates, with the offsets of its own sideways sections.
        func local(_ scroll: ScrollState) -> ScrollState {
            ScrollState(
                contentOffset: Point(x: scroll.contentOffset.x - origin.x, y: scroll.contentOffset.y - origin.y),
                sectionOffsets: Dictionary(uniqueKeysWithValues: scroll.sectionOffsets.compactMap { s, offset in
                    sections.contains(s) ? (s - firstSection, offset) : nil
                }),
                viewportSize: scroll.viewportSize)
        }

        /// The elements the part draws in `rect` for `scroll` (both in the flattened result's
        /// coordinates), in the part's coordinates, sections and items.
        func localElements(in rect: Rect, scroll: ScrollState) throws -> [LayoutElement] {
            try result.elements(in: rect.offsetBy(dx: -origin.x, dy: -origin.y), scroll: local(scroll))
        }
    }

    let base: any LayoutResult
    /// In section order.
    let parts: [Part]
    /// Positions in `parts` of the parts that restyle.
    let restyling: [Int]
    /// Positions in `parts` of the parts that draw their own items.
    let drawing: [Int]

    init(base: any LayoutResult, parts: [Part]) {
        self.base = base
        self.parts = parts
        restyling = parts.indices.filter { parts[$0].traits.restyles }
        drawing = parts.indices.filter { parts[$0].traits.drawsItsOwnItems }
    }

    /// What a part's result does at query time that the flattened index cannot, found in one
    /// walk through its wrappers (each a dynamic cast, so a layout pass walks each part once).
    struct Traits: Sendable {
        /// It changes alpha, transform or zIndex at query time (a compositional section's
        /// `visibleItemsHandler`).
        var restyles = false
        /// It finds or draws its items other than by their resting frames: it insets the
        /// rectangle it is asked about (a `visibleFrameInset`) or pins items.
        var drawsItsOwnItems = false

        /// The traits of `result`. O(wrappers).
        static func of(_ result: any LayoutResult) -> Traits {
            switch result {
            // The usual section first (a type-erased frames result): each case is a cast.
            case let a as AnyLayoutResult: return of(a.base)
            case is FramesResult: return Traits()
            case let c as CompositionalResult: return Traits(restyles: c.hasVisibleItemsHandlers)
            case let s as SectionsResult: return Traits(restyles: !s.restyling.isEmpty, drawsItsOwnItems: !s.drawing.isEmpty)
            case let v as VisibleFrameInsetResult: return Traits(restyles: of(v.base).restyles, drawsItsOwnItems: true)
            case let p as PinnedResult: return Traits(restyles: of(p.base).restyles, drawsItsOwnItems: true)
            case let m as MappedResult: return of(m.base)
            case let m as MirroredResult: return of(m.base)
            case let f as any ForwardingLayoutResult: return of(f.base)
            default: return Traits()
            }
        }
    }

    /// The items overlapping `rect` as drawn when scrolled to its origin, ascending: the
    /// flattened index's, and the drawing parts' items as those parts find them.
    func visible(in rect: Rect) throws -> [Int] {
        guard !drawing.isEmpty else { return try base.visible(in: rect) }
        return LayoutElement.itemIndices(of: try elements(in: rect, scroll: ScrollState(showing: rect)))
    }

    /// Item `index`'s frame as drawn for `scroll`: as its part draws it (pinned), when its part
    /// draws its own items. O(drawing parts) plus the query.
    func frame(at index: Int, scroll: ScrollState) throws -> Rect {
        guard let p = drawing.first(where: { parts[$0].items.contains(index) }) else {
            return try base.frame(at: index, scroll: scroll)
        }
        let part = parts[p]
        return try part.result.frame(at: index - part.firstItem, scroll: part.local(scroll))
            .offsetBy(dx: part.origin.x, dy: part.origin.y)
    }

    /// The part holding `section`, if one is kept. O(log parts).
    private func part(holding section: Int) -> Part? {
        var lo = 0, hi = parts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if parts[mid].firstSection <= section { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0, parts[lo - 1].sections.contains(section) else { return nil }
        return parts[lo - 1]
    }

    /// The part's own answer for its section. O(log parts).
    func targetContentOffset(section: Int, proposed: Point, velocity: Point) -> Point {
        guard let part = part(holding: section) else {
            return base.targetContentOffset(section: section, proposed: proposed, velocity: velocity)
        }
        return part.result.targetContentOffset(section: section - part.firstSection, proposed: proposed, velocity: velocity)
    }

    /// The elements as the flattened index finds them, restyled as each restyling part draws
    /// its own: the part answers the same query in its coordinates, and each element found in
    /// both takes the part's alpha, transform and zIndex. O(log n + k) per restyling part shown.
    func elements(in rect: Rect, scroll: ScrollState) throws -> [LayoutElement] {
        let found = try drawing.isEmpty ? base.elements(in: rect, scroll: scroll) : withPartsItems(in: rect, scroll: scroll)
        var out = found, changed = false
        for p in restyling {
            let part = parts[p]
            let shown = out.indices.filter { !out[$0].isGlobal && part.sections.contains(out[$0].section) }
            guard !shown.isEmpty else { continue }
            let o = part.origin
            var styled: [Drawn: [LayoutElement]] = [:]
            for e in try part.localElements(in: rect, scroll: scroll) {
                styled[Drawn(e, section: e.section + part.firstSection, index: e.index.map { $0 + part.firstItem }), default: []].append(e)
            }
            for k in shown {
                // The same element where the part draws it, moved out (rounding aside).
                let f = out[k].frame
                let near = { (e: LayoutElement) in
                    abs(e.frame.x + o.x - f.x) <= 1e-6 * (1 + abs(f.x)) && abs(e.frame.y + o.y - f.y) <= 1e-6 * (1 + abs(f.y))
                }
                guard let e = styled[Drawn(out[k], section: out[k].section, index: out[k].index)]?.first(where: near) else { continue }
                (out[k].alpha, out[k].transform, out[k].zIndex) = (e.alpha, e.transform, e.zIndex)
                changed = true
            }
        }
        return changed ? LayoutElement.inDrawingOrder(out) : found
    }

    /// The flattened index's elements, with the items of each drawing part, and the elements
    /// anchored to them, replaced by the ones that part finds, as it draws them (its inset
    /// rectangle may reach items the viewport does not, or leave out some it does; a pinned item
    /// and its header are pushed up by the next pinned item), in drawing order. O(log n + k) per
    /// drawing part.
    private func withPartsItems(in rect: Rect, scroll: ScrollState) throws -> [LayoutElement] {
        let ranges = drawing.map { parts[$0].items }
        var out = try base.elements(in: rect, scroll: scroll).filter { e in
            guard let i = e.index else { return true }
            return !ranges.contains { $0.contains(i) }
        }
        for p in drawing {
            let part = parts[p]
            for e in try part.localElements(in: rect, scroll: scroll) where e.index != nil {
                var moved = e.offsetBy(dx: part.origin.x, dy: part.origin.y)
                moved.section += part.firstSection
                moved.index = e.index! + part.firstItem
                out.append(moved)
            }
        }
        return LayoutElement.inDrawingOrder(out)
    }

    /// What identifies a drawn element across the flattened result and its part, with its
    /// flattened section and item; the size, which moving does not round, tells apart a part's
    /// header from the one a headers provider puts above the part.
    private struct Drawn: Hashable {
        var category: ElementCategory
        var kind: String
        var section: Int
        var index: Int?
        var size: Size
        init(_ e: LayoutElement, section: Int, index: Int?) {
            (category, kind, self.section, self.index, size) = (e.category, e.kind, section, index, e.frame.size)
        }
    }
}

/// A result with no items (an empty provider).
struct EmptyResult: LayoutResult {
    var count: Int { 0 }
    var contentSize: Size { .zero }
    func frame(at index: Int) throws -> Rect { try checkIndex(index); return .zero }
    func visible(in rect: Rect) -> [Int] { [] }
}

/// Each section's last measure during one `SectionsLayout.layout(_:)` call. The outer layout's
/// context asks for section sizes through a `@Sendable` closure (contexts are `Sendable`), and
/// the sizes are kept here. `@unchecked Sendable`: a box lives for one layout pass and is used
/// only on the thread running it, like the local array it replaces.
private final class MeasuredSections: @unchecked Sendable {
    private(set) var parts: [SectionsLayout.Measured?]
    init(count: Int) { parts = Array(repeating: nil, count: count) }
    subscript(s: Int) -> SectionsLayout.Measured? {
        get { parts[s] }
        set { parts[s] = newValue }
    }
}
