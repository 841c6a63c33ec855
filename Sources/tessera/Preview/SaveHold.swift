/// How the watcher spaces its reports of a burst of saves (an editor's autosave, a generator
/// writing 100 times a second): the first save after a quiet moment is reported at once, so a
/// single save shows with no delay; saves after it, until the files have been quiet for `quiet`
/// seconds, are held and reported together once they stop, or `longest` seconds after the
/// first of them when they do not (a file saved continuously still shows). A burst is so a run
/// at its start and one after its last save, not one a save.
///
/// A quiet moment is one the watcher saw (`release` told that no event was waiting at a time
/// `quiet` past the last save), never inferred from a late wake: a watcher's thread that a busy
/// machine kept waiting would otherwise take the saves it finds for a new burst. Times are
/// seconds on one clock; the watcher's thread drives it.
struct SaveHold {
    let quiet: Double
    let longest: Double
    /// The paths held, in the order they were first saved.
    private(set) var held: [String] = []
    /// When the first held path was saved.
    private var since: Double?
    /// The last save's time plus `quiet`: until then a save is held.
    private var openUntil = -Double.infinity
    /// Whether the watcher saw no save for `quiet` seconds since the last one.
    private var isQuiet = true

    init(quiet: Double, longest: Double) {
        self.quiet = quiet
        self.longest = longest
    }

    /// `paths` saved at `now`: returned to report at once after a quiet moment, else held (and []).
    /// O(paths × held).
    mutating func saw(_ paths: [String], at now: Double) -> [String] {
        guard !paths.isEmpty else { return [] }
        openUntil = now + quiet
        if isQuiet {
            isQuiet = false
            return paths
        }
        for path in paths where !held.contains(path) { held.append(path) }
        if since == nil { since = now }
        return []
    }

    /// When `release` has something to do: the held paths' time, or the end of the quiet
    /// interval to be seen; nil when quiet and nothing is held. O(1).
    var due: Double? {
        if let since { return min(openUntil, since + longest) }
        return isQuiet ? nil : openUntil
    }

    /// The held paths when they are due at `now` (no longer held then), else []: once the quiet
    /// interval has passed with no event waiting (`eventsWaiting`, asked only then), or `longest`
    /// after the first. O(held).
    mutating func release(at now: Double, eventsWaiting: () -> Bool) -> [String] {
        if !isQuiet, now >= openUntil, !eventsWaiting() { isQuiet = true }
        guard let since, isQuiet || now >= since + longest else { return [] }
        defer { held = []; self.since = nil }
        return held
    }

    /// Whether saves are held, and when they are due. O(1).
    var heldUntil: Double? { since.map { min(openUntil, $0 + longest) } }
}
