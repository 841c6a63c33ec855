import Foundation
@_spi(Testing) import TesseraCore

/// The memory rows of `tessera bench load`: the peak resident memory of whole `tessera run`s
/// over 1M items, each run as a child process (under `/usr/bin/time`, as the targets are stated),
/// so its high-water mark is its own, not the bench's:
///
/// - `run waterfall --format text` over 1M `{"id", "w", "h"}` items in one section;
/// - `run waterfall --format json` over the same file, output to /dev/null;
/// - `run appstore --format text` over 1M items in 20,000 sections of 50.
///
/// Notes: `peak_mb` (the child's peak RSS), `mb_per_million_items`, `cpu_ms` (the child's user
/// + system time) and `file_mb`. The files are generated into a temporary folder and removed.
enum MemoryBench {
    static let name = LoadBench.name
    static let count = 1_000_000

    static func run(quick: Bool, report: (BenchResult) -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-memory-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let flat = folder + "/items-1m.json", sectioned = folder + "/appstore-1m.json"
        try Data(document(count: count, sectionSize: nil)).write(to: URL(fileURLWithPath: flat))
        try Data(document(count: count, sectionSize: 50)).write(to: URL(fileURLWithPath: sectioned))
        let cases: [(label: String, arguments: [String], file: String)] = [
            ("peak memory: run waterfall, 1M items, --format text", ["run", "waterfall", "--data", flat, "--format", "text"], flat),
            ("peak memory: run waterfall, 1M items, --format json", ["run", "waterfall", "--data", flat, "--format", "json"], flat),
            ("peak memory: run appstore, 1M items in 20,000 sections, --format text",
             ["run", "appstore", "--data", sectioned, "--format", "text"], sectioned),
        ]
        for c in cases {
            var peaks: [Double] = [], cpu: [Double] = []
            let wall = try BenchClock.milliseconds(repeats: quick ? 1 : 3, warmUp: false) {
                let usage = try runChild(c.arguments)
                peaks.append(usage.peakMB)
                cpu.append(usage.cpuMilliseconds)
            }
            let peak = peaks.max()!
            let fileMB = Double((try? FileManager.default.attributesOfItem(atPath: c.file)[.size] as? Int) ?? 0) / 1_048_576
            report(BenchResult(suite: name, name: c.label, n: count, median: BenchClock.median(wall),
                               baseline: "none (peak memory of a child process)", baselineMedian: nil,
                               notes: ["peak_mb": peak, "mb_per_million_items": peak * 1_000_000 / Double(count),
                                       "cpu_ms": BenchClock.median(cpu), "file_mb": fileMB]))
        }
    }

    /// Runs this executable with `arguments` under `/usr/bin/time`, output to /dev/null; its peak
    /// RSS and CPU time. Through `time`, not spawned directly: a child spawned by this process
    /// would count this process's own high-water mark as its own (Linux keeps it across exec).
    static func runChild(_ arguments: [String]) throws -> (peakMB: Double, cpuMilliseconds: Double) {
        let time = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: time) else {
            throw CLIError("bench load: the memory rows need \(time) (apt-get install time)")
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-time-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = ([time, "-f", "%M %U %S", "-o", report, executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, time, &actions, nil, argv, environ)
        guard spawned == 0 else { throw CLIError("bench load: cannot start \(time) (error \(spawned))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw CLIError("bench load: waiting for the child failed (error \(errno))") }
        }
        guard status == 0 else {
            throw CLIError("bench load: `tessera \(arguments.joined(separator: " "))` failed (status \(status))")
        }
        let fields = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "")
            .split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
        guard fields.count == 3 else { throw CLIError("bench load: \(time) reported nothing readable") }
        return (fields[0] / 1024, (fields[1] + fields[2]) * 1000)   // %M is in KB
    }

    /// `count` items `{"id": "item-k", "w": W, "h": H}` (seeded sizes), in one section or in
    /// sections of `sectionSize` with an id and a title each.
    static func document(count: Int, sectionSize: Int?) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count * 40)
        func append(_ s: String) { out.append(contentsOf: s.utf8) }
        var random = BenchRandom(seed: 28)
        func next(_ range: Int, _ low: Int) -> Int { low + random.below(range) }
        func item(_ k: Int) { append("{\"id\": \"item-\(k)\", \"w\": \(next(300, 100)), \"h\": \(next(500, 100))}") }
        guard let size = sectionSize else {
            append("{\"items\": [\n")
            for k in 0..<count { if k > 0 { append(",\n") }; item(k) }
            append("\n]}\n")
            return out
        }
        append("{\"sections\": [\n")
        for s in 0..<(count + size - 1) / size {
            if s > 0 { append(",\n") }
            append("{\"id\": \"s\(s)\", \"title\": \"Section \(s)\", \"items\": [")
            for k in (s * size)..<min(count, (s + 1) * size) { if k > s * size { append(",") }; item(k) }
            append("]}")
        }
        append("\n]}\n")
        return out
    }
}
