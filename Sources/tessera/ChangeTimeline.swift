import TesseraCore

/// The timeline of one change played on an engine, as `tessera animate` prints it and
/// `tessera preview` plays a save: the engine shows the old state at its offset; the
/// change (new data, or another layout) is applied and one pass runs; the item views' events
/// become tracks (with the frames they had before), and the headers, footers and backgrounds
/// shown before and after are paired into tracks of their own, animated by the same animator.
/// Only removed data is deleted and only new data inserted: a view the change moves out of
/// view, or into it, moves there, or from where it was.
struct ChangeTimeline {
    var timeline: Timeline
    /// The item views shown before the change (for labels).
    var viewsBefore: [EngineView]

    /// Plays `change` on `engine`, already laid out and scrolled where it plays, from `old` to
    /// `new`. Throws what the layout or the animator throws, or an `AnimationFormatError` for
    /// a description the engine cannot play, or, given the frame rate `fps` it will be sampled
    /// at, for samples that would be too many (`Timeline.sampleTimes(fps:)`): checked once the
    /// item views' tracks are known, before the rest of the timeline is built and before the
    /// animator is asked about headers, footers and backgrounds.
    init(engine: CollectionEngine, old: Dataset, new: Dataset, fps: Double? = nil, change: () throws -> Void) throws {
        viewsBefore = engine.views
        let reloadsBefore = engine.reloadCount
        let elementsBefore = try Self.elementsShown(by: engine, dataset: old)
        let resultBefore = engine.layoutResult, stateBefore = engine.scrollState
        // A cell the change brings into view whose item was laid out before moves in from there.
        var oldIndices: [ItemID: Int]?
        engine.cellFramesBeforeReload = { id in
            if oldIndices == nil { oldIndices = Self.indices(of: old) }
            guard let i = oldIndices![id], i < resultBefore.count else { return nil }
            return try resultBefore.frame(at: i, scroll: stateBefore)
        }
        defer { engine.cellFramesBeforeReload = nil }
        try change()
        // The animator is asked about the item views' events here, and about the other elements'
        // once below, as pairs across the change (the engine's own answers for them would be dropped).
        let events = try engine.layoutAnimatingItemsOnly()
        var timeline = Timeline(events: events, views: engine.views)
        // The element tracks only add views and time: samples too many already are refused now.
        if let fps { try timeline.checkSampleCount(fps: fps) }
        timeline.recordFramesBefore(Dictionary(viewsBefore.map { ($0.number, $0.frame) }, uniquingKeysWith: { a, _ in a }))
        // Headers, footers and backgrounds: views of their own, numbered after the item views,
        // paired across the reload and animated by the same animator.
        let elementsAfter = try Self.elementsShown(by: engine, dataset: new)
        let numbers = (viewsBefore + engine.views).map(\.number) + events.map(\.view)
        // Elements that leave or enter the screen but are laid out on the other side move there.
        let whole = (before: ElementTransition.Side(elements: resultBefore.drawnElements(scroll: stateBefore), dataset: old),
                     after: ElementTransition.Side(elements: engine.layoutResult.drawnElements(scroll: engine.scrollState), dataset: new))
        let transition = ElementTransition(from: elementsBefore, to: elementsAfter, firstView: (numbers.max() ?? 0) + 1, whole: whole)
        let elementEvents = transition.events(visibleFrame: engine.visibleRect, reloadCount: reloadsBefore,
                                              isReloading: true, old: old, new: new)
        let elementAnimations = try engine.animator?.animations(for: elementEvents) ?? []
        // As the engine does for item views: a description that cannot be played is an error.
        for (event, animation) in zip(elementEvents, elementAnimations) {
            if let problem = animation?.problem {
                throw AnimationFormatError("the \(event.kind.rawValue) animation of \(describeIdentifier(event.id)): \(problem)")
            }
        }
        timeline.add(transition, animations: elementAnimations)
        self.timeline = timeline
    }

    /// Each item's index in `dataset` by id (the first, when ids repeat). O(n).
    static func indices(of dataset: Dataset) -> [ItemID: Int] {
        var found: [ItemID: Int] = [:]
        found.reserveCapacity(dataset.count)
        for i in 0..<dataset.count where found[dataset.id(at: i)] == nil { found[dataset.id(at: i)] = i }
        return found
    }

    /// The supplementaries and decorations the engine's layout draws in its visible area (pinned
    /// ones where they pin, orthogonal sections at their offsets), with the data laid out.
    static func elementsShown(by engine: CollectionEngine, dataset: Dataset) throws -> ElementTransition.Side {
        ElementTransition.Side(elements: try engine.layoutResult.elements(in: engine.visibleRect, scroll: engine.scrollState),
                               dataset: dataset)
    }
}
