import TesseraCore

/// `run --format svg`: a picture a person can read.
///
/// The main panel draws the content bounds (dashed), section boxes (dashed) with their titles,
/// then every element in z-order: decorations, items and supplementaries by `zIndex` (items in
/// flattened order), pinned elements on top at their pinned place for the viewport. Items are
/// labelled with one field (`ItemLabels`, `--label`) when few enough are in view; the viewport
/// is outlined in red and the elements it shows are highlighted.
/// When the content is much larger than the viewport, the main panel shows the viewport and half
/// a viewport around it, and a minimap on the right shows the whole content with the same marks,
/// and all the main panel shows: where shelves widen the panel beyond the content, the minimap
/// widens with it (`MinimapArea`), the shelves faded beyond the content and cut where the panel
/// cuts them (a shelf of a thousand cards is hundreds of viewports long: mapping all of it would
/// leave the content a hairline).
///
/// An orthogonal section (a shelf that scrolls on the cross axis) is drawn as a strip at its
/// offset (`sectionOffsets`): clipped to its scroller and outlined, with the content just beyond
/// the scroller drawn faded; the panel widens (by up to 0.6 viewport on each side) to show it.
public struct SVGPicture {
    /// The layout pass the picture draws.
    public var run: LayoutRun
    /// The visible rectangle drawn (pinned elements drawn for it); nil for the content's
    /// top-left at the run's viewport size.
    public var viewport: Rect?
    /// What each item is labelled with.
    public var labels: ItemLabels
    /// Offsets of orthogonal sections by 0-based section (`run --section-offset`).
    public var sectionOffsets: [Int: Point]
    /// Items are labelled only when at most this many are drawn in the main panel.
    var labelLimit = 400
    /// The minimap draws individual items only up to this many; past it, density bands.
    var minimapItemLimit = 5000

    /// The picture of `run` around `viewport`, items labelled by `labels`, orthogonal sections
    /// at `sectionOffsets`.
    public init(run: LayoutRun, viewport: Rect?, labels: ItemLabels = ItemLabels(), sectionOffsets: [Int: Point] = [:]) {
        self.run = run; self.viewport = viewport; self.labels = labels; self.sectionOffsets = sectionOffsets
    }

    /// The SVG document. Throws what the result's queries throw (a scripted layout's Lua
    /// error).
    public func render() throws -> String { try BufferedWriter.text { try write(to: $0) } }

