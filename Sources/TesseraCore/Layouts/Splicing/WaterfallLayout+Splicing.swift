/// A waterfall laid out again from the first changed item: the columns' heights before it are
/// read back from the earlier frames (each column's last item before it), and every item from
/// it on is placed anew, the unchanged ones at the heights their earlier frames have. A changed
/// height moves one column only, so later items go to other columns than before and the layout
/// never falls back into step: the cost is placing the items after the change (sizing only the
/// changed ones), not the whole list.
extension WaterfallLayout: SplicingLayout {
    func relayout(_ context: LayoutContext, previous: SplicedResult, changed: Range<Int>) throws -> SplicedResult? {
        guard columns >= 1, columns <= Self.maxColumns, spacing.isFinite, spacing >= 0, !changed.isEmpty else { return nil }
        let width = context.collectionSize.width
        let columnWidth = (width - Double(columns - 1) * spacing) / Double(columns)
        let pitch = columnWidth + spacing
        // Each column's height before the first change, from its last item before it.
        var tops = [Double](repeating: 0, count: columns), found = 0
        var seen = [Bool](repeating: false, count: columns)
        var i = changed.lowerBound - 1
        while i >= 0, found < columns {
            let f = try previous.frame(at: i)
            let column = Int((f.minX / pitch).rounded())
            guard column >= 0, column < columns, Double(column) * pitch == f.minX else { return nil }
            if !seen[column] {
                seen[column] = true
                found += 1
                tops[column] = f.minY + (f.height + spacing)
            }
            i -= 1
        }
        let start = changed.lowerBound
        let proposal = Size(width: columnWidth, height: context.collectionSize.height)
        // Only the changed items are asked their size: every other item keeps the height its
        // earlier frame has (a size rule may wrap text, which for every item after the change,
        // in every pass, cost far more than placing them).
        let asked = try context.slice(changed).sizes(proposed: proposal)
        var frames: [Rect] = []
        frames.reserveCapacity(context.count - start)
        for i in start..<context.count {
            let height = i < changed.upperBound ? asked[i - start].height : try previous.frame(at: i).height
            var column = 0
            for c in 1..<columns where tops[c] < tops[column] { column = c }
            frames.append(Rect(x: Double(column) * pitch, y: tops[column], width: columnWidth, height: height))
            tops[column] += height + spacing
        }
        return try previous.replacing(start..<context.count, with: frames, shift: 0, layoutName: name)
    }
}
