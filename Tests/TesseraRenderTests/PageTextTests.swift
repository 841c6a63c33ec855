import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OrderedCollections
import Testing
import TesseraCore
@testable import TesseraRender

/// The two escaping rules every picture and page uses, and the pictures built with them.
@Suite struct PageTextTests {
    static let injected = "</script><script>document.title='PWNED'</script>"

    @Test func markupEscapesEntitiesAndReplacesWhatXMLForbids() {
        #expect(PageText.markup("a&b<c>\"d'") == "a&amp;b&lt;c&gt;&quot;d'")
        #expect(PageText.markup("ctl\u{1B}[2J\u{0}\u{1F}") == "ctl\u{241B}[2J\u{2400}\u{241F}")
        #expect(PageText.markup("tab\tlf\ncr\r") == "tab\tlf\ncr\r")
        #expect(PageText.markup("\u{FFFE}\u{FFFF}\u{FFFD}é") == "\u{FFFD}\u{FFFD}\u{FFFD}é")
    }

    @Test func scriptJSONCannotCloseTheScriptOrBreakALine() throws {
        let value: JSONValue = ["id": .string(Self.injected + "&\u{2028}\u{2029}<!--"), "n": 1]
        let text = PageText.scriptJSON(value)
        #expect(text == #"{"id":"\u003c/script\u003e\u003cscript\u003edocument.title='PWNED'\u003c/script\u003e\u0026\u2028\u2029\u003c!--","n":1}"#)
        // Still the same value when read back.
        #expect(try JSONParser.parse(text) == value)
    }

    private func timeline(ids: [String]) -> Timeline {
        let state = ViewState(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        return Timeline(tracks: ids.enumerated().map { k, id in
            AnimationTrack(id: .string(id), view: k, event: .insert, duration: 0.1, from: state, to: state)
        })
    }

    @Test func theTimelinePageEmbedsIdsAsData() throws {
        let page = try TimelinePage(title: "t <b>", timeline: timeline(ids: [Self.injected, "line\u{2028}break"]),
                                    viewport: Rect(x: 0, y: 0, width: 100, height: 100), fps: 10).render()
        #expect(!page.contains(Self.injected))
        #expect(!page.contains("\u{2028}"))
        #expect(page.contains(#"\u003c/script\u003e\u003cscript\u003edocument.title='PWNED'\u003c/script\u003e"#))
        #expect(page.contains(#"line\u2028break"#))
        #expect(page.contains("<title>t &lt;b&gt; - tessera animate</title>"))
        // The page's own script element is the only one closed.
        #expect(page.components(separatedBy: "</script>").count == 2)
    }

    /// The page writes its samples one at a time; what it writes is the whole data object
    /// escaped at once, however small the writer's buffer.
    @Test func theTimelinePageStreamsTheDataItWouldBuildWhole() throws {
        let from = ViewState(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let to = ViewState(frame: Rect(x: 10, y: 80, width: 50, height: 60), alpha: 0.5)
        let timeline = Timeline(tracks: [Self.injected, "b", "c"].enumerated().map { k, id in
            AnimationTrack(id: .string(id), view: k, event: k == 0 ? .insert : .update, duration: 0.25, from: from, to: to)
        })
        let page = TimelinePage(title: "t", timeline: timeline, viewport: Rect(x: 0, y: 0, width: 100, height: 100), fps: 20)
        let cards: OrderedDictionary<String, JSONValue> = OrderedDictionary(uniqueKeysWithValues: page.cards().map {
            ($0.key, JSONValue.array([.string($0.label), .string($0.classes)]))
        })
        let samples: [JSONValue] = try timeline.sampleTimes(fps: 20).map { t in
            .object(["t": .double(t), "views": .array(timeline.sample(at: t).map { v in
                let f = v.state.frame
                return .array([.string(TimelinePage.key(view: v.view, id: v.id.description))]
                    + [f.x, f.y, f.width, f.height, v.state.alpha, v.state.scale, v.state.rotation, v.state.tx, v.state.ty]
                    .map(JSONValue.double))
            })])
        }
        #expect(samples.count == 6)
        let whole = PageText.scriptJSON(.object(["duration": .double(0.25), "cards": .object(cards), "samples": .array(samples)]))
        #expect(try page.data() == whole)
        var bytes: [UInt8] = []
        let writer = BufferedWriter(capacity: 7) { bytes.append(contentsOf: $0) }
        try page.write(to: writer)
        try writer.finish()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text == (try page.render()))
        #expect(text.contains("\nconst timeline = " + whole + ";\nconst offset = [0, 0];\n"))
    }

    @Test func theTimelinePageRefusesSamplesThatWouldFillMemory() throws {
        let state = ViewState(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let long = Timeline(tracks: [AnimationTrack(id: "a", view: 0, event: .insert, duration: 3600, from: state, to: state)])
        #expect(throws: AnimationFormatError("the animation lasts 3600 s: at 60 frames per second its samples would hold more than 200,000 view states (1 view per frame); use a lower frame rate (--fps) or a shorter animation")) {
            try TimelinePage(title: "t", timeline: long, viewport: Rect(x: 0, y: 0, width: 100, height: 100)).render()
        }
    }

    private func run(ids: [String], frames: [Rect]) throws -> LayoutRun {
        let dataset = Dataset(items: ids.map { Item(id: .string($0), fields: ["id": .string($0)]) })
        return LayoutRun(layoutName: "test", dataset: dataset, viewport: Size(width: 200, height: 100),
                         result: try FramesResult(frames: frames), milliseconds: 1)
    }

    @Test func anSVGWithControlCharactersIsWellFormedXML() throws {
        let svg = try SVGPicture(run: run(ids: ["ctl\u{1B}[2J", "x\u{FFFF}<&"], frames: [Rect(x: 0, y: 0, width: 100, height: 50),
                                                                                       Rect(x: 100, y: 0, width: 100, height: 50)]),
                                 viewport: nil).render()
        #expect(svg.contains(">ctl\u{241B}[2J</text>"))
        #expect(svg.contains(">x\u{FFFD}&lt;&amp;</text>"))
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    }

    @Test func anItemWiderThanAnyIntegerIsLabelled() throws {
        // Its label's width in characters (1e300 / 6) is far past Int.max.
        let svg = try SVGPicture(run: run(ids: ["wide"], frames: [Rect(x: 0, y: 0, width: 1e300, height: 50)]), viewport: nil).render()
        #expect(svg.contains(">wide</text>"))
        #expect(!svg.contains("inf") && !svg.contains("nan"))
    }

    /// 1e-320, a subnormal double (a literal would warn that it underflows).
    static let subnormal = Double.leastNonzeroMagnitude * 2_024

    @Test func aViewportTooSmallForStrokesStillDraws() throws {
        let tiny = try SVGPicture(run: run(ids: ["a"], frames: [Rect(x: 0, y: 0, width: 100, height: 800)]),
                                  viewport: Rect(x: 0, y: 0, width: Self.subnormal, height: Self.subnormal)).render()
        #expect(tiny.hasPrefix("<svg"))
        #expect(!tiny.contains("inf") && !tiny.contains("nan"))
    }
}