    /// Writes the picture as it goes, one line per element. Every query that can fail (the
    /// visible items, the section boxes, each shelf's content beyond its scroller, the elements
    /// in the region, the minimap's frames) is asked before the first byte, so a failing layout
    /// writes nothing.
    /// - Complexity: memory O(elements in the main panel + section boxes + minimap items), not
    ///   O(output).
    package func write(to out: BufferedWriter) throws {
        let result = run.result
        let content = Rect(origin: result.contentOrigin, size: result.contentSize)
        let shown = viewport ?? Rect(origin: .zero, size: run.viewport)
        let everything = content.union(shown)
        let focused = everything.height > 3 * max(shown.height, 1) || everything.width > 3 * max(shown.width, 1)
        let scroll = ScrollState(showing: shown, sectionOffsets: sectionOffsets)
        let strips = OrthogonalStrips(result: result, scroll: scroll)
        let region = try widened(focused
            ? shown.inset(by: EdgeInsets(top: -shown.height / 2, left: -shown.width / 2,
                                         bottom: -shown.height / 2, right: -shown.width / 2)).intersection(everything)
            : everything, for: strips, shown: shown)
        let shelves = strips.strips.filter { $0.scroller.frame.overlapsWithPositiveArea(region) }
        let visible = Set(try result.visible(in: shown, scroll: scroll))
        let allBoxes = try SectionBoxes(run: run).boxes
        let beyond = try shelves.map { try strips.beyond($0, in: region) }
        let drawn = try result.elements(in: region, scroll: scroll)
        // Content past 1e15 (an exact offset's range) is drawn to scale with a note saying what
        // could not be drawn; every other picture is written exactly as before.
        let huge = max(content.width, content.height) > Self.hugeExtent
        let pad = 10.0, header = huge ? 56.0 : 40.0
        let scale = min(1, 800 / max(region.width, 1))
        let panelWidth = region.width * scale, panelHeight = region.height * scale
        let mapped = MinimapArea(content: everything, region: region)
        let minimapWidth = focused ? mapped.width(height: panelHeight) : 0
        let minimapScale = focused ? Self.minimapScale(content: mapped.bounds, width: minimapWidth, height: panelHeight) : nil
        // The density strip is the run page's overview strip: the same axis, bands and counts.
        let scrollRange = DensityStrip.range(of: run)
        let runsDown = DensityStrip.runsDown(range: scrollRange, viewport: run.viewport)
        let dense = minimapScale.map { drawsDensity(count: result.count, area: mapped, scale: $0, vertical: runsDown) } ?? false
        let density = dense ? try DensityStrip(run: run, range: scrollRange) : nil
        let minimapFrames = minimapScale != nil && !dense ? try scrolledFrames(strips) : []
        // The minimap's items to draw: a huge content's sub-pixel ones are left off (and counted).
        let minimapDrawn = minimapFrames.indices.filter { !huge || !Self.belowDrawing(minimapFrames[$0], scale: minimapScale ?? 0) }
        // Main panel coordinates as written: cut around the region, in `main.unit`s.
        let main = DrawingSpace(around: region, margin: 1e6 / scale)
        let drawScale = scale * main.unit
        let minimapSpace = DrawingSpace(around: mapped.bounds, margin: huge ? max(mapped.bounds.width, mapped.bounds.height) : .infinity)
        let svg = LineWriter(out)
        svg.add("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(panelWidth + minimapWidth + 3 * pad))\" height=\"\(n(panelHeight + header + pad))\" font-family=\"\(TextWidth.family)\">")
        svg.add("<rect width=\"100%\" height=\"100%\" fill=\"#f7f7f7\"/>")
        svg.add("<text x=\"\(n(pad))\" y=\"16\" font-size=\"13\" fill=\"#1a1a1a\">\(PageText.markup(run.layoutName)): \(NumberText.counted(result.count, "item")), content \(d(content.width)) x \(d(content.height))</text>")
        svg.add("<text x=\"\(n(pad))\" y=\"32\" font-size=\"12\" fill=\"#d0021b\">viewport \(d(shown.width)) x \(d(shown.height)) at \(d(shown.x)),\(d(shown.y)): \(NumberText.grouped(visible.count)) visible (orange)</text>")
        if huge {
            let hidden = minimapFrames.count - minimapDrawn.count
            svg.add("<text x=\"\(n(pad))\" y=\"48\" font-size=\"11\" fill=\"#1a1a1a\">drawn to scale"
                    + "\(hidden > 0 ? "; \(NumberText.counted(hidden, "item")) under 1/100 px left off the minimap" : "")</text>")
        }

        // Main panel, clipped to the region.
        svg.add(clipPath("region", region, in: main))
        svg.add("<g transform=\"translate(\(n(pad - region.x * scale)) \(n(header - region.y * scale))) scale(\(n(drawScale)))\" clip-path=\"url(#region)\">")
        svg.add("<rect \(main.attributes(region)) fill=\"#eeeeee\"/>")
        svg.add(boundsRect(content, in: main, strokeWidth: 1 / drawScale))
        let titles = run.dataset.sections.map(SectionBoxes.title(of:))
        let sections = allBoxes.filter { $0.frame.overlapsWithPositiveArea(region) }
        // The title boxes, drawn last: every label is placed clear of them.
        let titled = sections.filter { !$0.titledBySupplementary }
        let titleBoxes = titled.map { Self.titleBox($0, in: main, scale: scale) }
        for box in sections {
            let f = box.frame
            svg.add("<rect \(main.attributes(f)) fill=\"none\" "
                    + "stroke=\"#777\" stroke-width=\"\(n(1 / drawScale))\" stroke-dasharray=\"\(n(4 / drawScale)) \(n(3 / drawScale))\">"
                    + "<title>section \(box.section): \(PageText.markup(PageText.isolated(box.title))) \(NumberText.display(frame: f))</title></rect>")
        }
        // Each shelf beyond its scroller, faded, under everything else.
        for (strip, beyond) in zip(shelves, beyond) {
            let s = strip.scroller.section
            svg.add(clipPath("scroller-\(s)", strip.scroller.frame, in: main))
            guard !beyond.isEmpty else { continue }
            svg.add("<g opacity=\"0.3\"><title>section \(s) beyond its scroller (offset \(point(strip.offset)))</title>")
            let label = beyond.count <= labelLimit
            for element in beyond {
                let at = Self.labelFrame(of: element, itemsLabelled: label) { ShelfLabelFrame.beyond($0, scroller: strip.scroller.frame) }
                svg.add(draw(element, visible: [], shown: shown, space: main, scale: scale, labelIn: at, titles: titles, titleBoxes: titleBoxes))
            }
            svg.add("</g>")
        }
        // Everything drawn in the region as the viewport's scroll state draws it (pinned
        // elements at their pinned place), already in drawing order; shelf content clipped to
        // its scroller.
        let label = drawn.lazy.filter { $0.category == .item }.count <= labelLimit
        let scrollers = Dictionary(shelves.map { ($0.scroller.section, $0.scroller.frame) }, uniquingKeysWith: { first, _ in first })
        for element in drawn {
            if let scroller = scrollers[element.section], element.category == .item || element.index != nil, !element.isGlobal {
                let at = Self.labelFrame(of: element, itemsLabelled: label) { ShelfLabelFrame.inside($0, scroller: scroller) }
                let text = draw(element, visible: visible, shown: shown, space: main, scale: scale, labelIn: at, titles: titles,
                                titleBoxes: titleBoxes)
                svg.add("<g clip-path=\"url(#scroller-\(element.section))\">" + text + "</g>")
            } else {
                svg.add(draw(element, visible: visible, shown: shown, space: main, scale: scale,
                             labelIn: Self.labelFrame(of: element, itemsLabelled: label), titles: titles, titleBoxes: titleBoxes))
            }
        }
        for strip in shelves {
            let f = strip.scroller.frame, line = 1 / drawScale
            svg.add("<rect \(main.attributes(f)) fill=\"none\" "
                    + "stroke=\"#3d6a99\" stroke-width=\"\(n(line))\" stroke-dasharray=\"\(n(2 * line)) \(n(2 * line))\">"
                    + "<title>scroller of section \(strip.scroller.section) at offset \(point(strip.offset)) \(NumberText.display(frame: f)), "
                    + "content \(d(strip.scroller.contentSize.width)) x \(d(strip.scroller.contentSize.height))</title></rect>")
        }
        // In the top right corner: the top left one holds the first item's label.
        // White on a dark label box, as the html page writes them (an outlined 11 px text smudged),
        // 4 px either side of the text, at least as wide as tall, so a one-letter title reads too.
        for (box, label) in zip(titled, titleBoxes) {
            let u = 1 / scale, width = label.width
            svg.add("<rect \(main.attributes(label)) rx=\"\(n(main.written(2 * u)))\" fill=\"#333333\"/>"
                    + "<text x=\"\(n(main.written(label.x + width / 2)))\" y=\"\(n(main.written(label.y + 11 * u)))\" font-size=\"\(n(main.written(11 * u)))\" "
                    + "text-anchor=\"middle\" fill=\"#ffffff\">\(PageText.markup(box.title))</text>")
        }
        svg.add("<rect \(main.attributes(shown)) fill=\"none\" stroke=\"#d0021b\" stroke-width=\"\(n(3 / drawScale))\"><title>viewport</title></rect>")
        svg.add("</g>")

        if focused {
            // Too small to draw (a degenerate region, a 1e-320 viewport): an empty line.
            if let density {
                densityMinimap(into: svg, strip: density, area: mapped, region: region, shown: shown,
                               width: minimapWidth, height: panelHeight, x: panelWidth + 2 * pad, y: header)
            } else if let minimapScale {
                minimap(into: svg, frames: minimapFrames, drawn: minimapDrawn, scale: minimapScale, area: mapped, space: minimapSpace, region: region,
                        shown: shown, visible: visible, x: panelWidth + 2 * pad, y: header)
            } else {
                svg.add("")
            }
        }
        svg.add("</svg>")
    }

