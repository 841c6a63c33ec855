/// Sections in two columns that stack independently (UICollectionViewSplitLayout).
///
/// The width is divided into a left and a right column (`SplitColumns`). Each section goes to a
/// side and is laid out at that column's cursor: its header, then its items in rows
/// (`SplitRowFlow`) inside the section inset, then its footer; a background covers the inset
/// area. A section only moves down because of earlier sections of its own column. Items are asked
/// for their size with the column's width and the viewport's height.
///
/// Where this differs from the anchor, on purpose: every item keeps its flattened index (a
/// zero-size item or a hidden section shifts no lookup); with the ratio at exactly 0 or 1,
/// sections on the collapsed side flow into the remaining column unless
/// `hidesCollapsedSections`; a pinned header is pushed up by its section's end (the footer, else
/// the tallest item of the last row plus the bottom inset), not by the last item; an item wider than the column gets no extra line spacing
/// above it; the ratio may depend on the viewport width and is re-evaluated on every layout.
public struct SplitLayout: Layout {
    /// Left : right = ratio : (1 − ratio), as a function of the viewport width; must give a
    /// number in 0...1.
    public var leftSideRatio: @Sendable (Double) throws -> Double
    /// Gap between the columns; ignored when the ratio is exactly 0 or 1.
    public var splitSpacing: Double
    /// Horizontal gap between items of a row.
    public var minimumInterItemSpacing: Double
    /// Vertical gap between rows.
    public var minimumItemLineSpacing: Double
    /// Padding around each section's items (not around its header or footer).
    public var sectionInset: EdgeInsets
    /// Every item of a row gets the row's tallest height.
    public var isNormalizingLineHeight: Bool
    /// Pins every section header (a header's own `pinned` pins it alone).
    public var pinHeaders: Bool
    /// With the ratio at 0 or 1, drop the sections on the collapsed side, as the anchor does
    /// (their items get zero-size frames), instead of moving them to the remaining column.
    public var hidesCollapsedSections: Bool
    /// The side of section `index` (0-based); default: alternating, starting on the left.
    public var side: @Sendable (Int, Dataset.Section) throws -> SplitSide
    /// The section's changes to the defaults above.
    public var sectionOverrides: @Sendable (Int, Dataset.Section) throws -> SplitSectionOverrides
    /// The header of section `index`; nil for none.
    public var header: @Sendable (Int, Dataset.Section) throws -> SectionBoundary?
    /// One size for every item instead of the context's size rule (emoji grids, thumbnails).
    public var itemSize: Size?
    /// The footer of section `index`; nil for none.
    public var footer: @Sendable (Int, Dataset.Section) throws -> SectionBoundary?
    /// The tables of `side` and `sections` that name sections by id, checked on every layout.
    package var sectionKeys: [SectionKeys] = []

    /// A split layout whose `leftSideRatio` is the same for every viewport width.
    public init(leftSideRatio: Double = 1, splitSpacing: Double = 0, minimumInterItemSpacing: Double = 0,
                minimumItemLineSpacing: Double = 0, sectionInset: EdgeInsets = .zero,
                isNormalizingLineHeight: Bool = false, pinHeaders: Bool = false,
                hidesCollapsedSections: Bool = false,
                side: @escaping @Sendable (Int, Dataset.Section) throws -> SplitSide = { i, _ in SplitSide.alternating(i) },
                sectionOverrides: @escaping @Sendable (Int, Dataset.Section) throws -> SplitSectionOverrides = { _, _ in .init() },
                header: @escaping @Sendable (Int, Dataset.Section) throws -> SectionBoundary? = { _, _ in nil },
                footer: @escaping @Sendable (Int, Dataset.Section) throws -> SectionBoundary? = { _, _ in nil }) {
        self.leftSideRatio = { _ in leftSideRatio }
        self.splitSpacing = splitSpacing
        self.minimumInterItemSpacing = minimumInterItemSpacing
        self.minimumItemLineSpacing = minimumItemLineSpacing
        self.sectionInset = sectionInset
        self.isNormalizingLineHeight = isNormalizingLineHeight
        self.pinHeaders = pinHeaders
        self.hidesCollapsedSections = hidesCollapsedSections
        self.side = side
        self.sectionOverrides = sectionOverrides
        self.header = header
        self.footer = footer
    }

