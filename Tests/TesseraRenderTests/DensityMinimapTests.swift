import Testing
import TesseraCore
@testable import TesseraRender

/// `count` items of `size`, one below the other, in one section, seen by a `viewport`.
private func stackRun(count: Int, size: Size, viewport: Size) throws -> LayoutRun {
    let items = (0..<count).map { Item(id: .int($0), fields: [:]) }
    let frames = (0..<count).map { Rect(x: 0, y: Double($0) * size.height, width: size.width, height: size.height) }
    let result = try FramesResult(frames: frames, elements: [], sections: [0..<count])
    return LayoutRun(layoutName: "stack", dataset: Dataset(items: items), viewport: viewport, result: result, milliseconds: 1)
}

private func lines(_ svg: String, after start: String) -> [String] {
    Array(svg.components(separatedBy: "\n").drop { !$0.hasPrefix(start) })
}

/// The hover title of a band's line.
private func bandTitle(_ line: String) -> String {
    guard let a = line.range(of: "<title>"), let b = line.range(of: "</title>") else { return line }
    return String(line[a.upperBound..<b.lowerBound])
}

/// The minimap of a content too big to draw item by item: shaded bands of items, a strip at
/// least 40 px wide, the viewport marked and named.
@Suite struct DensityMinimapTests {
    /// 6000 items (past the 5000 drawn one by one), 100 x 60000: 25 bands (one per 4 px of the
    /// 100 px viewport) of 240 items each, one shade, drawn as one rectangle; the 100 px viewport
    /// at y 30000 is a 3 px mark across the strip.
    @Test func manyItemsAreDrawnAsBandsWithTheViewportMarked() throws {
        let run = try stackRun(count: 6000, size: Size(width: 100, height: 10), viewport: Size(width: 100, height: 100))
        let svg = try SVGPicture(run: run, viewport: Rect(x: 0, y: 30000, width: 100, height: 100)).render()
        #expect(lines(svg, after: "<g transform=\"translate(120 40)\">") == [
            "<g transform=\"translate(120 40)\"><title>the whole content: items per band along y, the axis it scrolls furthest, darker where more</title>",
            "<rect x=\"0\" y=\"0\" width=\"40\" height=\"200\" fill=\"#ffffff\" stroke=\"#999\" stroke-width=\"1\" stroke-dasharray=\"4 3\"><title>content bounds</title></rect>",
            "<rect x=\"0\" y=\"0\" width=\"40\" height=\"200\" fill=\"#3d6a99\" fill-opacity=\"0.75\"><title>y 0–60000: 240 items a band</title></rect>",
            "<rect x=\"0\" y=\"98.66666667\" width=\"40\" height=\"3\" fill=\"none\" stroke=\"#555\" stroke-width=\"1\"><title>shown on the left</title></rect>",
            "<rect x=\"-4\" y=\"98.66666667\" width=\"48\" height=\"3\" fill=\"none\" stroke=\"#d0021b\" stroke-width=\"2\"><title>viewport</title></rect>",
            "<text x=\"48\" y=\"104.1666667\" font-size=\"10\" fill=\"#d0021b\">viewport</text>",
            "</g>",
            "</svg>",
        ])
    }

    /// Two items in a 375 x 2.7M content map to a hairline 0.17 px wide: drawn as a 40 px strip of
    /// 200 bands of 13500, the empty middle left white (the bands an item ends in count it).
    @Test func aHairlineContentIsDrawnAsAStripWithItsGaps() throws {
        let frames = [Rect(x: 0, y: 0, width: 375, height: 900_000), Rect(x: 0, y: 1_800_000, width: 375, height: 900_000)]
        let result = try FramesResult(frames: frames, elements: [], sections: [0..<2])
        let run = LayoutRun(layoutName: "tall", dataset: Dataset(items: [Item(id: .int(0), fields: [:]), Item(id: .int(1), fields: [:])]),
                            viewport: Size(width: 375, height: 812), result: result, milliseconds: 1)
        let svg = try SVGPicture(run: run, viewport: nil).render()
        let bands = lines(svg, after: "<g transform=").filter { $0.contains("fill=\"#3d6a99\"") }
        #expect(bands == [
            "<rect x=\"0\" y=\"0\" width=\"40\" height=\"408.03\" fill=\"#3d6a99\" fill-opacity=\"0.75\"><title>y 0–904500: 1 item a band</title></rect>",
            "<rect x=\"0\" y=\"809.97\" width=\"40\" height=\"408.03\" fill=\"#3d6a99\" fill-opacity=\"0.75\"><title>y 1795500–2700000: 1 item a band</title></rect>",
        ])
    }

    /// Bands are as many as the map has 4 px rows for, at most 200, and equal neighbours are one
    /// rectangle: a million items write a minimap of eight lines.
    @Test func aMillionItemsWriteAMinimapOfAFewLines() throws {
        let run = try stackRun(count: 1_000_000, size: Size(width: 375, height: 50), viewport: Size(width: 375, height: 812))
        let svg = try SVGPicture(run: run, viewport: Rect(x: 0, y: 25_000_000, width: 375, height: 812)).render()
        #expect(lines(svg, after: "<g transform=\"translate(395 40)\">").count == 8)
    }

    /// A row 60000 wide in a 100 x 100 viewport scrolls sideways: the svg's strip runs across and
    /// says so, as the page's does, and both count the same 25 bands of 2400 px over the resting
    /// frames. Its first 400 items are a shelf (4000 px of cards in a 200 px scroller) scrolled
    /// to 3000: counted where they rest, 240 in band 0 and 160 in band 1 (shifted, all 400 would
    /// fall in band 0). The other 5980 are 10 px wide from x 200: 220 in band 0, 240 in each other.
    @Test func theSvgAndThePageCountTheSameBandsOfOneRun() throws {
        let shelf = (0..<400).map { Rect(x: Double($0) * 10, y: 0, width: 10, height: 100) }
        let rest = (0..<5980).map { Rect(x: 200 + Double($0) * 10, y: 0, width: 10, height: 100) }
        let result = try FramesResult(frames: shelf + rest, elements: [], sections: [0..<400, 400..<6380],
                                      orthogonal: [OrthogonalSection(section: 0, frame: Rect(x: 0, y: 0, width: 200, height: 100),
                                                                     contentSize: Size(width: 4000, height: 100))])
        let dataset = Dataset(items: (0..<6380).map { Item(id: .int($0), fields: [:]) },
                              sections: [.init(id: .string("shelf"), range: 0..<400), .init(id: .string("rest"), range: 400..<6380)])
        let run = LayoutRun(layoutName: "row", dataset: dataset, viewport: Size(width: 100, height: 100), result: result, milliseconds: 1)
        let offsets = [0: Point(x: 3000, y: 0)]
        let page = try HTMLPage(run: run, viewport: nil, sectionOffsets: offsets).render()
        let counts = [460, 400] + Array(repeating: 240, count: 23)
        let start = try #require(page.range(of: "\"overview\":{"))
        let overview = String(page[start.upperBound...].prefix { $0 != "}" })
        #expect(overview.hasPrefix("\"axis\":\"x\",\"start\":0,\"length\":60000,\"counts\":[\(counts.map(String.init).joined(separator: ","))],"))
        let svg = try SVGPicture(run: run, viewport: nil, sectionOffsets: offsets).render()
        #expect(svg.contains("<title>the whole content: items per band along x, the axis it scrolls furthest, darker where more</title>"))
        // The svg draws neighbours of one shade as one band: 400 and 460 are the darkest (6), 240 shade 4.
        #expect(lines(svg, after: "<g transform=").filter { $0.contains("fill=\"#3d6a99\"") }.map(bandTitle) == [
            "x 0–4800: 400 to 460 items a band", "x 4800–60000: 240 items a band",
        ])
    }

    /// A band's count reads as the run page's overview strip writes it, digits grouped: 30000
    /// items 2 px tall make the 25 bands over 60000 px 1200 items each.
    @Test func aBandOverNineHundredNinetyNineItemsGroupsItsDigits() throws {
        let run = try stackRun(count: 30000, size: Size(width: 100, height: 2), viewport: Size(width: 100, height: 100))
        let svg = try SVGPicture(run: run, viewport: Rect(x: 0, y: 30000, width: 100, height: 100)).render()
        #expect(lines(svg, after: "<g transform=").filter { $0.contains("fill=\"#3d6a99\"") }.map(bandTitle) == [
            "y 0–60000: 1,200 items a band",
        ])
        #expect(SVGPicture.bandCount(fewest: 400, most: 1460) == "400 to 1,460 items a band")
        #expect(SVGPicture.bandCount(fewest: 1, most: 1) == "1 item a band")
    }

    /// Shades grow with the count, in six steps; an empty band has none.
    @Test func shadesFollowTheCount() {
        #expect([0, 1, 50, 51, 99, 100].map { SVGPicture.shade(count: $0, most: 100) } == [0, 1, 3, 4, 6, 6])
    }
}
