import Foundation
import Testing
import OrderedCollections
@_spi(Testing) import TesseraCore
@testable import TesseraLua

/// The repository root, so the tests read the shipped `layouts/` and `datasets/`.
private let libraryRoot: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

private func libraryScript(_ name: String, host: LuaHost) throws -> LayoutScript {
    try host.loadLayoutScript(path: libraryRoot + "/layouts/" + name + ".lua")
}

private func dataset(_ name: String) throws -> Dataset {
    try DatasetLoader.load(path: libraryRoot + "/datasets/" + name)
}

/// Items with exactly these intrinsic sizes (ids 0..<n), in a `width` x 812 viewport.
private func context(_ sizes: [(Double, Double)], width: Double) -> LayoutContext {
    LayoutContext(dataset: Dataset.synthetic(count: sizes.count) { Size(width: sizes[$0].0, height: sizes[$0].1) },
                  collectionSize: Size(width: width, height: 812))
}

private func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
    Rect(x: x, y: y, width: w, height: h)
}

/// nil when the lists are equal; else the first difference, short enough to read in a failure.
private func firstDifference(_ a: [Rect], _ b: [Rect]) -> String? {
    if let i = a.indices.first(where: { $0 < b.count && a[$0] != b[$0] }) { return "item \(i): \(a[i]) vs \(b[i])" }
    return a.count == b.count ? nil : "\(a.count) frames vs \(b.count)"
}

/// The shipped `layouts/` library (issue 3, point 6): each script against exact frames.
@Suite struct LayoutLibraryTests {

    // MARK: waterfall.lua

