import Foundation
import TesseraCore
import TesseraLua

// A run that does not end: with `--time-limit 0` a script's endless loop holds the render
// thread for ever, and nothing else would say so. Past `stillRunningAfter` seconds the pages and
// the terminal are told that the run goes on, how to stop it and what `--time-limit` does; with
// no time limit, a save from then on stops the script's call (the run fails as interrupted, and
// the save runs next, as any save during a run does). With a time limit the call stops by itself,
// and a long run (a million items) is left to end.
extension PreviewSession {
    /// The run in progress: its generation, when it began (uptime seconds) and the Lua host it
    /// runs the script in, once it has one.
    struct RunInProgress {
        var generation: Int
        var since: Double
        var host: LuaHost?
    }

    /// Marks generation `generation` as running, and says so if it still is after
    /// `stillRunningAfter` seconds. O(1).
    func runBegan(generation: Int) {
        stateLock.withLock { running = RunInProgress(generation: generation, since: FileWatcher.now(), host: nil) }
        let after = configuration.stillRunningAfter
        DispatchQueue.global().asyncAfter(deadline: .now() + after) { [weak self] in
            guard let self, stateLock.withLock({ running?.generation == generation }) else { return }
            let message = stillRunningMessage(generation: generation, seconds: after)
            log(message)
            hub.publish(running: JSONWriter.write(.object(["type": .string("running"), "gen": .int(generation),
                                                        "message": .string(message)])))
        }
    }

    /// The run in progress calls the script in `host` (the one a save may stop). O(1).
    func runUses(_ host: LuaHost) { stateLock.withLock { running?.host = host } }

    /// The run in progress ended. O(1).
    func runEnded() { stateLock.withLock { running = nil } }

    /// A save arrived: with no time limit, a run going on past `stillRunningAfter` has its
    /// script's call stopped, so that the save (a fix of the loop) runs. O(1).
    func stopRunForSave() {
        guard configuration.limits.scriptLimits.timeLimit == nil else { return }
        let host = stateLock.withLock { () -> LuaHost? in
            guard let running, FileWatcher.now() - running.since >= configuration.stillRunningAfter else { return nil }
            return running.host
        }
        host?.interrupt()
    }

    /// What the pages and the terminal are told of a run still going after `seconds`.
    func stillRunningMessage(generation: Int, seconds: Double) -> String {
        let after = "gen \(generation) is still running after \(NumberText.exact(seconds)) s"
        guard let limit = configuration.limits.scriptLimits.timeLimit else {
            return after + ": the script may never end, and --time-limit 0 lets a call run for ever. Save a fix to stop it"
                + " and run again (or end the preview with Ctrl-C); --time-limit SECONDS stops a call that runs longer."
        }
        return after + " (--time-limit \(NumberText.exact(limit)) stops any one call into the script past"
            + " \(NumberText.exact(limit)) s; a large dataset takes many calls)."
    }
}
