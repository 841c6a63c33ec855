import TesseraCore

/// `tessera scroll --format text`: one line per step (offset, visible count, entering and leaving
/// ids, time) and a summary line. Ids are written as every message writes them
/// (`describeIdentifier`): the integer 0 as `0`, the string "0" as `"0"`.
package enum ScrollRunText {
    /// At most this many ids are listed per step and direction; the rest are counted.
    static let idsShown = 8

    public static func render(_ run: ScrollRun) -> String {
        let f = NumberText.display(_:)
        func ids(_ ids: [ItemID]) -> String {
            guard !ids.isEmpty else { return "-" }
            let list = ids.map { describeIdentifier($0) }
            let shown = list.prefix(idsShown).joined(separator: " ")
            return list.count > idsShown ? shown + " (+\(list.count - idsShown))" : shown
        }
        var lines = run.steps.enumerated().map { k, s in
            "step \(k + 1) offset \(f(s.offset.x)),\(f(s.offset.y)): \(s.visible) visible; in \(ids(s.inserted)); out \(ids(s.deleted))"
                + elements(s) + (s.adjust.map { "; adjust \(f($0.x)),\(f($0.y))" } ?? "") + (s.jump != 0 ? "; jump \(f(s.jump))" : "")
                + "; \(f(s.microseconds)) us"
        }
        let jump = run.isMeasured ? "; max jump \(f(run.maxJump))" : ""
        lines.append("\(run.steps.count) steps: \(run.stats.created) views created, \(run.stats.reused) reused, at most \(run.maxVisible) visible; step median \(f(run.medianMicroseconds)) us, p99 \(f(run.p99Microseconds)) us" + jump)
        return lines.joined(separator: "\n")
    }

    /// `; elements in header s2, background s2; out ...` when headers, footers, badges or
    /// backgrounds entered or left.
    static func elements(_ s: ScrollRun.Step) -> String {
        guard !s.elementsInserted.isEmpty || !s.elementsDeleted.isEmpty else { return "" }
        func list(_ refs: [ScrollRun.ElementRef]) -> String {
            guard !refs.isEmpty else { return "-" }
            let names = refs.map { "\($0.kind) s\($0.section)" + ($0.index.map { " #\($0)" } ?? "") }
            let shown = names.prefix(idsShown).joined(separator: ", ")
            return names.count > idsShown ? shown + " (+\(names.count - idsShown))" : shown
        }
        return "; elements in \(list(s.elementsInserted)); out \(list(s.elementsDeleted))"
    }
}
