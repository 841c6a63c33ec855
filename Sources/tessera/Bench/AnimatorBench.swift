import Foundation
import TesseraCore
import TesseraLua

/// `tessera bench animator`: one scroll tick of 30 visible views through the shipped wobble
/// script (one call into Lua with the tick's events, the descriptions read back and checked),
/// against the native `WobbleAnimator` on the same events in the same run. The row's
/// `us_per_view` is the script's cost per visible view per tick (target: at most 10 µs).
enum AnimatorBench: BenchSuite {
    static let name = "animator"
    static let views = 30

    /// The shipped script: `animators/` beside each `layouts/` folder that `require` searches
    /// (the working directory, `TESSERA_PATH`, the shipped folder next to the executable).
    static func wobblePath() throws -> String {
        let candidates = LuaHost.standardSearchPaths().map {
            URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("animators/wobble.lua").path
        }
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw CLIError("bench animator: animators/wobble.lua was not found in \(candidates.joined(separator: ", "))")
        }
        return found
    }

    /// A tick's events: a 3-column grid of 30 views scrolling down at 24 points per tick.
    static func tick(_ step: Int) -> [AnimationEvent] {
        let visible = Rect(x: 0, y: Double(step) * 24, width: 375, height: 812)
        return (0..<views).map { k in
            AnimationEvent(kind: .scroll, index: k, id: .string("v\(k)"), view: k,
                           frame: Rect(x: Double(k % 3) * 125, y: visible.y + Double(k / 3) * 80, width: 120, height: 76),
                           visibleFrame: visible, velocity: Point(x: 0, y: 24))
        }
    }

    /// 30 views whatever the size: a smoke run is a quick one.
    static func run(_ size: BenchSize, report: (BenchResult) -> Void) throws {
        let quick = size.quick
        // No time limit, as the lua suite: a measurement must not fail on a busy machine.
        let host = try LuaHost(limits: ScriptLimits(timeLimit: nil))
        let script = try AnimatorScript(host: host, path: try wobblePath())
        let native = WobbleAnimator()
        let ticks = (0..<64).map(tick)
        let repeats = quick ? 15 : 60
        let scripted = try BenchClock.medianMilliseconds(repeats: repeats) {
            for events in ticks { blackHole(try script.animations(for: events)) }
        }
        let baseline = BenchClock.medianMilliseconds(repeats: repeats) {
            for events in ticks { blackHole(native.animations(for: events)) }
        }
        let perView = scripted * 1000 / Double(ticks.count * views)
        report(BenchResult(suite: name, name: "wobble script, scroll tick of \(views) views", n: views,
                           median: scripted / Double(ticks.count), baseline: "native WobbleAnimator, same events",
                           baselineMedian: baseline / Double(ticks.count),
                           notes: ["us_per_view": perView]))
    }
}
