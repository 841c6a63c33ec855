import Foundation
import TesseraCore

/// `tessera bench preview`: save-to-repaint latency of `tessera preview`, end to end.
///
/// For 10k, 100k and 1M items of a scripted waterfall (`{id, w, h}` items), a real preview
/// session (server, inotify watcher, render thread) serves its page to a headless Chromium.
/// Each sample writes a file in place and waits for the page to report the paint of the
/// generation that save made (after two animation frames). The latency is the page's paint
/// time minus the time just before the write, both read from the wall clock (the page's
/// `performance.timeOrigin + performance.now()`, the bench's `Date()`): the same clock, so
/// the figure includes the watcher, the run, the encoding, the socket, the page's decoding,
/// its drawing and the browser's paint.
///
/// Rows, at every size: script edits (the waterfall's spacing), data edits (one item's height;
/// the file is written whole, as an editor saves it) and a syntax error (save to the error
/// panel's paint). Notes: `p50_ms`, `p95_ms`, `longest_task_ms` (the longest main-thread task
/// begun between two paints, from the Long Tasks API: 0 when none reached 50 ms), and the
/// median of each stage of a save: `wake_p50_ms` (the write to the run's start: inotify and
/// the render thread waking), the run's steps as its terminal line names them (`read_p50_ms`,
/// `parse_p50_ms`, `layout_p50_ms`, `encode_p50_ms`, `send_p50_ms`; a failed run's
/// `failed_p50_ms`), `to_page_p50_ms` (the write to the message's arrival in the page),
/// `page_p50_ms` (arrival to the drawn generation: decoding, building, drawing) and
/// `frames_p50_ms` (the two animation frames the page then waits for: the browser's frame
/// pacing, whatever the work). The session runs with no time limit (on a loaded machine a
/// million-item Lua layout can take more than the default second); a save that ends otherwise
/// than its row expects (an edit in an error panel) is left out of the figures, counted in
/// `unexpected_failures` and said on stderr.
///
/// Frame pacing: with its default flags, headless Chromium composites in software and begins
/// frames on a 60 Hz clock. A page idle when the change comes gets the frame of the current
/// tick at once (while that tick's deadline has not passed), so its second animation frame
/// comes at the next tick, 0 to 17 ms later; a page whose frames are still running (a few
/// frames after its last change) waits for the next tick, and its second frame for the one
/// after: 17 to 33 ms. Each save comes after a pause (`idleGap`), as a person's saves do, at a
/// random point of that clock. Every row is measured so; the 10k rows are measured a second
/// time with `--disable-frame-rate-limit` (a frame begins as soon as the last one is done, as
/// on a display with no frame cap), named "no frame cap" and with that flag in the baseline
/// column. Needs Chromium (`chromium`, as Debian names it) on the PATH; skipped with a note
/// without it.
enum PreviewBench: BenchSuite {
    static let name = "preview"

    static func run(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        let quick = size.quick
        guard let chromium = findExecutable(["chromium", "chromium-browser", "google-chrome"]) else {
            reportError("bench preview: skipped; it needs a headless Chromium on the PATH (Debian: apt-get install chromium)")
            return
        }
        reportError("bench preview: \(chromium) \(browserFlags.joined(separator: " ")): frames at Chromium's 60 Hz;"
                    + " the rows named \"no frame cap\" add --disable-frame-rate-limit")
        let sizes = size == .smoke ? [1_000] : quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
        for n in sizes {
            let samples = size.count(n >= 1_000_000 ? 10 : (quick ? 10 : 25), smoke: 2)
            try measure(items: n, samples: samples, pacing: .display, chromium: chromium, report: report)
        }
        try measure(items: sizes[0], samples: size.count(quick ? 10 : 25, smoke: 2), pacing: .uncapped, chromium: chromium, report: report)
    }

    /// How Chromium paces the page's frames.
    enum FramePacing {
        /// Chromium's default: frames begin on a 60 Hz clock (a display's refresh rate).
        case display
        /// `--disable-frame-rate-limit`: a frame begins as soon as the previous one is done.
        case uncapped

        var flags: [String] { self == .display ? [] : ["--disable-frame-rate-limit"] }
        var rowSuffix: String { self == .display ? "" : ", no frame cap" }
        var baseline: String { self == .display ? "-" : "--disable-frame-rate-limit" }
    }

    /// The saved script (preview-waterfall.lua) with `spacing` at its placeholder.
    static func script(spacing: Int) -> String {
        waterfallSource.replacingOccurrences(of: "SPACING", with: "\(spacing)")
    }

