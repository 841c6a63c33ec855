import Testing
import TesseraCore
@testable import tessera

/// The figure `tessera test` prints beside a test: a test its time limit stopped shows the CPU
/// time that limit counts (its wall time on a loaded machine can be many times the limit).
@Suite struct TestCommandTimeTests {
    @Test func aTestStoppedByItsTimeLimitShowsTheCPUTimeTheLimitCounts() {
        var file = LayoutTestFileResult(path: "tests/a_test.lua", snapshotPath: "tests/__snapshots__/a_test.lua.snap.json")
        file.tests = [
            LayoutTestResult(name: "loops", milliseconds: 13_912.4, cpuMilliseconds: 1_003.4,
                             failure: "tests/a_test.lua:1: time limit of 1 s of CPU time exceeded"),
            LayoutTestResult(name: "fails", milliseconds: 12.6, failure: "tests/a_test.lua:2: expected values to be equal"),
            LayoutTestResult(name: "runs", milliseconds: 2.4, failure: nil),
        ]
        #expect(TestCommand.lines(for: file, update: false) == [
            "✘ tests/a_test.lua › loops (1003 ms of CPU time)",
            "    tests/a_test.lua:1: time limit of 1 s of CPU time exceeded",
            "✘ tests/a_test.lua › fails (13 ms)",
            "    tests/a_test.lua:2: expected values to be equal",
            "✔ tests/a_test.lua › runs (2 ms)",
        ])
    }
}