    /// The layout's own defaults for a section.
    public var defaultStyle: SplitSectionStyle {
        SplitSectionStyle(sectionInset: sectionInset, minimumInterItemSpacing: minimumInterItemSpacing,
                          minimumItemLineSpacing: minimumItemLineSpacing, isNormalizingLineHeight: isNormalizingLineHeight)
    }

    /// Items, and each section's header, background and footer as elements (a pinned header is
    /// pushed up by its section's end: its footer's bottom, else its content bottom).
    /// - Complexity: O(n + sections) plus the callbacks, and O(n) to index the frames.
    public func layout(_ context: LayoutContext) throws -> FramesResult {
        try context.checkCollectionSize(layout: "split")
        let plan = try plan(context)
        return try FramesResult(frames: plan.frames, minimumContentSize: plan.contentSize, elements: plan.elements,
                                sections: plan.sections.map(\.items), layoutName: "split")
    }

    /// Every frame of the layout, without an index.
    package func plan(_ context: LayoutContext) throws -> SplitPlan {
        for keys in sectionKeys { try keys.check(context.sections) }
        let viewport = context.collectionSize
        let ratio = try leftSideRatio(viewport.width)
        guard ratio.isFinite, ratio >= 0, ratio <= 1 else {
            throw LayoutError.invalidParameter(name: "leftSideRatio", allowed: "a number from 0 to 1",
                                               got: "\(NumberText.exact(ratio)) for viewport width \(NumberText.display(viewport.width))",
                                               subject: "split layout leftSideRatio", verb: "must be")
        }
        try Self.check(splitSpacing, "splitSpacing", section: nil)
        let defaults = defaultStyle
        try Self.check(defaults, section: nil)

        let columns = SplitColumns(width: viewport.width, ratio: ratio, spacing: splitSpacing)
        var cursor = SplitSideValues(0.0)   // how far down each column is filled
        var frames: [Rect] = []
        frames.reserveCapacity(context.count)
        var placed: [SplitSectionFrames] = []
        var tail = 0.0
        for (s, section) in context.sections.enumerated() {
            let overrides = try sectionOverrides(s, section)
            var side = try overrides.side ?? self.side(s, section)
            let style = overrides.applied(to: defaults)
            try Self.check(style, section: section.id)
            if side == columns.collapsedSide {
                if hidesCollapsedSections {
                    placed.append(Self.hidden(section, side: side, at: cursor[side.opposite], x: columns.x(side.opposite), into: &frames))
                    continue
                }
                side = side.opposite
            }
            let header = try Self.checked(header(s, section), height: "header height", width: "header width", section: section.id)
            let footer = try Self.checked(footer(s, section), height: "footer height", width: "footer width", section: section.id)
            let frames0 = frames.count, items = section.range
            var section = try Self.place(items: section.range, side: side, x: columns.x(side), width: columns.width(side),
                                     top: cursor[side], style: style, header: header, footer: footer,
                                     into: &frames) { flow, frames in
                if let fixed = itemSize {
                    for _ in items { flow.place(fixed, into: &frames) }
                } else {
                    try context.forEachSize(in: items, proposed: Size(width: columns.width(side), height: viewport.height)) { _, size in
                        flow.place(size, into: &frames)
                    }
                }
            }
            assert(frames.count - frames0 == section.items.count)
            section.headerPinned = pinHeaders || header?.pinned == true
            cursor[side] = section.end
            tail = max(tail, section.end)
            placed.append(section)
        }
        return SplitPlan(frames: frames, sections: placed, columns: columns,
                         contentSize: Size(width: viewport.width, height: tail))
    }

    /// Places one section at `top` of a column: header, items in rows, background, footer.
    /// `flowItems` feeds every item's size to the row flow, in order.
    /// - Complexity: O(items), plus O(items) again when normalising.
    static func place(items: Range<Int>, side: SplitSide, x: Double, width: Double, top: Double,
                      style: SplitSectionStyle, header headerBoundary: SectionBoundary?, footer footerBoundary: SectionBoundary?,
                      into frames: inout [Rect],
                      flowItems: (inout SplitRowFlow, inout [Rect]) throws -> Void) throws -> SplitSectionFrames {
        // As the anchor's, a header or footer exists only when both its sides are non-zero.
        func boundarySize(_ boundary: SectionBoundary?) -> Size? {
            guard let boundary, boundary.height > 0, (boundary.width ?? width) > 0 else { return nil }
            return Size(width: boundary.width ?? width, height: boundary.height)
        }
        var y = top
        var header: Rect?
        if let h = boundarySize(headerBoundary) {
            header = Rect(origin: Point(x: x, y: y), size: h)
            y += h.height
        }
        let backgroundTop = y
        let inset = style.sectionInset
        var flow = SplitRowFlow(left: x + inset.left, right: x + width - inset.right, top: y + inset.top,
                                style: style, firstFrame: frames.count)
        try flowItems(&flow, &frames)
        let contentBottom = flow.finish(&frames) + inset.bottom
        var footer: Rect?
        var end = contentBottom
        if let f = boundarySize(footerBoundary) {
            footer = Rect(origin: Point(x: x, y: contentBottom), size: f)
            end += f.height
        }
        return SplitSectionFrames(side: side, items: items, header: header, headerPinned: false,
                                  headerBoundary: headerBoundary, footerBoundary: footerBoundary,
                                  background: Rect(x: x, y: backgroundTop, width: width, height: contentBottom - backgroundTop),
                                  footer: footer, contentBottom: contentBottom, end: end)
    }

