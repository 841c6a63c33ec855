import Foundation
import TesseraCore
import TesseraLua
import TesseraRender

// One run of the preview, start to end: what it answers (the requests and saves so far), the
// compare that stops a run when nothing changed, the order of its stages (PreviewSession+Read,
// +Layout, +Publish) and what a failed run does: wait for a save that may stand in for its
// error, else show it. Runs on the render thread only.
extension PreviewSession {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    static func ms(_ from: UInt64, _ to: UInt64) -> Double { Double(to - from) / 1e6 }

    /// One run, in stages: read the files (and stop when nothing changed), parse the data, make
    /// the layout from the script, lay out, encode, publish; or the error to the pages and the
    /// terminal. The script and its modules run from the bytes the read stage compared.
    func render() {
        let t0 = Self.now()
        let startedAt = onRun == nil ? 0 : Date().timeIntervalSince1970 * 1000
        // This run answers every request made so far (a viewport change included): only a save
        // reported while it runs is "another save" that may stand in for its error.
        let (changed, batches) = signal.withLock { () -> (Set<String>, [MeasureBatch]) in
            defer { dirty = []; measureBatches = []; pending = false; saved = false }
            return (dirty, measureBatches)
        }
        guard let inputs = read(changed: changed) else { return }
        let (size, pageParams) = stateLock.withLock { (viewport, self.pageParams) }
        let inputsChanged = inputs != lastInputs || size != lastViewport || pageParams != lastPageParams
        if !inputsChanged && (batches.isEmpty || measuredLayout == nil) { return }
        // The script, a module or the page's params: with --measure, a new layout (and new measurements).
        let scriptChanged = lastInputs.map { configuration.layoutFiles(inputs) != configuration.layoutFiles($0) } ?? true || pageParams != lastPageParams
        let retired = Retired()
        retired.keep(lastInputs)
        lastInputs = inputs
        lastViewport = size
        lastPageParams = pageParams
        generation += 1
        runBegan(generation: generation)
        defer { runEnded() }
        let t1 = Self.now()
        var timings: [(String, Double)] = [("read", Self.ms(t0, t1))]
        let scriptFiles = ScriptFileBytes(inputs)
        var host: LuaHost?
        do {
            let (dataset, datasetChanged) = try data(configuration.dataPath.flatMap { inputs[$0] } ?? [], retired: retired)
            let lua: LuaHost, layout: any Layout, newLayout: Bool
            // With --measure the engine keeps the layout until the script changes: the host that
            // made it lives as long.
            if !scriptChanged, let kept = measuredLayout {
                (lua, layout) = kept
                runUses(lua)
                newLayout = false
            } else {
                lua = try scriptHost(reading: scriptFiles)
                host = lua
                layout = try script(in: lua, pageParams: pageParams)
                newLayout = true
            }
            let t2 = Self.now()
            timings.append(("parse", Self.ms(t1, t2)))
            let laidOut = try layOut(layout, newLayout: newLayout, owner: lua, dataset: dataset,
                                     datasetChanged: datasetChanged, size: size, batches: batches, retired: retired)
            let t3 = Self.now()
            timings.append(("layout", Self.ms(t2, t3)))
            let run = LayoutRun(layoutName: configuration.layout, dataset: dataset, viewport: size, result: laidOut.result,
                                milliseconds: Self.ms(t2, t3))
            let message = try encode(run, laidOut, timings: timings)
            timings.append(("encode", Self.ms(t3, Self.now())))
            lastInputs?.merge(scriptFiles.readLater) { old, _ in old }
            if newLayout { updateModules(lua) }
            let sources = LayoutSources(files: configuration.layoutFiles(inputs).merging(scriptFiles.readLater) { old, _ in old },
                                        pageParams: pageParams)
            let played = PlayedChange.Inputs(files: inputs.merging(scriptFiles.readLater) { old, _ in old },
                                             pageParams: pageParams, viewport: size)
            let t5 = try publish(message, run: run, layout: layout, sources: sources, idsVersion: laidOut.idsVersion,
                                 inputs: played, scriptFiles: scriptFiles, timings: &timings, retired: retired)
            onRun?(Run(generation: generation, startedAt: startedAt, timings: timings))
            log("gen \(generation) ok in \(Self.format(Self.ms(t0, t5))) ms: "
                + timings.map { "\($0.0) \(Self.format($0.1))" }.joined(separator: ", ")
                + " (\(NumberText.counted(laidOut.result.count, "item")), \(NumberText.counted(hub.clientCount, "page")))")
        } catch {
            retired.free()
            lastInputs?.merge(scriptFiles.readLater) { old, _ in old }
            // The next run makes the layout again from the script (the engine keeps the old one's
            // host alive meanwhile); measurements wait for a good run (they would hide this error).
            measuredLayout = nil
            if let host { updateModules(host, keeping: true) }
            // It may have read a file half written: a save arrived during the run, or a file it
            // read is empty (a save that truncates first and writes a moment later), when it waits
            // for the settle interval; any other error shows at once. When another save comes, the
            // next run decides and no error flashes; it runs even on these same bytes (a `touch`,
            // or polling that saw the save twice), else this error would never show.
            if anotherSaveArrives(waiting: inputs.values.contains { $0.isEmpty }) {
                log("gen \(generation) failed while another save arrived; running again")
                lastInputs = nil
                return
            }
            fail(error, sources: inputs.merging(scriptFiles.readLater) { old, _ in old }, t0: t0, t1: t1, t2: Self.now(),
                 startedAt: startedAt, timings: timings)
        }
    }

    /// Whether another save has been reported before a failed run's error is shown: one that
    /// came during the run, one the watcher holds (a burst of saves goes on: it is reported
    /// once the burst is over, and waited for until it is), and when `waiting` and a watcher runs, one that arrives within
    /// the watcher's settle interval (seen by its first look after, however late). Other requests (a viewport dragged, a page's params) do
    /// not count: they would put the error off for as long as they come. Waiting delays an
    /// error, never a good picture.
    func anotherSaveArrives(waiting: Bool) -> Bool {
        let settled = FileWatcher.now() + (waiting && watcher != nil ? FileWatcher.settleInterval : 0)
        signal.lock(); defer { signal.unlock() }
        while !saved && !stopped {
            // Held saves are waited for however late the watcher's thread reports them (a busy
            // machine can keep it waiting past their time), so a burst's half-written file never
            // shows its error.
            let now = FileWatcher.now()
            let untilSettled = settled - now
            // At least a moment while saves are held, even past their time.
            let untilReported = watcher?.heldUntil.map { max($0 - now, 0.01) } ?? 0
            // A save made within the settle interval is waited for until the watcher has looked,
            // however late a busy machine wakes a polling watcher's thread.
            let untilLooked = waiting && watcher?.hasLooked(since: settled) == false ? 0.01 : 0
            let left = max(untilSettled, untilReported, untilLooked)
            if left <= 0 { break }
            _ = signal.wait(until: Date(timeIntervalSinceNow: left))
        }
        return saved
    }

    /// Watches the modules this run required from now on; after a failed run (`keeping`), the
    /// ones watched before too: a module that went missing, or a link loop, is not required by
    /// that run, and its return must still be seen.
    private func updateModules(_ host: LuaHost, keeping: Bool = false) {
        var seen = Set<String>()
        let required = ((keeping ? modules : []) + host.requiredPaths).filter { seen.insert($0).inserted }
        if required != modules {
            modules = required
            watcher?.watch(watchedFiles)
        }
    }
}