    @Test func waterfallEqualsTheNativeWaterfallFrameForFrame() throws {
        let host = try LuaHost()
        let script = try libraryScript("waterfall", host: host)
        #expect(script.name == "waterfall")
        #expect(script.defaultParams == ["columns": 2, "spacing": 0])
        let stamps = try dataset("tuxpaint-stamps.json")
        let cases: [(columns: Int, spacing: Double, viewport: Size)] = [
            (2, 0, Size(width: 375, height: 812)), (3, 4, Size(width: 375, height: 812)),
            (5, 2.5, Size(width: 1024, height: 768)), (1, 0, Size(width: 320, height: 480)),
            (7, 3.3, Size(width: 333.3, height: 100)),
        ]
        for c in cases {
            for sizing in [SizingRule.fit, .fillWidth, .intrinsic] {
                let ctx = LayoutContext(dataset: stamps, collectionSize: c.viewport, sizing: ItemSizing(rule: sizing))
                let native = try WaterfallLayout(columns: c.columns, spacing: c.spacing).layout(ctx)
                let scripted = try script.configured(["columns": .int(c.columns), "spacing": .double(c.spacing)]).layout(ctx)
                #expect(scripted.count == 961)
                #expect(try firstDifference(scripted.allFrames, native.allFrames) == nil,
                        "columns \(c.columns), spacing \(c.spacing), \(sizing)")
                #expect(scripted.contentSize == native.contentSize)
                let query = Rect(x: 0, y: 2000, width: c.viewport.width, height: c.viewport.height)
                #expect(try scripted.visible(in: query) == native.visible(in: query))
            }
        }
        // The defaults are the native defaults (2 columns, no spacing).
        let ctx = LayoutContext(dataset: stamps)
        #expect(firstDifference(try script.configured().layout(ctx).allFrames, try WaterfallLayout().layout(ctx).allFrames) == nil)
    }

    @Test func waterfallTiesGoToTheLowestColumnAndWidthsAreForced() throws {
        let host = try LuaHost()
        let script = try libraryScript("waterfall", host: host)
        // Equal heights tie, and the leftmost column wins; the 10x3 item gets the column width.
        let ctx = context([(100, 40), (100, 40), (100, 40), (10, 3), (100, 40)], width: 310)
        let frames = try script.configured(["columns": 3, "spacing": 5]).layout(ctx).allFrames
        #expect(frames == [rect(0, 0, 100, 40), rect(105, 0, 100, 40), rect(210, 0, 100, 40),
                           rect(0, 45, 100, 3), rect(105, 45, 100, 40)])
    }

    // MARK: mosaic.lua

    @Test func mosaicRepeatsItsSixTilePattern() throws {
        let host = try LuaHost()
        let script = try libraryScript("mosaic", host: host)
        #expect(script.defaultParams == ["aspect": 1, "spacing": 2])
        // 304 wide, spacing 2: cells of 100 x 100, a new cell every 102.
        let ctx = context(Array(repeating: (640, 480), count: 8), width: 304)
        let result = try script.configured().layout(ctx)
        #expect(try result.allFrames == [
            rect(0, 0, 100, 100), rect(102, 0, 202, 202), rect(0, 102, 100, 100),
            rect(0, 204, 202, 202), rect(204, 204, 100, 100), rect(204, 306, 100, 100),
            rect(0, 408, 100, 100), rect(102, 408, 202, 202),
        ])
        #expect(result.contentSize == Size(width: 304, height: 610))
        // Half-height cells, no spacing.
        let flat = try script.configured(["aspect": 0.5, "spacing": 0]).layout(context(Array(repeating: (1, 1), count: 7), width: 300))
        #expect(try flat.allFrames == [
            rect(0, 0, 100, 50), rect(100, 0, 200, 100), rect(0, 50, 100, 50),
            rect(0, 100, 200, 100), rect(200, 100, 100, 50), rect(200, 150, 100, 50),
            rect(0, 200, 100, 50),
        ])
    }

    @Test func mosaicTilesNeverOverlap() throws {
        let host = try LuaHost()
        let result = try libraryScript("mosaic", host: host).configured().layout(LayoutContext(dataset: try dataset("tuxpaint-stamps.json")))
        let frames = try result.allFrames
        for i in frames.indices {
            // Only a neighbour within one period can touch item i.
            for j in (i + 1)..<min(frames.count, i + 12) {
                #expect(!frames[i].overlapsWithPositiveArea(frames[j]), "\(i) and \(j)")
            }
        }
        #expect(frames.allSatisfy { $0.minX >= 0 && $0.maxX <= 375 })
    }

    // MARK: justified.lua

    @Test func justifiedRowsExactFrames() throws {
        let host = try LuaHost()
        let script = try libraryScript("justified", host: host)
        #expect(script.defaultParams == ["rowHeight": 180, "spacing": 4])
        // No spacing, width 300, target 100. Aspect ratios 1,1,1 | 2,2 | 0.5,0.5,4 | 1.5 (last row).
        let sizes: [(Double, Double)] = [(100, 100), (100, 100), (100, 100), (200, 100), (200, 100),
                                         (50, 100), (50, 100), (400, 100), (150, 100)]
        let result = try script.configured(["rowHeight": 100, "spacing": 0]).layout(context(sizes, width: 300))
        #expect(try result.allFrames == [
            rect(0, 0, 100, 100), rect(100, 0, 100, 100), rect(200, 0, 100, 100),
            rect(0, 100, 150, 75), rect(150, 100, 150, 75),
            rect(0, 175, 30, 60), rect(30, 175, 30, 60), rect(60, 175, 240, 60),
            rect(0, 235, 150, 100),
        ])
        #expect(result.contentSize == Size(width: 300, height: 335))

        // Spacing 10, width 310: the third item (aspect 4) would squash the row to 48.3, so the
        // row closes before it at 150; alone, it fills the width at 77.5.
        let wide = try script.configured(["rowHeight": 100, "spacing": 10])
            .layout(context([(100, 100), (100, 100), (400, 100), (100, 100)], width: 310))
        #expect(try wide.allFrames == [
            rect(0, 0, 150, 150), rect(160, 0, 150, 150),
            rect(0, 160, 310, 77.5),
            rect(0, 247.5, 100, 100),
        ])
    }

    @Test func justifiedRowsFillTheWidthExactlyExceptTheLast() throws {
        let host = try LuaHost()
        let script = try libraryScript("justified", host: host)
        for (file, width, rowHeight, spacing) in [("tuxpaint-stamps.json", 375.0, 180.0, 4.0),
                                                  ("images-gimp-help.json", 1024, 120, 6),
                                                  ("images-wallpapers.json", 800, 150, 0),
                                                  ("tuxpaint-stamps.json", 333.3, 77.7, 3.3)] {
            let data = try dataset(file)
            let ctx = LayoutContext(dataset: data, collectionSize: Size(width: width, height: 812))
            let frames = try script.configured(["rowHeight": .double(rowHeight), "spacing": .double(spacing)])
                .layout(ctx).allFrames
            #expect(frames.count == data.count)
            // Rows: runs of items with the same y, in order.
            var rows: [[Rect]] = []
            for f in frames {
                if let last = rows.last?.last, last.y == f.y { rows[rows.count - 1].append(f) } else { rows.append([f]) }
            }
            #expect(rows.count > 1)
            var y = 0.0
            for (k, row) in rows.enumerated() {
                let h = row[0].height
                #expect(row.allSatisfy { $0.height == h }, "\(file) row \(k): one height")
                #expect(row[0].x == 0 && row[0].y == y, "\(file) row \(k) starts at the left edge, below the last")
                for (a, b) in zip(row, row.dropFirst()) { #expect(b.x == a.maxX + spacing) }
                if k < rows.count - 1 {
                    #expect(row.last!.maxX == width, "\(file) row \(k) ends at \(row.last!.maxX), not \(width)")
                } else {
                    #expect(h == rowHeight, "\(file): the last row is not stretched")
                    #expect(row.last!.maxX < width)
                }
                y = row[0].y + h + spacing
            }
        }
    }

    // MARK: timeline.lua

    @Test func timelineAlternatesSidesOfTheCentreLine() throws {
        let host = try LuaHost()
        let script = try libraryScript("timeline", host: host)
        #expect(script.defaultParams == ["gutter": 24, "spacing": 8, "stagger": 24])
        // 224 wide, gutter 24: each side is 100 wide, the right side starts at 124.
        let ctx = context([(100, 50), (50, 100), (200, 100), (80, 20), (40, 40)], width: 224)
        let result = try script.configured().layout(ctx)
        #expect(try result.allFrames == [
            rect(0, 0, 100, 50),       // left, against the line
            rect(124, 24, 50, 100),    // right, `stagger` below item 1
            rect(0, 58, 100, 50),      // left, below item 1 (scaled to the side's width)
            rect(124, 132, 80, 20),    // right, below item 2
            rect(60, 156, 40, 40),     // left: its side is free at 116, but it starts 24 below item 4
        ])
        #expect(result.contentSize == Size(width: 204, height: 196))
        let tight = try script.configured(["gutter": 0, "spacing": 0, "stagger": 0]).layout(ctx)
        // No gutter: both sides are 112 wide and meet at x = 112.
        #expect(try tight.allFrames == [
            rect(12, 0, 100, 50), rect(112, 0, 50, 100), rect(0, 50, 112, 56),
            rect(112, 100, 80, 20), rect(72, 106, 40, 40),
        ])
    }

    // MARK: grid.lua

    @Test func gridAnswersForTenMillionCellsWithoutBuildingThem() throws {
        // Each call gets an instruction budget far below what building ten million frames would
        // take (and far above what answering takes): a count, not a clock, so load cannot fail it.
        let host = try LuaHost(limits: ScriptLimits(timeLimit: nil, maxInstructions: 1_000_000))
        let script = try libraryScript("grid", host: host)
        #expect(script.defaultParams == ["aspect": 1, "columns": 4, "spacing": 1])
        let n = 10_000_000
        let ctx = LayoutContext(collectionSize: Size(width: 375, height: 812), count: n,
                                item: { _ in nil }, size: { _, proposal in proposal })
        host.collectGarbage()
        let before = host.memoryUsed
        let result = try script.configured().layout(ctx)
        let grid = try #require(result.base as? ScriptedAnalyticResult)
        // Cells of 93 x 93, one every 94 across and down.
        #expect(grid.count == n)
        #expect(grid.contentSize == Size(width: 375, height: 2_499_999 * 94 + 93))
        for i in [0, 1, 3, 4, 1234, 5_000_001, n - 1] {
            #expect(try grid.frame(at: i) == rect(Double(i % 4) * 94, Double(i / 4) * 94, 93, 93))
        }
        // Viewports at the top, in the middle, at the very end, on cell edges and past the end.
        let queries = [rect(0, 0, 375, 812), rect(0, 117_500_000, 375, 812), rect(-10, 234_999_500, 400, 1000),
                       rect(94, 188, 94, 94), rect(93, 93, 1, 1), rect(0, 235_000_000, 375, 812), rect(50, 1000, 0, 0)]
        for q in queries {
            #expect(try grid.visible(in: q) == gridBruteForce(q, count: n, columns: 4, cell: 93, step: 94), "\(q)")
        }
        #expect(try grid.visible(in: rect(94, 188, 94, 94)) == [9])
        #expect(try grid.visible(in: rect(0, 0, 375, 812)).count == 36)   // 9 rows, the 9th cut
        host.collectGarbage()
        #expect(host.memoryUsed - before < 1_000_000, "the script kept \(host.memoryUsed - before) bytes")
    }

    /// Every cell overlapping `q`, from the grid's formula rather than from Lua; only the rows
    /// near `q` can overlap, so only they are scanned.
    private func gridBruteForce(_ q: Rect, count: Int, columns: Int, cell: Double, step: Double) -> [Int] {
        let rows = (count + columns - 1) / columns
        let first = max(0, Int((q.minY / step).rounded(.down)) - 2), last = min(rows - 1, Int((q.maxY / step).rounded(.down)) + 2)
        guard first <= last else { return [] }
        return (first * columns..<min(count, (last + 1) * columns)).filter { i in
            rect(Double(i % columns) * step, Double(i / columns) * step, cell, cell).overlapsWithPositiveArea(q)
        }
    }

    @Test func gridVisibleIsExactForUnevenCells() throws {
        let host = try LuaHost()
        let script = try libraryScript("grid", host: host)
        let n = 5003
        let ctx = LayoutContext(collectionSize: Size(width: 333.3, height: 500), count: n,
                                item: { _ in nil }, size: { _, proposal in proposal })
        let grid = try #require(try script.configured(["columns": 7, "spacing": 2.5, "aspect": 0.75]).layout(ctx)
            .base as? ScriptedAnalyticResult)
        let w = (333.3 - 6 * 2.5) / 7, h = w * 0.75
        let frames = (0..<n).map { i in rect(Double(i % 7) * (w + 2.5), Double(i / 7) * (h + 2.5), w, h) }
        for i in stride(from: 0, to: n, by: 97) { #expect(try grid.frame(at: i) == frames[i]) }
        #expect(grid.contentSize == Size(width: 6 * (w + 2.5) + w, height: Double(n / 7) * (h + 2.5) + h))
        // Rectangles on a lattice that hits cell edges, gaps and the ragged last row exactly.
        var generator = SplitMix64(seed: 20261122)
        var queries = [rect(0, 0, 333.3, 500), frames[n - 1], frames[8], rect(w, h, 2.5, 2.5)]
        for _ in 0..<200 {
            let x = Double(Int.random(in: -20...340, using: &generator)) * 1.25 - 25
            let y = Double(Int.random(in: -10...5000, using: &generator)) * (h + 2.5) / 4
            queries.append(rect(x, y, Double(Int.random(in: 0...300, using: &generator)), Double(Int.random(in: 0...900, using: &generator))))
        }
        for q in queries {
            let expected = frames.indices.filter { frames[$0].overlapsWithPositiveArea(q) }
            #expect(try grid.visible(in: q) == expected, "\(q)")
        }
    }

    // MARK: sectioned.lua

    @Test func sectionedUsesItsLayoutForEachSection() throws {
        let host = try LuaHost()
        let script = try libraryScript("sectioned", host: host)
        let stamps = try dataset("tuxpaint-stamps.json")
        let viewport = Size(width: 375, height: 812)
        let result = try script.configured().layout(LayoutContext(dataset: stamps, collectionSize: viewport))
        #expect(result.count == stamps.count)

        // What each section should be: sections of more than 60 items a 3-column waterfall,
        // the rest justified rows 120 high, both 8 in from the sides; 24 between sections, each
        // under a pinned 44-point header.
        let margins = EdgeInsets(left: 8, right: 8)
        let big = InsetLayout(WaterfallLayout(columns: 3, spacing: 4), insets: margins)
        let small = InsetLayout(try libraryScript("justified", host: host).configured(["rowHeight": 120]), insets: margins)
        let whole = LayoutContext(dataset: stamps, collectionSize: viewport)
        var y = 0.0
        var bigSections: [String] = []
        for section in stamps.sections {
            let layout: any Layout = section.range.count > 60 ? big : small
            if section.range.count > 60 { bigSections.append(section.id.description) }
            let alone = try layout.layout(whole.slice(section.range))
            let expected = try alone.allFrames.map { $0.offsetBy(dx: 0, dy: y + 44) }
            #expect(try firstDifference(section.range.map { try result.frame(at: $0) }, expected) == nil, "section \(section.id)")
            let s = stamps.sections.firstIndex { $0.id == section.id }!
            #expect(result.supplementaries[s] == .supplementary("header", section: s, frame: Rect(x: 0, y: y, width: 375, height: 44), pinned: true))
            y += 44 + alone.contentSize.height + 24
        }
        #expect(bigSections == ["animals", "food", "household", "seasonal", "symbols", "town", "vehicles"])
        #expect(result.contentSize.height == y - 24)
        // A justified section really is justified rows: "hobbies" (17 items) fills the width.
        let hobbies = try #require(stamps.sections.first { $0.id.description == "hobbies" })
        let firstRow = try hobbies.range.map { try result.frame(at: $0) }.filter { try $0.y == result.frame(at: hobbies.range.lowerBound).y }
        #expect(firstRow.count > 1 && firstRow.allSatisfy { $0.height == firstRow[0].height })
        #expect(firstRow.first!.x == 8 && abs(firstRow.last!.maxX - (375 - 8)) < 1e-9)
    }

    // MARK: rings.lua

    @Test func ringsPutsSixThenTwelveAroundTheFirstItem() throws {
        let host = try LuaHost()
        let script = try libraryScript("rings", host: host)
        #expect(script.defaultParams == ["cell": 48, "spacing": 8])
        // Cells of 10, no spacing: rings 10 * sqrt(2) apart. Item 1 (20 x 10) is fitted into its
        // cell as 10 x 5; 8 items fill the centre and ring 1 (6) and start ring 2 at twelve o'clock.
        let sizes = [(20.0, 10.0)] + Array(repeating: (10.0, 10.0), count: 7)
        let step = 10 * 2.0.squareRoot(), radius = 2 * step + 5
        let frames = try script.configured(["cell": 10, "spacing": 0]).layout(context(sizes, width: 100)).allFrames
        // Centred in the 100-wide viewport, the outer ring's edge at y = 0.
        let expected = [
            rect(45, radius - 2.5, 10, 5),                                        // the centre
            rect(45, radius - step - 5, 10, 10),                                  // ring 1, twelve o'clock
            rect(45 + step * 3.0.squareRoot() / 2, radius - step / 2 - 5, 10, 10), // then clockwise, 60 degrees apart
            rect(45 + step * 3.0.squareRoot() / 2, radius + step / 2 - 5, 10, 10),
            rect(45, radius + step - 5, 10, 10),                                  // six o'clock
            rect(45 - step * 3.0.squareRoot() / 2, radius + step / 2 - 5, 10, 10),
            rect(45 - step * 3.0.squareRoot() / 2, radius - step / 2 - 5, 10, 10),
            rect(45, 0, 10, 10),                                                  // ring 2, twelve o'clock
        ]
        #expect(frames.count == expected.count)
        for (i, (got, want)) in zip(frames, expected).enumerated() {
            #expect(abs(got.x - want.x) < 1e-9 && abs(got.y - want.y) < 1e-9 && got.size == want.size, "item \(i): \(got) vs \(want)")
        }
        // Wider than the viewport: the rings start at the left edge instead of past it.
        let narrow = try script.configured(["cell": 10, "spacing": 0]).layout(context(sizes, width: 20))
        #expect(abs(try narrow.frame(at: 0).x - (radius - 5)) < 1e-9)
        // Ring 2 holds 12: 1 + 6 + 12 items leave ring 3 empty, one more starts it.
        let ring2 = try script.configured(["cell": 10, "spacing": 0]).layout(context(Array(repeating: (10, 10), count: 19), width: 0))
        #expect(abs(ring2.contentSize.height - (4 * step + 10)) < 1e-9)
        let ring3 = try script.configured(["cell": 10, "spacing": 0]).layout(context(Array(repeating: (10, 10), count: 20), width: 0))
        #expect(abs(try ring3.frame(at: 19).y) < 1e-9 && abs(ring3.contentSize.height - (5 * step + 10)) < 1e-9)
    }

    @Test func ringsRefusesACellThatIsNotPositive() throws {
        let host = try LuaHost()
        let script = try libraryScript("rings", host: host)
        #expect {
            try script.configured(["cell": 0]).layout(context([(10, 10)], width: 100))
        } throws: { error in
            (error as? LuaScriptError)?.message == libraryRoot + "/layouts/rings.lua:35: rings: cell must be positive, got 0"
        }
    }

    // MARK: every script

    /// A viewport narrower than the gaps gives zero-width tiles, not a frame error (waterfall.lua
    /// excepted: it matches the native waterfall, which reports the error in the same words).
    @Test func narrowViewportsGiveZeroSizesNotErrors() throws {
        let host = try LuaHost()
        let sizes: [(Double, Double)] = [(10, 10), (30, 10), (5, 10), (1, 1000), (1, 1000), (1, 1000)]
        for name in ["mosaic", "timeline", "grid", "justified", "rings"] {
            let script = try libraryScript(name, host: host)
            for width in [0.0, 1, 3, 5] {
                let result = try script.configured().layout(context(sizes, width: width))
                #expect(result.count == sizes.count, "\(name) at \(width)")
                for i in 0..<result.count {
                    let frame = try result.frame(at: i)
                    #expect(frame.isValidFrame, "\(name) at \(width), item \(i): \(frame)")
                }
            }
        }
        let mosaic = try libraryScript("mosaic", host: host).configured().layout(context(sizes, width: 0))
        #expect(try Array(mosaic.allFrames.prefix(3)) == [rect(0, 0, 0, 0), rect(2, 0, 2, 2), rect(0, 2, 0, 0)])
        let grid = try libraryScript("grid", host: host).configured().layout(context(sizes, width: 0))
        #expect(try Array(grid.allFrames.prefix(5)) == [rect(0, 0, 0, 0), rect(1, 0, 0, 0), rect(2, 0, 0, 0), rect(3, 0, 0, 0), rect(0, 1, 0, 0)])
        let timeline = try libraryScript("timeline", host: host).configured().layout(context(sizes, width: 0))
        #expect(try timeline.allFrames.allSatisfy { $0.width == 0 && ($0.minX == 0 || $0.minX == 24) })
        // Two tall items whose row gap (4) is wider than the width (3): a row 0 high, no negative width.
        let justified = try libraryScript("justified", host: host).configured()
            .layout(context([(1, 1000), (1, 1000)], width: 3))
        #expect(try justified.allFrames == [rect(0, 0, 0, 0), rect(4, 0, 0, 0)])
        // waterfall.lua is unchanged: like the native waterfall, it reports the error.
        #expect(scriptError { _ = try libraryScript("waterfall", host: host).configured(["spacing": 8]).layout(context(sizes, width: 3)) }?.message
                == "\(libraryRoot)/layouts/waterfall.lua:38: waterfall layout needs a spacing of at most 3 for 2 columns in a width of 3, got 8")
        #expect(throws: LayoutError("waterfall layout needs a spacing of at most 3 for 2 columns in a width of 3, got 8")) {
            _ = try WaterfallLayout(columns: 2, spacing: 8).layout(context(sizes, width: 3))
        }
        // Numbers in their shortest form, as the native layout writes them.
        #expect(scriptError { _ = try libraryScript("waterfall", host: host).configured(["columns": 7, "spacing": 0.1]).layout(context(sizes, width: 0.5)) }?.message
                == "\(libraryRoot)/layouts/waterfall.lua:38: waterfall layout needs a spacing of at most 0.08333333333333333 for 7 columns in a width of 0.5, got 0.1")
        #expect(throws: LayoutError("waterfall layout needs a spacing of at most 0.08333333333333333 for 7 columns in a width of 0.5, got 0.1")) {
            _ = try WaterfallLayout(columns: 7, spacing: 0.1).layout(context(sizes, width: 0.5))
        }
    }

    /// emoji-split.lua: two columns of titled groups on a wide viewport, one below 700 points.
    @Test func emojiSplitHasTwoColumnsWideAndOneNarrow() throws {
        let host = try LuaHost()
        let data = try dataset("emoji-17.0.json")
        let script = try libraryScript("emoji-split", host: host).configured()
        let wide = try script.layout(LayoutContext(dataset: data, collectionSize: Size(width: 1024, height: 768)))
        let headers = wide.elements.filter { $0.kind == "header" }
        #expect(headers.count == data.sections.count)
        // 1024 − 16 gap = 1008; left 45% = 453.6, right starts at 469.6.
        #expect(Set(headers.map(\.frame.x)) == [0, 469.6])
        #expect(Set(headers.map(\.frame.width)) == [453.6, 554.4])
        #expect(headers.filter { !$0.pinned }.isEmpty)
        // People & Body (388 emoji) is on the left: 40-point emoji, 4 apart, 8 inset → 10 per row.
        let people = data.sections[1].range
        #expect(try wide.frame(at: people.lowerBound) == Rect(x: 8, y: 40, width: 40, height: 40))
        #expect(try wide.frame(at: people.lowerBound + 10) == Rect(x: 8, y: 84, width: 40, height: 40))
        let narrow = try script.layout(LayoutContext(dataset: data, collectionSize: Size(width: 375, height: 812)))
        #expect(Set(narrow.elements.filter { $0.kind == "header" }.map(\.frame)).count == data.sections.count)
        #expect(Set(narrow.elements.filter { $0.kind == "header" }.map(\.frame.x)) == [0])
        #expect(narrow.contentSize.width == 375)
    }

    @Test func everyLibraryScriptLoadsAndLaysOutARealDataset() throws {
        let host = try LuaHost()
        let names = try FileManager.default.contentsOfDirectory(atPath: libraryRoot + "/layouts")
            .filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }.sorted()
        #expect(names == ["appstore", "emoji-split", "grid", "justified", "mosaic", "rings", "sectioned", "timeline", "waterfall"],
                "every script in layouts/ needs its own test in this file")
        let data = try dataset("images-wallpapers.json")
        for name in names {
            let result = try libraryScript(name, host: host).configured().layout(LayoutContext(dataset: data))
            #expect(result.count == data.count, "\(name)")
            // Items of sections that scroll sideways lie along their scroller's content.
            let scrolling = Set(result.orthogonalSections.map(\.section))
            for i in 0..<result.count where !scrolling.contains(try result.section(ofItem: i)) {
                let f = try result.frame(at: i)
                #expect(f.isValidFrame && f.minX >= 0 && f.minY >= 0 && f.maxX <= result.contentSize.width + 1e-9
                        && f.maxY <= result.contentSize.height, "\(name) item \(i): \(f)")
            }
        }
    }

    @Test func appstoreLaysOutTheAppsScreenOverAppStream() throws {
        let host = try LuaHost()
        let data = try dataset("appstream-bookworm.json")
        let result = try libraryScript("appstore", host: host).configured().layout(LayoutContext(dataset: data))
        let sections = data.sections.count
        // Every category has a pinned title header; small categories are lists on a background;
        // the others are shelves that scroll sideways, the first one a featured shelf 0.4 H tall.
        #expect(result.supplementaries.count == sections && result.supplementaries.allSatisfy { $0.pinned && $0.kind == "header" })
        let lists = data.sections.indices.filter { data.sections[$0].range.count <= 12 }
        #expect(lists == [10, 11])
        #expect(result.decorations.map(\.section) == lists)
        #expect(result.orthogonalSections.map(\.section) == data.sections.indices.filter { !lists.contains($0) })
        let featured = result.orthogonalSections[0]
        #expect(featured.frame == rect(0, 50, 375, 0.4 * 812))
        // groupPagingCentered: 92 % wide pages with 4 % of the width on each side; cells inset 4.
        #expect(try result.frame(at: 0) == rect(19, 54, 337, 0.4 * 812 - 8))
        #expect(try result.frame(at: 1) == rect(19 + 345, 54, 337, 0.4 * 812 - 8))
        #expect(featured.contentSize.width == 15 + Double(data.sections[0].range.count) * 345 + 15)
        // Education (section 1) is a shelf of small apps: its title, then pages of three apps
        // stacked in 0.3 H; Science (section 2) a shelf of medium apps, two per page.
        let top1 = 50 + 0.4 * 812
        #expect(result.supplementaries[1].frame == rect(0, top1, 375, 50))
        #expect(result.orthogonalSections[1].frame == rect(0, top1 + 50, 375, 0.3 * 812))
        #expect(result.orthogonalSections[1].contentSize.width == 15 + 71 * 345 + 15)   // ⌈211 / 3⌉ pages
        let education = data.sections[1].range.lowerBound
        let smallHeight = 0.3 * 812 / 3
        #expect(try result.frame(at: education) == rect(19, top1 + 50 + 4, 337, smallHeight - 8))
        #expect(try result.frame(at: education + 1) == rect(19, top1 + 50 + smallHeight + 4, 337, smallHeight - 8))
        #expect(try result.frame(at: education + 3) == rect(19 + 345, top1 + 50 + 4, 337, smallHeight - 8))
        let science = data.sections[2].range.lowerBound
        let top2 = top1 + 50 + 0.3 * 812
        #expect(try result.frame(at: science + 1) == rect(19, top2 + 50 + 0.3 * 812 / 2 + 4, 337, 0.3 * 812 / 2 - 8))
        // Settings (section 10, 12 apps) is a list of 50-point rows, 16 in, on a background 8 in.
        let settings = data.sections[10].range.lowerBound
        let listTop = result.supplementaries[10].frame.maxY
        #expect(try result.frame(at: settings + 2) == rect(16 + 4, listTop + 4 + 2 * 50 + 4, 375 - 32 - 8, 42))
        #expect(result.decorations[0].frame == rect(8, result.supplementaries[10].frame.minY, 359, 50 + 4 + 12 * 50 + 12))
        #expect(try result.zIndex(ofItem: settings) == 1 && result.zIndex(ofItem: 0) == 0)
    }

    @Test func appstoreLaysOutTheTodayAndUpdatesScreens() throws {
        let host = try LuaHost()
        let data = try dataset("appstream-bookworm.json")
        let script = try libraryScript("appstore", host: host)
        #expect(script.defaultParams == ["screen": "apps"])
        let context = LayoutContext(dataset: data)
        // Today: a 76-point screen title, then a story card 0.55 H tall per app (inset 12 and
        // 20); every other category starts with a 50-point title. Nothing scrolls sideways.
        let today = try script.configured(["screen": "today"]).layout(context)
        let card = 0.55 * 812
        #expect(today.orthogonalSections.isEmpty && today.decorations.isEmpty)
        #expect(today.supplementaries.map(\.frame.height) == [76] + Array(repeating: 50, count: data.sections.count - 1))
        #expect(today.supplementaries.allSatisfy { $0.pinned })
        #expect(try today.frame(at: 0) == rect(20, 76 + 12, 335, card - 24))
        #expect(try today.frame(at: 1) == rect(20, 76 + card + 12, 335, card - 24))
        let second = today.supplementaries[1].frame
        #expect(second.x == 0 && second.width == 375 && abs(second.y - (76 + 423 * card)) < 1e-6)
        #expect(try abs(today.frame(at: 423).y - (second.maxY + 12)) < 1e-9)
        #expect(abs(today.contentSize.height - (76 + 11 * 50 + 1988 * card)) < 1e-6)
        // Updates: a 50-point title and one 148-point row per app, each category on a background.
        let updates = try script.configured(["screen": "updates"]).layout(context)
        #expect(try updates.frame(at: 0) == rect(16, 56, 343, 136))
        #expect(try updates.frame(at: 424) == rect(16, 50 + 423 * 148 + 50 + 148 + 6, 343, 136))
        #expect(updates.supplementaries[1].frame == rect(0, 50 + 423 * 148, 375, 50))
        #expect(updates.decorations.map(\.frame).prefix(2) == [rect(0, 0, 375, 50 + 423 * 148), rect(0, 50 + 423 * 148, 375, 50 + 211 * 148)])
        #expect(updates.contentSize == Size(width: 375, height: 12 * 50 + 1988 * 148))
        #expect(scriptError { _ = try script.configured(["screen": "games"]).layout(context) }?.message
                == "\(libraryRoot)/layouts/appstore.lua:88: unknown screen 'games'; expected apps, today or updates")
    }
}