    /// One element as SVG: its box (orange when visible), labelled within `labelIn` (none when
    /// nil), clear of `titleBoxes`; a section's own supplementaries (headers, footers) are
    /// labelled with the section's title.
    private func draw(_ element: LayoutElement, visible: Set<Int>, shown: Rect, space: DrawingSpace, scale: Double, labelIn: Rect?,
                      titles: [String], titleBoxes: [Rect]) -> String {
        let f = element.frame, at = space.attributes(f)
        let line = 1 / (scale * space.unit)
        switch element.category {
        case .item:
            let i = element.index ?? 0
            let on = visible.contains(i)
            let text = labels.label(at: i, in: run.dataset)
            return "<rect \(at) "
                + "fill=\"\(on ? "#f5a623" : "#8fb3d9")\" stroke=\"\(on ? "#b36b00" : "#3d6a99")\" stroke-width=\"\(n(line))\">"
                + "<title>\(i): \(PageText.markup(PageText.isolated(text))) \(NumberText.display(frame: f))</title></rect>" + (labelIn.map { boxLabel(text, in: $0, space: space, scale: scale, clearOf: titleBoxes) } ?? "")
        case .supplementary:
            let on = f.overlapsWithPositiveArea(shown)
            return "<rect \(at) "
                + "fill=\"\(on ? "#7cc96a" : "#b8e0b0")\" stroke=\"#3b7a2e\" stroke-width=\"\(n((element.pinned ? 2 : 1) * line))\">"
                + "<title>\(describe(element))</title></rect>"
                + (labelIn.map { boxLabel(element.label ?? (SectionBoxes.showsSectionTitle(element) && titles.indices.contains(element.section) ? titles[element.section] : element.kind), in: $0, space: space, scale: scale,
                                          clearOf: titleBoxes) } ?? "")
        case .decoration:
            return "<rect \(at) "
                + "fill=\"#9b59b6\" fill-opacity=\"0.15\" stroke=\"#8e44ad\" stroke-width=\"\(n(line))\" "
                + "stroke-dasharray=\"\(n(4 * line)) \(n(3 * line))\"><title>\(describe(element))</title></rect>"
        }
    }

