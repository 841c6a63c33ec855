import Testing
import TesseraCore
import TesseraRender

/// The ASCII picture's size bounds: what `init` promises (8 to `maxSide` columns, 4 to `maxSide`
/// rows), and the rows a tall region gets.
@Suite struct AsciiPreviewTests {
    @Test func theInitClampsColumnsAndRowsToTheirBounds() {
        #expect(AsciiPreview.maxSide == 1_000)
        let small = AsciiPreview(columns: 3, maxRows: -2)
        #expect(small.columns == 8 && small.maxRows == 4)
        let large = AsciiPreview(columns: 5_000, maxRows: 1_001)
        #expect(large.columns == 1_000 && large.maxRows == 1_000)
        let defaults = AsciiPreview()
        #expect(defaults.columns == 60 && defaults.maxRows == 40)
    }

    @Test func aTallRegionGetsAtMostMaxRowsRows() throws {
        let result = try FramesResult(frames: [Rect(x: 0, y: 0, width: 80, height: 800)], layoutName: "tall")
        let picture = try AsciiPreview(columns: 8, maxRows: 5).render(result, region: Rect(x: 0, y: 0, width: 80, height: 800))
        #expect(picture == Array(repeating: "AAAAAAAA", count: 5).joined(separator: "\n"))
        // A short region: two rows of half-as-wide-as-tall cells (10 wide, 20 tall).
        let short = try AsciiPreview(columns: 8, maxRows: 5).render(result, region: Rect(x: 0, y: 0, width: 80, height: 40))
        #expect(short == "AAAAAAAA\nAAAAAAAA")
    }

    @Test func columnsAndRowsSetAfterTheInitKeepTheSameBounds() throws {
        var preview = AsciiPreview(columns: 8, maxRows: 5)
        preview.columns = 0
        preview.maxRows = 0
        #expect(preview.columns == 8 && preview.maxRows == 4)
        preview.columns = 10_000
        #expect(preview.columns == 1_000)
        var outlined = ResultPreview(columns: 20, rows: 10, unicode: false)
        outlined.columns = -1
        outlined.rows = 1 << 40
        #expect(outlined.columns == 8 && outlined.rows == 1_000)
        // A picture of the smallest size still draws rather than trapping.
        let result = try FramesResult(frames: [Rect(x: 0, y: 0, width: 10, height: 10)], layoutName: "one")
        #expect(try preview.render(result, region: Rect(x: 0, y: 0, width: 10, height: 10)).isEmpty == false)
    }
}
