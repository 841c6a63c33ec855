import TesseraCore

/// `run --format text`: counts, sizes, time, and an ASCII preview of the viewport.
public struct TextSummary {
    /// The layout pass described.
    public var run: LayoutRun
    /// The visible rectangle the preview shows; nil for the content's top-left at the run's
    /// viewport size.
    public var viewport: Rect?

    /// The summary of `run`, its preview showing `viewport`.
    public init(run: LayoutRun, viewport: Rect?) {
        self.run = run; self.viewport = viewport
    }

    /// The summary's lines, joined by newlines. Throws what the result's queries throw (a
    /// scripted layout's Lua error).
    public func render() throws -> String { try BufferedWriter.text { try write(to: $0) } }

    /// Writes the summary. The visible items and the preview are asked before the first byte,
    /// so a failing layout writes nothing.
    package func write(to out: BufferedWriter) throws {
        let result = run.result
        let region = viewport ?? Rect(origin: .zero, size: run.viewport)
        let visible = try result.visible(in: region)
        let preview = try AsciiPreview(columns: 60).render(result, region: region, viewport: viewport)
        let lines = [
            "layout:       \(run.layoutName)",
            "data:         \(run.dataset.sourceName) (\(NumberText.counted(run.dataset.count, "item")) in \(NumberText.counted(run.dataset.sections.count, "section")))",
            "viewport:     \(fmt(run.viewport.width)) x \(fmt(run.viewport.height)) at \(fmt(region.x)),\(fmt(region.y))",
            "content size: \(fmt(result.contentSize.width)) x \(fmt(result.contentSize.height))"
                + (result.reportedContentOrigin.map { " at \(fmt($0.x)),\(fmt($0.y))" } ?? ""),
            "layout time:  \(NumberText.fixed(run.milliseconds, decimals: 2)) ms",
            "visible:      \(NumberText.counted(visible.count, "item"))" + (visible.isEmpty ? "" : " (\(rangeSummary(visible)))"),
            "",
            preview,
            "(letters cycle A-Z a-z 0-9 by item index; '.' is empty content, ' ' is outside the content)",
        ]
        LineWriter(out).add(contentsOf: lines)
    }

    private func rangeSummary(_ indices: [Int]) -> String {
        let shown = indices.prefix(8).map(String.init).joined(separator: ", ")
        return indices.count > 8 ? "\(shown), ... \(indices.last!)" : shown
    }
}

/// A number for people; see `NumberText.display`.
func fmt(_ v: Double) -> String { NumberText.display(v) }