    /// The frame `element` is labelled within, `within` its frame (cut to the layer drawn; nil:
    /// labelled in another layer); nil when it is an item and items go unlabelled (too many drawn).
    private static func labelFrame(of element: LayoutElement, itemsLabelled: Bool, within: (Rect) -> Rect? = { $0 }) -> Rect? {
        itemsLabelled || element.category != .item ? within(element.frame) : nil
    }

    /// What an item's label reads in a box `boxWidth` px wide at `size` px: the text, cut with an
    /// ellipsis where it runs past 2 px inside the box's right side (it starts 2 px inside the left).
    static func labelText(_ text: String, boxWidth: Double, size: Double) -> String {
        TextWidth.cut(text, toFit: boxWidth - 4, size: size)
    }

    /// The dark box `box`'s title is written on, in its top-right corner (drawn coordinates of
    /// `space`, at `scale` px per unit): 3 px inside the right side, 2 px below the top, 14 px tall.
    static func titleBox(_ box: SectionBoxes.Box, in space: DrawingSpace, scale: Double) -> Rect {
        let f = space.drawn(box.frame), u = 1 / scale
        let width = titleBoxWidth(box.title) * u
        return Rect(x: f.x + f.width - 3 * u - width, y: f.y + 2 * u, width: width, height: 14 * u)
    }

