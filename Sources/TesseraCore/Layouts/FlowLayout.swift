/// Items left to right, wrapping into lines (CollectionKit's FlowLayout), with the results of
/// CSS flexbox: `display:flex; flex-wrap:wrap; column-gap:interitemSpacing;
/// row-gap:lineSpacing` in a box of the collection size, items being `flex:none` boxes of
/// their size (SPEC §6).
///
/// Lines break greedily, as in both CollectionKit and CSS: an item starts a new line when the
/// line already holds one and the item would end past the container's width. So an item wider
/// than the container sits alone on its line. Free space is measured after the gaps (a gap is
/// never below the spacing asked for); `justifyContent` applies to every line, the last one
/// too; `alignContent` places the lines against the container *height* (so a short list may be
/// offset, and an overflowing one with `center`/`end` goes above zero as in CSS); `stretch`
/// grows the lines, and `alignItems: .stretch` stretches items to their line's height.
public struct FlowLayout: Layout, Sendable {
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

    /// - Complexity: O(n) size queries and O(n) work; frames are materialised.
    public func layout(_ context: LayoutContext) throws -> any LayoutResult {
        try FramesResult(frames: frames(context), layoutName: "flow")
    }

    /// Every item's frame, in index order. O(n).
    func frames(_ context: LayoutContext) -> [Rect] {
        let container = context.collectionSize
        let sizes = context.sizes(proposed: container)
        let lines = breakLines(sizes, width: container.width)
        let totalHeight = lines.reduce(0) { $0 + $1.height }
        let across = distribute(alignContent, length: container.height, total: totalHeight,
                                spacing: lineSpacing, count: lines.count, rule: .css)
        var frames: [Rect] = []
        frames.reserveCapacity(sizes.count)
        var top = across.offset
        for line in lines {
            let height = line.height + across.stretch
            let along = distribute(justifyContent, length: container.width, total: line.width,
                                   spacing: interitemSpacing, count: line.items.count, rule: .css)
            var x = along.offset
            for i in line.items {
                let (y, h) = align(alignItems, length: sizes[i].height, lineStart: top, lineLength: height)
                frames.append(Rect(x: x, y: y, width: sizes[i].width, height: h))
                x += sizes[i].width + along.spacing
            }
            top += height + across.spacing
        }
        return frames
    }

    /// One line: its items, the sum of their widths (without gaps) and the tallest height.
    struct Line: Equatable {
        var items: Range<Int>
        var width: Double
        var height: Double
    }

    /// Greedy line breaking (CollectionKit's, which is also CSS's `flex-wrap: wrap`).
    /// An exact fit stays on the line. O(n).
    func breakLines(_ sizes: [Size], width: Double) -> [Line] {
        var lines: [Line] = []
        var line = Line(items: 0..<0, width: 0, height: 0)
        for (i, size) in sizes.enumerated() {
            let used = line.width + Double(line.items.count) * interitemSpacing
            if !line.items.isEmpty && used + size.width > width {
                lines.append(line)
                line = Line(items: i..<i, width: 0, height: 0)
            }
            line.items = line.items.lowerBound..<(i + 1)
            line.width += size.width
            line.height = max(line.height, size.height)
        }
        if !line.items.isEmpty { lines.append(line) }
        return lines
    }
}
