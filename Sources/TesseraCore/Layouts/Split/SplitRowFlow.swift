/// Flows one section's items into rows inside a column (the anchor's `makeItems`).
///
/// Items are placed left to right, top-aligned, `interItemSpacing` apart. A row breaks when the
/// next item would pass the right edge (`x + width > edge`; an item ending exactly on the edge
/// fits, within a rounding tolerance of 1e-9). A row never breaks before its first item. An item
/// wider than the column's room (its width less the section inset) is narrowed to that room and
/// gets a row of its own without extra space above it: the anchor lets it run on over the other
/// column, where it would cover that column's items (an intrinsic size rule gives such widths). Rows are
/// `lineSpacing` apart; with normalising on, every item of a row gets the row's tallest height.
/// Items with a zero width or height take no room: they get a zero-size frame at the cursor, stay
/// out of rows and never push a section's end or the content size.
struct SplitRowFlow {
    let left: Double
    let edge: Double
    let interItemSpacing: Double
    let lineSpacing: Double
    let normalizes: Bool
    private(set) var x: Double
    private(set) var y: Double
    private var rowHeight = 0.0
    private var rowIsEmpty = true
    /// Index in the frame buffer of the first frame of the current row.
    private var rowStart: Int

    /// Frames beyond this are not rounding noise.
    static let tolerance = 1e-9

    init(left: Double, right: Double, top: Double, style: SplitSectionStyle, firstFrame: Int) {
        self.left = left
        self.edge = right
        self.interItemSpacing = style.minimumInterItemSpacing
        self.lineSpacing = style.minimumItemLineSpacing
        self.normalizes = style.isNormalizingLineHeight
        self.x = left
        self.y = top
        self.rowStart = firstFrame
    }

    /// Appends the frame of an item of `size` to `frames`. O(1), plus O(row) when normalising.
    mutating func place(_ size: Size, into frames: inout [Rect]) {
        guard size.width > 0, size.height > 0 else {
            frames.append(Rect(x: x, y: y, width: 0, height: 0))
            return
        }
        var size = size
        size.width = min(size.width, max(0, edge - left))
        if !rowIsEmpty && x + size.width > edge + Self.tolerance {
            endRow(&frames)
            x = left
            y += rowHeight + lineSpacing
            rowHeight = 0
            rowIsEmpty = true
            rowStart = frames.count
        }
        frames.append(Rect(x: x, y: y, width: size.width, height: size.height))
        rowIsEmpty = false
        rowHeight = max(rowHeight, size.height)
        x += size.width + interItemSpacing
    }

    /// Closes the last row; returns the bottom of the rows (the top when there were none).
    mutating func finish(_ frames: inout [Rect]) -> Double {
        endRow(&frames)
        return y + rowHeight
    }

    private func endRow(_ frames: inout [Rect]) {
        guard normalizes, !rowIsEmpty else { return }
        for j in rowStart..<frames.count where frames[j].width > 0 && frames[j].height > 0 {
            frames[j].height = rowHeight
        }
    }
}
