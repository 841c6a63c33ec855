import TesseraCore

/// The headless engine: a provider of items and a viewport go in; each pass returns the events a
/// UI would apply to its views (insert, delete, update, move, scroll), with the animation the
/// animator asked for. Nothing is drawn: the caller owns the views.
public func runEngine(first: Dataset, then second: Dataset) throws -> [String] {
    let provider = BasicProvider(data: ItemSource(dataset: first), layout: WaterfallLayout(columns: 2, spacing: 8))
    let engine = CollectionEngine(provider: provider, viewport: Size(width: 375, height: 400))
    engine.animator = FadeAnimator()                  // fades views in and out on reloads
    var log: [String] = []
    for event in try engine.layout() {                // the first pass shows the first screen
        log.append("\(event.type) \(event.id)")
    }
    provider.data = ItemSource(dataset: second)       // schedules a reload; the next pass runs it
    for event in try engine.layout() {
        let animated = event.animation == nil ? "" : " animated"
        log.append("\(event.type) \(event.id)\(animated)")
    }
    return log
}
