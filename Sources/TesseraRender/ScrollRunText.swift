import TesseraCore

/// `tessera scroll --format text`: one line per step (offset, visible count, entering and leaving
/// ids, time) and a summary line.
public enum ScrollRunText {
    /// At most this many ids are listed per step and direction; the rest are counted.
    static let idsShown = 8

    public static func render(_ run: ScrollRun) -> String {
        let f = NumberText.display
        func ids(_ list: [String]) -> String {
            guard !list.isEmpty else { return "-" }
            let shown = list.prefix(idsShown).joined(separator: " ")
            return list.count > idsShown ? shown + " (+\(list.count - idsShown))" : shown
        }
        var lines = run.steps.enumerated().map { k, s in
            "step \(k + 1) offset \(f(s.offset.x)),\(f(s.offset.y)): \(s.visible) visible; in \(ids(s.inserted)); out \(ids(s.deleted)); \(f(s.microseconds)) us"
        }
        lines.append("\(run.steps.count) steps: \(run.stats.created) views created, \(run.stats.reused) reused, at most \(run.maxVisible) visible; step median \(f(run.medianMicroseconds)) us, p99 \(f(run.p99Microseconds)) us")
        return lines.joined(separator: "\n")
    }
}
