import Testing
import TesseraCore

/// What `print` shows of the values a first program prints: their JSON on one line, with the
/// names the commands' JSON and Lua use, never Swift's member-by-member dump.
@Suite struct ValueDescriptionTests {
    let frame = Rect(x: 0, y: 0, width: 120, height: 90)

    @Test func animationValuesPrintAsTheirJSON() {
        #expect("\(PartialViewState())" == "{}")
        #expect("\(PartialViewState(frame: frame, alpha: 0, zIndex: 2))" == #"{"frame": [0, 0, 120, 90], "alpha": 0, "zIndex": 2}"#)
        // A value built in Swift may hold what JSON cannot: it prints as Lua would, never stops.
        #expect("\(PartialViewState(scale: .nan, tx: -.infinity))" == #"{"scale": nan, "tx": -inf}"#)
        #expect("\(ViewState(frame: frame, alpha: 0.5))"
                == #"{"frame": [0, 0, 120, 90], "alpha": 0.5, "scale": 1, "rotation": 0, "tx": 0, "ty": 0, "zIndex": 0}"#)
        let fade = AnimationDescription(from: PartialViewState(alpha: 0), to: PartialViewState(alpha: 1), duration: 0.3, curve: .easeOut)
        #expect("\(fade)" == #"{"from": {"alpha": 0}, "to": {"alpha": 1}, "duration": 0.3, "curve": "easeOut"}"#)
        #expect("\(AnimationDescription(delay: 0.1))" == #"{"delay": 0.1, "curve": "easeInOut"}"#)
        #expect("\(AnimationDescription(transform: PartialViewState(scale: 0.9)))" == #"{"transform": {"scale": 0.9}}"#)
    }

    @Test func aTimelinePrintsItsTracksOneALine() {
        let start = ViewState(frame: frame, alpha: 0), end = ViewState(frame: frame)
        let track = AnimationTrack(id: "a", view: 3, event: .insert, duration: 0.3, curve: .easeOut, from: start, to: end)
        #expect("\(track)" == #"{"id": "a", "view": 3, "event": "insert", "delay": 0, "duration": 0.3, "curve": "easeOut", "from": {"frame": [0, 0, 120, 90], "alpha": 0, "scale": 1, "rotation": 0, "tx": 0, "ty": 0, "zIndex": 0}, "to": {"frame": [0, 0, 120, 90], "alpha": 1, "scale": 1, "rotation": 0, "tx": 0, "ty": 0, "zIndex": 0}}"#)
        let still = Timeline.ViewSample(id: 7, view: 1, state: end)
        #expect("\(still)" == #"{"view": 1, "id": 7, "frame": [0, 0, 120, 90], "alpha": 1, "scale": 1, "rotation": 0, "tx": 0, "ty": 0, "zIndex": 0}"#)
        let timeline = Timeline(tracks: [track], still: [still])
        #expect("\(timeline)" == "timeline of 0.3 s: 1 track, 1 still view\n  \(track)")
        #expect("\(Timeline(tracks: []))" == "timeline of 0 s: 0 tracks, 0 still views")
    }

    @Test func engineEventsPrintWithLuasNames() throws {
        let items = [Item(id: "a", size: Size(width: 50, height: 40)), Item(id: 2, size: Size(width: 50, height: 30))]
        let provider = BasicProvider(data: ItemSource(dataset: Dataset(items: items)), layout: FlowLayout(spacing: 10))
        let engine = CollectionEngine(provider: provider, viewport: Size(width: 120, height: 200))
        let shown = try engine.layout()
        #expect(shown.map { $0.description } == [
            #"{"type": "insert", "view": 0, "category": "item", "kind": "cell", "id": "a", "index": 0, "section": 0, "frame": [0, 0, 50, 40], "addsView": true}"#,
            #"{"type": "insert", "view": 1, "category": "item", "kind": "cell", "id": 2, "index": 1, "section": 0, "frame": [60, 0, 50, 30], "addsView": true}"#,
        ])
        engine.animator = FadeAnimator(duration: 0.25)
        provider.data = ItemSource(dataset: Dataset(items: [items[1]]))
        let reloaded = try engine.layout()
        // The deleted view fades out; the kept one moves to index 0 and its frame changes.
        #expect(reloaded.map { $0.description } == [
            #"{"type": "delete", "view": 0, "category": "item", "kind": "cell", "id": "a", "index": 0, "section": 0, "frame": [0, 0, 50, 40], "removesView": true, "animation": {"to": {"alpha": 0}, "duration": 0.25, "curve": "easeInOut"}}"#,
            #"{"type": "move", "view": 1, "category": "item", "kind": "cell", "id": 2, "index": 0, "section": 0, "frame": [0, 0, 50, 30], "oldFrame": [60, 0, 50, 30], "animation": {"duration": 0.25, "curve": "easeInOut"}}"#,
            #"{"type": "update", "view": 1, "category": "item", "kind": "cell", "id": 2, "index": 0, "section": 0, "frame": [0, 0, 50, 30], "oldFrame": [60, 0, 50, 30], "animation": {"duration": 0.25, "curve": "easeInOut"}}"#,
        ])
        #expect("\(EngineEvent.adjust(by: Point(x: 0, y: -20), to: Point(x: 0, y: 100.5), sectionOffsets: [2: Point(x: 300, y: 0), 0: Point(x: 1, y: 0)]))"
                == #"{"type": "adjust", "dx": 0, "dy": -20, "offset": [0, 100.5], "sections": {"0": [1, 0], "2": [300, 0]}}"#)
    }
}
