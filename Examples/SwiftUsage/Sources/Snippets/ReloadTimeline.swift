import TesseraCore

/// An animated reload as frames to draw: the pass's events and the views it leaves make a
/// `Timeline` (a track per view the reload touched, the other views still), and sampling it at
/// a frame rate gives every view's state per frame, for a renderer of your own, a video or a test.
public func reloadFrames(of provider: BasicProvider, in engine: CollectionEngine, to data: Dataset,
                         fps: Double) throws -> [[Timeline.ViewSample]] {
    engine.animator = FadeAnimator(duration: 0.3)          // deleted views fade out, new ones in
    provider.data = ItemSource(dataset: data)
    let events = try engine.layout()
    let timeline = Timeline(events: events, views: engine.views)   // the views after the pass
    let times = try timeline.sampleTimes(fps: fps)         // 0 to the duration; throws for fps <= 0
    return times.map { timeline.sample(at: $0) }           // drawing order, bottom first
}
