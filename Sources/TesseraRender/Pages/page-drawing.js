const ITEM = 0, SECTION = 1, TITLE = 2, SUPPLEMENTARY = 3, DECORATION = 4, SHELF = 5;
const overlaps = (x, y, w, h, qx, qy, qw, qh) => x < qx + qw && qx < x + w && y < qy + qh && qy < y + h;
// Scroll position s (spacer px, spacer Sz long) <-> content offset (content C long, viewport V),
// linear when the spacer is shorter. The fraction comes first: s * (C - V) overflows to Infinity
// for a content near 1e308, s / (Sz - V) is at most 1.
const toContent = (s, Sz, C, V) => (C > Sz && Sz > V) ? (s / (Sz - V)) * (C - V) : s;
const toScroll = (c, Sz, C, V) => (C > Sz && Sz > V) ? (c / (C - V)) * (Sz - V) : c;
// A frame cut to what CSS can place: within 1e7 px of the viewport at (vx, vy), as Chromium holds
// layout in units that end near 3.3e7 px (a 1e308 px tall item would end above the viewport).
// The frame itself for any content the page does not scale (its spacer is at most 8e6 px).
function cssBox(f, vx, vy, vw, vh) {
  const M = 1e7, x0 = Math.max(f[0], vx - M), y0 = Math.max(f[1], vy - M);
  const x1 = Math.min(f[0] + f[2], vx + vw + M), y1 = Math.min(f[1] + f[3], vy + vh + M);
  if (x0 === f[0] && y0 === f[1] && x1 === f[0] + f[2] && y1 === f[1] + f[3]) return f;
  return [x0, y0, Math.max(0, x1 - x0), Math.max(0, y1 - y0)];
}
const gridCell = (v, size, count) => Math.max(0, Math.min(count - 1, Math.floor(v / size)));
// The page data's pinEdge names, as codes in EDGE (absent: top).
const PIN_TOP = 0, PIN_BOTTOM = 1, PIN_LEFT = 2, PIN_RIGHT = 3;
const pinEdgeCode = name => name === 'bottom' ? PIN_BOTTOM : name === 'left' ? PIN_LEFT : name === 'right' ? PIN_RIGHT : PIN_TOP;
// Text measured with a canvas in the font the page draws it in: the section titles' boxes
// (drawables) and the labels kept clear of them (labelPlace).
const ink = document.createElement('canvas').getContext('2d');
// A section title's box is as wide as its text in the font the page draws titles in, plus
// their padding (both read once from a probe title in #layer). The width is rounded up to the
// 1/64 px layout measures in: a box a hair narrower than the text would cut it with an ellipsis.
// Each distinct title is measured once, so a generation of a million items costs as many
// measures as it has titles not seen before.
const titleBoxes = { font: null, padding: 0, widths: new Map() };
function titleBoxWidth(title) {
  let w = titleBoxes.widths.get(title);
  if (w !== undefined) return w;
  if (titleBoxes.font === null) {
    const probe = document.createElement('div');
    probe.className = 'title';
    document.getElementById('layer').appendChild(probe);
    const cs = getComputedStyle(probe), px = k => parseFloat(cs[k]) || 0;
    titleBoxes.font = cs.font;
    titleBoxes.padding = px('paddingLeft') + px('paddingRight') + px('borderLeftWidth') + px('borderRightWidth');
    probe.remove();
  }
  ink.font = titleBoxes.font;
  w = Math.ceil(ink.measureText(title).width * 64) / 64 + titleBoxes.padding;
  if (titleBoxes.widths.size >= 65536) titleBoxes.widths.clear();
  titleBoxes.widths.set(title, w);
  return w;
}
const freshArrays = { take: (Type, length, value) => value ? new Type(length).fill(value) : new Type(length), recycle: () => {} };
function* drawables(D, F, CW, CH, VW, VH, arrays = freshArrays) {
  const n = F.length / 4, Sx = D.sections, E = D.elements, O = D.orthogonal, take = arrays.take;
  const m = n + 2 * Sx.length + E.length + O.length;
  // X, Y, W, H, REF and the grid's entries are written whole below; the rest start cleared.
  const X = take(Float64Array, m), Y = take(Float64Array, m), W = take(Float64Array, m), H = take(Float64Array, m);
  // Drawing order, bottom first: zIndex, then pinned above unpinned, then decorations, items,
  // supplementaries (RANK), then list order; section boxes at the bottom, titles on top.
  const Z = take(Float64Array, m, 0), P = take(Uint8Array, m, 0), RANK = take(Uint8Array, m, 0), KIND = take(Uint8Array, m, 0);
  const REF = take(Int32Array, m);
  // The shelf a drawable lives in, or -1 (its items and their badges); pin limits; pin edges
  // (PIN_TOP...PIN_RIGHT); drawables never drawn (a section's title when its own header shows it).
  const SHELF_OF = take(Int32Array, m, -1), END = take(Float64Array, m, 0), EDGE = take(Uint8Array, m, 0), OFF = take(Uint8Array, m, 0);
  yield;
  const pinned = [];
  for (let i = 0; i < n; i++) { if ((i & 16383) === 16383) yield; X[i] = F[4 * i]; Y[i] = F[4 * i + 1]; W[i] = F[4 * i + 2]; H[i] = F[4 * i + 3]; REF[i] = i; RANK[i] = 1; }
  for (let k = 0; k < D.itemZ.length; k += 2) Z[D.itemZ[k]] = D.itemZ[k + 1];
  for (const p of D.pinnedItems) { P[p.index] = 1; END[p.index] = p.pinLimit; EDGE[p.index] = pinEdgeCode(p.pinEdge); pinned.push(p.index); }
  Sx.forEach((s, k) => {
    const a = n + 2 * k, b = a + 1, f = s.frame;
    X[a] = f[0]; Y[a] = f[1]; W[a] = f[2]; H[a] = f[3]; Z[a] = -1e15; KIND[a] = SECTION; REF[a] = k;
    // The title in the top right corner: the top left one holds the first item's label. One its
    // section's header shows is never drawn, so it is not measured either.
    W[b] = s.titledByHeader ? 0 : Math.min(f[2], titleBoxWidth(s.title)); X[b] = f[0] + f[2] - W[b]; Y[b] = f[1]; H[b] = 14; Z[b] = 1e15; KIND[b] = TITLE; REF[b] = k; OFF[b] = s.titledByHeader ? 1 : 0;
  });
  const base = n + 2 * Sx.length, TITLES = new Map();
  E.forEach((e, k) => {
    const d = base + k, f = e.frame;
    X[d] = f[0]; Y[d] = f[1]; W[d] = f[2]; H[d] = f[3]; Z[d] = e.zIndex; REF[d] = k;
    KIND[d] = e.category === 'decoration' ? DECORATION : SUPPLEMENTARY;
    RANK[d] = e.category === 'decoration' ? 0 : 2;
    if (e.pinLimit !== undefined) { pinned.push(d); P[d] = 1; END[d] = e.pinLimit; EDGE[d] = pinEdgeCode(e.pinEdge); }
    if (e.title !== undefined) TITLES.set(k, e.title);
  });
  const shelfBySection = new Map(), members = O.map(() => []);
  O.forEach((o, k) => {
    const d = base + E.length + k, f = o.frame;
    X[d] = f[0]; Y[d] = f[1]; W[d] = f[2]; H[d] = f[3]; KIND[d] = SHELF; REF[d] = k; RANK[d] = 1;
    shelfBySection.set(o.section, k);
    for (let i = o.items[0]; i < o.items[1]; i++) { SHELF_OF[i] = k; Z[d] = Math.max(Z[d], Z[i]); members[k].push(i); }
  });
  E.forEach((e, k) => {
    const d = base + k;
    if (e.index !== undefined && shelfBySection.has(e.section)) { SHELF_OF[d] = shelfBySection.get(e.section); members[SHELF_OF[d]].push(d); }
  });
  // A shelf's own index, over the box (relative to the scroller's origin) holding its content at rest.
  const SHELVES = O.map((o, k) => {
    const [fx, fy, fw, fh] = o.frame, [cw, ch] = o.contentSize;
    const sideways = !(ch > fh && cw <= fw);
    let x0 = 0, y0 = 0, x1 = Math.max(fw, cw), y1 = Math.max(fh, ch);
    for (const d of members[k]) {
      x0 = Math.min(x0, X[d] - fx); y0 = Math.min(y0, Y[d] - fy);
      x1 = Math.max(x1, X[d] + W[d] - fx); y1 = Math.max(y1, Y[d] + H[d] - fy);
    }
    const L = Math.max(sideways ? fw : fh, 1), lo = sideways ? x0 : y0, hi = sideways ? x1 : y1;
    const page = Math.max(L, (hi - lo) / 65536), count = Math.max(1, Math.ceil((hi - lo) / page));
    const buckets = Array.from({ length: count }, () => []);
    const bucket = v => Math.max(0, Math.min(count - 1, Math.floor((v - lo) / page)));
    for (const d of members[k]) {
      const a = sideways ? X[d] - fx : Y[d] - fy, b = a + (sideways ? W[d] : H[d]);
      for (let j = bucket(a), last = bucket(b); j <= last; j++) buckets[j].push(d);
    }
    return { section: o.section, frame: o.frame, start: o.offset, paging: o.paging, sideways, x0, y0, x1, y1, L, bucket, buckets,
             node: null, inner: null, mounted: new Map() };
  });
  // The grid spans CW x CH from the scroll range's corner: (0, 0), or left of 0 for a
  // right-to-left content wider than the viewport (its contentOrigin).
  const GX = Math.min(0, D.contentOrigin ? D.contentOrigin[0] : 0), GY = Math.min(0, D.contentOrigin ? D.contentOrigin[1] : 0);
  const cols = Math.max(1, Math.min(Math.ceil(CW / Math.max(VW, 1)), 256));
  const rows = Math.max(1, Math.min(Math.ceil(CH / Math.max(VH, 1)), Math.ceil(Math.max(m, 4096) / cols)));
  const cellW = CW / cols, cellH = CH / rows;
  const starts = new Uint32Array(cols * rows + 1);
  // Counting sort into the cells: the first pass counts and keeps each entry's cell range
  // (-1: not indexed: pinned, never drawn, or in a shelf), the second places the entries
  // without computing the cells again.
  const R0 = take(Int32Array, m), R1 = take(Int32Array, m), C0 = take(Uint8Array, m), C1 = take(Uint8Array, m);
  const iw = 1 / cellW, ih = 1 / cellH, lastCol = cols - 1, lastRow = rows - 1;
  const clamp = (v, hi) => v > 0 ? (v < hi ? v : hi) : 0;
  for (let d = 0; d < m; d++) {
    if ((d & 16383) === 16383) yield;
    if (P[d] || OFF[d] || SHELF_OF[d] >= 0) { R0[d] = -1; continue; }
    const x = X[d] - GX, y = Y[d] - GY;
    const c0 = clamp(Math.floor(x * iw), lastCol), c1 = clamp(Math.floor((x + W[d]) * iw), lastCol);
    const r0 = clamp(Math.floor(y * ih), lastRow), r1 = clamp(Math.floor((y + H[d]) * ih), lastRow);
    R0[d] = r0; R1[d] = r1; C0[d] = c0; C1[d] = c1;
    if (r0 === r1 && c0 === c1) { starts[r0 * cols + c0 + 1]++; continue; }
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) starts[r * cols + c + 1]++;
  }
  for (let k = 0; k < cols * rows; k++) starts[k + 1] += starts[k];
  const fill = starts.slice(0, cols * rows), entries = take(Int32Array, starts[cols * rows]);
  for (let d = 0; d < m; d++) {
    if ((d & 16383) === 16383) yield;
    const r0 = R0[d];
    if (r0 < 0) continue;
    const r1 = R1[d], c0 = C0[d], c1 = C1[d];
    if (r0 === r1 && c0 === c1) { entries[fill[r0 * cols + c0]++] = d; continue; }
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) entries[fill[r * cols + c]++] = d;
  }
  arrays.recycle(R0, R1, C0, C1);
  return { n, m, X, Y, W, H, Z, P, RANK, KIND, REF, SHELF_OF, END, EDGE, OFF, pinned, TITLES, shelfBySection, SHELVES, Sx, E, O,
           CW, CH, GX, GY, cols, rows, cellW, cellH, starts, entries, seen: take(Uint32Array, m, 0), stamp: 0 };
}
function built(steps) { for (;;) { const r = steps.next(); if (r.done) return r.value; } }
// Drawables whose resting frame meets the rectangle (pinned ones are placed separately).
function gridQuery(g, qx, qy, qw, qh) {
  const out = [];
  g.stamp++;
  const gx = qx - g.GX, gy = qy - g.GY;
  const c0 = gridCell(gx, g.cellW, g.cols), c1 = gridCell(gx + qw, g.cellW, g.cols), r0 = gridCell(gy, g.cellH, g.rows), r1 = gridCell(gy + qh, g.cellH, g.rows);
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) {
    for (let k = g.starts[r * g.cols + c], end = g.starts[r * g.cols + c + 1]; k < end; k++) {
      const d = g.entries[k];
      if (g.seen[d] === g.stamp) continue;
      g.seen[d] = g.stamp;
      if (overlaps(g.X[d], g.Y[d], Math.max(g.W[d], 1e-9), Math.max(g.H[d], 1e-9), qx, qy, qw, qh)) out.push(d);
    }
  }
  return out;
}
// A pinned element sticks to the top of the visible area, pushed up by its end (END is where
// its bottom stops); a bottom-pinned one to the bottom, pushed down by its start (END is where
// its top stops); left and right pins (a transposed layout's) do the same in x.
function pinnedFrameIn(g, d, vx, vy, vw, vh) {
  const x = g.X[d], y = g.Y[d], w = g.W[d], h = g.H[d], end = g.END[d];
  switch (g.EDGE[d]) {
    case PIN_BOTTOM: return [x, Math.min(y, Math.max(vy + vh - h, end)), w, h];
    case PIN_LEFT: return [Math.max(x, Math.min(vx, end - w)), y, w, h];
    case PIN_RIGHT: return [Math.min(x, Math.max(vx + vw - w, end)), y, w, h];
    default: return [x, Math.max(y, Math.min(vy, end - h)), w, h];
  }
}
// A shelf's scroll box, kept in `sh` (node, inner, mounted): a spacer as large as its
// content holding a layer for its nodes. Each page adds its own scroll handling.
function shelfBox(sh) {
  const node = document.createElement('div'), spacer = document.createElement('div'), inner = document.createElement('div');
  node.className = 'shelf'; spacer.className = 'shelf-spacer'; inner.className = 'shelf-layer';
  spacer.style.width = (sh.x1 - sh.x0) + 'px'; spacer.style.height = (sh.y1 - sh.y0) + 'px';
  spacer.appendChild(inner); node.appendChild(spacer);
  sh.node = node; sh.inner = inner; sh.mounted = new Map();
  return node;
}
// A shelf's drawables near its scroll offset `off` (half a scroller before, one and a half
// after) in drawing order; the mounted nodes of the others go back to `pool`.
function shelfDrawables(G, sh, off, pool, drawsBelow) {
  const f = sh.frame, from = off - sh.L / 2, to = off + 1.5 * sh.L, want = new Set();
  for (let j = sh.bucket(from), last = sh.bucket(to); j <= last; j++) for (const d of sh.buckets[j]) {
    const p = sh.sideways ? G.X[d] - f[0] : G.Y[d] - f[1], len = sh.sideways ? G.W[d] : G.H[d];
    if (p < to && p + len > from) want.add(d);
  }
  for (const [d, node] of sh.mounted) if (!want.has(d)) { node.remove(); pool.push(node); sh.mounted.delete(d); }
  return [...want].sort(drawsBelow);
}
const byDrawingOrder = g => (a, b) => g.Z[a] - g.Z[b] || g.P[a] - g.P[b] || g.RANK[a] - g.RANK[b] || a - b;
// A paging shelf comes to rest where the layout's targetContentOffset puts a scroll that
// stopped here (ShelfPaging in Swift): the nearest multiple of its step (a page, or the
// group pitch), within its scroll range; a continuous shelf (step 0) rests anywhere.
function restingOffset(sh, off) {
  const { step, maximum: max, sign } = sh.paging;
  if (!(step > 0)) return off;
  let q = sign * off / step;
  if (Math.abs(q - Math.round(q)) < 1e-9) q = Math.round(q);
  return sign * Math.min(Math.max(Math.round(q) * step, 0), Math.max(max, 0));
}
// Only a person's scroll of a shelf snaps (a wheel, a drag, a key): an offset set in code (the
// address, --section-offset, a new pass drawn where the shelf was) is shown as it is, as UIKit
// shows a contentOffset set in code. A gesture is over when no input came for 150 ms and no
// finger or button is down; the shelf then comes to rest at restingOffset. A page calls
// watchGestures as it mounts a shelf's box and shelfScrolled from the box's scroll handler;
// one that mounts a shelf again (a new pass) hands watchGestures the shelf it replaces, whose
// gesture (or snap still under way) the new box then ends.
const shelvesHeld = new Set();
for (const kind of ['pointerup', 'pointercancel']) window.addEventListener(kind, () => {
  for (const sh of shelvesHeld) { sh.holding = false; sh.lastInput = performance.now(); shelfScrolled(sh); }
  shelvesHeld.clear();
});
function watchGestures(sh, node, replaced) {
  if (replaced && (replaced.touched || replaced.snapping)) {
    clearTimeout(replaced.settle);
    sh.touched = true; sh.lastInput = replaced.lastInput;
    if (shelvesHeld.delete(replaced)) { sh.holding = true; shelvesHeld.add(sh); }
    shelfScrolled(sh);
  }
  for (const kind of ['wheel', 'pointerdown', 'touchstart', 'keydown']) {
    node.addEventListener(kind, () => { sh.touched = true; sh.lastInput = performance.now(); }, { passive: true });
  }
  node.addEventListener('pointerdown', () => { sh.holding = true; shelvesHeld.add(sh); });
  node.addEventListener('scrollend', () => { sh.snapping = false; if (sh.touched && sh.node === node) settleShelf(sh); });
}
function shelfScrolled(sh) {
  if (sh.touched) { clearTimeout(sh.settle); sh.settle = setTimeout(() => settleShelf(sh), 150); }
}
function settleShelf(sh) {
  clearTimeout(sh.settle);
  if (!sh.node || !(sh.paging.step > 0)) return;
  const quiet = performance.now() - (sh.lastInput || 0);
  if (sh.holding || quiet < 150) { sh.settle = setTimeout(() => settleShelf(sh), 150 - Math.min(quiet, 150) + 10); return; }
  const node = sh.node, off = sh.sideways ? node.scrollLeft + sh.x0 : node.scrollTop + sh.y0;
  const target = restingOffset(sh, off);
  sh.touched = false;
  if (Math.abs(target - off) < 0.5) return;
  sh.snapping = true;
  node.scrollTo(sh.sideways ? { left: target - sh.x0, behavior: 'smooth' } : { top: target - sh.y0, behavior: 'smooth' });
}
// Where a box's label goes, clear of the section titles' boxes `titles` ([x, y, w, h] at rest),
// by the svg picture's rule. Its line is the text as the box shows it (cut to the box), from the
// box's left edge to 2 px past the text and from its top to 2 px under it. Where the line meets a
// title it moves just under the titles it meets, when the box is tall enough; else the text is
// cut (an ellipsis) 2 px short of them; else (not even the ellipsis fits) it is left off.
// Returns the box's padding [top, right] (a box with a 1 px border), or null: left off.
function labelPlace(f, text, font, titles) {
  const near = titles.filter(t => overlaps(t[0], t[1], t[2], t[3], f[0], f[1], f[2], f[3]));
  if (text === '' || near.length === 0) return [0, 0];
  ink.font = font;
  const m = ink.measureText(text), lineW = Math.min(m.width, f[2] - 2) + 3;
  const lineH = m.fontBoundingBoxAscent + m.fontBoundingBoxDescent + 3;
  const met = top => near.filter(t => overlaps(t[0], t[1], t[2], t[3], f[0], top, lineW, lineH));
  const blocking = met(f[1]);
  if (blocking.length === 0) return [0, 0];
  for (let top = f[1], meeting = blocking; meeting.length > 0;) {
    const lowest = Math.max(...meeting.map(t => t[1] + t[3]));
    if (!(lowest > top) || lowest + lineH > f[1] + f[3]) break;
    top = lowest;
    meeting = met(top);
    if (meeting.length === 0) return [top - f[1], 0];
  }
  const right = Math.min(...blocking.map(t => t[0])) - 2;
  return right - f[0] - 1 < ink.measureText('\u2026').width ? null : [0, f[0] + f[2] - 1 - right];
}
// The font each kind of box writes its label in, read from the page's style once.
const labelFonts = new Map();
// Writes `text` into an item's or header's `node` (frame `f`) where labelPlace puts it.
function placeLabel(node, kind, text, f, titles) {
  if (!labelFonts.has(kind)) labelFonts.set(kind, getComputedStyle(node).font);
  const at = labelPlace(f, text, labelFonts.get(kind), titles);
  node.textContent = at ? text : '';
  node.style.paddingTop = at && at[0] ? at[0] + 'px' : '';
  node.style.paddingRight = at && at[1] ? at[1] + 'px' : '';
}
// The section titles among the drawables about to be drawn (`order`, their `frames`) and whether
// one of them is new (not in `mounted`). A label is placed when its box is mounted near titles,
// and again when it moves (pinned) or a title comes near; a shelf's cards scroll under the titles.
function titlesAmong(g, order, frames, mounted) {
  const titles = order.filter(d => g.KIND[d] === TITLE);
  return { frames: titles.map(d => frames.get(d)), fresh: titles.some(d => !mounted.has(d)) };
}
const labelWanted = (g, d, fresh, titles) => (g.KIND[d] === ITEM || g.KIND[d] === SUPPLEMENTARY)
  && (fresh ? titles.frames.length > 0 : g.P[d] === 1 || titles.fresh);
