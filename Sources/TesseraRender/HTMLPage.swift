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
    /// The layout pass the page draws.
    public var run: LayoutRun
    /// Where the page opens scrolled to: this rectangle's origin (the scroll box is the run's
    /// viewport size); nil for the content's top-left.
    public var viewport: Rect?
    /// What each item is labelled with.
    public var labels: ItemLabels
    /// Offsets of orthogonal sections by 0-based section (`run --section-offset`).
    public var sectionOffsets: [Int: Point]

    /// Longest scrollable extent, in CSS px, before the page scales its scroll position.
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
        \(PageDrawing.layerStyle)
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
        // A section's own supplementaries (headers, footers) show its title, any element the label
        // its layout gave: element, title pairs.
        out.append(contentsOf: Array("],\"elementTitles\":[".utf8))
        let sections = run.dataset.sections
        var firstTitle = true
        for (k, entry) in elements.elements.enumerated() {
            let e = entry.element
            guard let title = SectionBoxes.label(of: e, sections: sections) else { continue }
            out.append(contentsOf: Array("\(firstTitle ? "" : ",")\(k),".utf8))
            out.withBuffer { appendScriptString(title, to: &$0) }
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
            let paging = ShelfPaging.forShelf(o.section, in: result)
            out.append(contentsOf: Array("\(JSONWriter.format(paging.step)),\(JSONWriter.format(paging.maximum)),\(JSONWriter.format(paging.sign))]".utf8))
        }
        // Items drawn above or below the others, as index, zIndex pairs (most results have none).
        out.append(contentsOf: Array("],\"itemZ\":[".utf8))
        out.append(contentsOf: try PageDrawing.itemZ(of: result))
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
    \(PageDrawing.script)
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

    // Everything drawable in one set of arrays, indexed (PageDrawing's script, shared with the preview).
    const G = built(drawables(D, D.frames, CW, CH, VW, VH));
    const { n, m, X, Y, W, H, Z, P, KIND, REF, pinned, TITLES, shelfBySection } = G;
    const S = D.sections, E = D.elements, O = D.orthogonal;
    const SHELVES = G.SHELVES.map(sh => Object.assign(sh, { offset: [sh.o[7], sh.o[8]] }));
    const drawsBelow = byDrawingOrder(G);
    const query = (qx, qy, qw, qh) => gridQuery(G, qx, qy, qw, qh);
    const pinnedFrame = (d, vx, vy) => pinnedFrameIn(G, d, vx, vy, VH);

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

    // A shelf's scroll box (PageDrawing's shelfBox), with this page's scroll handling.
    function mountShelf(sh) {
      const node = shelfBox(sh);
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
      let count = 0;
      shelfDrawables(G, sh, sh.sideways ? ox : oy, pool, drawsBelow).forEach((d, rank) => {
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
