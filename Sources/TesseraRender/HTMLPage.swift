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
    public var run: LayoutRun
    public var viewport: Rect?
    public var labels: ItemLabels
    /// Offsets of orthogonal sections by 0-based section (`run --section-offset`).
    public var sectionOffsets: [Int: Point]

    /// Longest scrollable extent, in CSS px, before the page scales its scroll position.
    public static let scrollLimit = 8_000_000.0

    public init(run: LayoutRun, viewport: Rect?, labels: ItemLabels = ItemLabels(), sectionOffsets: [Int: Point] = [:]) {
        self.run = run; self.viewport = viewport; self.labels = labels; self.sectionOffsets = sectionOffsets
    }

    public func render() throws -> String { try BufferedWriter.text { try write(to: $0) } }

    /// Writes the page as it goes. Every query that can fail (each item's frame, the section
    /// boxes, the elements) is asked before the first byte, so a failing layout writes nothing.
    /// - Complexity: O(n) time; memory O(section boxes + elements), not O(n).
    public func write(to out: BufferedWriter) throws {
        let result = run.result
        for i in 0..<result.count { _ = try result.frame(at: i) }
        let boxes = try SectionBoxes(run: run).boxes
        let elements = try PictureElements(result: result)
        let content = result.contentSize
        let title = PageText.markup(run.layoutName)
        let summary = "\(title): \(result.count) items, content \(fmt(content.width)) x \(fmt(content.height))"
        out.append("""
        <!doctype html>
        <html><head><meta charset="utf-8"><title>\(title) - tessera</title>
        <style>
        body { font-family: sans-serif; margin: 16px; }
        #frame { position: relative; display: inline-block; }
        #view { width: \(fmt(run.viewport.width))px; height: \(fmt(run.viewport.height))px; overflow: auto;
                position: relative; background: #eee; }
        #outline { position: absolute; left: 0; top: 0; width: \(fmt(run.viewport.width))px; height: \(fmt(run.viewport.height))px;
                   outline: 2px solid #d0021b; pointer-events: none; z-index: 1; }
        #spacer { position: relative; overflow: hidden; background: #fff; }
        #layer { position: absolute; left: 0; top: 0; width: 0; height: 0; }
        #layer > div, .shelf-layer > div { position: absolute; box-sizing: border-box; font-size: 10px; overflow: hidden; white-space: nowrap; }
        #layer > div.shelf { overflow: auto; scrollbar-width: none; outline: 1px dashed #3d6a99; }
        .shelf::-webkit-scrollbar { display: none; }
        .shelf-spacer { position: relative; }
        .shelf-layer { position: absolute; left: 0; top: 0; width: 0; height: 0; }
        .item { background: #8fb3d9; border: 1px solid #3d6a99; }
        .item.on { background: #f5a623; border-color: #b36b00; }
        .supplementary { background: #b8e0b0; border: 1px solid #3b7a2e; font-weight: bold; }
        .supplementary.on { background: #7cc96a; }
        .decoration { background: rgba(155, 89, 182, 0.15); border: 1px dashed #8e44ad; }
        .pinned { box-shadow: 0 2px 4px rgba(0, 0, 0, 0.35); }
        .section { border: 1px dashed #777; }
        .title { background: #333; color: #fff; padding: 0 4px; line-height: 14px; }
        </style></head>
        <body>
        <p>\(summary). <span id="status"></span></p>
        <div id="frame"><div id="view"><div id="spacer"><div id="layer"></div></div></div><div id="outline"></div></div>
        <script type="application/json" id="tessera-data">
        """)
        out.append(contentsOf: Array("{\"viewport\":[".utf8))
        out.withBuffer { appendNumber(run.viewport.width, to: &$0) }; out.append(UInt8(ascii: ","))
        out.withBuffer { appendNumber(run.viewport.height, to: &$0) }
        out.append(contentsOf: Array("],\"content\":[".utf8))
        out.withBuffer { appendNumber(content.width, to: &$0) }; out.append(UInt8(ascii: ","))
        out.withBuffer { appendNumber(content.height, to: &$0) }
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
        // Section boxes: frame, title, 1 when the section's own header shows the title, section index.
        out.append(contentsOf: Array("],\"sections\":[".utf8))
        for (k, box) in boxes.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            out.withBuffer { appendFrame(box.frame, to: &$0) }
            out.append(UInt8(ascii: ","))
            out.withBuffer { appendScriptString(box.title, to: &$0) }
            out.append(contentsOf: Array(",\(box.titledBySupplementary ? 1 : 0),\(box.section)]".utf8))
        }
        out.append(contentsOf: Array("],\"elements\":[".utf8))
        for (k, entry) in elements.elements.enumerated() {
            let e = entry.element
            if k > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            out.withBuffer { appendScriptString(e.category.rawValue, to: &$0) }; out.append(UInt8(ascii: ","))
            out.withBuffer { appendScriptString(e.kind, to: &$0) }; out.append(UInt8(ascii: ","))
            out.append(contentsOf: Array("\(e.section),".utf8))
            out.withBuffer { appendFrame(e.frame, to: &$0) }
            out.append(contentsOf: Array(",\(e.zIndex),".utf8))
            if let limit = entry.pinLimit { out.withBuffer { appendNumber(limit, to: &$0) } } else { out.append(contentsOf: Array("null".utf8)) }
            out.append(contentsOf: Array(",\(e.index.map(String.init) ?? "null")]".utf8))
        }
        // Items that pin with an anchored pinned element (sticky items), as index, end pairs.
        out.append(contentsOf: Array("],\"pinnedItems\":[".utf8))
        for (k, pin) in elements.pinnedItems.enumerated() {
            out.append(contentsOf: Array("\(k > 0 ? "," : "")\(pin.index),".utf8))
            out.withBuffer { appendNumber(pin.end, to: &$0) }
        }
        // Elements pinned to the visible bottom (footers), by position in `elements`.
        out.append(contentsOf: Array("],\"bottomPinned\":[".utf8))
        let bottomPinned = elements.elements.indices.filter {
            elements.elements[$0].pinLimit != nil && elements.elements[$0].element.pinEdge == .bottom
        }
        out.append(contentsOf: Array(bottomPinned.map(String.init).joined(separator: ",").utf8))
        // A section's own supplementaries (headers, footers) show its title: element, title pairs.
        out.append(contentsOf: Array("],\"elementTitles\":[".utf8))
        let sections = run.dataset.sections
        var firstTitle = true
        for (k, entry) in elements.elements.enumerated() {
            let e = entry.element
            guard SectionBoxes.showsSectionTitle(e), sections.indices.contains(e.section) else { continue }
            out.append(contentsOf: Array("\(firstTitle ? "" : ",")\(k),".utf8))
            out.withBuffer { appendScriptString(SectionBoxes.title(of: sections[e.section]), to: &$0) }
            firstTitle = false
        }
        // Shelves: section, scroller frame, content size, starting offset, item range, and how
        // it comes to rest (`ShelfPaging`: step, maximum, sign; exact, not rounded).
        out.append(contentsOf: Array("],\"orthogonal\":[".utf8))
        for (k, shelf) in shelves().enumerated() {
            let o = shelf.scroller, offset = sectionOffsets[o.section] ?? .zero
            out.append(contentsOf: Array("\(k > 0 ? "," : "")[\(o.section),".utf8))
            out.withBuffer { appendFrame(o.frame, to: &$0) }; out.append(UInt8(ascii: ","))
            out.withBuffer { appendNumber(o.contentSize.width, to: &$0) }; out.append(UInt8(ascii: ","))
            out.withBuffer { appendNumber(o.contentSize.height, to: &$0) }; out.append(UInt8(ascii: ","))
            out.withBuffer { appendNumber(offset.x, to: &$0) }; out.append(UInt8(ascii: ","))
            out.withBuffer { appendNumber(offset.y, to: &$0) }
            out.append(contentsOf: Array(",\(shelf.items.lowerBound),\(shelf.items.upperBound),".utf8))
            let paging = ShelfPaging.of(section: o.section, in: result) ?? ShelfPaging(step: 0, maximum: 0, sign: 1)
            out.append(contentsOf: Array("\(JSONWriter.format(paging.step)),\(JSONWriter.format(paging.maximum)),\(JSONWriter.format(paging.sign))]".utf8))
        }
        // Items drawn above or below the others, as index, zIndex pairs (most results have none).
        out.append(contentsOf: Array("],\"itemZ\":[".utf8))
        var firstZ = true
        for i in 0..<result.count {
            let z = result.zIndex(ofItem: i)
            guard z != 0 else { continue }
            out.append(contentsOf: Array("\(firstZ ? "" : ",")\(i),\(z)".utf8))
            firstZ = false
        }
        out.append(contentsOf: Array("]}\n</script>\n<script>\n".utf8))
        out.append(contentsOf: Array(Self.script.utf8))
        out.append(contentsOf: Array("</script>\n</body></html>".utf8))
    }

    /// The orthogonal sections with the items they hold.
    private func shelves() -> [(scroller: OrthogonalSection, items: Range<Int>)] { run.shelves() }

    /// A number rounded to 1/100 px (the page draws, it does not report), in JSON's shortest form.
    private func appendNumber(_ v: Double, to out: inout [UInt8]) {
        let rounded = (v * 100).rounded() / 100
        JSONWriter.appendNumber(rounded.isFinite ? rounded : v, to: &out)
    }

    private func appendFrame(_ f: Rect, to out: inout [UInt8]) {
        appendNumber(f.x, to: &out); out.append(UInt8(ascii: ","))
        appendNumber(f.y, to: &out); out.append(UInt8(ascii: ","))
        appendNumber(f.width, to: &out); out.append(UInt8(ascii: ","))
        appendNumber(f.height, to: &out)
    }

    /// A JSON string that is also safe inside `<script>` (`PageText`'s rule).
    private func appendScriptString(_ s: String, to out: inout [UInt8]) { PageText.appendScriptString(s, to: &out) }

    /// The page's script: the grid index, the scroll mapping and the node recycling.
    static let script = """
    "use strict";
    const D = JSON.parse(document.getElementById('tessera-data').textContent);
    const view = document.getElementById('view'), spacer = document.getElementById('spacer');
    const layer = document.getElementById('layer'), statusLine = document.getElementById('status');
    const VW = D.viewport[0], VH = D.viewport[1];
    const CW = Math.max(D.content[0], VW), CH = Math.max(D.content[1], VH);
    const LIMIT = \(JSONWriter.format(scrollLimit));
    const SW = Math.min(CW, LIMIT), SH = Math.min(CH, LIMIT), scaled = CW > SW || CH > SH;
    spacer.style.width = SW + 'px'; spacer.style.height = SH + 'px';
    // Grow the box by its scrollbars so that the client area is exactly the viewport.
    for (let pass = 0; pass < 2; pass++) {
      view.style.width = (VW + view.offsetWidth - view.clientWidth) + 'px';
      view.style.height = (VH + view.offsetHeight - view.clientHeight) + 'px';
    }
    // Scroll position (spacer px) <-> content offset, linear when the spacer is shorter.
    const toContent = (s, S, C, V) => (C > S && S > V) ? s * (C - V) / (S - V) : s;
    const toScroll = (c, S, C, V) => (C > S && S > V) ? c * (S - V) / (C - V) : c;

    // Everything drawable in one set of arrays: items, section boxes and titles, elements.
    const F = D.frames, n = F.length / 4, S = D.sections, E = D.elements, O = D.orthogonal;
    const m = n + 2 * S.length + E.length + O.length;
    const X = new Float64Array(m), Y = new Float64Array(m), W = new Float64Array(m), H = new Float64Array(m);
    // Drawing order, bottom first: zIndex, then pinned above unpinned, then decorations, items,
    // supplementaries (RANK), then list order; section boxes at the bottom, titles on top.
    const Z = new Float64Array(m), P = new Uint8Array(m), RANK = new Uint8Array(m), KIND = new Uint8Array(m), REF = new Int32Array(m);
    const ITEM = 0, SECTION = 1, TITLE = 2, SUPPLEMENTARY = 3, DECORATION = 4, SHELF = 5;
    // The shelf (orthogonal section) a drawable lives in, or -1: its items and their badges.
    const SHELF_OF = new Int32Array(m).fill(-1);
    const TITLES = new Map();
    for (let k = 0; k < D.elementTitles.length; k += 2) TITLES.set(D.elementTitles[k], D.elementTitles[k + 1]);
    for (let i = 0; i < n; i++) { X[i] = F[4 * i]; Y[i] = F[4 * i + 1]; W[i] = F[4 * i + 2]; H[i] = F[4 * i + 3]; REF[i] = i; RANK[i] = 1; }
    for (let k = 0; k < D.itemZ.length; k += 2) Z[D.itemZ[k]] = D.itemZ[k + 1];
    const END = new Float64Array(m), BOTTOM = new Uint8Array(m), pinned = [];
    // Drawables never drawn: a section's title when its own header already shows it.
    const OFF = new Uint8Array(m);
    for (let k = 0; k < D.pinnedItems.length; k += 2) { const i = D.pinnedItems[k]; P[i] = 1; END[i] = D.pinnedItems[k + 1]; pinned.push(i); }
    S.forEach((s, k) => {
      const a = n + 2 * k, b = a + 1;
      X[a] = s[0]; Y[a] = s[1]; W[a] = s[2]; H[a] = s[3]; Z[a] = -1e15; KIND[a] = SECTION; REF[a] = k;
      X[b] = s[0]; Y[b] = s[1]; W[b] = Math.min(s[2], 12 + 6.5 * s[4].length); H[b] = 14; Z[b] = 1e15; KIND[b] = TITLE; REF[b] = k; OFF[b] = s[5] ? 1 : 0;
    });
    E.forEach((e, k) => {
      const d = n + 2 * S.length + k;
      X[d] = e[3]; Y[d] = e[4]; W[d] = e[5]; H[d] = e[6]; Z[d] = e[7]; REF[d] = k;
      KIND[d] = e[0] === 'decoration' ? DECORATION : SUPPLEMENTARY;
      RANK[d] = e[0] === 'decoration' ? 0 : 2;
      if (e[8] !== null) { pinned.push(d); P[d] = 1; END[d] = e[8]; }
    });
    for (const k of D.bottomPinned) BOTTOM[n + 2 * S.length + k] = 1;
    // Each shelf is one drawable at its scroller's frame, drawn at its items' highest zIndex.
    const shelfBySection = new Map(), members = O.map(() => []);
    O.forEach((o, k) => {
      const d = n + 2 * S.length + E.length + k;
      X[d] = o[1]; Y[d] = o[2]; W[d] = o[3]; H[d] = o[4]; KIND[d] = SHELF; REF[d] = k; RANK[d] = 1;
      shelfBySection.set(o[0], k);
      for (let i = o[9]; i < o[10]; i++) { SHELF_OF[i] = k; Z[d] = Math.max(Z[d], Z[i]); members[k].push(i); }
    });
    E.forEach((e, k) => {
      const d = n + 2 * S.length + k;
      if (e[9] !== null && shelfBySection.has(e[2])) { SHELF_OF[d] = shelfBySection.get(e[2]); members[SHELF_OF[d]].push(d); }
    });
    // A shelf's own index: buckets a scroller long along the axis it scrolls on, over the box
    // (relative to the scroller's origin) that holds its content at rest.
    const SHELVES = O.map((o, k) => {
      const sideways = !(o[6] > o[4] && o[5] <= o[3]);
      let x0 = 0, y0 = 0, x1 = Math.max(o[3], o[5]), y1 = Math.max(o[4], o[6]);
      for (const d of members[k]) {
        x0 = Math.min(x0, X[d] - o[1]); y0 = Math.min(y0, Y[d] - o[2]);
        x1 = Math.max(x1, X[d] + W[d] - o[1]); y1 = Math.max(y1, Y[d] + H[d] - o[2]);
      }
      const L = Math.max(sideways ? o[3] : o[4], 1), lo = sideways ? x0 : y0, hi = sideways ? x1 : y1;
      const page = Math.max(L, (hi - lo) / 65536), count = Math.max(1, Math.ceil((hi - lo) / page));
      const buckets = Array.from({ length: count }, () => []);
      const bucket = v => Math.max(0, Math.min(count - 1, Math.floor((v - lo) / page)));
      for (const d of members[k]) {
        const a = sideways ? X[d] - o[1] : Y[d] - o[2], b = a + (sideways ? W[d] : H[d]);
        for (let j = bucket(a), last = bucket(b); j <= last; j++) buckets[j].push(d);
      }
      return { o, sideways, x0, y0, x1, y1, L, bucket, buckets, offset: [o[7], o[8]], node: null, inner: null, mounted: new Map() };
    });
    const drawsBelow = (a, b) => Z[a] - Z[b] || P[a] - P[b] || RANK[a] - RANK[b] || a - b;

    // A uniform grid over the content; cells about a viewport in size, at most ~max(m, 4096) cells.
    const cols = Math.max(1, Math.min(Math.ceil(CW / Math.max(VW, 1)), 256));
    const rows = Math.max(1, Math.min(Math.ceil(CH / Math.max(VH, 1)), Math.ceil(Math.max(m, 4096) / cols)));
    const cellW = CW / cols, cellH = CH / rows;
    const cell = (v, size, count) => Math.max(0, Math.min(count - 1, Math.floor(v / size)));
    const starts = new Uint32Array(cols * rows + 1);
    for (let d = 0; d < m; d++) {
      if (P[d] || OFF[d] || SHELF_OF[d] >= 0) continue;
      const c0 = cell(X[d], cellW, cols), c1 = cell(X[d] + W[d], cellW, cols);
      const r0 = cell(Y[d], cellH, rows), r1 = cell(Y[d] + H[d], cellH, rows);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) starts[r * cols + c + 1]++;
    }
    for (let k = 0; k < cols * rows; k++) starts[k + 1] += starts[k];
    const fill = starts.slice(0, cols * rows), entries = new Int32Array(starts[cols * rows]);
    for (let d = 0; d < m; d++) {
      if (P[d] || OFF[d] || SHELF_OF[d] >= 0) continue;
      const c0 = cell(X[d], cellW, cols), c1 = cell(X[d] + W[d], cellW, cols);
      const r0 = cell(Y[d], cellH, rows), r1 = cell(Y[d] + H[d], cellH, rows);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) entries[fill[r * cols + c]++] = d;
    }
    const seen = new Uint32Array(m); let stamp = 0;
    const overlaps = (x, y, w, h, qx, qy, qw, qh) => x < qx + qw && qx < x + w && y < qy + qh && qy < y + h;
    // Drawables whose resting frame meets the rectangle (pinned ones are placed separately).
    function query(qx, qy, qw, qh) {
      stamp++;
      const out = [];
      const c0 = cell(qx, cellW, cols), c1 = cell(qx + qw, cellW, cols);
      const r0 = cell(qy, cellH, rows), r1 = cell(qy + qh, cellH, rows);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) {
        for (let k = starts[r * cols + c], end = starts[r * cols + c + 1]; k < end; k++) {
          const d = entries[k];
          if (seen[d] === stamp) continue;
          seen[d] = stamp;
          if (overlaps(X[d], Y[d], Math.max(W[d], 1e-9), Math.max(H[d], 1e-9), qx, qy, qw, qh)) out.push(d);
        }
      }
      return out;
    }
    // A pinned element sticks to the top of the visible area, pushed up by its end (END is where
    // its bottom stops); a bottom-pinned one to the bottom, pushed down by its start (END is where
    // its top stops).
    function pinnedFrame(d, vx, vy) {
      const y = BOTTOM[d] ? Math.min(Y[d], Math.max(vy + VH - H[d], END[d])) : Math.max(Y[d], Math.min(vy, END[d] - H[d]));
      return [X[d], y, W[d], H[d]];
    }

    function describe(d, f) {
      const where = ' (' + f.map(v => Math.round(v * 100) / 100).join(', ') + ')';
      switch (KIND[d]) {
        case ITEM: return ['item', D.labels[REF[d]], REF[d] + ': ' + D.labels[REF[d]] + where];
        case SECTION: return ['section', '', 'section ' + S[REF[d]][6] + ': ' + S[REF[d]][4] + where];
        case TITLE: return ['title', S[REF[d]][4], 'section ' + S[REF[d]][6] + ': ' + S[REF[d]][4]];
        case SHELF: return ['shelf', '', 'section ' + O[REF[d]][0] + ' scrolls on its own' + where];
        default: {
          const e = E[REF[d]];
          const anchor = e[9] === null ? '' : ' for item ' + e[9];
          return [e[0] + (e[8] !== null ? ' pinned' : ''), TITLES.get(REF[d]) || e[1], e[0] + ' ' + e[1] + ' of section ' + e[2] + anchor + where];
        }
      }
    }

    const mounted = new Map(), pool = [];

    // A shelf's scroll box: a spacer as large as its content, a layer for its nodes.
    function mountShelf(sh) {
      const node = document.createElement('div'), spacer = document.createElement('div'), inner = document.createElement('div');
      node.className = 'shelf'; spacer.className = 'shelf-spacer'; inner.className = 'shelf-layer';
      spacer.style.width = (sh.x1 - sh.x0) + 'px'; spacer.style.height = (sh.y1 - sh.y0) + 'px';
      spacer.appendChild(inner); node.appendChild(spacer);
      sh.node = node; sh.inner = inner; sh.mounted = new Map();
      node.addEventListener('scroll', () => {
        if (sh.node !== node) return;
        sh.offset = [node.scrollLeft + sh.x0, node.scrollTop + sh.y0];
        if (sh.touched) { clearTimeout(sh.settle); sh.settle = setTimeout(() => settleShelf(sh), 150); }
        update();
      });
      // Only a person's scroll snaps (a wheel, a drag, a key): an offset the address or
      // --section-offset gives is shown as it is, as UIKit shows a contentOffset set in code.
      // A gesture is over when no wheel tick came for a while and no finger or button is down.
      for (const kind of ['wheel', 'pointerdown', 'touchstart', 'keydown']) {
        node.addEventListener(kind, () => { sh.touched = true; sh.lastInput = performance.now(); }, { passive: true });
      }
      node.addEventListener('pointerdown', () => { sh.holding = true; });
      for (const kind of ['pointerup', 'pointercancel']) window.addEventListener(kind, () => {
        if (sh.holding) { sh.holding = false; sh.lastInput = performance.now(); clearTimeout(sh.settle); sh.settle = setTimeout(() => settleShelf(sh), 150); }
      });
      node.addEventListener('scrollend', () => { if (sh.touched) settleShelf(sh); });
      return node;
    }
    // A paging shelf comes to rest where the layout's targetContentOffset puts a scroll that
    // stopped here (ShelfPaging in Swift): the nearest multiple of its step (a page, or the
    // group pitch), within its scroll range; a continuous shelf (step 0) rests anywhere.
    function restingOffset(sh, off) {
      const step = sh.o[11], max = sh.o[12], sign = sh.o[13];
      if (!(step > 0)) return off;
      let q = sign * off / step;
      if (Math.abs(q - Math.round(q)) < 1e-9) q = Math.round(q);
      return sign * Math.min(Math.max(Math.round(q) * step, 0), Math.max(max, 0));
    }
    function settleShelf(sh) {
      clearTimeout(sh.settle);
      if (!sh.node || !(sh.o[11] > 0)) return;
      const quiet = performance.now() - (sh.lastInput || 0);
      if (sh.holding || quiet < 150) { sh.settle = setTimeout(() => settleShelf(sh), 150 - Math.min(quiet, 150) + 10); return; }
      const node = sh.node, off = sh.sideways ? node.scrollLeft + sh.x0 : node.scrollTop + sh.y0;
      const target = restingOffset(sh, off);
      sh.touched = false;
      if (Math.abs(target - off) < 0.5) return;
      node.scrollTo(sh.sideways ? { left: target - sh.x0, behavior: 'smooth' } : { top: target - sh.y0, behavior: 'smooth' });
    }
    function scrollShelf(sh) {
      if (!sh.node) return;
      sh.node.scrollLeft = sh.offset[0] - sh.x0; sh.node.scrollTop = sh.offset[1] - sh.y0;
    }
    // Mounts what lies within half a scroller of what the shelf shows; returns how many of its
    // items show through both the scroller and the viewport.
    function drawShelf(sh, vx, vy) {
      const o = sh.o, ox = sh.node.scrollLeft + sh.x0, oy = sh.node.scrollTop + sh.y0;
      const off = sh.sideways ? ox : oy, from = off - sh.L / 2, to = off + 1.5 * sh.L;
      const want = new Set();
      for (let j = sh.bucket(from), last = sh.bucket(to); j <= last; j++) for (const d of sh.buckets[j]) {
        const p = sh.sideways ? X[d] - o[1] : Y[d] - o[2], len = sh.sideways ? W[d] : H[d];
        if (p < to && p + len > from) want.add(d);
      }
      for (const [d, node] of sh.mounted) if (!want.has(d)) { node.remove(); pool.push(node); sh.mounted.delete(d); }
      let count = 0;
      [...want].sort(drawsBelow).forEach((d, rank) => {
        let node = sh.mounted.get(d);
        if (!node) {
          node = pool.pop() || document.createElement('div');
          const [kind, text, title] = describe(d, [X[d], Y[d], W[d], H[d]]);
          node.className = kind; node.textContent = text; node.title = title; node.dataset.index = d;
          node.style.left = (X[d] - o[1] - sh.x0) + 'px'; node.style.top = (Y[d] - o[2] - sh.y0) + 'px';
          node.style.width = W[d] + 'px'; node.style.height = H[d] + 'px';
          sh.inner.appendChild(node); sh.mounted.set(d, node);
        }
        node.style.zIndex = rank;
        const dx = X[d] - ox, dy = Y[d] - oy;
        const on = KIND[d] !== DECORATION && W[d] > 0 && H[d] > 0 && overlaps(dx, dy, W[d], H[d], vx, vy, VW, VH)
          && overlaps(dx, dy, W[d], H[d], o[1], o[2], o[3], o[4]);
        if (on && KIND[d] === ITEM) count++;
        node.classList.toggle('on', on);
      });
      return count;
    }
    let anchorX = 0, anchorY = 0;
    // The offset asked for (--offset or the fragment) while the scroll position is still the
    // one it gave: a scaled scroll position rounds, and the page should show the exact offset.
    let requested = null;
    function update() {
      const sx = view.scrollLeft, sy = view.scrollTop;
      const exact = requested && requested.sx === sx && requested.sy === sy;
      const vx = exact ? requested.x : toContent(sx, SW, CW, VW), vy = exact ? requested.y : toContent(sy, SH, CH, VH);
      if (scaled) { anchorX = vx; anchorY = vy; }
      layer.style.transform = 'translate(' + (sx - vx + anchorX) + 'px,' + (sy - vy + anchorY) + 'px)';
      const near = query(vx - VW / 2, vy - VH / 2, 2 * VW, 2 * VH);
      const frames = new Map();
      for (const d of near) frames.set(d, [X[d], Y[d], W[d], H[d]]);
      for (const d of pinned) {
        const f = pinnedFrame(d, vx, vy);
        if (overlaps(f[0], f[1], f[2], f[3], vx - VW / 2, vy - VH / 2, 2 * VW, 2 * VH)) frames.set(d, f);
      }
      for (const [d, node] of mounted) if (!frames.has(d)) {
        node.remove(); mounted.delete(d);
        if (KIND[d] === SHELF) SHELVES[REF[d]].node = null; else pool.push(node);
      }
      const order = [...frames.keys()].sort(drawsBelow);
      let visibleCount = 0;
      order.forEach((d, rank) => {
        const f = frames.get(d);
        let node = mounted.get(d);
        const fresh = !node;
        if (fresh && KIND[d] === SHELF) {
          node = mountShelf(SHELVES[REF[d]]);
          node.title = describe(d, f)[2];
          layer.appendChild(node); mounted.set(d, node);
        } else if (fresh) {
          node = pool.pop() || document.createElement('div');
          const [kind, text, title] = describe(d, f);
          node.className = kind; node.textContent = text; node.title = title; node.dataset.index = d;
          layer.appendChild(node); mounted.set(d, node);
        }
        if (P[d] && !fresh) node.title = describe(d, f)[2];
        if (fresh || scaled || P[d]) {
          node.style.left = (f[0] - anchorX) + 'px'; node.style.top = (f[1] - anchorY) + 'px';
          node.style.width = f[2] + 'px'; node.style.height = f[3] + 'px';
        }
        node.style.zIndex = rank;
        if (fresh && KIND[d] === SHELF) scrollShelf(SHELVES[REF[d]]);
        const on = (KIND[d] === ITEM || KIND[d] === SUPPLEMENTARY) && f[2] > 0 && f[3] > 0 && overlaps(f[0], f[1], f[2], f[3], vx, vy, VW, VH);
        if (on && KIND[d] === ITEM) visibleCount++;
        node.classList.toggle('on', on);
      });
      for (const sh of SHELVES) if (sh.node) visibleCount += drawShelf(sh, vx, vy);
      statusLine.textContent = 'offset ' + Math.round(vx * 100) / 100 + ',' + Math.round(vy * 100) / 100 + ': '
        + visibleCount + ' items visible (orange), ' + mounted.size + ' nodes near the viewport';
    }
    function scrollToOffset() {
      let x = D.offset[0], y = D.offset[1];
      for (const part of location.hash.slice(1).split('&')) {
        const [key, value] = part.split('=');
        if ((key === 'x' || key === 'y') && isFinite(parseFloat(value))) { if (key === 'x') x = parseFloat(value); else y = parseFloat(value); }
        const shelf = /^s([0-9]+)$/.exec(key);
        if (shelf && shelfBySection.has(+shelf[1]) && value !== undefined) {
          const [sx, sy] = value.split(',').map(parseFloat), sh = SHELVES[shelfBySection.get(+shelf[1])];
          sh.offset = [isFinite(sx) ? sx : 0, isFinite(sy) ? sy : 0];
          scrollShelf(sh);
        }
      }
      x = Math.max(0, Math.min(x, CW - VW)); y = Math.max(0, Math.min(y, CH - VH));
      view.scrollTo(toScroll(x, SW, CW, VW), toScroll(y, SH, CH, VH));
      requested = { sx: view.scrollLeft, sy: view.scrollTop, x: x, y: y };
      update();
    }
    view.addEventListener('scroll', update);
    window.addEventListener('hashchange', scrollToOffset);
    scrollToOffset();

    """
}
