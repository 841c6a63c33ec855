import TesseraCore

/// `run --format svg`: items as filled boxes (labelled with ids when there are few), the content
/// bounds, and the viewport rectangle with the items it shows highlighted.
struct SVGPicture {
    var run: LayoutRun
    var viewport: Rect?
    /// Items are labelled only below this count, so big layouts stay readable.
    var labelLimit = 400

    func render() -> String {
        let result = run.result
        let content = result.contentSize
        let shown = viewport ?? Rect(origin: .zero, size: run.viewport)
        let bounds = Rect(origin: .zero, size: content).union(shown)
        let pad = 8.0
        // Draw at most 800 px wide; tall layouts stay tall so every item stays visible.
        let scale = min(1, 800 / max(bounds.width, 1))
        let visible = Set(result.visible(in: shown))
        var out: [String] = []
        out.append("""
        <svg xmlns="http://www.w3.org/2000/svg" width="\(n((bounds.width + 2 * pad) * scale))" \
        height="\(n((bounds.height + 2 * pad) * scale))" \
        viewBox="\(n(bounds.x - pad)) \(n(bounds.y - pad)) \(n(bounds.width + 2 * pad)) \(n(bounds.height + 2 * pad))" \
        font-family="sans-serif">
        """)
        out.append("<title>\(escape(run.layoutName)): \(result.count) items, content \(fmt(content.width)) x \(fmt(content.height))</title>")
        out.append("<rect x=\"\(n(bounds.x - pad))\" y=\"\(n(bounds.y - pad))\" width=\"\(n(bounds.width + 2 * pad))\" height=\"\(n(bounds.height + 2 * pad))\" fill=\"#f7f7f7\"/>")
        out.append("<rect x=\"0\" y=\"0\" width=\"\(n(content.width))\" height=\"\(n(content.height))\" fill=\"#ffffff\" stroke=\"#999\" stroke-dasharray=\"4 3\"><title>content bounds</title></rect>")
        let label = result.count <= labelLimit
        for i in 0..<result.count {
            let f = viewport.map { result.frame(at: i, viewport: $0) } ?? result.frame(at: i)
            let on = visible.contains(i)
            let id = i < run.dataset.count ? run.dataset.items[i].id.description : String(i)
            out.append("<rect x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" "
                       + "fill=\"\(on ? "#f5a623" : "#8fb3d9")\" stroke=\"\(on ? "#b36b00" : "#3d6a99")\" stroke-width=\"1\">"
                       + "<title>\(i): \(escape(id)) \(f)</title></rect>")
            if label && f.width >= 12 && f.height >= 10 {
                let size = min(12, f.height * 0.6, max(6, f.width / Double(max(1, id.count)) * 1.6))
                out.append("<text x=\"\(n(f.x + 2))\" y=\"\(n(f.y + size + 1))\" font-size=\"\(n(size))\" fill=\"#1a1a1a\">\(escape(String(id.suffix(24))))</text>")
            }
        }
        out.append("<rect x=\"\(n(shown.x))\" y=\"\(n(shown.y))\" width=\"\(n(shown.width))\" height=\"\(n(shown.height))\" fill=\"none\" stroke=\"#d0021b\" stroke-width=\"3\"><title>viewport</title></rect>")
        out.append("<text x=\"\(n(shown.x + 4))\" y=\"\(n(shown.y - 2))\" font-size=\"12\" fill=\"#d0021b\">viewport \(fmt(shown.width))x\(fmt(shown.height)) at \(fmt(shown.x)),\(fmt(shown.y)): \(visible.count) visible</text>")
        out.append("</svg>")
        return out.joined(separator: "\n")
    }

    private func n(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
}

/// Escapes text for XML and HTML.
func escape(_ s: String) -> String {
    var r = ""
    for ch in s {
        switch ch {
        case "&": r += "&amp;"
        case "<": r += "&lt;"
        case ">": r += "&gt;"
        case "\"": r += "&quot;"
        default: r.append(ch)
        }
    }
    return r
}
