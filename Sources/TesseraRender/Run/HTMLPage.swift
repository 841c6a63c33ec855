import TesseraCore

/// `run --format html`: a self-contained page that scrolls through the layout.
///
/// The page embeds the layout as compact data, not as markup: one flat JSON array of item
/// frames (`x, y, w, h, ...`, rounded to 1/100 px), the labels (`ItemLabels`), the section
/// boxes and the supplementary and decoration elements. Its script indexes the frames in a
/// uniform grid once, and on every scroll creates DOM nodes only for what lies within half a
/// viewport of the visible rectangle (reusing nodes that left), so a page of a million items
/// opens in about the time it takes to parse the numbers.
///
/// The scroll box's client area is exactly the viewport: the box grows by the width of its
/// scrollbars, so they sit outside the viewport (outlined in red). Elements overlapping the
/// viewport are highlighted and counted in the status line; elements draw in z-order (section
/// boxes, decorations, items and supplementaries by `zIndex`, pinned elements and section
/// titles on top), and a pinned element sits at its pinned place for the current offset.
///
/// Browsers cap an element's size (Chromium near 3.4e7 px), so content longer than
/// `HTMLPage.scrollLimit` scrolls a shorter spacer whose position maps linearly onto the content.
///
/// Beside the view (below it when the page scrolls sideways) an overview strip shades the whole
/// scroll range as the svg minimap's density bands (`DensityStrip`), marks the viewport and
/// follows the scroll; a click or a drag on it scrolls the view there. On a phone a strip beside
/// the view lies over the view's right edge, narrower: the view alone is as wide as the phone.
///
/// The page starts at `viewport`'s origin (`--offset`); a fragment `#x=X&y=Y` (either part)
/// overrides it, which is how a test or a person opens the page at a given offset.
///
/// An orthogonal section (a shelf) is a scroll box of its own at its scroller's frame: it scrolls
/// on its own (sideways, for a vertical layout) and draws only what lies within half a scroller
/// of what it shows, from an index of its own; pinned headers stay above it. Shelves start at
/// `sectionOffsets` (`--section-offset`); a fragment part `sS=X[,Y]` (e.g. `#y=300&s1=345`)
/// overrides section S's offset. A shelf with a paging behaviour (`paging`, `groupPaging`,
/// `groupPagingCentered`, `continuousGroupLeadingBoundary`) that a person scrolls comes to rest
/// where the layout's `targetContentOffset` says (`ShelfPaging`).
public struct HTMLPage {
    /// The layout pass the page draws.
    public var run: LayoutRun
    /// Where the page opens scrolled to: this rectangle's origin (the scroll box is the run's
    /// viewport size); nil for the content's top-left.
    public var viewport: Rect?
    /// What each item is labelled with.
    public var labels: ItemLabels
    /// Offsets of orthogonal sections by 0-based section (`run --section-offset`).
    public var sectionOffsets: [Int: Point]

    /// Longest scrollable extent, in CSS px, before the page scales its scroll position (`LIMIT`
    /// in run-page.js and preview-state.js).
    public static let scrollLimit = 8_000_000.0

    /// The page of `run`, opened on `viewport`, items labelled by `labels`, orthogonal sections
    /// at `sectionOffsets`.
    public init(run: LayoutRun, viewport: Rect?, labels: ItemLabels = ItemLabels(), sectionOffsets: [Int: Point] = [:]) {
        self.run = run; self.viewport = viewport; self.labels = labels; self.sectionOffsets = sectionOffsets
    }

    /// The self-contained HTML page. Throws what the result's queries throw (a scripted
    /// layout's Lua error).
    public func render() throws -> String { try BufferedWriter.text { try write(to: $0) } }

