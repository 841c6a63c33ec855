import Testing
import TesseraCore
@testable import TesseraRender
@testable import TesseraLua

/// `r:show()`: a picture that fits the terminal, with the viewport outlined.
@Suite struct ReplShowTests {
    /// Three frames (A top left, B right and taller, C below A) in 100 x 80 content.
    static let threeFrames = """
    fixed = {
      simpleLayout = function(ctx)
        return { {0, 0, 50, 20}, {50, 0, 50, 40}, {0, 20, 50, 60} }
      end,
    }
    """

    func recorder() throws -> ReplRecorder {
        let repl = try ReplRecorder()
        repl.feed(ReplShowTests.threeFrames.components(separatedBy: "\n").joined(separator: " "))
        repl.feed("r = run(fixed, {width = 100, height = 60})")
        return repl
    }

    /// A NaN is named as one, by the method that was called.
    @Test func aBadNumberIsNamed() throws {
        let repl = try recorder()
        repl.feed("r:show{y = 0/0}")
        #expect(repl.err.first?.contains("r:show: field 'y' must be a finite number, got nan") == true, "\(repl.err)")
        repl.feed("r:show{columns = -1}")
        #expect(repl.err.last?.contains("r:show: field 'columns' must be a finite, non-negative number, got -1") == true, "\(repl.err)")
    }

