import Foundation
import TesseraCore
import TesseraRender

// What a run sends out, to the pages (through the hub) and the terminal: a good run's animation,
// frame, id table and timings, which make it the last good run; a failed run's error; an
// unreadable file's reason.
extension PreviewSession {
    /// Publish: a save's animation first, then the frame (with the id table when the page
    /// lacks it) and the timings; the run, made of `sources`, becomes the last good one (and,
    /// with `--animator`, the newest kept). Returns when it ended.
    func publish(_ message: Data, run: LayoutRun, layout: any Layout, sources: LayoutSources, idsVersion: Int,
                 inputs: PlayedChange.Inputs, scriptFiles: ScriptFileBytes, timings: inout [(String, Double)],
                 retired: Retired) throws -> UInt64 {
        var t4 = Self.now()
        let animation = try playChange(layout: layout, to: run, inputs: inputs, scriptFiles: scriptFiles)
        if animation != nil {
            let t = Self.now()
            timings.append(("animate", Self.ms(t4, t)))
            t4 = t
        }
        if configuration.animator != nil { lastGoodInputs = inputs }
        let sectionIDs = run.dataset.sections.map(\.id)
        stateLock.withLock {
            retired.keep(lastGood)
            // The page's shelves follow their sections into this picture's numbers, by the ids
            // `recentSections` keeps of the last picture (the newest it holds) and this one's.
            if let last = lastGood, !pageShelves.isEmpty {
                let oldIDs = recentSections.ids(of: last.generation) ?? last.run.dataset.sections.map(\.id)
                pageShelves = PageShelves.renumbered(pageShelves, from: oldIDs, to: sectionIDs,
                                                     sideways: run.result.orthogonalSections.map(\.section))
            }
            lastGood = (generation, run)
            recentSections.add(generation: generation, ids: sectionIDs)
            lastGoodSources = sources
            // What a page that missed saves animates from (see missedSavesAnimation).
            if configuration.animator != nil {
                keep(KeptGeneration(generation: generation, run: run, inputs: inputs), retiring: retired)
            }
        }
        try hub.publish(frame: message, generation: generation, idsVersion: idsVersion, animation: animation) {
            try PreviewUpdate.idsMessage(dataset: run.dataset, version: idsVersion, texts: configuration.measure,
                                         labels: ItemLabels(field: configuration.label), storage: Self.data)
        }
        let t5 = Self.now()
        timings.append(("send", Self.ms(t4, t5)))
        retired.free()
        hub.publish(note: Self.timingsMessage(generation: generation, timings: timings))
        return t5
    }

    /// A failed run: its error, with the lines of the files it read (the animator script's
    /// too, whose hooks' errors name it), to the pages and the terminal, at `t2`.
    func fail(_ error: any Error, sources: [String: [UInt8]], t0: UInt64, t1: UInt64, t2: UInt64, startedAt: Double,
              timings: [(String, Double)]) {
        let failure = PreviewFailure(error, sources: sources)
        let timings = timings + [("failed", Self.ms(t1, t2))]
        hub.publish(error: failure.json(generation: generation, timings: timings))
        onRun?(Run(generation: generation, startedAt: startedAt, timings: timings))
        let place = failure.place.map { " at \($0)" } ?? ""
        logError("gen \(generation) \(failure.kind) error in \(Self.format(Self.ms(t0, t2))) ms\(place): \(failure.message)"
                 + (failure.traceback.isEmpty ? "" : "\n" + failure.traceback))
    }

    /// A file of the run cannot be read (gone, a FIFO, a folder, over --max-data-size): the
    /// reason goes to the terminal and the pages, and the next save that brings it back runs
    /// even if its bytes are the last good run's.
    func unreadable(_ error: any Error) {
        generation += 1
        lastInputs = nil
        let failure = PreviewFailure(error)
        hub.publish(error: failure.json(generation: generation, timings: []))
        logError("gen \(generation) \(failure.kind) error: \(failure.sentence) Waiting for it to be saved again.")
    }

    /// A message's storage as the `Data` the socket sends: written in place, never copied.
    static func data(_ size: Int, _ fill: (UnsafeMutableRawBufferPointer) throws -> Void) throws -> Data {
        var data = Data(count: size)
        try data.withUnsafeMutableBytes(fill)
        return data
    }

    static func format(_ ms: Double) -> String { String(format: ms < 10 ? "%.2f" : "%.1f", ms) }

    static func timingsMessage(generation: Int, timings: [(String, Double)]) -> String {
        JSONWriter.write(.object(["type": .string("timings"), "gen": .int(generation),
                                  "timings": .array(timings.map { .array([.string($0.0), .double($0.1)]) })]))
    }
}
