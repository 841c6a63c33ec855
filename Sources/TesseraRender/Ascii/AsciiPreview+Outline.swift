import TesseraCore

extension AsciiPreview {
    /// `render(_:region:viewport:)` with the rectangle `outline` (the viewport, in the REPL's
    /// `:show()`) drawn over the picture as a box: `+`, `-` and `|`, or `┌─┐│└┘` when `unicode`.
    /// Each side is drawn in the cells its edge falls in, and only when that edge lies inside
    /// `region`, so a viewport taller than the picture shows as open sides.
    /// - Complexity: that of `render` plus O(rows + columns).
    public func render(_ result: any LayoutResult, region: Rect, viewport: Rect?, outline: Rect,
                       unicode: Bool = false) throws -> String {
        let picture = try render(result, region: region, viewport: viewport)
        guard region.width > 0, region.height > 0, outline.width > 0, outline.height > 0 else { return picture }
        // The cell size comes from the picture itself, so it always agrees with `render`.
        var grid = picture.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        let rows = grid.count, columns = grid.first?.count ?? 0
        guard rows > 0, columns > 0 else { return picture }
        let cellWidth = region.width / Double(columns), cellHeight = region.height / Double(rows)
        // The cells holding the outline's first and last points on each axis, with a millionth
        // of a cell of slack so that rounding in the caller's arithmetic does not move an edge.
        let slack = 1e-6
        func first(_ v: Double, _ origin: Double, _ size: Double) -> Int {
            Self.cellIndex(((v - origin) / size + slack).rounded(.down))
        }
        func last(_ v: Double, _ origin: Double, _ size: Double) -> Int {
            Self.cellIndex(((v - origin) / size - slack).rounded(.up)) - 1
        }
        let left = first(outline.minX, region.minX, cellWidth), right = last(outline.maxX, region.minX, cellWidth)
        let top = first(outline.minY, region.minY, cellHeight), bottom = last(outline.maxY, region.minY, cellHeight)
        let hasLeft = outline.minX >= region.minX - slack * cellWidth && left < columns
        let hasRight = outline.maxX <= region.maxX + slack * cellWidth && right >= 0
        let hasTop = outline.minY >= region.minY - slack * cellHeight && top < rows
        let hasBottom = outline.maxY <= region.maxY + slack * cellHeight && bottom >= 0
        let (h, v): (Character, Character) = unicode ? ("─", "│") : ("-", "|")
        let corners: [Character] = unicode ? ["┌", "┐", "└", "┘"] : ["+", "+", "+", "+"]
        let c0 = max(0, min(columns - 1, left)), c1 = max(0, min(columns - 1, right))
        let r0 = max(0, min(rows - 1, top)), r1 = max(0, min(rows - 1, bottom))
        if c0 <= c1 {
            for c in c0...c1 {
                if hasTop { grid[r0][c] = h }
                if hasBottom { grid[r1][c] = h }
            }
        }
        if r0 <= r1 {
            for r in r0...r1 {
                if hasLeft { grid[r][c0] = v }
                if hasRight { grid[r][c1] = v }
            }
        }
        if hasTop && hasLeft { grid[r0][c0] = corners[0] }
        if hasTop && hasRight { grid[r0][c1] = corners[1] }
        if hasBottom && hasLeft { grid[r1][c0] = corners[2] }
        if hasBottom && hasRight { grid[r1][c1] = corners[3] }
        return grid.map { String($0) }.joined(separator: "\n")
    }

    /// A cell coordinate as an Int, clamped far outside any picture for huge or odd values.
    private static func cellIndex(_ v: Double) -> Int {
        v.isFinite ? Int(clamping: v, into: -2...1_000_000_000) : -2
    }
}
