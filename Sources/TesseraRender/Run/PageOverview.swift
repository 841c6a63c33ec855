import TesseraCore

/// The run page's overview strip: the svg minimap's density bands over the page's whole scroll
/// range (the content joined with the viewport at offset 0), along the axis the page scrolls
/// furthest in viewports, one band per 4 px of a strip as long as the viewport. Computed here,
/// with the svg's counting and shading, so that the page carries at most 200 counts, not a
/// second copy of the rule, and both pictures shade a band alike.
struct PageOverview {
    /// Whether the strip runs down (the page scrolls further down than sideways).
    let vertical: Bool
    let bands: DensityBands

    /// Counts every item's resting frame. Throws what the result's frame queries throw.
    init(run: LayoutRun) throws {
        let result = run.result
        let range = Rect(origin: result.contentOrigin, size: result.contentSize)
            .union(Rect(origin: .zero, size: run.viewport))
        let area = MinimapArea(content: range, region: range)
        let viewport = run.viewport
        vertical = SVGPicture.densityRunsDown(area: area, width: viewport.width, height: viewport.height)
        bands = try SVGPicture.densityBands(count: result.count, area: area, vertical: vertical,
                                            length: vertical ? viewport.height : viewport.width,
                                            frame: { try result.frame(at: $0) })
    }

    /// The field `"overview":{"axis":"x"|"y","start","length","counts":[…],"opacity":[…]}`:
    /// where the bands start and how long they are together on the axis, the items crossing
    /// each band, and each band's fill opacity as the svg draws it (0: empty, not drawn).
    func field() -> [UInt8] {
        var out: [UInt8] = []
        func raw(_ s: String) { out.append(contentsOf: Array(s.utf8)) }
        let counts = bands.counts, most = max(1, counts.max() ?? 1)
        raw("\"overview\":{\"axis\":\"\(vertical ? "y" : "x")\",\"start\":")
        JSONWriter.appendNumber(bands.start, to: &out)
        raw(",\"length\":")
        JSONWriter.appendNumber(bands.length, to: &out)
        raw(",\"counts\":[\(counts.map(String.init).joined(separator: ","))],\"opacity\":[")
        for (k, count) in counts.enumerated() {
            if k > 0 { raw(",") }
            let shade = SVGPicture.shade(count: count, most: most)
            JSONWriter.appendNumber(shade > 0 ? SVGPicture.densityOpacity(shade: shade) : 0, to: &out)
        }
        raw("]}")
        return out
    }
}
