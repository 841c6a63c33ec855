import Testing
import TesseraCore
@testable import TesseraRender

/// `tessera preview --measure` on the server's side: the page's measure messages, checked; the
/// text table; the engine's measured sizes and the adjustment it reports.
@Suite struct PreviewMeasuringTests {
    func batch(_ text: String) throws -> MeasureBatch { try MeasureBatch(message: try JSONParser.parse(text)) }

    func refusal(_ text: String) -> String? {
        do { _ = try batch(text); return nil } catch let error as PreviewMessageError { return error.message } catch { return "\(error)" }
    }

    @Test func aMeasureMessageIsReadExactly() throws {
        let b = try batch(#"{"type":"measure","gen":7,"idsVersion":2,"x":0,"y":1234.5625,"sizes":[[3,375,87.5],[0,375.25,0]]}"#)
        #expect(b == MeasureBatch(generation: 7, idsVersion: 2, offset: Point(x: 0, y: 1234.5625), sizes: [
            .init(index: 3, size: Size(width: 375, height: 87.5)), .init(index: 0, size: Size(width: 375.25, height: 0)),
        ]))
    }

    @Test func malformedMeasureMessagesAreRefusedInOneSentence() {
        let head = #"{"type":"measure","gen":1,"idsVersion":1,"x":0,"y":0,"sizes":"#
        // JSON has no NaN: a page's NaN arrives as null.
        #expect(refusal(head + "[[0,375,null]]}")
                == "measure: expected sizes[0] to be [index, width, height] with a whole index from 0 and finite sizes from 0 to 1e7, got [0,375,null]")
        #expect(refusal(head + "[[1,375,40],[0,375,-5]]}")
                == "measure: expected sizes[1] to be [index, width, height] with a whole index from 0 and finite sizes from 0 to 1e7, got [0,375,-5]")
        #expect(refusal(head + "[[2.5,375,40]]}")
                == "measure: expected sizes[0] to be [index, width, height] with a whole index from 0 and finite sizes from 0 to 1e7, got [2.5,375,40]")
        #expect(refusal(head + "[[0,375]]}")
                == "measure: expected sizes[0] to be [index, width, height] with a whole index from 0 and finite sizes from 0 to 1e7, got [0,375]")
        #expect(refusal(head + "\"all\"}") == "measure: expected sizes to be an array of [index, width, height], got \"all\"")
        let many = "[" + Array(repeating: "[0,375,40]", count: MeasureBatch.maxSizes + 1).joined(separator: ",") + "]}"
        #expect(refusal(head + many) == "measure: expected at most 2000 sizes in one message, got 2001")
        #expect(refusal(#"{"type":"measure","gen":-1,"idsVersion":1,"x":0,"y":0,"sizes":[]}"#)
                == "measure: expected gen to be a whole number from 0, got -1")
        #expect(refusal(#"{"type":"measure","gen":1,"idsVersion":1,"x":0,"sizes":[]}"#)
                == "measure: expected y to be a finite number, got nothing")
    }

    @Test func theIdTableCarriesEveryItemsTextWithMeasure() throws {
        let dataset = try DatasetLoader.parse(data: Array(#"{"items": [{"id": "a", "text": "h\u00e9llo"}, {"id": 7}, {"id": "c", "text": "x y"}]}"#.utf8),
                                              fileName: "t.json", format: .json)
        let bytes = try PreviewUpdate.idsMessage(dataset: dataset, version: 4, texts: true)
        let length = Int(bytes[0]) | Int(bytes[1]) << 8
        let header = String(decoding: bytes[4..<(4 + length)], as: UTF8.self)
        let body = 4 + length + (8 - (4 + length) % 8) % 8
        // Ids: 4 offsets (16 bytes) and "a7c" (3 bytes); texts from byte 20 (4-aligned), their text from 36.
        #expect(header == #"{"type":"ids","version":4,"count":3,"texts":[20,36]}"#)
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[body + at + $1]) << (8 * $1) } }
        #expect((0...3).map { u32(4 * $0) } == [0, 1, 2, 3])
        #expect((0...3).map { u32(20 + 4 * $0) } == [0, 6, 6, 9])
        #expect(String(decoding: bytes[(body + 36)...], as: UTF8.self) == "h\u{e9}llox y")
        #expect(bytes.count == body + 45)
        // Without --measure, the table is as before.
        let plain = try PreviewUpdate.idsMessage(dataset: dataset, version: 4)
        #expect(String(decoding: plain[4..<(4 + Int(plain[0]))], as: UTF8.self) == #"{"type":"ids","version":4,"count":3}"#)
    }

    /// 50 items 50 high (`h`, full width) in a 375 x 400 viewport, laid out once as generation 1.
    func feed() throws -> (MeasuredPreview, Dataset) {
        let json = "{\"items\": [" + (0..<50).map { "{\"id\": \"m\($0)\", \"h\": 50}" }.joined(separator: ",") + "]}"
        let dataset = try DatasetLoader.parse(data: Array(json.utf8), fileName: "feed.json", format: .json)
        let viewport = Size(width: 375, height: 400)
        let preview = MeasuredPreview(layout: FlowLayout(), dataset: dataset, sizing: ItemSizing(), viewport: viewport)
        _ = try preview.run(generation: 1, layout: FlowLayout(), dataset: dataset, idsVersion: 1, viewport: viewport, batches: [])
        return (preview, dataset)
    }

    @Test func measurementsAboveTheFirstVisibleItemMoveTheOffsetByTheirGrowth() throws {
        let (preview, _) = try feed()
        // The page at y = 500 (m10 at its top) measured m1 at 150 and m12 at 80.
        let measured = MeasureBatch(generation: 1, idsVersion: 1, offset: Point(x: 0, y: 500),
                                    sizes: [.init(index: 1, size: Size(width: 375, height: 150)), .init(index: 12, size: Size(width: 375, height: 80))])
        let pass = try preview.run(generation: 2, layout: nil, dataset: nil, idsVersion: 1, viewport: Size(width: 375, height: 400), batches: [measured])
        #expect(pass.adjust == MeasuredPreview.Adjust(generation: 1, from: Point(x: 0, y: 500), to: Point(x: 0, y: 600)))
        #expect(pass.refused.isEmpty)
        #expect(try pass.result.frame(at: 1) == Rect(x: 0, y: 50, width: 375, height: 150))
        #expect(try pass.result.frame(at: 10) == Rect(x: 0, y: 600, width: 375, height: 50))
        #expect(try pass.result.frame(at: 13) == Rect(x: 0, y: 780, width: 375, height: 50))
        #expect(preview.measuredSizes == [.string("m1"): Size(width: 375, height: 150), .string("m12"): Size(width: 375, height: 80)])
    }

    /// The page draws a cell at its estimate before it measures it, so a cell that came into
    /// view since the engine's last look is one the page showed: measured, it keeps its top
    /// unless the viewport's top cuts it, as on the page's own anchor.
    @Test func aCellThePageDrewSinceTheEnginesLastLookKeepsItsTop() throws {
        let (preview, _) = try feed()
        let viewport = Size(width: 375, height: 400)
        // The engine last looked at y = 500 (m10 to m17).
        _ = try preview.run(generation: 2, layout: nil, dataset: nil, idsVersion: 1, viewport: viewport,
                            batches: [MeasureBatch(generation: 1, idsVersion: 1, offset: Point(x: 0, y: 500), sizes: [])])
        // The page scrolled up to y = 425 (m8 cut by the top, m9 whole) and measured both smaller.
        let measured = MeasureBatch(generation: 2, idsVersion: 1, offset: Point(x: 0, y: 425),
                                    sizes: [.init(index: 8, size: Size(width: 375, height: 20)), .init(index: 9, size: Size(width: 375, height: 30))])
        let pass = try preview.run(generation: 3, layout: nil, dataset: nil, idsVersion: 1, viewport: viewport, batches: [measured])
        // m8 shrinks off screen (its bottom stays); m9 keeps its top, 25 below the viewport's.
        #expect(pass.adjust == MeasuredPreview.Adjust(generation: 2, from: Point(x: 0, y: 425), to: Point(x: 0, y: 395)))
        #expect(try pass.result.frame(at: 9) == Rect(x: 0, y: 420, width: 375, height: 30))
    }

    @Test func measurementsOfOlderFramesApplyWithoutTheEnginesAdjustment() throws {
        let (preview, dataset) = try feed()
        let stale = MeasureBatch(generation: 0, idsVersion: 1, offset: Point(x: 0, y: 500), sizes: [.init(index: 1, size: Size(width: 375, height: 150))])
        let pass = try preview.run(generation: 2, layout: nil, dataset: nil, idsVersion: 1, viewport: Size(width: 375, height: 400), batches: [stale])
        // The page keeps its own anchor: the engine was not told where it is.
        #expect(pass.adjust == MeasuredPreview.Adjust(generation: nil, from: nil, to: nil))
        #expect(try pass.result.frame(at: 1).height == 150)
        // Another id table, and an index past the items: refused, nothing measured.
        let other = MeasureBatch(generation: 2, idsVersion: 9, offset: .zero, sizes: [.init(index: 2, size: Size(width: 375, height: 10))])
        let past = MeasureBatch(generation: 2, idsVersion: 1, offset: .zero, sizes: [.init(index: 50, size: Size(width: 375, height: 10))])
        let next = try preview.run(generation: 3, layout: nil, dataset: dataset, idsVersion: 1, viewport: Size(width: 375, height: 400),
                                   batches: [other, past])
        #expect(next.refused == ["measure: sizes of id table 9 ignored; the items now have id table 1",
                                 "measure: no item 50; the data has 50 items"])
        #expect(preview.measuredSizes == [.string("m1"): Size(width: 375, height: 150)])
    }

    @Test func aNewViewportOrLayoutForgetsTheMeasurementsOfTheOldWidths() throws {
        let (preview, dataset) = try feed()
        let narrow = Size(width: 375, height: 400), wide = Size(width: 500, height: 400)
        func measuring(_ generation: Int, _ width: Double) -> [MeasureBatch] {
            [MeasureBatch(generation: generation, idsVersion: 1, offset: .zero, sizes: [.init(index: 1, size: Size(width: width, height: 150))])]
        }
        _ = try preview.run(generation: 2, layout: nil, dataset: nil, idsVersion: 1, viewport: narrow, batches: measuring(1, 375))
        // New data keeps what its items' data did not change.
        _ = try preview.run(generation: 3, layout: nil, dataset: dataset, idsVersion: 1, viewport: narrow, batches: [])
        #expect(preview.measuredSizes == [.string("m1"): Size(width: 375, height: 150)])
        let wider = try preview.run(generation: 4, layout: nil, dataset: nil, idsVersion: 1, viewport: wide, batches: [])
        #expect(preview.measuredSizes.isEmpty)
        #expect(try wider.result.frame(at: 1) == Rect(x: 0, y: 50, width: 500, height: 50))
        _ = try preview.run(generation: 5, layout: nil, dataset: nil, idsVersion: 1, viewport: wide, batches: measuring(4, 500))
        #expect(preview.measuredSizes == [.string("m1"): Size(width: 500, height: 150)])
        let relaid = try preview.run(generation: 6, layout: FlowLayout(), dataset: nil, idsVersion: 1, viewport: wide, batches: [])
        #expect(preview.measuredSizes.isEmpty)
        #expect(try relaid.result.frame(at: 1).height == 50)
    }
}
