import Testing
@_spi(Testing) import TesseraCore
import TesseraRender

/// Streamed output against the document built in memory: the bytes `run --format json` writes
/// item by item must be exactly what `JSONWriter` writes for `RunReport.document()`.
@Suite struct StreamedOutputTests {
    /// A random dataset and result: integer, string (quotes, escapes, controls, unicode) and
    /// repeated-looking ids, random sections, frames with fractions, negatives and huge values,
    /// item zIndex on some runs, supplementaries (pinned or not), decorations, and a viewport
    /// offset on some runs.
    private func randomRun(_ random: inout SplitMix64, count: Int) throws -> (LayoutRun, Rect?) {
        let names = ["a", "b\"q", "back\\slash", "new\nline", "tab\t", "é", "😀", "\u{1}", "x y"]
        var items: [Item] = []
        for i in 0..<count {
            let id: ItemID = random.next() % 2 == 0 ? .int(Int(truncatingIfNeeded: random.next() >> 1) - (1 << 40) + i)
                : .string(names[random.below(names.count)] + String(i))
            items.append(Item(id: id, fields: ["id": id.jsonValue]))
        }
        var ranges: [Range<Int>] = []
        var start = 0
        while start < count {
            let end = min(count, start + 1 + random.below(7))
            ranges.append(start..<end)
            start = end
        }
        if ranges.isEmpty { ranges = [0..<0] }
        let sections = ranges.enumerated().map { k, r in Dataset.Section(id: .int(k), range: r) }
        func number() -> Double {
            switch random.next() % 5 {
            case 0: return Double(random.next() % 1000)
            case 1: return Double(random.next() % 100_000) / 7
            case 2: return -Double(random.next() % 1000) / 3
            case 3: return Double(random.next() % 1000) * 1e12 + 0.5
            default: return Double(random.next() % 10) * 0.1
            }
        }
        let frames = (0..<count).map { _ in Rect(x: number(), y: abs(number()), width: abs(number()), height: abs(number())) }
        // Every optional member of an element's record, on some elements: records are written
        // field by field, and must still be what the writer writes for the element's object.
        func withOptionalMembers(_ element: LayoutElement) -> LayoutElement {
            var e = element
            guard random.next() % 2 == 0 else { return e }
            if e.pinned && random.next() % 2 == 0 { e.pinEdge = .bottom }
            if random.next() % 2 == 0 { e.pinUntil = number().magnitude }
            if random.next() % 2 == 0 { e.label = names[random.below(names.count)] }
            if random.next() % 2 == 0 { e.groupLevel = 1 + random.below(3) }
            if e.index == nil && random.next() % 2 == 0 { e.isGlobal = true }   // a global element anchors to no item
            if random.next() % 2 == 0 { e.alpha = Double(random.below(10)) / 10 }
            if random.next() % 2 == 0 { e.transform = ElementTransform(scale: 0.5, rotation: number(), tx: number(), ty: -3) }
            return e
        }
        var elements: [LayoutElement] = []
        for (k, r) in ranges.enumerated() where !r.isEmpty && random.next() % 2 == 0 {
            elements.append(withOptionalMembers(LayoutElement(category: .supplementary, kind: random.next() % 4 == 0 ? names[random.below(names.count)] : "header",
                                                              section: k, index: random.next() % 3 == 0 ? r.lowerBound + random.below(r.count) : nil,
                                                              frame: Rect(x: 0, y: number().magnitude, width: 100, height: 20),
                                                              pinned: random.next() % 2 == 0)))
            if random.next() % 3 == 0 {
                elements.append(withOptionalMembers(LayoutElement(category: .decoration, kind: "background", section: k,
                                                                  frame: Rect(x: 0, y: 0, width: number().magnitude, height: 30))))
            }
        }
        let zIndices = random.next() % 3 == 0 ? (0..<count).map { _ in random.below(5) - 2 } : []
        let result = try FramesResult(frames: frames, elements: elements, sections: ranges, itemZIndices: zIndices)
        let dataset = Dataset(items: items, sections: sections)
        let run = LayoutRun(layoutName: "random", dataset: dataset, viewport: Size(width: 375, height: 812),
                            result: result, milliseconds: 0)
        let viewport = random.next() % 2 == 0 ? Rect(x: 0, y: number().magnitude, width: 375, height: 812) : nil
        return (run, viewport)
    }

