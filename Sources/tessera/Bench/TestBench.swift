import Foundation
import TesseraCore
import TesseraLua

/// `tessera bench test`: `tessera test` on 100 snapshot tests of 10k-item layouts (10 files of
/// 10 tests, each laying out its own 10k-item dataset file and matching its snapshot), files
/// run in parallel on the machine's cores. The snapshots are written by a first, untimed run;
/// the timed runs compare them. Target: at most 10 s on a 2-core machine. No baseline of its
/// own. Notes: `ms_per_test`, `workers`.
enum TestBench: BenchSuite {
    static let name = "test"

    /// test-bench.lua, beside this file: one test file's ten tests, for the dataset @DATA@.
    static let testFile = String(decoding: PackageResources.test_bench_lua, as: UTF8.self)

    static func run(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        let quick = size.quick, files = size.count(quick ? 2 : 10, smoke: 1)
        let testsPerFile = 10, items = size.count(10_000, smoke: 1_000)   // test-bench.lua has 10 tests
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-test-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for f in 0..<files {
            // Each file its own dataset: sizes vary by file so no two snapshots are alike.
            let records = (0..<items).map { i in "{\"id\":\"f\(f)-\(i)\",\"w\":\(100 + (i * 37 + f) % 5 * 40),\"h\":\(80 + (i * 53 + f) % 7 * 30)}" }
            try ("[" + records.joined(separator: ",") + "]").write(to: folder.appendingPathComponent("data\(f).json"), atomically: true, encoding: .utf8)
            let path = folder.appendingPathComponent("bench\(f)_test.lua").path
            try testFile.replacingOccurrences(of: "@DATA@", with: "data\(f).json").write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let workers = ProcessInfo.processInfo.activeProcessorCount
        func runAll() throws {
            let options = TestCommand.options(limits: ScriptLimits(timeLimit: 60), update: false, continuousIntegration: false,
                                              filter: nil, roots: [folder.resolvingSymlinksInPath().path])
            let failures = FailureCount()
            LayoutTestSuite.run(paths, options: options, workers: workers) { file in
                failures.count += file.tests.filter { !$0.passed }.count + (file.tests.count == testsPerFile ? 0 : 1)
            }
            if failures.count > 0 { throw CLIError("bench test: \(failures.count) of the benchmark's tests failed") }
        }
        try runAll()   // writes the snapshots
        let median = try BenchClock.medianMilliseconds(repeats: quick ? 1 : 3, warmUp: false, runAll)
        let tests = files * testsPerFile
        report(BenchResult(suite: name, name: "\(tests) snapshot tests of \(items / 1000)k-item layouts", n: tests * items,
                           median: median, baseline: "none (target: 100 tests in 10 s)", baselineMedian: nil,
                           notes: ["ms_per_test": median / Double(tests), "workers": Double(workers)]))
    }

    /// Failures counted by the suite's reporting closure (called one file at a time).
    private final class FailureCount: @unchecked Sendable { var count = 0 }
}