    /// Writes the page as it goes. Every query that can fail (each item's frame, the section
    /// boxes, the elements) is asked before the first byte, so a failing layout writes nothing.
    /// - Complexity: O(n) time; memory O(section boxes + elements), not O(n).
    package func write(to out: BufferedWriter) throws {
        let result = run.result
        let overview = try DensityStrip(run: run).field()   // asks every item's frame
        let shared = try PageData(run: run, shelfOffsets: sectionOffsets, rounded: true).fields()
        let content = result.contentSize
        let title = PageText.markup(run.layoutName)
        let summary = "\(title): \(NumberText.counted(result.count, "item")), content \(NumberText.display(content.width)) x \(NumberText.display(content.height))"
        try PageTemplate.runPage.write(to: out) { marker in
            switch marker {
            case "title": out.append(title)
            case "viewport-width": out.append(NumberText.picture(run.viewport.width))
            case "viewport-height": out.append(NumberText.picture(run.viewport.height))
            case "summary": out.append(summary)
            case "data": try writeData(result: result, shared: shared, overview: overview, to: out)
            default: break
            }
        }
    }

    /// The page's data: one JSON object (docs/outputs.md, "Page data"): the viewport, content size
    /// and starting offset, every item's frame and label, the overview strip's bands, then
    /// `PageData`'s fields.
    private func writeData(result: any LayoutResult, shared: [UInt8], overview: [UInt8], to out: BufferedWriter) throws {
        let content = result.contentSize
        out.append(contentsOf: Array("{\"viewport\":[".utf8))
        out.withBuffer { appendNumber(run.viewport.width, to: &$0) }; out.append(UInt8(ascii: ","))
        out.withBuffer { appendNumber(run.viewport.height, to: &$0) }
        out.append(contentsOf: Array("],\"content\":[".utf8))
        out.withBuffer { appendNumber(content.width, to: &$0) }; out.append(UInt8(ascii: ","))
        out.withBuffer { appendNumber(content.height, to: &$0) }
        if let origin = result.reportedContentOrigin {
            out.append(contentsOf: Array("],\"contentOrigin\":[".utf8))
            out.withBuffer { appendNumber(origin.x, to: &$0) }; out.append(UInt8(ascii: ","))
            out.withBuffer { appendNumber(origin.y, to: &$0) }
        }
        out.append(contentsOf: Array("],\"offset\":[".utf8))
        out.withBuffer { appendNumber(viewport?.x ?? 0, to: &$0) }; out.append(UInt8(ascii: ","))
        out.withBuffer { appendNumber(viewport?.y ?? 0, to: &$0) }
        out.append(contentsOf: Array("],\"frames\":[".utf8))
        for i in 0..<result.count {
            let f = try result.frame(at: i)
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.withBuffer { appendNumber(f.x, to: &$0) }; out.append(UInt8(ascii: ","))
            out.withBuffer { appendNumber(f.y, to: &$0) }; out.append(UInt8(ascii: ","))
            out.withBuffer { appendNumber(f.width, to: &$0) }; out.append(UInt8(ascii: ","))
            out.withBuffer { appendNumber(f.height, to: &$0) }
        }
        out.append(contentsOf: Array("],\"labels\":[".utf8))
        for i in 0..<result.count {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.withBuffer { appendScriptString(labels.label(at: i, in: run.dataset), to: &$0) }
        }
        out.append(contentsOf: Array("],".utf8))
        out.append(contentsOf: overview); out.append(UInt8(ascii: ","))
        out.append(contentsOf: shared)
        out.append(contentsOf: Array("}".utf8))
    }

    /// A number rounded to 1/100 px (the page draws, it does not report), in JSON's shortest form.
    private func appendNumber(_ v: Double, to out: inout [UInt8]) {
        let rounded = (v * 100).rounded() / 100
        JSONWriter.appendNumber(rounded.isFinite ? rounded : v, to: &out)
    }

    /// A JSON string that is also safe inside `<script>` (`PageText`'s rule).
    private func appendScriptString(_ s: String, to out: inout [UInt8]) { PageText.appendScriptString(s, to: &out) }
}

extension PageTemplate {
    /// `run --format html`'s page (run-page.html).
    static let runPage = PageTemplate(file: "run-page.html")
}