    @Test func runJSONStreamedEqualsTheDocumentWrittenWhole() throws {
        var random = SplitMix64(seed: 28)
        for trial in 0..<200 {
            let count = trial < 5 ? trial : random.below(300)
            let (run, viewport) = try randomRun(&random, count: count)
            let report = RunReport(run: run, viewport: viewport)
            let whole = JSONWriter.write(try report.document(), options: .pretty)
            // A small buffer, so records are split across many drains.
            var streamed: [UInt8] = []
            let out = BufferedWriter(capacity: 7) { streamed.append(contentsOf: $0) }
            try report.write(to: out)
            try out.finish()
            #expect(try report.json() == String(decoding: streamed, as: UTF8.self))
            // With no items every member is shallow, and the writer would keep the document on
            // one line; the stream keeps the shape of every other run's.
            guard count > 0 else {
                #expect(JSONWriter.write(try JSONParser.parse(String(decoding: streamed, as: UTF8.self)), options: .pretty) == whole)
                #expect(String(decoding: streamed, as: UTF8.self).hasPrefix("{\n  \"viewport\": [375, 812],\n  \"contentSize\": "))
                continue
            }
            #expect(String(decoding: streamed, as: UTF8.self) == whole, "trial \(trial), \(count) items")
        }
    }

    /// An empty run's document is pretty-printed as every other one is, a member per line (it
    /// was written on one line, its members being all shallow).
    @Test func anEmptyRunIsWrittenOverSeveralLines() throws {
        let run = LayoutRun(layoutName: "flow", dataset: Dataset(items: []), viewport: Size(width: 375, height: 812),
                            result: try FramesResult(frames: [], contentSize: Size(width: 0, height: 0)), milliseconds: 0)
        #expect(try RunReport(run: run, viewport: nil).json() == """
        {
          "viewport": [375, 812],
          "contentSize": [0, 0],
          "items": [],
          "supplementaries": []
        }
        """)
    }

    /// Every renderer `run` streams asks what can fail before its first byte: a layout whose
    /// queries fail past the first item writes nothing in any format.
    @Test func aFailingLayoutWritesNothingInAnyFormat() throws {
        struct Failure: Error {}
        /// Item 0 answers; any other item's frame and every element query fail, as a script error would.
        struct FailingResult: LayoutResult {
            let count = 3
            var contentSize: Size { Size(width: 100, height: 5000) }
            func frame(at index: Int) throws -> Rect {
                guard index == 0 else { throw Failure() }
                return Rect(x: 0, y: 0, width: 10, height: 10)
            }
            func visible(in rect: Rect) throws -> [Int] { [0, 1] }
            func elements(in rect: Rect, scroll: ScrollState) throws -> [LayoutElement] { throw Failure() }
        }
        let run = LayoutRun(layoutName: "failing", dataset: .synthetic(count: 3) { _ in Size(width: 10, height: 10) },
                            viewport: Size(width: 100, height: 100), result: FailingResult(), milliseconds: 0)
        let writers: [(String, (BufferedWriter) throws -> Void)] = [
            ("json", { try RunReport(run: run, viewport: nil).write(to: $0) }),
            ("text", { try TextSummary(run: run, viewport: nil).write(to: $0) }),
            ("svg", { try SVGPicture(run: run, viewport: nil).write(to: $0) }),
            ("html", { try HTMLPage(run: run, viewport: nil).write(to: $0) }),
        ]
        for (format, write) in writers {
            var written = 0
            let out = BufferedWriter(capacity: 1) { written += $0.count }
            #expect(throws: Failure.self, "\(format)") { try write(out) }
            try out.finish()
            #expect(written == 0, "\(format) wrote \(written) bytes before failing")
        }
    }

    /// The picture and the summary go out in buffer-sized pieces as they are made, and the
    /// pieces add up to what `render()` returns.
    @Test func svgAndTextAreWrittenAsTheyGo() throws {
        var random = SplitMix64(seed: 2028)
        let (run, _) = try randomRun(&random, count: 300)
        let viewport = Rect(x: 0, y: 400, width: 375, height: 812)
        let renderers: [(String, (BufferedWriter) throws -> Void, String)] = [
            ("svg", { try SVGPicture(run: run, viewport: viewport).write(to: $0) }, try SVGPicture(run: run, viewport: viewport).render()),
            ("text", { try TextSummary(run: run, viewport: viewport).write(to: $0) }, try TextSummary(run: run, viewport: viewport).render()),
        ]
        for (format, write, whole) in renderers {
            var pieces: [[UInt8]] = []
            let out = BufferedWriter(capacity: 64) { pieces.append(Array($0)) }
            try write(out)
            #expect(pieces.count >= 2, "\(format) was held whole")
            try out.finish()
            #expect(String(decoding: pieces.joined(), as: UTF8.self) == whole, "\(format)")
            #expect(whole.hasPrefix(format == "svg" ? "<svg " : "layout:       random"))
        }
    }

    @Test func aFailingDrainIsReportedOnceAtTheEnd() throws {
        struct Full: Error {}
        var calls = 0
        let out = BufferedWriter(capacity: 4) { _ in calls += 1; throw Full() }
        out.append("0123456789")
        out.append("more")
        #expect(throws: Full.self) { try out.finish() }
        #expect(calls == 1)
        #expect(out.lastByte == UInt8(ascii: "e"))
    }
}

@Suite struct ReportTests {
    private let base = ViewState(frame: Rect(x: 0, y: 0, width: 10, height: 10))

    @Test func theTimelineReportPutsTheOffsetAfterTheViewportAndStreamsItsSamples() throws {
        let track = AnimationTrack(id: "a", view: 1, event: .insert, duration: 0.05, from: base, to: base)
        let report = TimelineReport(timeline: Timeline(tracks: [track]), viewport: Size(width: 100, height: 200),
                                    offset: Point(x: 0, y: 1500), fps: 40)
        let text = try BufferedWriter.text { try report.write(to: $0) }
        #expect(text.hasPrefix(#"{"viewport":[100,200],"offset":[0,1500],"duration":0.05,"tracks":[{"id":"a","view":1,"#))
        #expect(text == JSONWriter.write(try report.json()))
        guard case .array(let samples)? = try JSONParser.parse(text)["samples"] else { Issue.record("no samples"); return }
        #expect(samples.count == 3)
    }

    @Test func tooManySamplesAreRefusedBeforeTheFirstByte() throws {
        let track = AnimationTrack(id: "a", view: 1, event: .insert, duration: 3600, from: base, to: base)
        let report = TimelineReport(timeline: Timeline(tracks: [track]), viewport: Size(width: 100, height: 100), fps: 60)
        var written = 0
        let out = BufferedWriter(capacity: 1) { written += $0.count }
        #expect(throws: AnimationFormatError("the animation lasts 3600 s: at 60 frames per second its samples would hold more than 200,000 view states (1 view per frame); use a lower frame rate (--fps) or a shorter animation")) {
            try report.write(to: out)
        }
        #expect(written == 0)
    }

    @Test func aDiffDocumentIsWrittenAsJSONWriterWritesIt() throws {
        let value: JSONValue = ["items": ["deleted": [[0, 1]], "inserted": []], "changes": [["op": "delete", "id": "a", "at": [0, 1]], ["op": "insert", "id": 7, "at": [0, 0], "fields": ["x"]]],
                                "sectionChanges": [], "stages": [["after": ["sections": [["id": 0, "items": [["id": "b"]]]]]]]]
        #expect(try BufferedWriter.text { PrettyJSONObject.write(value, to: $0) } == JSONWriter.write(value, options: .pretty))
        #expect(try BufferedWriter.text { PrettyJSONObject.write(["a": 1, "b": []], to: $0) } == #"{"a": 1, "b": []}"#)
    }
}
