/// A flow laid out again from the line before the one holding the first changed item (where a
/// line breaks depends on the width of the item after it): lines break greedily, so once a line
/// opens after the last change at an item where a line opened before, every later line breaks as
/// before and only moves by the difference in where it opens.
///
/// Only for lines placed from the top (`alignContent: .start`) with items at their line's top
/// (`alignItems: .start` or `.stretch`), where an item's minY is its line's top: an item drawn
/// lower than the one before it opens a line. Other alignments depend on every line (the total
/// height) or hide the line's top, and lay out in full.
extension FlowLayout: SplicingLayout {
    func relayout(_ context: LayoutContext, previous: SplicedResult, changed: Range<Int>) throws -> SplicedResult? {
        guard alignContent == .start, alignItems == .start || alignItems == .stretch, !changed.isEmpty else { return nil }
        let n = context.count, container = context.collectionSize
        func top(_ i: Int) throws -> Double { try previous.frame(at: i).minY }
        func opensLine(_ i: Int) throws -> Bool { try i == 0 || top(i) > top(i - 1) }
        // Back to the line before the first change, which a narrower first item of the next line
        // may now join, to an item that surely opened it (equal tops may hide a break: go further).
        var start = max(0, changed.lowerBound - 1)
        while try !opensLine(start) { start -= 1 }
        var lineTop = try top(start)
        var frames: [Rect] = [], sizes: [Size] = []
        var first = start
        while first < n {
            // One line: items while they fit (an exact fit stays), the first one always.
            sizes.removeAll(keepingCapacity: true)
            var lineWidth = 0.0, lineHeight = 0.0, end = first
            while end < n {
                let size = try context.size(at: end, proposed: container)
                if end > first && lineWidth + Double(end - first) * interitemSpacing + size.width > container.width { break }
                sizes.append(size)
                lineWidth += size.width
                lineHeight = max(lineHeight, size.height)
                end += 1
            }
            let along = LayoutHelper.distribute(AlignContent(justifyContent), length: container.width, total: lineWidth,
                                                spacing: interitemSpacing, count: sizes.count, rule: .css, safe: true)
            var x = along.offset
            for size in sizes {
                let (y, h) = LayoutHelper.align(alignItems, length: size.height, lineStart: lineTop, lineLength: lineHeight)
                frames.append(Rect(x: x, y: y, width: size.width, height: h))
                x += size.width + along.spacing
            }
            lineTop += lineHeight + lineSpacing
            first = end
            if first >= changed.upperBound, first < n, try opensLine(first) {
                return try previous.replacing(start..<first, with: frames, shift: lineTop - top(first), layoutName: name)
            }
        }
        return try previous.replacing(start..<n, with: frames, shift: 0, layoutName: name)
    }
}
