import TesseraCore

/// The picture the REPL's `r:show()` prints: `AsciiPreview` of the content around the viewport with the
/// viewport outlined, at most `columns` characters wide and `rows` lines tall, followed by a
/// legend wrapped to the same width.
///
/// The scale is the largest that fits both the whole viewport (terminal cells are about twice
/// as tall as wide, so a line covers twice the points a column does) and the content's width
/// (plus the viewport's, if it sticks out; at most four viewport widths, so a horizontally
/// scrolling layout still shows its viewport readably). The lines left over show the content
/// above and below the viewport, centred on it and clamped to the content.
public struct ResultPreview {
    /// Width of the picture in characters (8 to `AsciiPreview.maxSide`; a value set outside is
    /// clamped).
    public var columns: Int { didSet { columns = AsciiPreview.side(columns, least: 8) } }
    /// Height of the picture in lines, the legend coming below (4 to `AsciiPreview.maxSide`; a
    /// value set outside is clamped).
    public var rows: Int { didSet { rows = AsciiPreview.side(rows, least: 4) } }
    /// Outline the viewport in box-drawing characters instead of ASCII.
    public var unicode: Bool

    /// A picture `columns` (8 to `AsciiPreview.maxSide`) by `rows` (4 to `maxSide`), outlined
    /// in box-drawing characters when `unicode`.
    public init(columns: Int, rows: Int, unicode: Bool) {
        self.columns = AsciiPreview.side(columns, least: 8)   // AsciiPreview's own bounds
        self.rows = AsciiPreview.side(rows, least: 4)
        self.unicode = unicode
    }

    /// How far from 0 coordinates are drawn: beyond it they are drawn as if at it, so no edge,
    /// span or sum of them overflows to infinity (a viewport at 1e308 is 1e308 wide would).
    static let reach = 1e307

    /// `r` with its origin within ±`reach` and its sides at most `reach`.
    static func withinReach(_ r: Rect) -> Rect {
        Rect(x: min(max(r.minX, -reach), reach), y: min(max(r.minY, -reach), reach),
             width: min(r.width, reach), height: min(r.height, reach))
    }

    /// The region shown, and its size in characters. O(1).
    func layout(content: Rect, viewport: Rect) -> (region: Rect, columns: Int, rows: Int) {
        let viewport = ResultPreview.withinReach(viewport), content = ResultPreview.withinReach(content)
        let viewportWidth = max(viewport.width, 1), viewportHeight = max(viewport.height, 1)
        let minX = min(content.minX, viewport.minX), maxX = max(content.maxX, viewport.maxX, minX + viewportWidth)
        var span = maxX - minX, x = minX
        if span > 4 * viewportWidth {
            span = 4 * viewportWidth
            x = min(max(viewport.minX + viewport.width / 2 - span / 2, minX), maxX - span)
        }
        // Points per column: enough for the span in `columns` and the viewport in `rows`.
        let cell = max(span / Double(columns), viewportHeight / Double(2 * rows))
        let used = Int(clamping: span / cell - 1e-9, rounding: .up, into: min(8, columns)...columns)
        let lineHeight = 2 * cell
        let minY = min(content.minY, viewport.minY), maxY = max(content.maxY, viewport.maxY)
        let fullHeight = max(maxY - minY, lineHeight)
        let lines = Int(clamping: fullHeight / lineHeight - 1e-9, rounding: .up, into: 1...rows)
        let height = Double(lines) * lineHeight
        var y = minY
        if fullHeight > height {
            y = min(max(viewport.minY + viewport.height / 2 - height / 2, minY), maxY - height)
        }
        return (Rect(x: x, y: y, width: Double(used) * cell, height: height), used, lines)
    }

    /// The part of `region` the legend names: what lies within the content and the viewport.
    /// The picture's last column and line cover whole cells, so `region` can reach past both
    /// (a 375-wide viewport drawn in 20.3-point columns ends at 385.7); the legend gives the
    /// content's and viewport's own edges there instead. O(1).
    static func shown(_ region: Rect, content: Rect, viewport: Rect) -> Rect {
        let content = withinReach(content), viewport = withinReach(viewport)
        let minX = max(region.minX, min(content.minX, viewport.minX)), maxX = min(region.maxX, max(content.maxX, viewport.maxX))
        let minY = max(region.minY, min(content.minY, viewport.minY)), maxY = min(region.maxY, max(content.maxY, viewport.maxY))
        return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }

    /// The picture and its legend, lines joined by newlines.
    /// - Complexity: O(k + rows · columns) for k items in the region.
    public func render(_ result: any LayoutResult, viewport: Rect) throws -> String {
        let content = result.contentSize
        let contentRect = Rect(origin: result.contentOrigin, size: content)
        let (region, used, lines) = layout(content: contentRect, viewport: viewport)
        let shown = ResultPreview.shown(region, content: contentRect, viewport: viewport)
        // maxRows caps AsciiPreview's own rounding, so the picture has exactly `lines` lines.
        let preview = AsciiPreview(columns: used, maxRows: lines)
        let drawn = ResultPreview.withinReach(viewport)
        let picture = try preview.render(result, region: region, viewport: drawn, outline: drawn, unicode: unicode)
        let f = NumberText.display(_:)
        let legend = "viewport \(f(viewport.width))x\(f(viewport.height)) at \(f(viewport.x)),\(f(viewport.y)) outlined;"
            + " content \(f(content.width))x\(f(content.height)), \(NumberText.counted(result.count, "item"));"
            + " showing x \(f(shown.minX))..\(f(shown.maxX)), y \(f(shown.minY))..\(f(shown.maxY));"
            + " letters cycle A-Z a-z 0-9 by item index, '.' is empty content"
        return picture + "\n" + ResultPreview.wrap(legend, width: max(columns, 40))
    }

    /// `text` broken at spaces into lines of at most `width` characters (longer words stay whole).
    static func wrap(_ text: String, width: Int) -> String {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}
