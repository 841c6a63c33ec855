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
    /// `ColumnOrder` (no data-dependent branch), the same frames as the scan above. Sizes come
    /// a block at a time and `placeInOrder` places each block, so neither loop holds more than
    /// fits in registers. A step the order cannot take (NaN, infinite or negative: possible
    /// only from sizes a script computes) hands every item from there on to the scan.
    private func framesInOrder(_ context: LayoutContext, columnWidth: Double, proposal: Size) throws -> [Rect] {
        let columns = self.columns
        return try [Rect](unsafeUninitializedCapacity: context.count) { buffer, initialized in
            var order = ColumnOrder(columns: columns)
            var tops: [Double]? = nil   // the scan's tops, once it has taken over
            try context.forEachSizeBlock(proposed: proposal) { first, sizes in
                let frames = buffer.baseAddress! + first
                var k = 0
                if tops == nil {
                    k = placeInOrder(sizes, into: frames, order: &order, columnWidth: columnWidth)
                    if k == sizes.count { return }
                    tops = order.tops(count: columns)
                }
                while k < sizes.count {
                    frames[k] = placeByScan(height: sizes[k].height, tops: &tops!, columnWidth: columnWidth)
                    k += 1
                }
            }
            // Rect is trivial: nothing to clean up if a size throws half way.
            initialized = context.count
        }
    }

    /// Places items of `sizes` by `order` into `frames` until one's step is not one the order
    /// `accepts`; returns how many it placed. Out of line, with the order copied into a local:
    /// the loop then keeps the order in registers and has no branch but its own.
    @inline(never)
    private func placeInOrder(_ sizes: UnsafeBufferPointer<Size>, into frames: UnsafeMutablePointer<Rect>,
                              order: inout ColumnOrder, columnWidth: Double) -> Int {
        let spacing = self.spacing, stride = columnWidth + spacing
        var local = order
        defer { order = local }
        var k = 0
        while k < sizes.count {
            let height = sizes[k].height, step = height + spacing
            guard _fastPath(ColumnOrder.accepts(step)) else { break }
            let top = local.shortestTop
            frames[k] = Rect(x: Double(local.shortest) * stride, y: top, width: columnWidth, height: height)
            local.raiseShortest(to: top + step)
            k &+= 1
        }
        return k
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
