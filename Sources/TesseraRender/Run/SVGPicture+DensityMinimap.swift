import TesseraCore

/// The minimap of a content whose items cannot be drawn one by one (more than
/// `minimapItemLimit`, or a content so long that it maps to a hairline): the run's
/// `DensityStrip`, shaded bands along the axis the page scrolls furthest, darker where more
/// items cross the band, at least
/// `densityStripWidth` px across whatever the content's proportions, with the main panel's region
/// and the viewport marked at least `densityMarkLength` px long. Written in pixels, so the
/// numbers stay small for any content, and at most `densityBandLimit` bands long, so a million
/// items write no more than a hundred.
extension SVGPicture {
    static let densityBandLimit = 200
    static let densityStripWidth = 40.0
    static let densityMarkLength = 3.0
    /// Shades of the bands, lightest to darkest (empty bands are not drawn).
    static let densityShades = 6

    /// The shade (1...densityShades) of a band crossed by `count` items, `most` the most any
    /// band holds; 0 for an empty band.
    static func shade(count: Int, most: Int) -> Int {
        count > 0 ? max(1, Int((Double(count) / Double(max(most, 1)) * Double(densityShades)).rounded(.up))) : 0
    }

    /// The fill opacity of a band of `shade` (1...densityShades), to 1/100.
    static func densityOpacity(shade: Int) -> Double {
        ((0.15 + 0.6 * Double(shade) / Double(densityShades)) * 100).rounded() / 100
    }

    /// Whether the map is drawn as density bands: too many items, or content drawn narrower than
    /// the strip's minimum width would make it.
    func drawsDensity(count: Int, area: MinimapArea, scale: Double, vertical: Bool) -> Bool {
        let across = vertical ? area.bounds.width : area.bounds.height
        return count > minimapItemLimit || across * scale < Self.densityHairline
    }

    /// Content narrower than this in the map is a hairline: drawn as a density strip instead.
    static let densityHairline = 8.0

    /// The strip at `x, y` in a `width` x `height` box: the content's bounds, its bands, the
    /// main panel's region (grey) and the viewport (red).
    func densityMinimap(into svg: LineWriter, strip: DensityStrip, area: MinimapArea, region: Rect, shown: Rect,
                        width: Double, height: Double, x: Double, y: Double) {
        let b = area.bounds, bands = strip.bands, vertical = strip.vertical
        let alongBox = vertical ? height : width, acrossBox = vertical ? width : height
        let (a0, aLength) = vertical ? (b.minY, b.height) : (b.minX, b.width)
        let (c0, cLength) = vertical ? (b.minX, b.width) : (b.minY, b.height)
        let acrossDrawn = min(acrossBox, max(cLength * alongBox / max(aLength, .leastNormalMagnitude), Self.densityStripWidth))
        func along(_ v: Double) -> Double { Self.pixel((v - a0) / aLength * alongBox, in: alongBox) }
        func across(_ v: Double) -> Double { cLength > 0 ? Self.pixel((v - c0) / cLength * acrossDrawn, in: acrossDrawn) : 0 }
        // A span of the map in pixels: along from p0 to p1, across from q0 to q1; at least `minimum` long.
        func rect(_ p0: Double, _ p1: Double, _ q0: Double, _ q1: Double, minimum: Double = 0) -> String {
            let grow = max(0, minimum - (p1 - p0)) / 2
            let p = max(0, min(alongBox - max(minimum, p1 - p0), p0 - grow)), length = max(minimum, p1 - p0)
            let q = q0, thick = cLength > 0 ? q1 - q0 : acrossDrawn
            let (rx, ry, rw, rh) = vertical ? (q, p, thick, length) : (p, q, length, thick)
            return "x=\"\(NumberText.picture(rx))\" y=\"\(NumberText.picture(ry))\" width=\"\(NumberText.picture(rw))\" height=\"\(NumberText.picture(rh))\""
        }
        func span(_ r: Rect, minimum: Double) -> String {
            vertical ? rect(along(r.minY), along(r.maxY), across(r.minX), across(r.maxX), minimum: minimum)
                : rect(along(r.minX), along(r.maxX), across(r.minY), across(r.maxY), minimum: minimum)
        }
        let content = area.content
        let (contentFrom, contentTo) = vertical ? (across(content.minX), across(content.maxX)) : (across(content.minY), across(content.maxY))
        svg.add("<g transform=\"translate(\(NumberText.picture(x)) \(NumberText.picture(y)))\"><title>the whole content: items per band along \(strip.axis), the axis it scrolls furthest, darker where more</title>")
        svg.add("<rect \(span(content, minimum: 0)) fill=\"#ffffff\" stroke=\"#999\" stroke-width=\"1\" stroke-dasharray=\"4 3\"><title>content bounds</title></rect>")
        // Bands of one shade are drawn as one rectangle (no seams between equal neighbours).
        let counts = bands.counts, most = max(1, counts.max() ?? 1), axis = strip.axis
        let shades = counts.map { Self.shade(count: $0, most: most) }
        var k = 0
        while k < counts.count {
            var end = k
            while end + 1 < counts.count, shades[end + 1] == shades[k] { end += 1 }
            if shades[k] > 0 {
                let (from, _) = bands.bounds(of: k), (_, to) = bands.bounds(of: end)
                let run = counts[k...end], fewest = run.min() ?? 0, most = run.max() ?? 0
                let opacity = Self.densityOpacity(shade: shades[k])
                svg.add("<rect \(rect(along(from), along(to), contentFrom, contentTo)) fill=\"#3d6a99\" fill-opacity=\"\(NumberText.picture(opacity))\">"
                        + "<title>\(axis) \(NumberText.display(from))–\(NumberText.display(to)): \(Self.bandCount(fewest: fewest, most: most))</title></rect>")
            }
            k = end + 1
        }
        svg.add("<rect \(span(region, minimum: Self.densityMarkLength)) fill=\"none\" stroke=\"#555\" stroke-width=\"1\"><title>shown on the left</title></rect>")
        // The viewport reaches past the strip on both sides and is named beside it: a 3 px mark
        // on a long strip is easy to miss.
        let (p0, p1) = vertical ? (along(shown.minY), along(shown.maxY)) : (along(shown.minX), along(shown.maxX))
        svg.add("<rect \(rect(p0, p1, -4, acrossDrawn + 4, minimum: Self.densityMarkLength)) fill=\"none\" stroke=\"#d0021b\" stroke-width=\"2\"><title>viewport</title></rect>")
        let middle = NumberText.picture(max(10, min(alongBox - 2, (p0 + p1) / 2 + 4))), beside = NumberText.picture(acrossDrawn + 8)
        svg.add(vertical ? "<text x=\"\(beside)\" y=\"\(middle)\" font-size=\"10\" fill=\"#d0021b\">viewport</text>"
                : "<text x=\"\(middle)\" y=\"\(NumberText.picture(acrossDrawn + 16))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#d0021b\">viewport</text>")
        svg.add("</g>")
    }

    /// What a run of bands' hover title says they hold, digits grouped as the run page's
    /// overview strip writes a band's count: "1 item a band", "1,234 items a band",
    /// "400 to 1,460 items a band".
    static func bandCount(fewest: Int, most: Int) -> String {
        let counts = fewest == most ? NumberText.grouped(most) : "\(NumberText.grouped(fewest)) to \(NumberText.grouped(most))"
        return "\(counts) item\(most == 1 ? "" : "s") a band"
    }

    /// `v` kept on the map (0...limit; a non-number at 0).
    private static func pixel(_ v: Double, in limit: Double) -> Double { v.isNaN ? 0 : max(0, min(limit, v)) }
}
