import Foundation
import OrderedCollections
import TesseraCore
import TesseraLua
import TesseraRender

/// The loop behind `tessera preview`: watch, re-run, encode, push.
///
/// One render thread runs the layout; saves and viewport changes only schedule work. A save
/// during a run sets one flag, so however many saves arrive, exactly one more run follows,
/// and it reads the files as they are then (the last save wins). A run first reads the
/// script, the data file and every module the previous run required, and stops there when
/// their bytes and the viewport are what the last run saw (a save that changes nothing). The
/// dataset is parsed again only when its bytes changed, and the id table goes to the pages
/// only when the ids changed.
final class PreviewSession: @unchecked Sendable {
    struct Configuration {
        var layout: String
        var dataPath: String
        var params: OrderedDictionary<String, JSONValue> = [:]
        var sizing: SizingRule = .fit
        var duplicates: DuplicatePolicy = .reject
        var limits = ScriptLimitOptions()
        var viewport = Size(width: 375, height: 812)
    }

    let configuration: Configuration
    let hub = PreviewHub()
    /// The HTTP server, kept alive with the session.
    var server: PreviewServer?
    private(set) var watcher: FileWatcher!
    /// Where each run's line and each error go.
    var log: @Sendable (String) -> Void = { printLine($0) }
    var logError: @Sendable (String) -> Void = { reportError($0) }
    /// Called with a generation and the page's wall-clock time (ms since 1970) of its paint,
    /// and the longest main-thread task the page saw since the previous paint report.
    var onPainted: (@Sendable (Int, Double, Double) -> Void)?

    private let signal = NSCondition()
    private var pending = false
    private var stopped = false
    private var viewport: Size
    private let stateLock = NSLock()
    private var lastGood: (generation: Int, run: LayoutRun)?

    // Render-thread state.
    private(set) var generation = 0
    private var lastInputs: [String: [UInt8]]?
    private var lastViewport: Size?
    private var parsedData: (bytes: [UInt8], dataset: Dataset)?
    private var modules: [String] = []
    private var ids: (version: Int, list: [ItemID])?

    init(_ configuration: Configuration) {
        self.configuration = configuration
        viewport = configuration.viewport
    }

    /// Starts watching (polling when `poll`) and schedules the first run.
    func startWatching(poll: Bool) {
        watcher = FileWatcher(poll: poll) { [weak self] in self?.schedule() }
        watcher.watch(watchedFiles)
        schedule()
    }

    private var watchedFiles: [String] {
        (configuration.layout.hasSuffix(".lua") ? [configuration.layout] : []) + [configuration.dataPath] + modules
    }

