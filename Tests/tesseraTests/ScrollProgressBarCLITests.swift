import Foundation
import Testing
@testable import tessera

/// `tessera scroll` shows its progress on stderr when stderr is a terminal: a bar redrawn in
/// place (a carriage return, no newline) at each percent the steps reach, then wiped, so the
/// terminal is left as it was; stdout carries the report unchanged. Through a pipe no bar is
/// written.
@Suite struct ScrollProgressBarCLITests {
    static let arguments = ["scroll", "flow", "--data", "datasets/examples/photos.jsonl", "--steps", "4"]

    /// The bar at `percent`: 30 cells, a `#` for each 1/30 done.
    static func bar(_ percent: Int) -> String {
        let filled = percent * 30 / 100
        return "\rscroll [" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled) + "] \(percent)%"
    }

    @Test func aTerminalSeesTheBarAndThenAWipedLine() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("report.txt").path
        // script(1) gives the command a pseudo-terminal; stdout goes to a file, so the terminal shows stderr alone.
        let command = ([tesseraBinary.path] + Self.arguments).map { "'\($0)'" }.joined(separator: " ") + " > '\(report)'"
        let terminal = try runProgram("/usr/bin/script", ["-qec", command, "/dev/null"], in: repositoryRoot)
        #expect(terminal == [25, 50, 75, 100].map(Self.bar).joined() + "\r" + String(repeating: " ", count: 44) + "\r")

        let piped = try runTessera(Self.arguments)
        #expect(piped.status == 0)
        #expect(piped.stderr == "")
        let written = try String(contentsOfFile: report, encoding: .utf8)
        #expect(GoldenOutputTests.wallClockless(written) == GoldenOutputTests.wallClockless(piped.stdout))
    }
}
