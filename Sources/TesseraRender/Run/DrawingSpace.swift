import TesseraCore

/// The coordinates an SVG panel writes its rectangles in. A browser holds SVG geometry in single
/// precision (largest ~3.4e38, and a transform's scale far from 1 loses what little it has), while
/// a script may give frames up to 1e308. So a panel writes content coordinates divided by `unit`
/// (1 unless the panel's extent passes 1e30, then a power of ten bringing it near 1e6), and every
/// rectangle cut to `bounds`, the part of the content around what the panel shows: beyond it the
/// panel's clip hides everything anyway. For every ordinary layout the space is the identity and
/// the picture is written exactly as before.
struct DrawingSpace {
    /// What can be drawn, in content coordinates; rectangles are cut to it.
    var bounds: Rect
    /// Content coordinates per written unit.
    var unit: Double

    /// Extents up to this are written as they are.
    static let safeExtent = 1e30

    /// The space for a panel that shows `area` (and clips to it): `area` grown by `margin` on
    /// each side (at most 1e307, so that the bounds stay finite for any finite area). The unit
    /// follows the area's extent: what is cut to the margin lies outside the panel's clip.
    init(around area: Rect, margin: Double) {
        let m = min(max(margin, 0), 1e307)
        bounds = area.inset(by: EdgeInsets(top: -m, left: -m, bottom: -m, right: -m))
        let extent = max(abs(area.minX), abs(area.maxX), abs(area.minY), abs(area.maxY), area.width, area.height)
        unit = extent > Self.safeExtent && extent.isFinite ? Self.power(of: extent / 1e6) : 1
    }

    /// `f` cut to the bounds (unchanged when inside them).
    func drawn(_ f: Rect) -> Rect { bounds.encloses(f) ? f : f.intersection(bounds) }

    /// A content coordinate or length as written.
    func written(_ v: Double) -> Double { unit == 1 ? v : v / unit }

    /// `x="…" y="…" width="…" height="…"` of `f` cut to the bounds, in written units.
    func attributes(_ f: Rect) -> String {
        let d = drawn(f)
        return "x=\"\(n(written(d.x)))\" y=\"\(n(written(d.y)))\" width=\"\(n(written(d.width)))\" height=\"\(n(written(d.height)))\""
    }

    private func n(_ v: Double) -> String { NumberText.picture(v) }

    /// The power of ten at or above `v`.
    private static func power(of v: Double) -> Double {
        var p = 1.0
        while p < v { p *= 10 }
        return p
    }
}
