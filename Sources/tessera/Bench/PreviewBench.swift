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
/// panel's paint). Notes: `p50_ms`, `p95_ms`, `longest_task_ms` (the longest main-thread
/// task the page saw while drawing, from the Long Tasks API; 0 when none passed 50 ms), and
/// the split of the median: `to_page_p50_ms` (save to the message's arrival in the page: the
/// watcher, the run, the encoding and the socket) and `frames_p50_ms` (the two animation
/// frames the page waits for after drawing: the browser's frame pacing, 16.7 to 33 ms at
/// 60 Hz, whatever the work). Chromium runs with its default frame pacing (see `browserFlags`).
/// Needs Chromium (`chromium`, as Debian names it) on the PATH; skipped with a note without it.
enum PreviewBench: BenchSuite {
    static let name = "preview"

    static func run(quick: Bool, report: (BenchResult) -> Void) throws {
        guard let chromium = findExecutable(["chromium", "chromium-browser", "google-chrome"]) else {
            reportError("bench preview: skipped; it needs a headless Chromium on the PATH (Debian: apt-get install chromium)")
            return
        }
        let sizes = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
        for n in sizes {
            let samples = n >= 1_000_000 ? 10 : (quick ? 10 : 25)
            try measure(items: n, samples: samples, chromium: chromium, report: report)
        }
    }

    private static func script(spacing: Int) -> String {
        """
        return {
          simpleLayout = function(ctx)
            local columns, spacing = 2, \(spacing)
            local w = (ctx.width - (columns - 1) * spacing) / columns
            local tops = { 0, 0 }
            local set = ctx.set
            for i = 1, ctx.count do
              local c = tops[2] < tops[1] and 2 or 1
              local _, h = ctx:size(i, w, ctx.height)
              set(i, (c - 1) * (w + spacing), tops[c], w, h)
              tops[c] = tops[c] + h + spacing
            end
          end,
        }

        """
    }

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

    /// Headless Chromium as the bench starts it. None of these flags touches frame pacing
    /// (no --disable-frame-rate-limit, no --disable-gpu-vsync, no begin-frame control): the
    /// page's animation frames come at Chromium's 60 Hz, as on a desktop display.
    static let browserFlags = ["--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0", "--no-first-run",
                               "--disable-background-timer-throttling", "--disable-renderer-backgrounding", "--window-size=1200,1000"]

    /// Paint reports from the page.
    private final class Paints: @unchecked Sendable {
        let condition = NSCondition()
        var reports: [PreviewSession.Paint] = []

        func add(_ paint: PreviewSession.Paint) {
            condition.lock(); reports.append(paint); condition.broadcast(); condition.unlock()
        }

        /// The first report of a generation above `gen`, waiting up to `seconds`.
        func after(_ gen: Int, seconds: Double) -> PreviewSession.Paint? {
            let deadline = Date(timeIntervalSinceNow: seconds)
            condition.lock(); defer { condition.unlock() }
            while true {
                if let r = reports.first(where: { $0.generation > gen }) { return r }
                if !condition.wait(until: deadline) { return nil }
            }
        }
    }

    private static func measure(items n: Int, samples: Int, chromium: String, report: (BenchResult) -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scriptPath = folder.appendingPathComponent("waterfall.lua").path
        let dataPath = folder.appendingPathComponent("items.json").path
        try script(spacing: 8).write(toFile: scriptPath, atomically: true, encoding: .utf8)
        try data(items: n, firstHeight: 100).write(to: URL(fileURLWithPath: dataPath))

        let session = PreviewSession(.init(layout: scriptPath, dataPath: dataPath))
        session.log = { _ in }
        session.logError = { _ in }
        let paints = Paints()
        session.onPainted = { paints.add($0) }
        let address = try startPreview(session, port: 0, poll: false)
        let renderer = Thread { session.renderLoop() }
        renderer.stackSize = 16 << 20
        renderer.start()
        defer { session.stop() }

        let profile = folder.appendingPathComponent("chromium").path
        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: chromium)
        browser.arguments = browserFlags + ["--user-data-dir=" + profile, address + "#w=375&h=812"]
        browser.standardOutput = FileHandle.nullDevice
        browser.standardError = FileHandle.nullDevice
        try browser.run()
        defer { browser.terminate(); browser.waitUntilExit() }
        guard var last = paints.after(0, seconds: 180)?.generation else {
            throw CLIError("bench preview: the page did not paint the first generation of \(n) items within 180 s")
        }

        let label = n >= 1_000_000 ? "\(n / 1_000_000)M" : "\(n / 1_000)k"
        /// Latency, longest task, save to arrival, the two frames' wait.
        typealias Sample = (latency: Double, longest: Double, toPage: Double, frames: Double)
        func sample(_ save: () throws -> Void) throws -> Sample {
            let start = Date().timeIntervalSince1970 * 1000
            try save()
            guard let painted = paints.after(last, seconds: 120) else {
                throw CLIError("bench preview: no paint within 120 s of a save (\(n) items)")
            }
            last = painted.generation
            return (painted.at - start, painted.longest, painted.arrived > 0 ? painted.arrived - start : 0, painted.frames)
        }
        func row(_ name: String, _ results: [Sample]) {
            let latencies = results.map(\.latency).sorted()
            let p95 = latencies[min(latencies.count - 1, Int((Double(latencies.count) * 0.95).rounded(.up)) - 1)]
            report(BenchResult(suite: Self.name, name: "\(label) waterfall, \(name)", n: n, median: BenchClock.median(latencies),
                               baseline: "-", baselineMedian: nil,
                               notes: ["p50_ms": BenchClock.median(latencies), "p95_ms": p95,
                                       "longest_task_ms": results.map(\.longest).max() ?? 0,
                                       "to_page_p50_ms": BenchClock.median(results.map(\.toPage)),
                                       "frames_p50_ms": BenchClock.median(results.map(\.frames))]))
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
            errorResults.append(try sample { try writeInPlace("return {\n  simpleLayout = function(ctx)\n" + String(repeating: " ", count: k % 2), to: scriptPath) })
            _ = try sample { try writeInPlace(script(spacing: 8 + k % 2), to: scriptPath) }
        }
        row("syntax error shown", errorResults)
    }

    private static func writeInPlace(_ text: String, to path: String) throws { try writeInPlace(Data(text.utf8), to: path) }

    /// Truncates and writes the file, as an editor's in-place save does (one close-after-write).
    private static func writeInPlace(_ data: Data, to path: String) throws {
        guard let handle = FileHandle(forWritingAtPath: path) else { throw CLIError("bench preview: cannot write \(path)") }
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
