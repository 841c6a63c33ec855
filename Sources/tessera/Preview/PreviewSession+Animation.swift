import Foundation
import TesseraCore
import TesseraLua
import TesseraRender

// With --animator, the animation a run plays before its frame: the change PlayedChange decides
// on (a data save's reload, a layout save's relayout), played on an engine as `tessera animate`
// plays it, where the page is scrolled.
extension PreviewSession {
    /// The animation message of a save, played as `tessera animate` plays it: from the last good
    /// picture to `run`, at the page's offset, with a fresh instance of the animator, run from
    /// the bytes the read stage compared (what its hooks raise fails the run like any error). A
    /// data save relays the last good data out with `layout` and reloads it to the new data; a
    /// save of the layout replays the last good frames and the new ones (no script runs again).
    /// Returned with the last good generation, which it plays from; nil when `PlayedChange`
    /// says the run just repaints.
    func playChange(layout: any Layout, to run: LayoutRun, inputs: PlayedChange.Inputs,
                    scriptFiles: ScriptFileBytes) throws -> (from: Int, message: String)? {
        guard let change = PlayedChange.between(lastGoodInputs, and: inputs, in: configuration),
              let name = configuration.animator, let (from, last) = stateLock.withLock({ lastGood }) else { return nil }
        return (from, try animation(name, from: last, to: run, generation: generation, relaying: change == .reload ? layout : nil,
                                    scriptFiles: scriptFiles))
    }

    /// The animation for a page that has generation `from` and missed the saves up to `to` (a
    /// page that lost its socket, or loaded as they came): from the frames it shows to `to`'s,
    /// both replayed as they were drawn, with the animator as `to` ran it. Nil when either is no
    /// longer kept, when `PlayedChange` says nothing plays between them, or when the animator
    /// fails (it did not for `to` itself: the page then gets the picture alone, as before).
    /// Runs on the page's thread: the animator gets a fresh Lua state, the rest is values.
    /// What its hooks print is labelled: the terminal printed the same hooks' lines for the saves
    /// themselves, and these, played from another picture, may differ.
    func missedSavesAnimation(from: Int, to: Int) -> String? {
        let (old, new) = stateLock.withLock { (kept.first { $0.generation == from }, kept.first { $0.generation == to }) }
        guard let name = configuration.animator, let old, let new,
              PlayedChange.between(old.inputs, and: new.inputs, in: configuration) != nil else { return nil }
        let label = Self.replayLabel(from: from, to: to)
        return try? animation(name, from: old.run, to: new.run, generation: to, relaying: nil,
                              scriptFiles: ScriptFileBytes(new.inputs.files), output: printing(label: label))
    }

    /// What starts each line the animator prints while it plays from generation `from` to `to`
    /// for a page that missed the saves between.
    static func replayLabel(from: Int, to: Int) -> String {
        "(gen \(from) to \(to), replayed for a page that missed saves)"
    }

    /// The message of the animation from `last`'s picture to `run`'s (generation `generation`)
    /// with the animator `name`, at the page's offset: `relaying` lays `last`'s data out again and reloads it to `run`'s
    /// data (a data save); nil replays both pictures' frames. The animator prints to `output`
    /// (`printing()` unless given).
    private func animation(_ name: String, from last: LayoutRun, to run: LayoutRun, generation: Int, relaying layout: (any Layout)?,
                           scriptFiles: ScriptFileBytes, output: ((String) -> Void)? = nil) throws -> String {
        let (offset, held, current) = stateLock.withLock { (pageOffset, pageShelves, lastGood?.run) }
        // The shelves are held at the last good picture's section numbers; a page that missed
        // saves plays from an older picture, whose may differ.
        let shelves = current.map { PageShelves.renumbered(held, from: $0, to: last) } ?? [:]
        let provider = BasicProvider(data: ItemSource(dataset: last.dataset),
                                     layout: layout ?? ReplayedLayout(result: last.result, name: last.layoutName),
                                     size: .rule(ItemSizing(rule: configuration.sizing)))
        let engine = CollectionEngine(provider: provider, viewport: run.viewport, guides: configuration.guides)
        engine.animator = try animatorNamed(name, params: configuration.animatorParams, configuration.limits, reading: scriptFiles,
                                         output: output ?? printing())
        for (section, shelfOffset) in shelves { engine.setOffset(shelfOffset, ofSection: section) }
        try engine.scroll(to: offset)
        let dataset = run.dataset
        let played = try ChangeTimeline(engine: engine, old: last.dataset, new: dataset) {
            // New data schedules a reload (items paired by id), which a layout change plays as well.
            provider.data = ItemSource(dataset: dataset)
            if layout == nil { provider.layout = ReplayedLayout(result: run.result, name: run.layoutName) }
        }
        let labels = TimelineLabels(field: ItemLabels(field: configuration.label), before: played.viewsBefore, after: engine.views,
                                    old: last.dataset, new: dataset)
        return try PreviewAnimation.message(timeline: played.timeline, labels: labels, generation: generation,
                                            offset: engine.scrollState.contentOffset, viewport: run.viewport)
    }
}
