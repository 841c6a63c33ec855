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
///
/// This file holds the session's state and its scheduling; the rest is in extensions, one
/// concept each: a run's course (+Run) and its stages (+Read, +Layout, +Publish), the animation
/// it plays (+Animation, deciding by PlayedChange), the pages' messages (+PageMessages, +Params),
/// the inspector's script line (+FrameOrigin) and a run that does not end (+StillRunning). The
/// render-thread state below is internal only so that they reach it: only the render thread
/// touches it.
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
        /// A page's refused messages are logged in windows of this many seconds (see `RefusalLog`).
        var refusalWindow = 10.0
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
    /// Where the layout script's and the animator script's `print` lines go, as `printing` shapes them.
    var scriptOutput: @Sendable (String) -> Void = writeScriptLine
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

    let signal = NSCondition()
    var pending = false
    /// Absolute paths the watcher reported since the last run (guarded by `signal`).
    var dirty = Set<String>()
    /// Whether the watcher reported a save since the last run began (guarded by `signal`): what
    /// a failed run waits for, where a viewport or a page's params only ask for a run.
    var saved = false
    /// The pages' measurements not yet laid out (guarded by `signal`; at most `maxPendingBatches`).
    var measureBatches: [MeasureBatch] = []
    static let maxPendingBatches = 64
    /// Whether a run reads only the files reported by `filesChanged` (once a watcher runs);
    /// otherwise every run reads every file.
    var readsOnlyChangedFiles = false
    var stopped = false
    var viewport: Size
    let stateLock = NSLock()
    var lastGood: (generation: Int, run: LayoutRun)?
    /// With `--animator`, the newest good runs within `keptGenerations` and `keptBytes`, oldest
    /// first (guarded by `stateLock`; see PreviewSession+Kept).
    var kept: [KeptGeneration] = []
    /// A page misses saves while it loads or its socket reconnects (it retries within 2 s), and
    /// a person's saves, bursts coalesced, come a few a second at most: 8 covers that and more.
    static let keptGenerations = 8
    /// And no more than this many bytes between them (frames, datasets and file bytes, each held
    /// piece once): at a million items one run's frames alone are 32 MB, so 8 could hold a
    /// quarter of a gigabyte or more for the rare page that missed a save. At 100,000 items a run
    /// holds about 3 MB of frames, and 8 saves of the script (which share the dataset) fit; above,
    /// as many as fit. The newest is kept whatever its size: it is the last good run, held anyway.
    /// A page older than the kept runs gets the newest picture alone.
    static let keptBytes = 64 << 20
    /// The budget this session keeps within (`keptBytes`; a test sets a smaller one).
    var keptBudget = PreviewSession.keptBytes
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
    var lastGoodSources: LayoutSources?
    /// The last good generation, its run and what its layout was made of, read together.
    var lastGoodRunAndSources: ((generation: Int, run: LayoutRun)?, LayoutSources?) {
        stateLock.withLock { (lastGood, lastGoodSources) }
    }
    /// The params the page's controls set (the last page that said), over `--param`'s
    /// (guarded by `stateLock`; see PreviewSession+Params). Each frame names them: a page
    /// whose own differ says so and, when the person turns to it, sends its own again.
    var pageParams: OrderedDictionary<String, JSONValue> = [:]
    /// Where the page (the last that said) is scrolled: a save plays there.
    var pageOffset = Point.zero
    /// Its shelves' offsets, by section number in the last good picture (a save renumbers them).
    var pageShelves: [Int: Point] = [:]
    /// The section ids of the newest good pictures, which a late scroll's shelves are carried by.
    var recentSections = RecentSections()
    /// The run in progress (guarded by `stateLock`; see PreviewSession+StillRunning).
    var running: RunInProgress?
    /// Each page's refused messages in its current window (guarded by `stateLock`; see `refuse`).
    var refusals: [UUID: RefusalLog] = [:]

    // Render-thread state.
    var generation = 0
    var lastInputs: [String: [UInt8]]?
    /// What the last good run was made of, with `--animator` (what an animation plays from).
    var lastGoodInputs: PlayedChange.Inputs?
    var lastViewport: Size?
    var parsedData: (bytes: [UInt8], dataset: Dataset)?
    var modules: [String] = []
    /// The id table's version and the latest dataset that has those ids.
    var ids: (version: Int, dataset: Dataset)?
    /// With `--measure`: the engine that keeps the measured sizes, and the script host and layout
    /// of the last good run (nil after a failed one), which runs reuse until the script changes.
    var measured: MeasuredPreview?
    var measuredLayout: (host: LuaHost, layout: any Layout)?
    /// The page params the last run used, and the script's declared params with their values then.
    var lastPageParams: OrderedDictionary<String, JSONValue>?
    var paramControls: [PageParam] = []

    init(_ configuration: Configuration) {
        self.configuration = configuration
        layoutFile = layoutScriptFile(configuration.layout)
        viewport = configuration.viewport
        if configuration.animator != nil {
            hub.missedSaves = { [weak self] from, to in self?.missedSavesAnimation(from: from, to: to) }
        }
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
}
