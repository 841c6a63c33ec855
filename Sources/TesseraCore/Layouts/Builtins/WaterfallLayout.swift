/// Masonry columns (CollectionKit's WaterfallLayout): each item goes to the shortest column.
///
/// Column width = (W − (columns−1)·spacing) / columns; every item is asked for its size with
/// (columnWidth, H) and forced to the column width. Ties go to the lowest column index, and the
/// same `spacing` separates columns and items within a column. Because an item always lands on
/// the current minimum column height, frames come out sorted by minY.
public struct WaterfallLayout: SimpleLayout {
    /// The number of columns, 1...`maxColumns`.
    public var columns: Int
    /// Gap between columns and between items of a column.
    public var spacing: Double

    /// The most columns a waterfall takes: each item is placed in O(columns).
    public static let maxColumns = 1000

    /// A waterfall of `columns` columns `spacing` apart.
    public init(columns: Int = 2, spacing: Double = 0) {
        self.columns = columns
        self.spacing = spacing
    }

    public var name: String { "waterfall" }

    /// Every item's frame, in index order, without validation or index (the hot loop the
    /// benchmark measures). O(n · columns).
    public func frames(_ context: LayoutContext) throws -> [Rect] {
        guard columns >= 1, columns <= Self.maxColumns else {
            throw LayoutError.invalidParameter(name: "columns", allowed: "columns from 1 to \(NumberText.grouped(Self.maxColumns))", got: "\(columns)",
                                               subject: "waterfall layout", verb: "needs")
        }
        try LayoutError.checkSpacing(spacing, name: "spacing", layout: "waterfall")
        let width = context.collectionSize.width
        let columnWidth = (width - Double(columns - 1) * spacing) / Double(columns)
        guard columnWidth >= 0 else {
            // The gaps alone are wider than the container: say so, rather than report the
            // negative column width as a frame the layout got wrong.
            // NumberText.exact: `frames` may be called on a context no check has seen.
            let most = NumberText.exact(width / Double(columns - 1))
            throw LayoutError.invalidParameter(name: "spacing", allowed: "a spacing of at most \(most) for \(columns) columns in a width of \(NumberText.exact(width))",
                                               got: NumberText.exact(spacing), subject: "waterfall layout", verb: "needs")
        }
        let proposal = Size(width: columnWidth, height: context.collectionSize.height)
        if columns <= ColumnOrder.capacity {
            return try framesInOrder(context, columnWidth: columnWidth, proposal: proposal)
        }
        var tops = [Double](repeating: 0, count: columns)
        let columns = self.columns
        return try tops.withUnsafeMutableBufferPointer { tops in
            try [Rect](unsafeUninitializedCapacity: context.count) { buffer, initialized in
                try context.forEachSize(proposed: proposal) { i, size in
                    // The shortest column, the first on a tie (a while loop: `1..<columns` would
                    // check its bounds again for every item).
                    var column = 0, top = tops[0], c = 1
                    while c < columns {
                        if tops[c] < top { column = c; top = tops[c] }
                        c &+= 1
                    }
                    buffer[i] = Rect(x: Double(column) * (columnWidth + spacing), y: top,
                                     width: columnWidth, height: size.height)
                    tops[column] = top + (size.height + spacing)
                }
                // Rect is trivial: nothing to clean up if a size throws half way.
                initialized = context.count
            }
        }
    }

    /// `frames` for up to `ColumnOrder.capacity` columns: the shortest column comes from a
    /// `ColumnOrder` (no memory round trip, no data-dependent branch), the same frames as the
    /// scan above. A non-finite height (possible only from sizes a script computes) could make
    /// a NaN top, which the order cannot sort: from that item on, the scan places the items.
    private func framesInOrder(_ context: LayoutContext, columnWidth: Double, proposal: Size) throws -> [Rect] {
        let columns = self.columns, spacing = self.spacing
        return try [Rect](unsafeUninitializedCapacity: context.count) { buffer, initialized in
            // Declared here, in the function that runs the loop, so they live in registers.
            var order = ColumnOrder(columns: columns)
            var ordered = true        // false once the scan has taken over
            var tops: [Double] = []   // the scan's tops from then on
            try context.forEachSize(proposed: proposal) { i, size in
                let step = size.height + spacing
                if _fastPath(ordered && step.isFinite) {
                    let column = order.shortest, top = order.shortestTop
                    buffer[i] = Rect(x: Double(column) * (columnWidth + spacing), y: top,
                                     width: columnWidth, height: size.height)
                    order.raiseShortest(to: top + step)
                } else {
                    if ordered { tops = order.tops(count: columns) }
                    ordered = false
                    buffer[i] = placeByScan(height: size.height, tops: &tops, columnWidth: columnWidth)
                }
            }
            // Rect is trivial: nothing to clean up if a size throws half way.
            initialized = context.count
        }
    }

    /// One item of `framesInOrder` placed by the scan over `tops` (by column). Out of line: the
    /// loop it is called from stays small enough to inline.
    @inline(never)
    private func placeByScan(height: Double, tops: inout [Double], columnWidth: Double) -> Rect {
        var column = 0
        for c in 1..<columns where tops[c] < tops[column] { column = c }
        let frame = Rect(x: Double(column) * (columnWidth + spacing), y: tops[column], width: columnWidth, height: height)
        tops[column] = tops[column] + (height + spacing)
        return frame
    }
}
