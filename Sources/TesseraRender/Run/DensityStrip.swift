import TesseraCore

/// The density strip of a run, as both pictures draw it: the svg's minimap of a content too big
/// to draw item by item, and the run page's overview strip. Counted once, here, so that the
/// two show the same counts for the same run, and the page carries at most 200 counts, not a
/// second copy of the rule.
///
/// The strip runs along the axis the page scrolls furthest in viewports (a sideways-scrolling
/// layout gets a strip across), over the scroll range (the content joined with the viewport at
/// offset 0), one band per 4 px of the viewport's length on that axis (at most 200).
///
/// It counts every item's resting frame, not the frame a shelf's `--section-offset` scrolls it
/// to: the strip maps where items lie in the content, which scrolling a shelf does not change
/// (it only changes what the shelf's scroller shows), and the page's strip, counted once, stays
/// true while a person scrolls the page's shelves.
struct DensityStrip {
    /// Whether the strip runs down (the page scrolls further down than sideways).
    let vertical: Bool
    let bands: DensityBands

    /// Counts every item's resting frame. Throws what the result's frame queries throw.
    /// - Complexity: O(n) frame queries.
    init(run: LayoutRun) throws {
        try self.init(run: run, range: Self.range(of: run))
    }

    /// Counts every item's resting frame over `range`, `run`'s scroll range (`range(of:)`), for
    /// a caller that has already worked it out to choose the strip's axis.
    /// - Complexity: O(n) frame queries.
    init(run: LayoutRun, range: Rect) throws {
        let result = run.result
        vertical = Self.runsDown(range: range, viewport: run.viewport)
        let length = vertical ? run.viewport.height : run.viewport.width
        var bands = DensityBands(start: vertical ? range.minY : range.minX, length: vertical ? range.height : range.width,
                                 bands: min(SVGPicture.densityBandLimit, max(1, Int(length / 4))))
        for i in 0..<result.count {
            let f = try result.frame(at: i)
            if vertical { bands.add(from: f.minY, to: f.maxY) } else { bands.add(from: f.minX, to: f.maxX) }
        }
        self.bands = bands
    }

    /// Whether a strip over the scroll range `range` runs down: the range is at least as many
    /// viewports tall as wide. O(1).
    static func runsDown(range: Rect, viewport: Size) -> Bool {
        range.height / max(viewport.height, 1) >= range.width / max(viewport.width, 1)
    }

    /// The page's scroll range: the content joined with the viewport at offset 0.
    static func range(of run: LayoutRun) -> Rect {
        Rect(origin: run.result.contentOrigin, size: run.result.contentSize).union(Rect(origin: .zero, size: run.viewport))
    }

    /// The axis the strip counts along, as pictures name it: "y" or "x".
    var axis: String { vertical ? "y" : "x" }

    /// The run page's field `"overview":{"axis":"x"|"y","start","length","counts":[…],"opacity":[…]}`:
    /// where the bands start and how long they are together on the axis, the items crossing
    /// each band, and each band's fill opacity as the svg draws it (0: empty, not drawn).
    func field() -> [UInt8] {
        var out: [UInt8] = []
        func raw(_ s: String) { out.append(contentsOf: Array(s.utf8)) }
        let counts = bands.counts, most = max(1, counts.max() ?? 1)
        raw("\"overview\":{\"axis\":\"\(axis)\",\"start\":")
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