    private static let waterfallSource = String(decoding: PackageResources.preview_waterfall_lua, as: UTF8.self)

    /// A script that does not parse (preview-syntax-error.lua): the save that shows the error panel.
    static let syntaxErrorSource = String(decoding: PackageResources.preview_syntax_error_lua, as: UTF8.self)

    private static func data(items n: Int, firstHeight: Int) -> Data {
        var text = "{\"items\":[\n"
        text.reserveCapacity(n * 40)
        for i in 0..<n {
            let h = i == 0 ? firstHeight : 80 + (i * 53) % 7 * 30
            text += "{\"id\":\"i\(i)\",\"w\":\(100 + (i * 37) % 5 * 40),\"h\":\(h)}\(i + 1 < n ? "," : "")\n"
        }
        text += "]}\n"
        return Data(text.utf8)
    }

    /// Headless Chromium as the bench starts it, before the pacing's own flags. None of these
    /// touches frame pacing: `--disable-gpu` makes the compositing software (as on a machine
    /// without a GPU), whose frames begin on a 60 Hz clock; the two `--disable-...` flags keep
    /// a page that is not in front from being slowed.
    static let browserFlags = ["--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0", "--no-first-run",
                               "--disable-background-timer-throttling", "--disable-renderer-backgrounding", "--window-size=1200,1000"]

    /// The pause before each save, in seconds: the page is idle when the save comes (as when a
    /// person saves), and the save falls at a random point of the browser's frame clock. Saving
    /// the moment the previous paint is reported would put every save at the same point of that
    /// clock, just after a frame began (the worst point), while the compositor still produces
    /// frames (it stops a few frames after the last change).
    static let idleGap = 0.1..<0.15

    /// What the session reports: the page's paints and the server's runs, by generation.
    private final class Reports: @unchecked Sendable {
        let condition = NSCondition()
        var paints: [PreviewSession.Paint] = []
        var runs: [Int: PreviewSession.Run] = [:]

        func add(_ paint: PreviewSession.Paint) {
            condition.lock(); paints.append(paint); condition.broadcast(); condition.unlock()
        }

        func add(_ run: PreviewSession.Run) {
            condition.lock(); runs[run.generation] = run; condition.broadcast(); condition.unlock()
        }

        /// The first paint of a generation above `gen`, waiting up to `seconds`.
        func paint(after gen: Int, seconds: Double) -> PreviewSession.Paint? {
            wait(seconds) { paints.first(where: { $0.generation > gen }) }
        }

        /// The run of generation `gen`, waiting up to `seconds`.
        func run(_ gen: Int, seconds: Double) -> PreviewSession.Run? { wait(seconds) { runs[gen] } }

        private func wait<T>(_ seconds: Double, _ found: () -> T?) -> T? {
            let deadline = Date(timeIntervalSinceNow: seconds)
            condition.lock(); defer { condition.unlock() }
            while true {
                if let value = found() { return value }
                if !condition.wait(until: deadline) { return nil }
            }
        }
    }

    /// One save: its latency, the longest task, the stages (ms) it splits into, and whether its
    /// run failed (an error panel painted).
    private struct Sample {
        var latency: Double, longest: Double
        var stages: [(String, Double)]
        var failed: Bool
    }