    @Test func outlinesTheViewport() throws {
        let repl = try recorder()
        repl.feed("r:show{columns = 10, rows = 6}")
        #expect(repl.err == [])
        #expect(repl.out == ["""
            +--------+
            |CCCCBBBB|
            +--------+
            CCCCC.....
            viewport 100x60 at 0,0 outlined; content
            100x80, 3 items; showing x 0..100, y
            0..80; letters cycle A-Z a-z 0-9 by item
            index, '.' is empty content
            """])
    }

    @Test func unicodeOutlineAndAMovedViewport() throws {
        let repl = try recorder()
        repl.session.unicode = true
        repl.feed("r:show{columns = 10, rows = 6, y = 20}")
        #expect(repl.out[0].components(separatedBy: "\n").prefix(4) == [
            "AAAAABBBBB",
            "┌────────┐",
            "│CCCC....│",
            "└────────┘",
        ])
    }

    @Test func fitsTheTerminal() throws {
        let repl = try recorder()
        repl.session.terminalSize = { (columns: 41, rows: 14) }
        repl.feed("r:show()")
        let lines = repl.out[0].components(separatedBy: "\n")
        // At most 40 columns (one spare) and 10 lines of picture (rows minus 4), and the whole
        // 60-point viewport must fit in those 10 lines: 6 points per line, 3 per column, so the
        // 100-point content takes 34 columns.
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(lines.prefix(10).allSatisfy { $0.count == 34 })
        #expect(lines[0] == "+" + String(repeating: "-", count: 32) + "+")
        #expect(lines[9] == "+" + String(repeating: "-", count: 32) + "+")
        #expect(lines[10].hasPrefix("viewport 100x60 at 0,0 outlined;"))
    }

    /// The legend names the content's and viewport's own edges: the picture's last column is
    /// a whole cell (40.6 points here) that reaches past a 375-wide viewport, and the legend
    /// said "showing x 0..406". A fractional offset is shown as it is.
    @Test func theLegendGivesTheRealRangeShown() throws {
        let repl = try ReplRecorder()
        repl.feed("tall = { simpleLayout = function(ctx) return { {0, 0, 375, 600}, {0, 600, 375, 600}, {0, 1200, 375, 800} } end }")
        repl.feed("r = run(tall)")
        func legend(_ options: String) -> String {
            repl.out.removeAll()
            repl.feed("r:show{\(options)}")
            // Unwrapped: the legend's lines, from the one starting it, joined by spaces.
            let lines = repl.out.joined(separator: "\n").split(separator: "\n")
            return lines.drop { !$0.hasPrefix("viewport ") }.joined(separator: " ")
        }
        #expect(repl.err == [])
        #expect(legend("columns = 40, rows = 10") == "viewport 375x812 at 0,0 outlined; content 375x2000, 3 items; "
                + "showing x 0..375, y 0..812; letters cycle A-Z a-z 0-9 by item index, '.' is empty content")
        #expect(legend("columns = 40, rows = 10, y = 100.5") == "viewport 375x812 at 0,100.5 outlined; content 375x2000, 3 items; "
                + "showing x 0..375, y 100.5..912.5; letters cycle A-Z a-z 0-9 by item index, '.' is empty content")
        // Near the end the lines left over show the content above the viewport, down to its end.
        #expect(legend("columns = 10, rows = 20, y = 1188") == "viewport 375x812 at 0,1188 outlined; content 375x2000, 3 items; "
                + "showing x 0..375, y 500..2000; letters cycle A-Z a-z 0-9 by item index, '.' is empty content")
    }

    /// A region narrower than the content (four viewport widths of a wide layout) is named as it is.
    @Test func theShownRangeIsTheRegionWithinTheContentAndViewport() {
        let content = Rect(x: 0, y: 0, width: 375, height: 100), viewport = Rect(x: 0, y: 0, width: 375, height: 812)
        #expect(ResultPreview.shown(Rect(x: 0, y: 0, width: 406, height: 893.2), content: content, viewport: viewport)
                == Rect(x: 0, y: 0, width: 375, height: 812))
        #expect(ResultPreview.shown(Rect(x: 4400, y: 0, width: 1600, height: 320), content: Rect(x: 0, y: 0, width: 10_000, height: 300),
                                    viewport: Rect(x: 5000, y: 0, width: 400, height: 300))
                == Rect(x: 4400, y: 0, width: 1600, height: 300))
    }

    @Test func anUnknownOptionIsNamed() throws {
        let repl = try recorder()
        repl.feed("r:show{column = 40}")
        #expect(repl.err.map { $0.components(separatedBy: "\n")[0] }
                == ["stdin:1: r:show: argument #1 (options) has an unknown field 'column' (did you mean columns?); known fields: columns, rows, x, y"])
    }

    /// The region, columns and rows an 80 x 20 ASCII preview shows `viewport` of `content` in.
    func on80x20(content: Size, viewport: Rect) -> (Rect, Int, Int) {
        ResultPreview(columns: 80, rows: 20, unicode: false).layout(content: Rect(origin: .zero, size: content), viewport: viewport)
    }

    @Test func aTallViewportScalesDownToFit() {
        let (region, columns, rows) = on80x20(content: Size(width: 375, height: 5000), viewport: Rect(x: 0, y: 1000, width: 375, height: 812))
        // 812 points in 20 lines: 40.6 points per line, 20.3 per column, so 375 points take 19.
        #expect(columns == 19)
        #expect(rows == 20)
        #expect(abs(region.width - 19 * 20.3) < 1e-9 && abs(region.height - 812) < 1e-9)
        #expect(region.x == 0 && abs(region.y - 1000) < 1e-9)
    }

    @Test func aWideLayoutShowsFourViewportsAroundTheViewport() {
        let (region, columns, rows) = on80x20(content: Size(width: 10_000, height: 300), viewport: Rect(x: 5000, y: 0, width: 400, height: 300))
        // Four viewport widths centred on the viewport, 20 points per column, 40 per line.
        #expect(columns == 80)
        #expect(rows == 8)
        #expect(region == Rect(x: 4400, y: 0, width: 1600, height: 320))
    }

    /// Edges near the largest double: the shown region stays finite (it read "showing x 0..inf,
    /// y 0..inf" with an empty picture, as the viewport's right edge and spans overflowed).
    @Test func hugeCoordinatesShowAFiniteRegion() throws {
        let preview = ResultPreview(columns: 80, rows: 20, unicode: false)
        for viewport in [Rect(x: 1e308, y: 1e308, width: 1e308, height: 1e308), Rect(x: -1e308, y: -1e308, width: 1e308, height: 1e308),
                         Rect(x: 0, y: 0, width: 1.7e308, height: 1.7e308)] {
            let (region, columns, rows) = preview.layout(content: Rect(x: 0, y: 0, width: 1.7e308, height: 4000), viewport: viewport)
            #expect([region.minX, region.maxX, region.minY, region.maxY].allSatisfy { $0.isFinite }, "\(viewport): \(region)")
            #expect((8...80).contains(columns) && (1...20).contains(rows))
        }
        let repl = try recorder()
        repl.feed("run(fixed, {width = 1e308, height = 1e308, x = 1e308, y = -1e308}):show{columns = 10, rows = 6}")
        #expect(repl.err == [])
        let legend = repl.out.joined(separator: "\n").split(separator: "\n").joined(separator: " ")   // unwrapped
        #expect(legend.contains("viewport 1e+308x1e+308 at 1e+308,-1e+308 outlined;") && !legend.contains("inf"), "\(legend)")
    }
}
