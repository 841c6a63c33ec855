import Foundation
import OrderedCollections
import TesseraCore
import TesseraLua
import TesseraRender

/// The loop behind `tessera preview`: watch, re-run, encode, push.
///
/// One render thread runs the layout; saves and viewport changes only schedule work. A save
/// during a run sets one flag, so however many saves arrive, exactly one more run follows,
/// and it reads the files as they are then (the last save wins); the watcher reports a burst of
/// saves as its first and, once it is over, the rest together. A run first reads the files
/// the watcher named since the last run (all of them on the first run, or with no watcher:
/// the script, the data file and every module the previous run required), and stops there
/// when their bytes and the viewport are what the last run saw (a save that changes nothing).
/// The dataset is parsed again only when its bytes changed, its ids compared only then, and
/// the id table goes to the pages only when the ids changed. What a run replaces (the old
/// dataset, result and bytes) is freed on another thread after the pages have the new frame:
/// freeing a million items is not on the way to the picture.
final class PreviewSession: @unchecked Sendable {
    struct Configuration {
        var layout: String
        /// The data file (`--data`); nil lays out the generated sample, as `run` does.
        var dataPath: String?
        var params: OrderedDictionary<String, JSONValue> = [:]
        var sizing: SizingRule = .fit
        var duplicates: DuplicatePolicy = .reject
        var limits = ScriptLimitOptions()
        /// The largest data file read (`--max-data-size`), as `run` reads it.
        var maxDataBytes = DatasetLoader.defaultMaxBytes
        /// Regroups the data by this field (`--section-by`), as every command does.
        var sectionBy: String?
        var viewport = Size(width: 375, height: 812)
        /// The viewport's guides (`--safe-area`, `--layout-margins`, `--readable-width`), which
        /// every pass of the layout gets, as `run` gives them.
        var guides = ViewportGuides.zero
        /// Plays saves of the data and of the layout with this animator (a built-in name or a
        /// script), when set (see PlayedChange).
        var animator: String?
        var animatorParams: OrderedDictionary<String, JSONValue> = [:]
        /// The animator's script file on disk, when it is one: watched like the layout script.
        var animatorFile: String?
        /// The item field the page writes on items (`--label`; `id` by default).
        var label = "id"
        /// The page draws items' text, measures it and sends the sizes back as measured sizes.
        var measure = false
        /// After this many seconds a run still going is said to be (see PreviewSession+StillRunning).
        var stillRunningAfter = 3.0
    }

    let configuration: Configuration
    /// The layout script's file on disk, read and watched like the data (a `.lua` path, or the
    /// script a name finds in a `layouts/` folder); nil for a built-in or a shipped script.
    let layoutFile: String?
    let hub = PreviewHub()
    /// The HTTP server, kept alive with the session.
    var server: PreviewServer?
    private(set) var watcher: FileWatcher!
    /// Where each run's line and each error go.
    var log: @Sendable (String) -> Void = { printLine($0) }
    var logError: @Sendable (String) -> Void = { reportError($0) }
    /// A page's report of a generation painted (after two animation frames).
    struct Paint: Sendable {
        var generation: Int
        /// The page's wall-clock time (ms since 1970) of the paint, and of the generation's
        /// message arriving (0 when unknown).
        var at: Double, arrived: Double
        /// The longest main-thread task the page saw since its previous report, and how long
        /// its two animation frames took (the browser's frame pacing), in ms.
        var longest: Double, frames: Double
    }
    /// Called with every paint a page reports.
    var onPainted: (@Sendable (Paint) -> Void)?
    /// A run's start on the wall clock (ms since 1970) and its steps as the terminal line prints
    /// them (the last is `failed` for a failed run): how `tessera bench preview` splits a latency.
    struct Run: Sendable {
        var generation: Int
        var startedAt: Double
        var timings: [(String, Double)]
    }
    /// Called after every run that made a generation (not for saves that changed nothing).
    var onRun: (@Sendable (Run) -> Void)?

