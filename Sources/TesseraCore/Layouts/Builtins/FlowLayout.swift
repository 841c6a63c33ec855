/// Items left to right, wrapping into lines (CollectionKit's FlowLayout), with the results of
/// CSS flexbox: `display:flex; flex-wrap:wrap; column-gap:interitemSpacing;
/// row-gap:lineSpacing` in a box of the collection size, items being `flex:none` boxes of
/// their size.
///
/// Lines break greedily, as in both CollectionKit and CSS: an item starts a new line when the
/// line already holds one and the item would end past the container's width. So an item wider
/// than the container sits alone on its line. Free space is measured after the gaps (a gap is
/// never below the spacing asked for); `justifyContent` applies to every line, the last one
/// too; `alignContent` places the lines against the container *height* (so a short list may be
/// offset); `stretch` grows the lines, and `alignItems: .stretch` stretches items to their
/// line's height. Overflow is aligned *safely* (CSS's `safe center`, and where CollectionKit's
/// strict fit test lands too): lines taller than the container, or a line wider than it, start
/// at 0 instead of reaching above or left of it, where no scroll could bring them into view.
public struct FlowLayout: SimpleLayout, Sendable {
    /// Gap between lines (CSS `row-gap`).
    public var lineSpacing: Double
    /// Gap between items of a line (CSS `column-gap`).
    public var interitemSpacing: Double
    /// Items along each line.
    public var justifyContent: JustifyContent
    /// Items across their line.
    public var alignItems: AlignItems
    /// Lines across the container.
    public var alignContent: AlignContent

    /// A flow with the given gaps and alignments (CSS flexbox's defaults: everything at the start).
    public init(lineSpacing: Double = 0, interitemSpacing: Double = 0,
                justifyContent: JustifyContent = .start, alignItems: AlignItems = .start,
                alignContent: AlignContent = .start) {
        self.lineSpacing = lineSpacing
        self.interitemSpacing = interitemSpacing
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.alignContent = alignContent
    }

    /// Both spacings at once (CollectionKit's `init(spacing:)`).
    public init(spacing: Double, justifyContent: JustifyContent = .start,
                alignItems: AlignItems = .start, alignContent: AlignContent = .start) {
        self.init(lineSpacing: spacing, interitemSpacing: spacing, justifyContent: justifyContent,
                  alignItems: alignItems, alignContent: alignContent)
    }

    public var name: String { "flow" }

    /// Every item's frame, in index order: O(n) size queries and O(n) work.
    ///
    /// Two passes over the sizes break the same lines twice instead of storing them: the first
    /// sums the line heights for `alignContent`, the second places the items. For a million
    /// single-item lines that saves a million-entry array, whose fresh pages cost more than
    /// breaking the lines again.
    /// - Throws: `LayoutError.invalidParameter` for a spacing that is negative or not finite.
    public func frames(_ context: LayoutContext) throws -> [Rect] {
        try LayoutError.checkSpacing(lineSpacing, name: "lineSpacing", layout: "flow")
        try LayoutError.checkSpacing(interitemSpacing, name: "interitemSpacing", layout: "flow")
        let container = context.collectionSize
        let sizes = try context.sizes(proposed: container)
        var lineCount = 0, totalHeight = 0.0
        forEachLine(sizes, width: container.width) { _, _, height in
            lineCount += 1
            totalHeight += height
        }
        let across = LayoutHelper.distribute(alignContent, length: container.height, total: totalHeight,
                                spacing: lineSpacing, count: lineCount, rule: .css, safe: true)
        return [Rect](unsafeUninitializedCapacity: sizes.count) { frames, initialized in
            var top = across.offset
            forEachLine(sizes, width: container.width) { items, width, lineHeight in
                let height = lineHeight + across.stretch
                let along = LayoutHelper.distribute(AlignContent(justifyContent), length: container.width, total: width,
                                       spacing: interitemSpacing, count: items.count, rule: .css, safe: true)
                var x = along.offset
                for i in items {
                    let (y, h) = LayoutHelper.align(alignItems, length: sizes[i].height, lineStart: top, lineLength: height)
                    frames[i] = Rect(x: x, y: y, width: sizes[i].width, height: h)
                    x += sizes[i].width + along.spacing
                }
                top += height + across.spacing
            }
            initialized = sizes.count
        }
    }

    /// Greedy line breaking (CollectionKit's, which is also CSS's `flex-wrap: wrap`): calls
    /// `body(items, width, height)` for each line, where width is the sum of the item widths
    /// (without gaps) and height the tallest item. An exact fit stays on the line. O(n).
    func forEachLine(_ sizes: [Size], width: Double, _ body: (Range<Int>, Double, Double) -> Void) {
        var first = 0, lineWidth = 0.0, lineHeight = 0.0
        for (i, size) in sizes.enumerated() {
            let used = lineWidth + Double(i - first) * interitemSpacing
            if i > first && used + size.width > width {
                body(first..<i, lineWidth, lineHeight)
                first = i; lineWidth = 0; lineHeight = 0
            }
            lineWidth += size.width
            lineHeight = max(lineHeight, size.height)
        }
        if sizes.count > first { body(first..<sizes.count, lineWidth, lineHeight) }
    }
}
