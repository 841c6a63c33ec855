import TesseraCore

/// A character-cell picture of a layout for terminals (`run --format text`, the REPL's `:show()`).
///
/// The picture covers `region` (normally the viewport) scaled to `columns` characters; a cell
/// shows the letter of the topmost item covering its centre (letters cycle A–Z, a–z, 0–9 by
/// flattened index), `.` where content has no item, and a space outside the content bounds. Terminal cells are about twice as tall as wide, so a row
/// covers twice the height a column covers in width.
public struct AsciiPreview {
    /// Width of the picture in characters (8 to `maxSide`; a value set outside is clamped).
    public var columns: Int { didSet { columns = Self.side(columns, least: 8) } }
    /// The most rows the picture takes (fewer when the region is short; 4 to `maxSide`, a value
    /// set outside is clamped).
    public var maxRows: Int { didSet { maxRows = Self.side(maxRows, least: 4) } }

    /// The most columns, and the most rows, a picture has (the grid is allocated whole).
    public static let maxSide = 1_000

    /// A picture `columns` wide (8 to `maxSide`) and at most `maxRows` tall (4 to `maxSide`).
    public init(columns: Int = 60, maxRows: Int = 40) {
        self.columns = Self.side(columns, least: 8)
        self.maxRows = Self.side(maxRows, least: 4)
    }

    /// `value` clamped to `least...maxSide`: a picture of no cells, or of a grid too large to
    /// allocate, is never drawn.
    static func side(_ value: Int, least: Int) -> Int { min(maxSide, max(least, value)) }

    static let glyphs = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// The glyph used for item `index`, the 62 glyphs repeating; a negative index counts back
    /// from the last glyph instead of trapping.
    public static func glyph(for index: Int) -> Character {
        let count = glyphs.count
        return glyphs[(index % count + count) % count]
    }

    /// Renders `result` inside `region`; `viewport` (if given) is the rectangle whose pinned frames
    /// are drawn. Returns the rows joined by newlines.
    /// - Complexity: O(k + rows · columns) for k items visible in `region`.
    public func render(_ result: any LayoutResult, region: Rect, viewport: Rect? = nil) throws -> String {
        guard region.width > 0, region.height > 0 else { return "(empty region)" }
        let cell = region.width / Double(columns)
        let rows = Self.clampedIndex((region.height / (cell * 2)).rounded(.up), 1, maxRows)
        let rowHeight = region.height / Double(rows)
        var grid = [[Character]](repeating: [Character](repeating: ".", count: columns), count: rows)
        let content = Rect(origin: result.contentOrigin, size: result.contentSize)
        for r in 0..<rows {
            for c in 0..<columns {
                let x = region.x + (Double(c) + 0.5) * cell, y = region.y + (Double(r) + 0.5) * rowHeight
                if x > content.maxX || y > content.maxY || x < content.minX || y < content.minY { grid[r][c] = " " }
            }
        }
        for i in try result.visible(in: region) {
            let f = try result.drawnFrame(at: i, viewport: viewport)
            let c0 = Self.clampedIndex((f.minX - region.x) / cell, 0, columns)
            let c1 = Self.clampedIndex((f.maxX - region.x) / cell, 0, columns)
            let r0 = Self.clampedIndex((f.minY - region.y) / rowHeight, 0, rows)
            let r1 = Self.clampedIndex((f.maxY - region.y) / rowHeight, 0, rows)
            // Every overlapping item gets at least one cell, however small it is.
            let rEnd = min(rows, max(r0 + 1, r1)), cEnd = min(columns, max(c0 + 1, c1))
            for r in min(r0, rows - 1)..<rEnd { for c in min(c0, columns - 1)..<cEnd { grid[r][c] = Self.glyph(for: i) } }
        }
        return grid.map { String($0) }.joined(separator: "\n")
    }

    /// A cell coordinate rounded and clamped to `low...high`, so a frame far outside the region
    /// (an item 1e22 tall) never overflows the conversion to Int.
    static func clampedIndex(_ value: Double, _ low: Int, _ high: Int) -> Int {
        Int(clamping: value, rounding: .toNearestOrAwayFromZero, into: low...high)
    }
}
