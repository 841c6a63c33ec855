import Testing
@testable import TesseraCore

/// A field one edit from a size field loads as data (items may carry any field), and `tessera
/// check` is told of it, named by the field meant.
@Suite struct MisspeltSizeFieldTests {
    @Test(arguments: [("wdth", "width"), ("widht", "width"), ("Width", "width"), ("widths", "width"),
                      ("heigth", "height"), ("hieght", "height"), ("heght", "height"), ("heights", "height")])
    func oneEditFromASizeField(_ name: String, _ meant: String) {
        #expect(MisspeltSizeField.sizeField(near: name) == meant)
    }

    /// Size fields themselves, names further off, and names near `w` or `h` only (`x`, `y`).
    @Test(arguments: ["width", "height", "w", "h", "x", "y", "wd", "weight", "text", "id", "wdthh"])
    func noMisspelling(_ name: String) {
        #expect(MisspeltSizeField.sizeField(near: name) == nil)
    }

    @Test func countedPerFieldWithTheFirstItem() throws {
        let dataset = try DatasetLoader.parse(text: """
            [{"id": "a", "w": 10, "h": 10}, {"id": "b", "wdth": 10, "h": 5}, {"id": "c", "heigth": 3},
             {"id": "d", "wdth": 12, "text": "x"}]
            """, fileName: "d.json", format: .json)
        #expect(dataset.misspeltSizeFields == [
            MisspeltSizeField(field: "wdth", sizeField: "width", count: 2, first: 1),
            MisspeltSizeField(field: "heigth", sizeField: "height", count: 1, first: 2),
        ])
        // The data loads as written: the misspelt field is data, the size is unset.
        #expect(dataset.field("wdth", at: 1) == .int(10))
        #expect(dataset.widths[1].isNaN)
    }

    @Test func warningLinesNameTheFileTheItemAndTheFieldMeant() throws {
        let dataset = try DatasetLoader.parse(text: """
            [{"id": "a", "w": 10, "h": 10}, {"id": "b", "wdth": 10, "h": 5}, {"id": 7, "hieght": 3}, {"id": "d", "hieght": 4}]
            """, fileName: "d.json", format: .json)
        var check = try LayoutCheck(result: FramesResult(frames: (0..<4).map { Rect(x: 0, y: Double($0) * 10, width: 10, height: 10) }),
                                    id: { dataset.id(at: $0) })
        #expect(check.warningCount == 0)
        check.checkSizeFields(of: dataset)
        #expect(check.count(of: .field) == 2)
        #expect(check.summary == "2 misspelt size fields")
        let why = "(a size is read from w and h, or width and height; any other field is data for scripts)"
        #expect(check.warnings(limit: 10) == [
            "d.json: item 1 (\"b\") has a field \"wdth\": did you mean \"width\"? \(why)",
            "d.json: 2 items have a field \"hieght\", the first item 2 (7): did you mean \"height\"? \(why)",
        ])
        #expect(check.warnings(limit: 1) == ["d.json: item 1 (\"b\") has a field \"wdth\": did you mean \"width\"? \(why)",
                                             "... 1 more misspelt size fields"])
    }
}
