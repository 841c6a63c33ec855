import Testing
import TesseraCore
@testable import TesseraRender

/// The server's side of the preview page's daily controls: `--label`'s table beside the ids,
/// the declared params in the frame header, and "next problem"'s list from the check.
@Suite struct PreviewControlsTests {
    func dataset(_ json: String) throws -> Dataset {
        try DatasetLoader.parse(data: Array(json.utf8), fileName: "t.json", format: .json)
    }

    @Test func theIdTableCarriesEveryItemsLabelWithLabel() throws {
        let data = try dataset(#"{"items": [{"id": "a", "name": "Ann"}, {"id": 7}, {"id": "c", "name": 12}]}"#)
        let bytes = try PreviewUpdate.idsMessage(dataset: data, version: 2, labels: ItemLabels(field: "name"))
        let length = Int(bytes[0]) | Int(bytes[1]) << 8
        let header = String(decoding: bytes[4..<(4 + length)], as: UTF8.self)
        let body = 4 + length + (8 - (4 + length) % 8) % 8
        // Ids: 4 offsets and "a7c" (19 bytes); labels from byte 20, their text from 36.
        #expect(header == #"{"type":"ids","version":2,"count":3,"labels":[20,36]}"#)
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[body + at + $1]) << (8 * $1) } }
        #expect((0...3).map { u32(20 + 4 * $0) } == [0, 3, 3, 5])
        #expect(String(decoding: bytes[(body + 36)...], as: UTF8.self) == "Ann12")
        // The default label (the id) sends no second table.
        let plain = try PreviewUpdate.idsMessage(dataset: data, version: 2, labels: ItemLabels())
        #expect(String(decoding: plain[4..<(4 + Int(plain[0]))], as: UTF8.self) == #"{"type":"ids","version":2,"count":3}"#)
    }

    @Test func theFrameHeaderListsTheDeclaredParamsWithTheirValues() throws {
        let data = try dataset(#"{"items": [{"id": "a"}]}"#)
        let layout = FlowLayout()
        let result = try layout.layout(LayoutContext(dataset: data, collectionSize: Size(width: 100, height: 100), sizing: ItemSizing()))
        let run = LayoutRun(layoutName: "g.lua", dataset: data, viewport: Size(width: 100, height: 100), result: result, milliseconds: 0)
        var update = PreviewUpdate(run: run, generation: 1, idsVersion: 1, timings: [])
        // A base other than the default (`--param`'s) is written; one equal to it is not.
        update.params = [PageParam(name: "columns", defaultValue: .int(2), value: .int(3), baseValue: .int(2)),
                         PageParam(name: "title", defaultValue: .string("</script>"), value: .string("a"), baseValue: .string("b"))]
        let bytes = try update.encode()
        let length = Int(bytes[0]) | Int(bytes[1]) << 8
        let header = String(decoding: bytes[4..<(4 + length)], as: UTF8.self)
        #expect(header.hasSuffix(#","params":[{"name":"columns","default":2,"value":3},{"name":"title","default":"\u003c/script\u003e","value":"a","base":"b"}]}"#))
        // No params, no field.
        let none = try PreviewUpdate(run: run, generation: 1, idsVersion: 1, timings: []).encode()
        #expect(!String(decoding: none[4..<(4 + (Int(none[0]) | Int(none[1]) << 8))], as: UTF8.self).contains("params"))
    }

    /// Each shelf in the frame header names its section's id as the data wrote it (5 and "5"
    /// differ) and, for a repeated id, how many earlier sections have it: the page carries a
    /// shelf's offset to its section's number in the next picture by them.
    @Test func theFrameHeaderNamesEachShelfsSectionID() throws {
        let items = (0..<4).map { Item(id: .string("i\($0)"), fields: [:]) }
        let data = Dataset(items: items, sections: [.init(id: .int(5), range: 0..<1), .init(id: .string("5"), range: 1..<2),
                                                   .init(id: .int(5), range: 2..<3), .init(id: .string("</script>"), range: 3..<4)])
        let shelf = { (k: Int) in OrthogonalSection(section: k, frame: Rect(x: 0, y: Double(60 * k), width: 100, height: 50),
                                                    contentSize: Size(width: 100, height: 50)) }
        let frames = (0..<4).map { Rect(x: 0, y: Double(60 * $0), width: 100, height: 50) }
        let result = try FramesResult(frames: frames, elements: [], sections: [0..<1, 1..<2, 2..<3, 3..<4], orthogonal: [shelf(1), shelf(2), shelf(3)])
        let run = LayoutRun(layoutName: "g.lua", dataset: data, viewport: Size(width: 100, height: 100), result: result, milliseconds: 0)
        let bytes = try PreviewUpdate(run: run, generation: 1, idsVersion: 1, timings: []).encode()
        let header = String(decoding: bytes[4..<(4 + (Int(bytes[0]) | Int(bytes[1]) << 8))], as: UTF8.self)
        let shelves = header.components(separatedBy: "\"orthogonal\":[")[1].components(separatedBy: "],\"itemZ\"")[0]
        let rest = #""contentSize":[100,50],"offset":[0,0],"items":["#, paging = #"],"paging":{"step":0,"maximum":0,"sign":1}}"#
        #expect(shelves == #"{"section":1,"id":"5","frame":[0,60,100,50],"# + rest + "1,2" + paging
                + #",{"section":2,"id":5,"occurrence":1,"frame":[0,120,100,50],"# + rest + "2,3" + paging
                + #",{"section":3,"id":"\u003c/script\u003e","frame":[0,180,100,50],"# + rest + "3,4" + paging)
        // The run page (one picture) leaves them out.
        #expect(!(try HTMLPage(run: run, viewport: nil).render()).contains(#""id":5"#))
    }

    @Test func problemsAreTheChecksWarningsTopToBottomWithItsSentences() throws {
        let data = try dataset(#"{"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}]}"#)
        // a and c overlap at the top; b and d lower down, where b also reaches past the content (same
        // place: the check's order).
        let frames = [Rect(x: 0, y: 0, width: 50, height: 50), Rect(x: 0, y: 200, width: 50, height: 500),
                      Rect(x: 20, y: 20, width: 50, height: 50), Rect(x: 0, y: 250, width: 50, height: 50)]
        let result = try FramesResult(frames: frames, contentSize: Size(width: 100, height: 300))
        let run = LayoutRun(layoutName: "p.lua", dataset: data, viewport: Size(width: 100, height: 100), result: result, milliseconds: 0)
        let problems = try PreviewProblems(run: run)
        #expect(problems.total == 3)
        #expect(problems.problems.map(\.message) == [
            #"items 0 ("a") and 2 ("c") overlap: (0, 0, 50, 50) and (20, 20, 50, 50)"#,
            #"items 1 ("b") and 3 ("d") overlap: (0, 200, 50, 500) and (0, 250, 50, 50)"#,
            #"item 1 ("b") at (0, 200, 50, 500) lies outside the content bounds from (0, 0) to (100, 300)"#,
        ])
        #expect(problems.problems.map(\.frame) == [Rect(x: 0, y: 0, width: 70, height: 70), Rect(x: 0, y: 200, width: 50, height: 500),
                                                   Rect(x: 0, y: 200, width: 50, height: 500)])
        #expect(problems.problems.map(\.items) == [[0, 2], [1, 3], [1]])
        #expect(problems.message(generation: 4).hasPrefix(#"{"type":"problems","gen":4,"total":3,"problems":[{"kind":"overlap","items":[0,2],"frame":[0,0,70,70],"message":"items 0 (\"a\") and 2 (\"c\") overlap: (0, 0, 50, 50) and (20, 20, 50, 50)"}"#))
    }
}