    /// A section dropped with its collapsed side: zero-size item frames, no elements.
    private static func hidden(_ section: Dataset.Section, side: SplitSide, at y: Double, x: Double,
                               into frames: inout [Rect]) -> SplitSectionFrames {
        frames.append(contentsOf: repeatElement(Rect(x: x, y: y, width: 0, height: 0), count: section.range.count))
        return SplitSectionFrames(side: side, items: section.range, header: nil, headerPinned: false,
                                  background: nil, footer: nil, contentBottom: y, end: y)
    }

    // The checks run for every section, so they take names as literals and the section's id,
    // and only a refusal builds text: the message names the section.

    /// Refuses `value` unless it is finite and >= 0; `section`: whose value it is (nil: the
    /// layout's own).
    private static func check(_ value: Double, _ name: String, section: ItemID?) throws {
        guard value.isFinite, value >= 0 else { throw refusal(value, name, section: section) }
    }

    @inline(never)
    private static func refusal(_ value: Double, _ name: String, section: ItemID?) -> LayoutError {
        let place = section.map { " section \(describeIdentifier($0))" } ?? ""
        return LayoutError.invalidParameter(name: name, allowed: "a finite number >= 0", got: NumberText.exact(value),
                                            subject: "split layout\(place) \(name)", verb: "must be")
    }

    private static func check(_ style: SplitSectionStyle, section: ItemID?) throws {
        try check(style.minimumInterItemSpacing, "minimumInterItemSpacing", section: section)
        try check(style.minimumItemLineSpacing, "minimumItemLineSpacing", section: section)
        // A negative inset would pull items over the neighbouring section and out of the content,
        // so an inset is held to what a spacing is (and CSS padding): a finite number >= 0.
        let i = style.sectionInset
        try check(i.top, "sectionInset.top", section: section)
        try check(i.left, "sectionInset.left", section: section)
        try check(i.bottom, "sectionInset.bottom", section: section)
        try check(i.right, "sectionInset.right", section: section)
    }

    private static func checked(_ boundary: SectionBoundary?, height: String, width: String,
                                section: ItemID?) throws -> SectionBoundary? {
        if let boundary {
            try check(boundary.height, height, section: section)
            if let w = boundary.width { try check(w, width, section: section) }
        }
        return boundary
    }
}

/// A split layout's frames before indexing: items in flattened order, sections in order.
package struct SplitPlan: Equatable, Sendable {
    public var frames: [Rect]
    public var sections: [SplitSectionFrames]
    public var columns: SplitColumns
    public var contentSize: Size

    /// Background zIndex: below the items, as the anchor draws it.
    public static let backgroundZIndex = -1

    /// Each section's header, background and footer, at rest, in section order.
    public var elements: [LayoutElement] {
        sections.enumerated().flatMap { s, section -> [LayoutElement] in
            [section.header.map { .supplementary(section.headerBoundary?.kind ?? "header", section: s, frame: $0,
                                                 zIndex: section.headerBoundary?.zIndex ?? 1, pinned: section.headerPinned) },
             section.background.map { .decoration("background", section: s, frame: $0, zIndex: Self.backgroundZIndex) },
             section.footer.map { .supplementary(section.footerBoundary?.kind ?? "footer", section: s, frame: $0,
                                                 zIndex: section.footerBoundary?.zIndex ?? 1,
                                                 pinned: section.footerBoundary?.pinned ?? false,
                                                 pinEdge: section.footerBoundary?.footerEdge ?? .top) }].compactMap { $0 }
        }
    }
}