    private let signal = NSCondition()
    private var pending = false
    /// Absolute paths the watcher reported since the last run (guarded by `signal`).
    private var dirty = Set<String>()
    /// Whether the watcher reported a save since the last run began (guarded by `signal`): what
    /// a failed run waits for, where a viewport or a page's params only ask for a run.
    private var saved = false
    /// The pages' measurements not yet laid out (guarded by `signal`; at most `maxPendingBatches`).
    private var measureBatches: [MeasureBatch] = []
    static let maxPendingBatches = 64
    /// Whether a run reads only the files reported by `filesChanged` (once a watcher runs);
    /// otherwise every run reads every file.
    var readsOnlyChangedFiles = false
    private var stopped = false
    private var viewport: Size
    let stateLock = NSLock()
    private var lastGood: (generation: Int, run: LayoutRun)?
    /// The script-line runs of inspections, one at a time.
    let frameOrigins = FrameOriginQueue()
    /// The checks "next problem" asks for, one at a time likewise (the newest waiting one runs next).
    let problemChecks = FrameOriginQueue()
    /// The last good generation and its run.
    var lastGoodRun: (generation: Int, run: LayoutRun)? { stateLock.withLock { lastGood } }
    /// What the last good run made its layout of: the script and its modules as it read them,
    /// and the page's params (the inspector runs that layout again).
    struct LayoutSources {
        var files: [String: [UInt8]]
        var pageParams: OrderedDictionary<String, JSONValue>
    }
    private var lastGoodSources: LayoutSources?
    /// The last good generation, its run and what its layout was made of, read together.
    var lastGoodRunAndSources: ((generation: Int, run: LayoutRun)?, LayoutSources?) {
        stateLock.withLock { (lastGood, lastGoodSources) }
    }
    /// The params the page's controls set (the last page that said), over `--param`'s
    /// (guarded by `stateLock`; see PreviewSession+Params). Each frame names them: a page
    /// whose own differ says so and, when the person turns to it, sends its own again.
    var pageParams: OrderedDictionary<String, JSONValue> = [:]
    /// Where the page (the last that said) is scrolled: a save plays there.
    private var pageOffset = Point.zero
    private var pageShelves: [Int: Point] = [:]
    /// The run in progress (guarded by `stateLock`; see PreviewSession+StillRunning).
    var running: RunInProgress?

    // Render-thread state.
    private(set) var generation = 0
    private var lastInputs: [String: [UInt8]]?
    /// What the last good run was made of, with `--animator` (what an animation plays from).
    private var lastGoodInputs: PlayedChange.Inputs?
    private var lastViewport: Size?
    private var parsedData: (bytes: [UInt8], dataset: Dataset)?
    private var modules: [String] = []
    /// The id table's version and the latest dataset that has those ids.
    private var ids: (version: Int, dataset: Dataset)?
    /// With `--measure`: the engine that keeps the measured sizes, and the script host and layout
    /// of the last good run (nil after a failed one), which runs reuse until the script changes.
    private var measured: MeasuredPreview?
    private var measuredLayout: (host: LuaHost, layout: any Layout)?
    /// The page params the last run used, and the script's declared params with their values then.
    private var lastPageParams: OrderedDictionary<String, JSONValue>?
    private var paramControls: [PageParam] = []

    init(_ configuration: Configuration) {
        self.configuration = configuration
        layoutFile = layoutScriptFile(configuration.layout)
        viewport = configuration.viewport
    }

    /// Starts watching (polling when `poll`; the watcher's thread starts through `startThread`)
    /// and schedules the first run.
    func startWatching(poll: Bool, startThread: ThreadStarter = DetachedJob.startThread) {
        watcher = FileWatcher(poll: poll, log: { [weak self] in self?.log($0) }, startThread: startThread) { [weak self] paths in
            self?.filesChanged(paths)
        }
        readsOnlyChangedFiles = true
        watcher.watch(watchedFiles)
        schedule()
    }

    var watchedFiles: [String] {
        (layoutFile.map { [$0] } ?? []) + (configuration.dataPath.map { [$0] } ?? [])
            + (configuration.animatorFile.map { [$0] } ?? []) + modules
    }

    /// Asks for one more run (coalesced with any already asked for).
    func schedule() {
        signal.lock(); pending = true; signal.signal(); signal.unlock()
    }

    /// Marks files the watcher saw change (absolute paths) to be read again, and asks for a run.
    func filesChanged(_ paths: [String]) {
        signal.lock(); dirty.formUnion(paths); saved = true; pending = true; signal.signal(); signal.unlock()
        stopRunForSave()
    }