    /// The width in px of the dark box a section title is written on at 11 px: the text and 4 px
    /// either side, at least 14 (as tall as the box).
    static func titleBoxWidth(_ title: String) -> Double { max(14, TextWidth.width(of: title, size: 11) + 8) }

    /// `region` grown by up to 0.6 viewport on each side where a shelf crossing it has content
    /// beyond its scroller (sideways for shelves that scroll sideways, else up and down).
    private func widened(_ region: Rect, for strips: OrthogonalStrips, shown: Rect) throws -> Rect {
        var grow = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
        for strip in strips.strips where strip.scroller.frame.overlapsWithPositiveArea(region) {
            let sideways = strip.page.x > 0
            let margin = 0.6 * (sideways ? shown.width : shown.height)
            if try strips.hasContent(strip, pages: -1) {
                if sideways { grow.left = -margin } else { grow.top = -margin }
            }
            if try strips.hasContent(strip, pages: 1) {
                if sideways { grow.right = -margin } else { grow.bottom = -margin }
            }
        }
        return region.inset(by: grow)
    }

    /// Contents larger than this get a note line and lose their sub-pixel items on the minimap.
    static let hugeExtent = 1e15

    /// Whether `f` is smaller than 1/100 pixel at `scale` (not zero-sized: those are drawn as
    /// they are).
    private static func belowDrawing(_ f: Rect, scale: Double) -> Bool {
        let larger = max(f.width, f.height)
        return larger > 0 && larger * scale < 0.01
    }

    /// The scale that fits `content` into a minimap of `width × height`; nil when it is too
    /// small to draw (a degenerate region, a 1e-320 viewport): its strokes would be infinitely wide.
    private static func minimapScale(content: Rect, width: Double, height: Double) -> Double? {
        let scale = min(width / max(content.width, 1), height / max(content.height, 1))
        return scale > 0 && scale.isFinite && (4 / scale).isFinite ? scale : nil
    }

    /// `area` at `scale` at `x, y`: the content, what lies beyond it faded, the main panel's
    /// region and the viewport; `frames` are the items (none when there are too many), of
    /// which those at the indices `drawn` are drawn.
    private func minimap(into svg: LineWriter, frames: [Rect], drawn: [Int], scale: Double, area: MinimapArea, space: DrawingSpace, region: Rect, shown: Rect,
                         visible: Set<Int>, x: Double, y: Double) {
        let mapped = area.bounds, content = area.content, drawScale = scale * space.unit
        svg.add(clipPath("minimap", mapped, in: space))
        if area.widened { svg.add(clipPath("minimap-content", content, in: space)) }
        svg.add("<g transform=\"translate(\(n(x - mapped.x * scale)) \(n(y - mapped.y * scale))) scale(\(n(drawScale)))\" clip-path=\"url(#minimap)\"><title>the whole content</title>")
        svg.add(boundsRect(content, in: space, strokeWidth: 1 / drawScale))
        // Shelves beyond the content: faded, as the main panel fades a shelf beyond its scroller.
        let beyond = drawn.filter { !content.encloses(frames[$0]) }
        if !beyond.isEmpty {
            svg.add("<g opacity=\"0.3\"><title>shelves beyond the content</title>")
            for i in beyond { svg.add(minimapItem(frames[i], in: space, on: visible.contains(i))) }
            svg.add("</g>")
        }
        // The content's part of each, opaque.
        for i in drawn {
            let f = frames[i]
            if content.encloses(f) {
                svg.add(minimapItem(f, in: space, on: visible.contains(i)))
            } else if f.overlapsWithPositiveArea(content) {
                svg.add("<g clip-path=\"url(#minimap-content)\">" + minimapItem(f, in: space, on: visible.contains(i)) + "</g>")
            }
        }
        svg.add("<rect \(space.attributes(region)) fill=\"none\" stroke=\"#555\" stroke-width=\"\(n(1 / drawScale))\"><title>shown on the left</title></rect>")
        svg.add("<rect \(space.attributes(shown)) fill=\"none\" stroke=\"#d0021b\" stroke-width=\"\(n(2 / drawScale))\"/>")
        svg.add("</g>")
    }

