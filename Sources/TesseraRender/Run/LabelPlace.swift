import TesseraCore

/// Where the svg picture writes a box's label, and what it reads: in the box's top-left corner,
/// 2 px inside its left side, at up to 11 px (0.6 of the box's height on screen), cut with an
/// ellipsis where it would run past 2 px inside the right side (`SVGPicture.labelText`).
///
/// Section titles are written last, on dark boxes in their sections' top-right corners, and
/// hid the label of a narrow card there. So a label is kept clear of every title box: where its
/// line (the text as measured and 2 px either side, 4 px taller than the font) would meet one,
/// it moves down, just under the title boxes it met, when the box is tall enough; else it is
/// cut to the part of the top line left of them; else (not even the ellipsis fits) it is dropped.
/// The run page and the preview page place their labels by the same rule (`labelPlace` in
/// Pages/page-drawing.js).
struct LabelPlace: Equatable {
    /// The text as written: the label, cut to fit.
    var text: String
    /// Where the text starts, in the picture's content coordinates: its left and its baseline.
    var x: Double, baseline: Double
    /// The font size in content units (px / scale).
    var size: Double

    /// The place of `label` in `frame` (content coordinates, drawn at `scale` px per unit),
    /// clear of `titles` (the title boxes, in the same coordinates); nil when the box is too small
    /// on screen (under 14 x 10 px), the label is empty, or no place is clear.
    /// O(titles × titles meeting the box).
    static func place(_ label: String, in frame: Rect, scale: Double, clearOf titles: [Rect]) -> LabelPlace? {
        guard !label.isEmpty, frame.width * scale >= 14, frame.height * scale >= 10 else { return nil }
        let px = min(11, frame.height * scale * 0.6), u = 1 / scale
        let near = titles.filter { $0.overlapsWithPositiveArea(frame) }
        let whole = SVGPicture.labelText(label, boxWidth: frame.width * scale, size: px)
        guard !whole.isEmpty else { return nil }
        /// The titles the text would meet written on the line whose top is `top`.
        func met(_ text: String, top: Double) -> [Rect] {
            let line = Rect(x: frame.x, y: top, width: (TextWidth.width(of: text, size: px) + 4) * u, height: (px + 4) * u)
            return near.filter { $0.overlapsWithPositiveArea(line) }
        }
        func at(_ text: String, top: Double) -> LabelPlace {
            LabelPlace(text: text, x: frame.x + 2 * u, baseline: top + (px + 1) * u, size: px * u)
        }
        let blocking = met(whole, top: frame.y)
        guard !blocking.isEmpty else { return at(whole, top: frame.y) }
        // Down, under each title met in turn, while the line stays inside the box.
        var top = frame.y, meeting = blocking
        while let lowest = meeting.map(\.maxY).max(), lowest > top {
            top = lowest
            guard top + (px + 4) * u <= frame.maxY else { break }
            meeting = met(whole, top: top)
            if meeting.isEmpty { return at(whole, top: top) }
        }
        // The top line's part left of the titles met there.
        let room = (blocking.map(\.minX).min()! - frame.x) * scale
        let left = SVGPicture.labelText(label, boxWidth: room, size: px)
        return left.isEmpty ? nil : at(left, top: frame.y)
    }
}