    private static func measure(items n: Int, samples: Int, pacing: FramePacing, chromium: String,
                                report: (BenchResult) -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scriptPath = folder.appendingPathComponent("waterfall.lua").path
        let dataPath = folder.appendingPathComponent("items.json").path
        try script(spacing: 8).write(toFile: scriptPath, atomically: true, encoding: .utf8)
        try data(items: n, firstHeight: 100).write(to: URL(fileURLWithPath: dataPath))

        // No time limit: a million-item Lua layout can pass the default second on a loaded machine,
        // and the bench measures latency, not limits.
        var configuration = PreviewSession.Configuration(layout: scriptPath, dataPath: dataPath)
        configuration.limits.timeLimitSeconds = 0
        let session = PreviewSession(configuration)
        session.log = { _ in }
        session.logError = { _ in }
        session.scriptOutput = { _ in }
        let reports = Reports()
        session.onPainted = { reports.add($0) }
        session.onRun = { reports.add($0) }
        let address = try startPreview(session, port: 0, poll: false)
        let renderer = Thread { session.renderLoop() }
        renderer.stackSize = 16 << 20
        renderer.start()
        defer { session.stop() }

        let profile = folder.appendingPathComponent("chromium").path
        let browser = try ChildProcess(chromium, browserFlags + pacing.flags + ["--user-data-dir=" + profile, address + "#w=375&h=812"],
                                       stdout: .null, stderr: .null)
        defer { browser.terminate(); browser.wait() }
        guard var last = reports.paint(after: 0, seconds: 180)?.generation else {
            throw CLIError("bench preview: the page did not paint the first generation of \(n) items within 180 s")
        }

        let label = n >= 1_000_000 ? "\(n / 1_000_000)M" : "\(n / 1_000)k"
        func sample(_ save: () throws -> Void) throws -> Sample {
            Thread.sleep(forTimeInterval: idleGap.lowerBound + Double.random(in: 0..<(idleGap.upperBound - idleGap.lowerBound)))
            let start = Date().timeIntervalSince1970 * 1000
            try save()
            guard let painted = reports.paint(after: last, seconds: 120) else {
                throw CLIError("bench preview: no paint within 120 s of a save (\(n) items)")
            }
            last = painted.generation
            var stages: [(String, Double)] = []
            let run = reports.run(painted.generation, seconds: 10)
            if let run {
                stages.append(("wake", run.startedAt - start))
                stages += run.timings
            }
            if painted.arrived > 0 {
                stages.append(("to_page", painted.arrived - start))
                stages.append(("page", painted.at - painted.frames - painted.arrived))
            }
            stages.append(("frames", painted.frames))
            return Sample(latency: painted.at - start, longest: painted.longest, stages: stages,
                          failed: run?.timings.last?.0 == "failed")
        }
        /// A row of the saves that ended as `failing` says (an edit in a picture, a syntax error in
        /// the panel); the others are counted in `unexpected_failures` or `unexpected_successes`
        /// and said on stderr, never mixed into the figures.
        func row(_ name: String, _ all: [Sample], failing: Bool = false) {
            let results = all.filter { $0.failed == failing }
            if results.count < all.count {
                reportError("bench preview: \(all.count - results.count) of \(all.count) saves (\(label) waterfall, \(name)\(pacing.rowSuffix))"
                            + (failing ? " made a picture, not an error; not counted" : " ended in an error; not counted"))
            }
            guard !results.isEmpty else { return }
            let latencies = results.map(\.latency).sorted()
            let p95 = latencies[min(latencies.count - 1, Int((Double(latencies.count) * 0.95).rounded(.up)) - 1)]
            var notes = ["p50_ms": BenchClock.median(latencies), "p95_ms": p95,
                         "longest_task_ms": results.map(\.longest).max() ?? 0]
            if results.count < all.count { notes[failing ? "unexpected_successes" : "unexpected_failures"] = Double(all.count - results.count) }
            // Each stage's median, over the saves that went through it.
            for stage in Set(results.flatMap { $0.stages.map(\.0) }) {
                notes[stage + "_p50_ms"] = BenchClock.median(results.flatMap { $0.stages.filter { $0.0 == stage }.map(\.1) })
            }
            report(BenchResult(suite: Self.name, name: "\(label) waterfall, \(name)\(pacing.rowSuffix)", n: n,
                               median: BenchClock.median(latencies), baseline: pacing.baseline, baselineMedian: nil, notes: notes))
        }
        var scriptResults: [Sample] = []
        for k in 0..<samples {
            scriptResults.append(try sample { try writeInPlace(script(spacing: 9 + k % 2), to: scriptPath) })
        }
        row("script edit", scriptResults)
        var dataResults: [Sample] = []
        for k in 0..<samples {
            let bytes = data(items: n, firstHeight: 101 + k % 2)
            dataResults.append(try sample { try writeInPlace(bytes, to: dataPath) })
        }
        row("data edit", dataResults)
        var errorResults: [Sample] = []
        for k in 0..<samples {
            errorResults.append(try sample { try writeInPlace(syntaxErrorSource + String(repeating: " ", count: k % 2), to: scriptPath) })
            _ = try sample { try writeInPlace(script(spacing: 8 + k % 2), to: scriptPath) }
        }
        row("syntax error shown", errorResults, failing: true)
    }

    private static func writeInPlace(_ text: String, to path: String) throws { try writeInPlace(Data(text.utf8), to: path) }

    /// Truncates and writes the file, as an editor's in-place save does (one close-after-write).
    private static func writeInPlace(_ data: Data, to path: String) throws {
        guard let handle = FileHandle(forWritingAtPath: path) else { throw CLIError(cannotWriteMessage(path, "it cannot be opened for writing")) }
        defer { try? handle.close() }
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: data)
    }

    private static func findExecutable(_ names: [String]) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in names {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }
}
