import TesseraCore

/// A character picture of an engine's visible area: view k (in drawing order) is drawn with the
/// k-th letter, later views over earlier ones, followed by one legend line per view: what a
/// Lua engine's `e:show()` prints in the tessera CLI.
public enum EngineSketch {
    /// The picture (8 to `AsciiPreview.maxSide` columns wide) and its legend.
    /// - Complexity: O(views + 60 · columns).
    public static func lines(_ engine: CollectionEngine, columns: Int) throws -> [String] {
        let rect = engine.visibleRect
        let views = engine.views
        let frames = try FramesResult(frames: views.map { $0.frame }, minimumContentSize: Size(width: rect.maxX, height: rect.maxY),
                                      layoutName: "engine views")
        let picture = try AsciiPreview(columns: columns, maxRows: 60).render(frames, region: rect)
        let f = NumberText.display(_:)
        var lines = picture.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // An empty picture from an offset past the content (e:scroll takes any offset, as a
        // bounce) says so, rather than looking like a layout that placed nothing.
        let range = engine.layoutResult.scrollRange(viewport: rect.size)
        let past = views.isEmpty && range.clamped(rect.origin) != rect.origin
            ? " (the offset is past the content, which scrolls from \(f(range.x.lowerBound)),\(f(range.y.lowerBound)) to \(f(range.x.upperBound)),\(f(range.y.upperBound)))" : ""
        lines.append("viewport \(f(rect.width))x\(f(rect.height)) at \(f(rect.x)),\(f(rect.y)); content \(f(engine.contentSize.width))x\(f(engine.contentSize.height)); \(views.count) views\(past); reloads \(engine.reloadCount); created \(engine.stats.created), reused \(engine.stats.reused)")
        for (k, v) in views.enumerated() {
            let fr = v.frame
            let place = v.index.map { "#\($0 + 1)" } ?? "s\(v.section + 1)"
            lines.append("\(AsciiPreview.glyph(for: k)) view \(v.number) \(v.kind) \(place) \(v.id) (\(f(fr.x)), \(f(fr.y)), \(f(fr.width)), \(f(fr.height)))")
        }
        return lines
    }
}