    private func minimapItem(_ f: Rect, in space: DrawingSpace, on: Bool) -> String {
        "<rect \(space.attributes(f)) fill=\"\(on ? "#f5a623" : "#8fb3d9")\"/>"
    }

    private func clipPath(_ id: String, _ r: Rect, in space: DrawingSpace) -> String {
        "<clipPath id=\"\(id)\"><rect \(space.attributes(r))/></clipPath>"
    }

    private func boundsRect(_ content: Rect, in space: DrawingSpace, strokeWidth: Double) -> String {
        "<rect \(space.attributes(content)) fill=\"#ffffff\" stroke=\"#999\" stroke-width=\"\(n(strokeWidth))\" stroke-dasharray=\"\(n(4 * strokeWidth)) \(n(3 * strokeWidth))\"><title>content bounds</title></rect>"
    }

    private func frame(_ i: Int) throws -> Rect { try run.result.drawnFrame(at: i, viewport: viewport) }

    /// Every item's frame as the main panel draws it: a shelf's items moved back by its offset,
    /// as its scroller shows them. O(n log s) for s sections.
    private func scrolledFrames(_ strips: OrthogonalStrips) throws -> [Rect] {
        let offsets = Dictionary(strips.strips.filter { $0.offset != .zero }.map { ($0.scroller.section, $0.offset) },
                                 uniquingKeysWith: { first, _ in first })
        return try (0..<run.result.count).map { i in
            let f = try frame(i)
            guard !offsets.isEmpty, let o = offsets[try run.result.section(ofItem: i)] else { return f }
            return f.offsetBy(dx: -o.x, dy: -o.y)
        }
    }

    /// "supplementary header of section 2 for item 7 (pinned) (x, y, w, h)".
    private func describe(_ e: LayoutElement) -> String {
        let anchor = e.index.map { " for item \($0)" } ?? ""
        return "\(e.category.rawValue) \(PageText.markup(e.kind)) of section \(e.section)\(anchor)\(e.pinned ? " (pinned)" : "") \(NumberText.display(frame: e.frame))"
    }

    /// `text` in `frame` where `LabelPlace` puts it: top left when the box is big enough on
    /// screen, cut to fit as `TextWidth` measures it, clear of the section title boxes `titles`.
    /// A whole label is its text element's only text; a cut one is isolated from its ellipsis.
    private func boxLabel(_ text: String, in frame: Rect, space: DrawingSpace, scale: Double, clearOf titles: [Rect]) -> String {
        guard let at = LabelPlace.place(text, in: space.drawn(frame), scale: scale, clearOf: titles) else { return "" }
        let written = at.text == text ? PageText.markup(text) : PageText.isolatedMarkup(String(at.text.dropLast())) + "…"
        return "<text x=\"\(n(space.written(at.x)))\" y=\"\(n(space.written(at.baseline)))\" font-size=\"\(n(space.written(at.size)))\" fill=\"#1a1a1a\">\(written)</text>"
    }
    /// A number the renderer reads (coordinates, sizes, stroke widths): `NumberText.picture`,
    /// 10 significant digits, far finer than a renderer draws.
    private func n(_ v: Double) -> String { NumberText.picture(v) }

    /// A number a person reads (the caption, hover titles): `NumberText.display`, at most two
    /// decimals, as the text output writes it.
    private func d(_ v: Double) -> String { NumberText.display(v) }

    /// `0,-120`: an offset in a hover title.
    private func point(_ p: Point) -> String { "\(d(p.x)),\(d(p.y))" }
}

extension Rect {
    /// The overlap of two rectangles (zero-sized at the nearest corner when they do not overlap).
    func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = max(x0, min(maxX, other.maxX)), y1 = max(y0, min(maxY, other.maxY))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