    /// Waits for work, runs, repeats; returns after `stop()`.
    func renderLoop() {
        while true {
            signal.lock()
            while !pending && !stopped { signal.wait() }
            if stopped { signal.unlock(); return }
            pending = false
            signal.unlock()
            render()
        }
    }

    /// Ends the render loop, the watcher and the server.
    func stop() {
        signal.lock(); stopped = true; signal.signal(); signal.unlock()
        watcher?.stop()
        if let server { Task { await server.stop() } }
    }

    /// Sets the viewport a page asked for; re-renders when it differs.
    func setViewport(_ size: Size) {
        let changed = stateLock.withLock { () -> Bool in
            guard size != viewport else { return false }
            viewport = size
            return true
        }
        if changed { schedule() }
    }

    // MARK: One run

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    private static func ms(_ from: UInt64, _ to: UInt64) -> Double { Double(to - from) / 1e6 }

    /// A file of the run cannot be read (gone, a FIFO, a folder, over --max-data-size): the
    /// reason goes to the terminal and the pages, and the next save that brings it back runs
    /// even if its bytes are the last good run's.
    private func unreadable(_ error: any Error) {
        generation += 1
        lastInputs = nil
        let failure = PreviewFailure(error)
        hub.publish(error: failure.json(generation: generation, timings: []))
        logError("gen \(generation) \(failure.kind) error: \(failure.sentence) Waiting for it to be saved again.")
    }

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
                + " (\(laidOut.result.count) items, \(hub.clientCount) page\(hub.clientCount == 1 ? "" : "s"))")
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
    private func anotherSaveArrives(waiting: Bool) -> Bool {
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

    // MARK: The stages

    /// Read: the bytes of every watched file (the script, the data, the animator, the modules
    /// the last run required), by the loader's own reading and with `--max-data-size` for the
    /// data; unchanged files, as the watcher says, keep the bytes already read. Nil when a file
    /// cannot be read (the run stops there and the pages are told).
    private func read(changed: Set<String>) -> [String: [UInt8]]? {
        var inputs: [String: [UInt8]] = [:]
        for path in watchedFiles {
            // Unchanged since the last run, as the watcher says: the bytes already read.
            if readsOnlyChangedFiles, let old = lastInputs?[path], !changed.contains(FileWatcher.absolute(path)) {
                inputs[path] = old
                continue
            }
            do {
                inputs[path] = try DatasetLoader.readBytes(ofFile: path, maxBytes: path == configuration.dataPath ? configuration.maxDataBytes : .max)
            } catch {
                // Deleted (an editor re-creating it, or gone): the next save brings it back.
                if modules.contains(path) { continue }
                signal.withLock { dirty.formUnion(changed) }
                // Gone a moment as an editor saves (polling saw it between two steps): the save decides.
                if anotherSaveArrives(waiting: true) { return nil }
                if let error = error as? DatasetError, path != configuration.dataPath {
                    unreadable(unreadableScript(error, what: path == configuration.animatorFile ? "the animator script" : "the script"))
                } else {
                    unreadable(error)
                }
                return nil
            }
        }
        return inputs
    }

    /// Data: the dataset of the data file's bytes, in the format `DatasetLoader` loads that
    /// file in, regrouped by `--section-by`; parsed again only when the bytes changed. Without a
    /// data file, the generated sample (its bytes are none, and never change). Its errors
    /// are worded as every command words them by `PreviewFailure` (a repeated id names `--duplicates`).
    private func data(_ bytes: [UInt8], retired: Retired) throws -> (dataset: Dataset, changed: Bool) {
        if let parsed = parsedData, parsed.bytes == bytes { return (parsed.dataset, false) }
        let dataset = try datasetOrSample(configuration.dataPath, sectionBy: configuration.sectionBy) { path in
            try DatasetLoader.parse(data: bytes, fileName: path, format: DatasetLoader.format(ofFile: path),
                                    duplicatePolicy: configuration.duplicates)
        }
        retired.keep(parsedData)
        parsedData = (bytes, dataset)
        return (dataset, true)
    }

    /// Script, its host: a new Lua host that runs the script and its modules from the bytes
    /// the read stage compared (a module not read yet, newly required, is read once and kept).
    private func scriptHost(reading files: ScriptFileBytes) throws -> LuaHost {
        let lua = try LuaHost(limits: configuration.limits.scriptLimits)
        lua.output = { [logError] line in logError(line) }
        files.serve(lua)
        runUses(lua)
        return lua
    }

    /// Script: the layout it makes with `--param`'s and the page's params (the page's controls
    /// kept for the frame message).
    private func script(in lua: LuaHost, pageParams: OrderedDictionary<String, JSONValue>) throws -> any Layout {
        let layout: any Layout
        (layout, paramControls) = try Self.layout(named: configuration.layout, file: layoutFile, in: lua, params: configuration.params,
                                                  page: pageParams)
        return layout
    }

    /// What the layout stage hands on: the result, the id table's version, and with --measure
    /// how the page keeps its place.
    private struct LaidOut {
        var result: any LayoutResult
        var idsVersion: Int
        var adjust: MeasuredPreview.Adjust?
    }

    /// Layout: the id table's version (new only when the ids changed), then the frames, through
    /// the measuring engine with --measure.
    private func layOut(_ layout: any Layout, newLayout: Bool, owner lua: LuaHost, dataset: Dataset, datasetChanged: Bool,
                        size: Size, batches: [MeasureBatch], retired: Retired) throws -> LaidOut {
        if datasetChanged || ids == nil {
            // Compared in the id arenas: no ItemID built per item. With --measure the table
            // carries the texts too, so it goes again whenever the data changed.
            let same = !configuration.measure && configuration.label == "id" && ids.map { $0.dataset.hasSameIDs(as: dataset) } == true
            let version = ids.map { same ? $0.version : $0.version + 1 } ?? 1
            retired.keep(ids)
            ids = (version, dataset)
        }
        let idsVersion = ids!.version
        guard configuration.measure else {
            var context = LayoutContext(dataset: dataset, collectionSize: size, sizing: ItemSizing(rule: configuration.sizing))
            context.guides = configuration.guides
            return LaidOut(result: try layout.layout(context), idsVersion: idsVersion)
        }
        let sizing = ItemSizing(rule: configuration.sizing)
        let engine = measured ?? MeasuredPreview(layout: layout, owner: lua, dataset: dataset, sizing: sizing, viewport: size,
                                                      guides: configuration.guides)
        measured = engine
        let pass = try engine.run(generation: generation, layout: newLayout ? layout : nil, owner: lua,
                                  dataset: datasetChanged ? dataset : nil, idsVersion: idsVersion,
                                  viewport: size, batches: batches)
        for reason in pass.refused { logError("preview: \(reason)") }
        measuredLayout = (lua, layout)
        return LaidOut(result: pass.result, idsVersion: idsVersion, adjust: pass.adjust)
    }

    /// Encode: the frame message of `run`.
    private func encode(_ run: LayoutRun, _ laidOut: LaidOut, timings: [(String, Double)]) throws -> Data {
        var update = PreviewUpdate(run: run, generation: generation, idsVersion: laidOut.idsVersion, timings: timings)
        update.measure = configuration.measure
        update.adjust = laidOut.adjust
        update.params = paramControls
        update.safeArea = configuration.guides.safeArea
        // Only a layout that takes params has controls to compare.
        if !paramControls.isEmpty { update.pageParams = .object(lastPageParams ?? [:]) }
        return try update.encode(storage: Self.data)
    }

    /// Publish: a save's animation first, then the frame (with the id table when the page
    /// lacks it) and the timings; the run, made of `sources`, becomes the last good one. Returns
    /// when it ended.
    private func publish(_ message: Data, run: LayoutRun, layout: any Layout, sources: LayoutSources, idsVersion: Int,
                         inputs: PlayedChange.Inputs, scriptFiles: ScriptFileBytes, timings: inout [(String, Double)],
                         retired: Retired) throws -> UInt64 {
        var t4 = Self.now()
        if let animation = try playChange(layout: layout, to: run, inputs: inputs, scriptFiles: scriptFiles) {
            hub.publish(note: animation)
            let t = Self.now()
            timings.append(("animate", Self.ms(t4, t)))
            t4 = t
        }
        if configuration.animator != nil { lastGoodInputs = inputs }
        stateLock.withLock {
            retired.keep(lastGood)
            lastGood = (generation, run)
            lastGoodSources = sources
        }
        try hub.publish(frame: message, idsVersion: idsVersion) {
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
    private func fail(_ error: any Error, sources: [String: [UInt8]], t0: UInt64, t1: UInt64, t2: UInt64, startedAt: Double,
                      timings: [(String, Double)]) {
        let failure = PreviewFailure(error, sources: sources)
        let timings = timings + [("failed", Self.ms(t1, t2))]
        hub.publish(error: failure.json(generation: generation, timings: timings))
        onRun?(Run(generation: generation, startedAt: startedAt, timings: timings))
        let place = failure.place.map { " at \($0)" } ?? ""
        logError("gen \(generation) \(failure.kind) error in \(Self.format(Self.ms(t0, t2))) ms\(place): \(failure.message)"
                 + (failure.traceback.isEmpty ? "" : "\n" + failure.traceback))
    }

    /// The animation message of a save, played as `tessera animate` plays it: from the last good
    /// picture to `run`, at the page's offset, with a fresh instance of the animator, run from
    /// the bytes the read stage compared (what its hooks raise fails the run like any error). A
    /// data save relays the last good data out with `layout` and reloads it to the new data; a
    /// save of the layout replays the last good frames and the new ones (no script runs again).
    /// Nil when `PlayedChange` says the run just repaints.
    private func playChange(layout: any Layout, to run: LayoutRun, inputs: PlayedChange.Inputs,
                            scriptFiles: ScriptFileBytes) throws -> String? {
        guard let change = PlayedChange.between(lastGoodInputs, and: inputs, in: configuration),
              let name = configuration.animator, let (_, last) = stateLock.withLock({ lastGood }) else { return nil }
        let (offset, shelves) = stateLock.withLock { (pageOffset, pageShelves) }
        let provider = BasicProvider(data: ItemSource(dataset: last.dataset),
                                     layout: change == .reload ? layout : ReplayedLayout(result: last.result, name: last.layoutName),
                                     size: .rule(ItemSizing(rule: configuration.sizing)))
        let engine = CollectionEngine(provider: provider, viewport: run.viewport, guides: configuration.guides)
        engine.animator = try animatorNamed(name, params: configuration.animatorParams, configuration.limits, reading: scriptFiles)
        for (section, shelfOffset) in shelves { engine.setOffset(shelfOffset, ofSection: section) }
        try engine.scroll(to: offset)
        let dataset = run.dataset
        let played = try ChangeTimeline(engine: engine, old: last.dataset, new: dataset) {
            // New data schedules a reload (items paired by id), which a layout change plays as well.
            provider.data = ItemSource(dataset: dataset)
            if change == .relayout { provider.layout = ReplayedLayout(result: run.result, name: run.layoutName) }
        }
        let labels = TimelineLabels(field: ItemLabels(field: configuration.label), before: played.viewsBefore, after: engine.views,
                                    old: last.dataset, new: dataset)
        return try PreviewAnimation.message(timeline: played.timeline, labels: labels, generation: generation,
                                            offset: engine.scrollState.contentOffset, viewport: run.viewport)
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

    // MARK: Messages from pages

    /// `hello` and `viewport` ({w, h}), `scroll` ({x, y, shelves: [[section, x, y]]}), `inspect`
    /// ({index}), `painted` ({gen, at, longest, arrived, frames}), and with `--measure`,
    /// `measure` (`MeasureBatch`).
    func handle(_ text: String, from client: UUID) {
        // Far more than any page message needs (a full measure message is about 60 kB): not parsed.
        guard text.utf8.count <= Self.maxMessageBytes else {
            refuse("a message of \(text.utf8.count) bytes; expected at most \(Self.maxMessageBytes)", to: client)
            return
        }
        let object: JSONValue
        do {
            object = try JSONParser.parse(text)
        } catch {
            // The parser's reason (nested too deep, a number out of range) and where.
            refuse("expected a JSON object with a type, got \(text.prefix(40).debugDescription): \(error)", to: client)
            return
        }
        guard let type = object["type"]?.string else {
            refuse("expected a JSON object with a type, got \(text.prefix(40).debugDescription)", to: client)
            return
        }
        func number(_ key: String) -> Double? { object[key]?.number }
        switch type {
        case "hello", "viewport":
            // A page opened at an address with params (`?p.columns=3`) says them first.
            if type == "hello", case .object(let values)? = object["params"] { setPageParams(values, from: client) }
            do {
                if let size = try PageViewport.size(in: object, type: type) { setViewport(size) }
            } catch {
                refuse(error.message, to: client)
            }
        case "scroll":
            guard let x = number("x"), let y = number("y"), x.isFinite, y.isFinite else { return }
            var shelves: [Int: Point] = [:]
            var entries: [JSONValue] = []
            if case .array(let list)? = object["shelves"] { entries = list }
            for case .array(let entry) in entries where entry.count == 3 {
                let v = entry.map { $0.number ?? .nan }
                if v.allSatisfy(\.isFinite), v[0] >= 0, v[0] < 1e9 { shelves[Int(v[0])] = Point(x: v[1], y: v[2]) }
            }
            stateLock.withLock { pageOffset = Point(x: x, y: y); pageShelves = shelves }
        case "inspect":
            // Page messages are untrusted numbers: Int(whole:) is nil for NaN, 1e300, 2.5.
            guard let index = number("index").flatMap({ Int(whole: $0) }) else { return }
            hub.send(inspection(of: index), to: client)
            // The script line costs a run of the layout: off the socket's task, sent when found.
            frameOrigins.submit { [self] in hub.send(frameOriginMessage(of: index), to: client) }
        case "params":
            guard case .object(let values)? = object["values"] else {
                refuse("params: expected values to be an object of param names and values, got \(object["values"]?.briefDescription ?? "nothing")", to: client)
                return
            }
            setPageParams(values, from: client)
        case "problems":
            // The check runs over every item: off the socket's task, as the script line is.
            problemChecks.submit { [self] in hub.send(problemsMessage(), to: client) }
        case "measure" where configuration.measure:
            measure(object, from: client)
        case "painted":
            if let gen = number("gen").flatMap({ Int(whole: $0) }), let at = number("at") {
                onPainted?(Paint(generation: gen, at: at, arrived: number("arrived") ?? 0,
                                 longest: number("longest") ?? 0, frames: number("frames") ?? 0))
            }
        default:
            return
        }
    }

    /// A page's measurements, checked, kept for the next run (which they schedule); refused with
    /// a message to the terminal and the page when malformed or when too many wait.
    func measure(_ message: JSONValue, from client: UUID) {
        let refusal: String
        do {
            let batch = try MeasureBatch(message: message)
            let kept = signal.withLock { () -> Bool in
                guard measureBatches.count < Self.maxPendingBatches else { return false }
                measureBatches.append(batch)
                pending = true
                signal.signal()
                return true
            }
            if kept { return }
            refusal = "measure: more than \(Self.maxPendingBatches) messages wait to be laid out; this one is dropped"
        } catch let error as PreviewMessageError {
            refusal = error.message
        } catch {
            refusal = "measure: expected a JSON object (\(error))"
        }
        refuse(refusal, to: client)
    }

    static let maxMessageBytes = 1 << 20

    /// Says on the terminal and to the page why its message was not taken.
    func refuse(_ reason: String, to client: UUID) {
        logError("preview: a page's message was refused: \(reason)")
        hub.send(JSONWriter.write(.object(["type": .string("refused"), "message": .string(reason)])), to: client)
    }

    /// What the inspector shows that only the server knows: the item's section and place in
    /// it, and its data fields.
    func inspection(of index: Int) -> String {
        guard let (generation, run) = stateLock.withLock({ lastGood }), index >= 0, index < run.dataset.count else {
            return JSONWriter.write(.object(["type": .string("inspect"), "index": .int(index), "missing": .bool(true)]))
        }
        let item = run.dataset.items[index]
        let section = run.dataset.sectionIndex(containing: index)
        var fields: OrderedDictionary<String, JSONValue> = ["id": item.id.jsonValue]
        for (key, value) in item.fields where key != "id" { fields[key] = value }
        let sectionStart = run.dataset.sections.indices.contains(section) ? run.dataset.sections[section].range.lowerBound : 0
        return JSONWriter.write(.object([
            "type": .string("inspect"), "gen": .int(generation), "index": .int(index), "id": .string(item.id.description),
            "section": .int(section), "item": .int(index - sectionStart), "fields": .object(fields),
        ]))
    }
}

/// What a run replaced (the previous dataset, result, bytes), freed on a background thread
/// once the new frame is sent, so that tearing down a million items delays no picture.
private final class Retired: @unchecked Sendable {
    private var values: [Any] = []

    func keep(_ value: Any?) { if let value { values.append(value) } }

    func free() {
        guard !values.isEmpty else { return }
        DispatchQueue.global(qos: .utility).async { self.values.removeAll() }
    }
}