    /// Asks for one more run (coalesced with any already asked for).
    func schedule() {
        signal.lock(); pending = true; signal.signal(); signal.unlock()
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

    /// Ends the render loop and the server (the watcher's thread stays, idle).
    func stop() {
        signal.lock(); stopped = true; signal.signal(); signal.unlock()
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

    /// One run: read, parse, lay out, encode, send; or the error to the pages and the terminal.
    func render() {
        let t0 = Self.now()
        var inputs: [String: [UInt8]] = [:]
        for path in watchedFiles {
            guard let data = FileManager.default.contents(atPath: path) else {
                // Deleted (an editor re-creating it, or gone): the next save brings it back.
                if modules.contains(path) { continue }
                logError("preview: \(path) cannot be read; waiting for it to be saved again")
                return
            }
            inputs[path] = Array(data)
        }
        let size = stateLock.withLock { viewport }
        if inputs == lastInputs, size == lastViewport { return }
        lastInputs = inputs
        lastViewport = size
        generation += 1
        let t1 = Self.now()
        var timings: [(String, Double)] = [("read", Self.ms(t0, t1))]
        var host: LuaHost?
        do {
            let dataBytes = inputs[configuration.dataPath] ?? []
            let dataset: Dataset
            if let parsed = parsedData, parsed.bytes == dataBytes {
                dataset = parsed.dataset
            } else {
                guard let format = DatasetFormat(fileName: configuration.dataPath) else {
                    throw CLIError("\(configuration.dataPath): expected a .json, .jsonl or .csv file")
                }
                dataset = try DatasetLoader.parse(data: dataBytes, fileName: configuration.dataPath, format: format,
                                                  duplicatePolicy: configuration.duplicates)
                parsedData = (dataBytes, dataset)
            }
            let lua = try LuaHost(limits: configuration.limits.scriptLimits)
            host = lua
            lua.output = { [logError] line in logError(line) }
            let layout = try lua.layout(named: configuration.layout, params: configuration.params)
            let t2 = Self.now()
            timings.append(("parse", Self.ms(t1, t2)))
            let context = LayoutContext(dataset: dataset, collectionSize: size, sizing: ItemSizing(rule: configuration.sizing))
            let result = try layout.layout(context)
            let t3 = Self.now()
            timings.append(("layout", Self.ms(t2, t3)))
            let run = LayoutRun(layoutName: configuration.layout, dataset: dataset, viewport: size, result: result,
                                milliseconds: Self.ms(t2, t3))
            let idList = dataset.ids
            if ids?.list != idList { ids = ((ids?.version ?? 0) + 1, idList) }
            let idsVersion = ids!.version
            let message = try PreviewUpdate(run: run, generation: generation, idsVersion: idsVersion, timings: timings).encode()
            let t4 = Self.now()
            timings.append(("encode", Self.ms(t3, t4)))
            updateModules(lua)
            stateLock.withLock { lastGood = (generation, run) }
            hub.publish(frame: Data(message), idsVersion: idsVersion) { PreviewUpdate.idsMessage(dataset: dataset, version: idsVersion) }
            let t5 = Self.now()
            timings.append(("send", Self.ms(t4, t5)))
            hub.publish(note: Self.timingsMessage(generation: generation, timings: timings))
            log("gen \(generation) ok in \(Self.format(Self.ms(t0, t5))) ms: "
                + timings.map { "\($0.0) \(Self.format($0.1))" }.joined(separator: ", ")
                + " (\(result.count) items, \(hub.clientCount) page\(hub.clientCount == 1 ? "" : "s"))")
        } catch {
            if let host { updateModules(host) }
            // A save arrived during this run: it may have read a file half written (an in-place
            // save truncates first). The next run, already due, decides; no error flashes.
            if signal.withLock({ pending }) {
                log("gen \(generation) failed while another save arrived; running again")
                return
            }
            let failure = PreviewFailure(error, known: watchedFiles)
            timings.append(("failed", Self.ms(t1, Self.now())))
            hub.publish(error: failure.json(generation: generation, timings: timings))
            let place = failure.place.map { " at \($0)" } ?? ""
            logError("gen \(generation) \(failure.kind) error in \(Self.format(Self.ms(t0, Self.now()))) ms\(place): \(failure.message)"
                     + (failure.traceback.isEmpty ? "" : "\n" + failure.traceback))
        }
    }

    /// Watches the modules this run required from now on.
    private func updateModules(_ host: LuaHost) {
        var seen = Set<String>()
        let required = host.requiredPaths.filter { seen.insert($0).inserted }
        if required != modules {
            modules = required
            watcher?.watch(watchedFiles)
        }
    }

    static func format(_ ms: Double) -> String { String(format: ms < 10 ? "%.2f" : "%.1f", ms) }

    static func timingsMessage(generation: Int, timings: [(String, Double)]) -> String {
        JSONWriter.write(.object(["type": .string("timings"), "gen": .int(generation),
                                  "timings": .array(timings.map { .array([.string($0.0), .double($0.1)]) })]))
    }

    // MARK: Messages from pages

    /// `hello` and `viewport` ({w, h}), `inspect` ({index}), `painted` ({gen, at, longest}).
    func handle(_ text: String, from client: UUID) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
              let type = object["type"] as? String else { return }
        func number(_ key: String) -> Double? { (object[key] as? NSNumber)?.doubleValue }
        switch type {
        case "hello", "viewport":
            guard let w = number("w"), let h = number("h"), w.isFinite, h.isFinite, w >= 1, h >= 1, w <= 100_000, h <= 100_000 else { return }
            setViewport(Size(width: w.rounded(), height: h.rounded()))
        case "inspect":
            guard let index = number("index") else { return }
            hub.send(inspection(of: Int(index)), to: client)
        case "snap":
            guard let section = number("section"), let x = number("x"), let y = number("y") else { return }
            if let reply = restingOffset(section: Int(section), proposed: Point(x: x, y: y),
                                         velocity: Point(x: number("vx") ?? 0, y: number("vy") ?? 0)) {
                hub.send(reply, to: client)
            }
        case "painted":
            if let gen = number("gen"), let at = number("at") { onPainted?(Int(gen), at, number("longest") ?? 0) }
        default:
            return
        }
    }

    /// Where a shelf comes to rest as its paging behaviour says (compositional layouts), as the
    /// page's `snap` reply; nil when the layout has no such rule.
    func restingOffset(section: Int, proposed: Point, velocity: Point) -> String? {
        guard let (_, run) = stateLock.withLock({ lastGood }), let result = run.result as? CompositionalResult,
              proposed.x.isFinite, proposed.y.isFinite, velocity.x.isFinite, velocity.y.isFinite else { return nil }
        let target = result.targetContentOffset(section: section, proposed: proposed, velocity: velocity)
        return JSONWriter.write(.object(["type": .string("snap"), "section": .int(section),
                                         "offset": .array([.double(target.x), .double(target.y)])]))
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
