import TesseraCore

/// `tessera scroll --format text`: one line per step (offset, visible count, entering and leaving
/// ids, time) and a summary line. Ids are written as every message writes them
/// (`describeIdentifier`): the integer 0 as `0`, the string "0" as `"0"`.
package enum ScrollRunText {
    /// At most this many ids are listed per step and direction; the rest are counted.
    static let idsShown = 8
    /// A list stops before the id that would take it past this many characters (the first is
    /// always listed), so a step of long ids (`"people/cartoon/woman_police_officer_1"`) stays a
    /// line a terminal shows whole.
    static let listWidth = 48

    /// `names` joined by `separator`, as many as `idsShown` and `listWidth` allow (at least one),
    /// the rest counted: `"a" "b" (+3)`; `-` for none.
    static func list(_ names: [String], separator: String) -> String {
        guard let first = names.first else { return "-" }
        var shown = first
        var count = 1
        for name in names.dropFirst() {
            guard count < idsShown, shown.count + separator.count + name.count <= listWidth else { break }
            shown += separator + name
            count += 1
        }
        return names.count > count ? shown + " (+\(NumberText.grouped(names.count - count)))" : shown
    }

    public static func render(_ run: ScrollRun) -> String {
        let f = NumberText.display(_:), n = NumberText.grouped
        func ids(_ ids: [ItemID]) -> String { list(ids.map { describeIdentifier($0) }, separator: " ") }
        var lines = run.steps.enumerated().map { k, s in
            "step \(k + 1) offset \(f(s.offset.x)),\(f(s.offset.y)): \(n(s.visible)) visible; in \(ids(s.inserted)); out \(ids(s.deleted))"
                + elements(s) + (s.adjust.map { "; adjust \(f($0.x)),\(f($0.y))" } ?? "") + (s.jump != 0 ? "; jump \(f(s.jump))" : "")
                + "; \(f(s.microseconds)) us"
        }
        let jump = run.isMeasured ? "; max jump \(f(run.maxJump))" : ""
        lines.append("\(NumberText.counted(run.steps.count, "step")): \(n(run.stats.created)) views created, \(n(run.stats.reused)) reused, at most \(n(run.maxVisible)) visible; step median \(f(run.medianMicroseconds)) us, p99 \(f(run.p99Microseconds)) us" + jump)
        return lines.joined(separator: "\n")
    }

    /// `; elements in header s2, background s2; out ...` when headers, footers, badges or
    /// backgrounds entered or left.
    static func elements(_ s: ScrollRun.Step) -> String {
        guard !s.elementsInserted.isEmpty || !s.elementsDeleted.isEmpty else { return "" }
        func names(_ refs: [ScrollRun.ElementRef]) -> String {
            list(refs.map { "\($0.kind) s\($0.section)" + ($0.index.map { " #\($0)" } ?? "") }, separator: ", ")
        }
        return "; elements in \(names(s.elementsInserted)); out \(names(s.elementsDeleted))"
    }
}
