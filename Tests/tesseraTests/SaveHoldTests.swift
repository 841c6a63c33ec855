import Testing
@testable import tessera

/// How the watcher spaces the reports of a burst of saves, on a clock the test sets: the first
/// save at once, the rest when the burst is over (or at most `longest` after the first held).
@Suite struct SaveHoldTests {
    /// A hold with the watcher's intervals as round numbers: quiet 0.05 s, longest 0.5 s.
    private func hold() -> SaveHold { SaveHold(quiet: 0.05, longest: 0.5) }

    @Test func aSaveAfterAQuietMomentIsReportedAtOnceAndTheBurstAfterItOnceItIsOver() {
        var hold = hold()
        #expect(hold.due == nil)
        #expect(hold.saw(["a"], at: 10) == ["a"])
        #expect(hold.heldUntil == nil)
        #expect(hold.due == 10.05)   // to see the quiet moment
        #expect(hold.saw(["a"], at: 10.01) == [])
        #expect(hold.saw(["b", "a"], at: 10.02) == [])
        #expect(hold.heldUntil == 10.07)
        #expect(hold.release(at: 10.06, eventsWaiting: { Issue.record("asked before the quiet interval"); return false }) == [])
        #expect(hold.release(at: 10.07, eventsWaiting: { false }) == ["a", "b"])
        #expect(hold.due == nil && hold.heldUntil == nil)
        // Quiet again: the next save is reported at once.
        #expect(hold.saw(["b"], at: 11) == ["b"])
    }

    @Test func aFileSavedWithoutPauseIsReportedEveryLongestHold() {
        var hold = hold()
        var reports: [Double] = []
        // A save every 10 ms for 1.2 s; the watcher looks each time.
        for step in 0...120 {
            let now = Double(step) / 100
            if !hold.saw(["a"], at: now).isEmpty { reports.append(now) }
            if !hold.release(at: now, eventsWaiting: { false }).isEmpty { reports.append(now) }
        }
        if !hold.release(at: 1.25, eventsWaiting: { false }).isEmpty { reports.append(1.25) }
        // At once, 0.5 s after the first held save (0.01), again 0.5 s after the next (0.52), and once over.
        #expect(reports == [0, 0.51, 1.02, 1.25])
    }

    /// Events the watcher has not read yet when the quiet interval ends keep the burst going: a
    /// watcher that a busy machine kept waiting finds saves late, and they are not a new burst.
    @Test func eventsWaitingAtTheEndOfTheQuietIntervalKeepTheBurstGoing() {
        var hold = hold()
        #expect(hold.saw(["a"], at: 0) == ["a"])
        #expect(hold.release(at: 0.3, eventsWaiting: { true }) == [])
        #expect(hold.saw(["a"], at: 0.3) == [])   // held: no quiet moment was seen
        #expect(hold.release(at: 0.35, eventsWaiting: { false }) == ["a"])
        #expect(hold.saw(["a"], at: 0.5) == ["a"])
    }
}
