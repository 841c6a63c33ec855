const $ = id => document.getElementById(id);
const view = $('view'), spacer = $('spacer'), layer = $('layer'), statusLine = $('status'), errorPanel = $('error');
const inspector = $('inspector'), tip = $('tip'), conn = $('conn'), outline = $('outline'), grip = $('grip');
const token = new URLSearchParams(location.search).get('token') || '';
const LIMIT = 8000000;
const r2 = v => Math.round(v * 100) / 100;
const esc = s => String(s).replace(/[&<>"]/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

// ---- State kept across generations, mirrored in the address.
const S = { w: 375, h: 812, x: 0, y: 0, shelves: new Map(), sel: null, ov: new Set() };
let hashGiven = false;
// Until the address or the person sets a size, the page takes the one `--viewport` gave the server.
let sizeChosen = false;
function readHash() {
  for (const part of location.hash.slice(1).split('&')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const k = decodeURIComponent(part.slice(0, i)), v = decodeURIComponent(part.slice(i + 1)), num = parseFloat(v);
    hashGiven = true;
    if (k === 'w' && num >= 1) { S.w = Math.round(num); sizeChosen = true; }
    else if (k === 'h' && num >= 1) { S.h = Math.round(num); sizeChosen = true; }
    else if (k === 'x' && isFinite(num)) S.x = num;
    else if (k === 'y' && isFinite(num)) S.y = num;
    else if (k === 'sel') S.sel = v || null;
    else if (k === 'ov') S.ov = new Set(v.split(',').filter(Boolean));
    else {
      const m = /^s([0-9]+)$/.exec(k);
      if (m) { const [a, b] = v.split(',').map(parseFloat); S.shelves.set(+m[1], [isFinite(a) ? a : 0, isFinite(b) ? b : 0]); }
    }
  }
}
let hashTimer = 0;
function writeHash() {
  if (hashTimer) return;
  hashTimer = setTimeout(() => {
    hashTimer = 0;
    const parts = ['w=' + S.w, 'h=' + S.h];
    if (S.x) parts.push('x=' + r2(S.x));
    parts.push('y=' + r2(S.y));
    for (const [s, o] of S.shelves) parts.push('s' + s + '=' + r2(o[0]) + (o[1] ? ',' + r2(o[1]) : ''));
    if (S.sel !== null) parts.push('sel=' + encodeURIComponent(S.sel));
    if (S.ov.size) parts.push('ov=' + [...S.ov].join(','));
    history.replaceState(null, '', '#' + parts.join('&'));
  }, 60);
}

// ---- The current generation, as flat arrays (see HTMLPage's script for the scheme).
let M = null, PREV = null, ids = { version: -1, table: null }, errorGen = 0, lastTimings = null, lastGen = 0;
let selected = -1, deletedSel = null;
// Typed arrays of past generations, reused: a million-item generation needs ~80 MB of them,
// and allocating that much on every save sets off long garbage collections on the main
// thread. A generation's own arrays return here when the next one replaces it (its X, Y, W,
// H one generation later, as PREV keeps them for the inspector); scratch arrays after build.
const spare = [];
const arrays = {
  take(Type, length, value) {
    const k = spare.findIndex(a => a.constructor === Type && a.length === length);
    if (k < 0) return value ? new Type(length).fill(value) : new Type(length);
    const a = spare[k];
    spare[k] = spare[spare.length - 1]; spare.pop();
    if (value !== undefined) a.fill(value);
    return a;
  },
  recycle(...list) {
    for (const a of list) if (a && !spare.includes(a)) { spare.push(a); if (spare.length > 48) spare.shift(); }
  },
};
// The id table as it arrives: every id's UTF-8 text in one buffer, item i's at
// offsets[i]..offsets[i + 1]. Ids are decoded only when drawn or inspected (a million JS
// strings would cost one long task to make and slow every garbage collection after).
const utf8 = new TextDecoder(), utf8Out = new TextEncoder();
const idAt = (t, i) => utf8.decode(t.text.subarray(t.offsets[i], t.offsets[i + 1]));
// The index of an id, or -1: a scan comparing lengths, then bytes (a few ms for a million).
function idIndex(t, id) {
  const want = utf8Out.encode(id), len = want.length, O = t.offsets, B = t.text;
  for (let i = 0, n = O.length - 1; i < n; i++) {
    const a = O[i];
    if (O[i + 1] - a !== len || (len && B[a] !== want[0])) continue;
    let k = 1;
    while (k < len && B[a + k] === want[k]) k++;
    if (k >= len) return i;
  }
  return -1;
}
// A binary message: a little-endian length, that much JSON header, padding to 8 bytes, the body.
function readBinary(buf) {
  const len = new DataView(buf).getUint32(0, true);
  return { h: JSON.parse(utf8.decode(new Uint8Array(buf, 4, len))), body: 4 + len + ((8 - (4 + len) % 8) % 8) };
}
// A generator (PageDrawing's, shared with run --format html's page): it yields every 16k
// entries so that a large generation is built in slices between which the page stays
// responsive (see applyFrame).
function* build(h, F) {
  const g = yield* drawables(h, F, Math.max(h.content[0], 1), Math.max(h.content[1], 1), h.viewport[0], h.viewport[1], arrays);
  const table = ids.version === h.idsVersion ? ids.table : null;
  return Object.assign(g, { h, gen: h.gen, E: h.elements, Sx: h.sections, O: h.orthogonal, idsVersion: h.idsVersion,
                            ids: table, texts: table && table.texts || null, labels: table && table.labels || null, problems: null });
}
const query = (qx, qy, qw, qh) => gridQuery(M, qx, qy, qw, qh);
const pinnedFrame = (d, vx, vy) => pinnedFrameIn(M, d, vx, vy, S.w, S.h);
const idOf = i => (M.ids ? idAt(M.ids, i) : String(i));
// What an item shows: its `--label` field's value, else its id.
const labelOf = i => (M.labels ? idAt(M.labels, i) : idOf(i));
const drawsBelow = (a, b) => byDrawingOrder(M)(a, b);
function describe(d) {
  const g = M;
  switch (g.KIND[d]) {
    case ITEM: return ['item', labelOf(d)];
    case SECTION: return ['section', ''];
    case TITLE: return ['title', g.Sx[g.REF[d]].title];
    case SHELF: return ['shelf', ''];
    default: { const e = g.E[g.REF[d]]; return [e.category + (e.pinLimit !== undefined ? ' pinned' : ''), g.TITLES.get(g.REF[d]) || e.kind]; }
  }
}

// ---- Drawing: nodes for what lies near the viewport, recycled.
const mounted = new Map(), pool = [];
let requested = null, visibleCount = 0;
const SW = () => Math.min(Math.max(M.CW, S.w), LIMIT), SH = () => Math.min(Math.max(M.CH, S.h), LIMIT);
const toContent = (s, Sz, C, V) => (C > Sz && Sz > V) ? s * (C - V) / (Sz - V) : s;
const toScroll = (c, Sz, C, V) => (C > Sz && Sz > V) ? c * (Sz - V) / (C - V) : c;
function sizeView() {
  view.style.width = S.w + 'px'; view.style.height = S.h + 'px';
  for (let pass = 0; pass < 2; pass++) {
    view.style.width = (S.w + view.offsetWidth - view.clientWidth) + 'px';
    view.style.height = (S.h + view.offsetHeight - view.clientHeight) + 'px';
  }
  outline.style.width = S.w + 'px'; outline.style.height = S.h + 'px';
  $('vw').value = S.w; $('vh').value = S.h;
  fitFrame();
}
// The frame drawn smaller when it does not fit the window (a phone's 812 px under the bars is
// taller than a laptop's window): the layout still gets the viewport's size, but the frame and
// its grip show whole, so the grip is in reach without scrolling. Never below MIN_FIT: in a
// window that small the page scrolls instead. A drag keeps the scale it started with, so the
// grip stays under the pointer; the frame fits again when it ends.
// The grip may reach the window's right edge (a phone's 375 px viewport then fits a 390 px
// screen whole), not quite its bottom.
const frameBox = $('frame'), fitNote = $('fit'), GRIP = 16, GRIP_IN = 4, MIN_FIT = 0.25, BOTTOM_MARGIN = 4;
// The note saying so is a button: pressed, the frame is drawn 1:1 (the page scrolls to its
// grip), pressed again, it fits again.
let fitScale = 1, dragScale = 0, fitting = true;
function fitFrame() {
  const w = view.offsetWidth, h = view.offsetHeight, out = GRIP - GRIP_IN;
  const roomW = document.documentElement.clientWidth - frameBox.offsetLeft - out;
  const roomH = innerHeight - frameBox.offsetTop - out - BOTTOM_MARGIN;
  const fit = Math.max(MIN_FIT, Math.min(1, roomW / w, roomH / h));
  const k = dragScale || (fitting ? fit : 1);
  fitScale = k;
  // Scaled about its top left corner; the negative margins give back the room the transform
  // does not (a transform leaves the layout box as it was).
  frameBox.style.transform = k < 1 ? 'scale(' + k + ')' : '';
  frameBox.style.marginRight = k < 1 ? (k - 1) * w + 'px' : '';
  frameBox.style.marginBottom = k < 1 ? (k - 1) * h + 'px' : '';
  // The grip keeps its size on screen.
  grip.style.width = grip.style.height = GRIP / k + 'px';
  grip.style.left = (w - GRIP_IN / k) + 'px'; grip.style.top = (h - GRIP_IN / k) + 'px';
  fitNote.hidden = fit === 1;
  fitNote.textContent = k < 1 ? 'drawn at ' + Math.round(k * 100) + '% (1:1)' : 'drawn 1:1 (fit)';
}
// Nodes go back to the pool for the next generation (a shelf's scroll box is its own kind).
function clearNodes() {
  for (const [, node] of mounted) { node.remove(); if (node.className !== 'shelf') pool.push(node); }
  mounted.clear();
}
function place(node, d, f, ox, oy) {
  node.style.left = (f[0] - ox) + 'px'; node.style.top = (f[1] - oy) + 'px';
  node.style.width = f[2] + 'px'; node.style.height = f[3] + 'px';
  if (M.KIND[d] === ITEM) node.dataset.size = r2(f[2]) + 'x' + r2(f[3]);
}
function dressNode(node, d) {
  const [kind, text] = describe(d);
  node.className = kind; node.textContent = text; node.dataset.d = d;
  measureText(node, d);
  if (M.KIND[d] === ITEM) node.dataset.id = idOf(d); else delete node.dataset.id;
}
function mountShelf(sh) {
  const node = shelfBox(sh);
  node.addEventListener('scroll', () => {
    if (sh.node !== node || sh.restoring) return;
    const x = node.scrollLeft + sh.x0, y = node.scrollTop + sh.y0;
    S.shelves.set(sh.section, [x, y]);
    // When the shelf stops, it comes to rest as its paging behaviour says (PageDrawing's
    // restingOffset, the rule run --format html's page follows).
    clearTimeout(sh.snapTimer);
    sh.snapTimer = setTimeout(() => settleShelf(sh, node), 150);
    writeHash(); draw();
  });
  return node;
}
function settleShelf(sh, node) {
  if (sh.node !== node) return;
  const off = sh.sideways ? node.scrollLeft + sh.x0 : node.scrollTop + sh.y0, target = restingOffset(sh, off);
  if (Math.abs(target - off) >= 0.5) node.scrollTo(sh.sideways ? { left: target - sh.x0, behavior: 'smooth' } : { top: target - sh.y0, behavior: 'smooth' });
}
function shelfOffset(sh) { return S.shelves.get(sh.section) || [0, 0]; }
function scrollShelf(sh) {
  if (!sh.node) return;
  const o = shelfOffset(sh);
  sh.restoring = true;
  sh.node.scrollLeft = o[0] - sh.x0; sh.node.scrollTop = o[1] - sh.y0;
  sh.restoring = false;
}
function drawShelf(sh, vx, vy) {
  const g = M, f = sh.frame, off2 = shelfOffset(sh), ox = off2[0], oy = off2[1];
  let count = 0;
  shelfDrawables(g, sh, sh.sideways ? ox : oy, pool, drawsBelow).forEach((d, rank) => {
    let node = sh.mounted.get(d);
    if (!node) {
      node = pool.pop() || document.createElement('div');
      dressNode(node, d);
      place(node, d, [g.X[d], g.Y[d], g.W[d], g.H[d]], f[0] + sh.x0, f[1] + sh.y0);
      sh.inner.appendChild(node); sh.mounted.set(d, node);
    }
    node.style.zIndex = rank;
    const dx = g.X[d] - ox, dy = g.Y[d] - oy;
    const on = g.KIND[d] !== DECORATION && g.W[d] > 0 && g.H[d] > 0 && overlaps(dx, dy, g.W[d], g.H[d], vx, vy, S.w, S.h)
      && overlaps(dx, dy, g.W[d], g.H[d], f[0], f[1], f[2], f[3]);
    if (on && g.KIND[d] === ITEM) count++;
    decorate(node, d, on);
  });
  return count;
}
function decorate(node, d, on) {
  node.classList.toggle('on', on);
  node.classList.toggle('sel', d === selected);
  node.classList.toggle('problem', !!(M.problems && M.problems.mark[d]));
}
// The offset shown: the scroll position mapped to content, or exactly what was asked for.
// The browser keeps whole-pixel scroll positions, so a scroll moves the offset by as much as
// the position moved from the last one seen (no sub-pixel step after a fractional offset was
// asked for); at the content's edges, the edge.
function offsetNow() {
  const sx = view.scrollLeft, sy = view.scrollTop;
  if (requested && requested.sx === sx && requested.sy === sy) return [requested.x, requested.y];
  const along = (s, rs, r, Sz, C, V) => {
    const max = Math.max(0, C - V);
    if (s <= 0) return 0;
    if (s >= Sz - V - 0.5) return max;
    return Math.max(0, Math.min(max, requested && C <= Sz ? r + s - rs : toContent(s, Sz, C, V)));
  };
  const x = along(sx, requested && requested.sx, requested && requested.x, SW(), M.CW, S.w);
  const y = along(sy, requested && requested.sy, requested && requested.y, SH(), M.CH, S.h);
  requested = { sx, sy, x, y };
  return [x, y];
}
function draw() {
  if (!M) return;
  const g = M, [vx, vy] = offsetNow();
  S.x = vx; S.y = vy;
  layer.style.transform = 'translate(' + view.scrollLeft + 'px,' + view.scrollTop + 'px)';
  const near = query(vx - S.w / 2, vy - S.h / 2, 2 * S.w, 2 * S.h);
  const frames = new Map();
  for (const d of near) frames.set(d, [g.X[d], g.Y[d], g.W[d], g.H[d]]);
  for (const d of g.pinned) {
    const f = pinnedFrame(d, vx, vy);
    if (overlaps(f[0], f[1], f[2], f[3], vx - S.w / 2, vy - S.h / 2, 2 * S.w, 2 * S.h)) frames.set(d, f);
  }
  for (const [d, node] of mounted) if (!frames.has(d)) {
    node.remove(); mounted.delete(d);
    if (g.KIND[d] === SHELF) g.SHELVES[g.REF[d]].node = null; else pool.push(node);
  }
  visibleCount = 0;
  [...frames.keys()].sort(drawsBelow).forEach((d, rank) => {
    const f = frames.get(d);
    let node = mounted.get(d);
    const fresh = !node;
    if (fresh && g.KIND[d] === SHELF) {
      node = mountShelf(g.SHELVES[g.REF[d]]);
      layer.appendChild(node); mounted.set(d, node);
    } else if (fresh) {
      node = pool.pop() || document.createElement('div');
      dressNode(node, d);
      layer.appendChild(node); mounted.set(d, node);
    }
    place(node, d, f, vx, vy);
    node.style.zIndex = rank;
    if (fresh && g.KIND[d] === SHELF) scrollShelf(g.SHELVES[g.REF[d]]);
    const on = (g.KIND[d] === ITEM || g.KIND[d] === SUPPLEMENTARY) && f[2] > 0 && f[3] > 0 && overlaps(f[0], f[1], f[2], f[3], vx, vy, S.w, S.h);
    if (on && g.KIND[d] === ITEM) visibleCount++;
    if (g.KIND[d] !== SHELF) decorate(node, d, on);
  });
  for (const sh of g.SHELVES) if (sh.node) visibleCount += drawShelf(sh, vx, vy);
  drawGaps(frames, vx, vy);
  drawProblem(vx, vy);
  drawProblemMarks(vx, vy);
  showStatus();
  writeHash();
  reportScroll();
}
// ---- The gaps overlay: the spacing between neighbouring items, as layout tools show it.
// For each item showing in the viewport, the nearest item to its right that shares some of
// its rows, and the nearest below that shares some of its columns: a band over the shared
// span, labelled with the distance. O(k^2) in the k items near the viewport (skipped past 1500).
let gapNodes = [];
function gapsBetween(list) {
  const g = M, out = [];
  for (const a of list) {
    const ax1 = g.X[a] + g.W[a], ay1 = g.Y[a] + g.H[a];
    let right = -1, below = -1, dr = Infinity, db = Infinity;
    for (const b of list) {
      if (b === a) continue;
      const bx1 = g.X[b] + g.W[b], by1 = g.Y[b] + g.H[b];
      const rows = Math.min(ay1, by1) - Math.max(g.Y[a], g.Y[b]), cols = Math.min(ax1, bx1) - Math.max(g.X[a], g.X[b]);
      if (rows > 0 && g.X[b] >= ax1 && g.X[b] - ax1 < dr) { dr = g.X[b] - ax1; right = b; }
      if (cols > 0 && g.Y[b] >= ay1 && g.Y[b] - ay1 < db) { db = g.Y[b] - ay1; below = b; }
    }
    if (right >= 0 && dr > 0.005) {
      const y0 = Math.max(g.Y[a], g.Y[right]), y1 = Math.min(ay1, g.Y[right] + g.H[right]);
      out.push(['h', a, right, [ax1, y0, dr, y1 - y0], dr]);
    }
    if (below >= 0 && db > 0.005) {
      const x0 = Math.max(g.X[a], g.X[below]), x1 = Math.min(ax1, g.X[below] + g.W[below]);
      out.push(['v', a, below, [x0, ay1, x1 - x0, db], db]);
    }
  }
  return out;
}
function drawGaps(frames, vx, vy) {
  for (const node of gapNodes) node.remove();
  gapNodes = [];
  if (!S.ov.has('gaps')) return;
  const g = M, list = [];
  for (const d of frames.keys()) if (g.KIND[d] === ITEM && !g.P[d] && g.W[d] > 0 && g.H[d] > 0) list.push(d);
  if (list.length > 1500) return;
  const showing = d => overlaps(g.X[d], g.Y[d], g.W[d], g.H[d], vx, vy, S.w, S.h);
  for (const [axis, a, b, f, distance] of gapsBetween(list)) {
    if (!showing(a) && !showing(b)) continue;
    const node = document.createElement('div');
    node.className = 'gap ' + axis;
    node.dataset.from = idOf(a); node.dataset.to = idOf(b);
    node.textContent = r2(distance);
    node.style.left = (f[0] - vx) + 'px'; node.style.top = (f[1] - vy) + 'px';
    node.style.width = f[2] + 'px'; node.style.height = f[3] + 'px';
    node.style.zIndex = 1000000;
    layer.appendChild(node); gapNodes.push(node);
  }
}

// The server plays a data save where the page is scrolled: it hears the offsets, debounced.
let scrollTimer = 0;
function reportScroll() {
  if (scrollTimer) return;
  scrollTimer = setTimeout(() => {
    scrollTimer = 0;
    send({ type: 'scroll', x: S.x, y: S.y, shelves: [...S.shelves].map(([k, o]) => [k, o[0], o[1]]) });
  }, 100);
}
function scrollToState() {
  const x = Math.max(0, Math.min(S.x, M.CW - S.w)), y = Math.max(0, Math.min(S.y, M.CH - S.h));
  // Whole pixels: the browser may keep a fraction it does not report in scrollTop, and the
  // layer is placed by scrollTop (the content offset keeps the fraction in `requested`).
  view.scrollTo(Math.round(toScroll(x, SW(), M.CW, S.w)), Math.round(toScroll(y, SH(), M.CH, S.h)));
  requested = { sx: view.scrollLeft, sy: view.scrollTop, x, y };
  for (const sh of M.SHELVES) scrollShelf(sh);
}
function showStatus() {
  if (!M) return;
  const t = lastTimings && lastTimings.gen === M.gen ? lastTimings.timings : M.h.timings;
  const total = t.reduce((a, s) => a + s[1], 0);
  const parts = [
    'gen ' + M.gen + (errorGen > M.gen ? ' (stale: gen ' + errorGen + ' failed)' : ''),
    r2(total) + ' ms (' + t.map(s => s[0] + ' ' + r2(s[1])).join(', ') + ')'
      + (pageTimings ? ', page ' + pageTimings.map(s => s[0] + ' ' + r2(s[1])).join(', ') : ''),
    M.n + ' items', visibleCount + ' visible', mounted.size + ' nodes',
    'offset ' + r2(S.x) + ',' + r2(S.y), 'viewport ' + S.w + 'x' + S.h, 'content ' + r2(M.CW) + 'x' + r2(M.CH)];
  statusLine.textContent = parts.join(' \u00b7 ');
}

// ---- A new generation: keep the anchor item's place in the viewport.
// The anchor is the selection, or the first item showing (top to bottom, then left to right).
// As the engine's, it passes over an item that `next` resizes (with the same ids: a
// measurement) and that the viewport's top or leading edge cuts: that item grows or shrinks off
// screen and what is drawn below it stays still. Kept by its top instead, a shrinking item
// half scrolled out would pull everything below it up.
function anchor(bySelection, next, sameIds) {
  if (!M) return null;
  let d = bySelection && selected >= 0 && M.KIND[selected] === ITEM ? selected : -1;
  if (d < 0) {
    // One pass, no sort (this runs on every frame message): the first item showing, and the
    // first that is not resized and cut; earlier in the query wins a tie, as a stable sort keeps it.
    let first = -1, kept = -1;
    const before = (a, b) => b < 0 || M.Y[a] < M.Y[b] || (M.Y[a] === M.Y[b] && M.X[a] < M.X[b]);
    for (const e of query(S.x, S.y, S.w, S.h)) {
      if (M.KIND[e] !== ITEM || M.W[e] <= 0 || M.H[e] <= 0) continue;
      if (before(e, first)) first = e;
      const resizedAndCut = sameIds && e < next.n && (next.W[e] !== M.W[e] || next.H[e] !== M.H[e])
        && (M.Y[e] < S.y || M.X[e] < S.x);
      if (!resizedAndCut && before(e, kept)) kept = e;
    }
    d = kept >= 0 ? kept : first;
  }
  return d < 0 || !M.ids ? null : { index: d, id: idAt(M.ids, d), dx: M.X[d] - S.x, dy: M.Y[d] - S.y };
}
function indexOfId(g, id) { return g.ids ? idIndex(g.ids, id) : -1; }
// A generation is built in slices of about 8 ms (a message channel hands the main thread
// back between them); the last picture stays until the new one is complete. A newer
// generation arriving meanwhile replaces the one being built: the last save wins.
let pageTimings = null, building = null, resume = null;
const slices = new MessageChannel();
slices.port1.onmessage = () => { const f = resume; resume = null; if (f) f(); };
// A frame message (its header read from `buf` at `t0`; the frames from `body` on).
function applyFrame(buf, h, body, arrived, t0) {
  arrivals.set(h.gen, arrived);
  if (!sizeChosen && h.viewport) { S.w = h.viewport[0]; S.h = h.viewport[1]; sizeChosen = true; sizeView(); }
  const F = new Float64Array(buf, body, 4 * h.count);
  const decodeMs = performance.now() - t0;
  if (building) building.cancelled = true;
  const job = { cancelled: false }, steps = build(h, F);
  building = job;
  let buildMs = 0;
  const step = () => {
    if (job.cancelled) return;
    const s0 = performance.now();
    for (let r = steps.next(); ; r = steps.next()) {
      if (r.done) { buildMs += performance.now() - s0; building = null; swapIn(h, r.value, decodeMs, buildMs); return; }
      if (performance.now() - s0 > 8) { buildMs += performance.now() - s0; resume = step; slices.port2.postMessage(0); return; }
    }
  };
  step();
}
function swapIn(h, next, decodeMs, buildMs) {
  const t2 = performance.now();
  // A scroll whose event has not come yet (this message's task ran first) counts: the anchor
  // is taken where the page shows now.
  if (M) { const [vx, vy] = offsetNow(); S.x = vx; S.y = vy; }
  // Measurements keep what is on screen in place, as the engine does: the first visible item.
  const selId = S.sel, oldSel = selected, sameIds = M !== null && M.idsVersion === next.idsVersion && !!next.ids;
  const a = anchor(!h.adjust, next, sameIds), oldGen = M ? M.gen : -1, adjust = h.adjust;
  tip.style.display = 'none';
  clearNodes();
  if (M && M.ids) {
    if (PREV) arrays.recycle(PREV.X, PREV.Y, PREV.W, PREV.H);
    PREV = { ids: M.ids, idsVersion: M.idsVersion, X: M.X, Y: M.Y, W: M.W, H: M.H, gen: M.gen };
  }
  if (M) arrays.recycle(M.Z, M.P, M.RANK, M.KIND, M.REF, M.SHELF_OF, M.END, M.EDGE, M.OFF, M.seen, M.entries);
  M = next;
  lastGen = Math.max(lastGen, h.gen);
  // An error of a later generation (it arrived while this one was being built) stays up.
  const stale = errorGen > h.gen;
  if (!stale) errorPanel.style.display = 'none';
  view.classList.toggle('stale', stale);
  selected = -1;
  if (selId !== null) {
    // The same id table: the same index (no search through a million ids).
    selected = sameIds && oldSel >= 0 && oldSel < M.n ? oldSel : indexOfId(M, selId);
    if (selected < 0) { deletedSel = { id: selId, gen: M.gen }; S.sel = null; }
  }
  spacer.style.width = SW() + 'px'; spacer.style.height = SH() + 'px';
  sizeView();
  // A data save played with the animator ends where it was played: that offset, not the anchor.
  const played = pendingAnim && pendingAnim.gen === h.gen ? pendingAnim : null;
  pendingAnim = null;
  stopAnimation();
  if (played) { S.x = played.offset[0]; S.y = played.offset[1]; }
  // The engine's adjustment, when it anchored from where the page still is on the frames it
  // still shows; after a scroll since, the page's own anchor (the first visible item now).
  else if (adjust && adjust.gen === oldGen && adjust.to && S.x === adjust.from[0] && S.y === adjust.from[1]) {
    S.x = adjust.to[0]; S.y = adjust.to[1]; measuring.engineAnchored++;
  } else if (a) {
    if (adjust) measuring.pageAnchored++;
    const i = sameIds ? a.index : indexOfId(M, a.id);
    if (i >= 0 && i < M.n) { S.x = M.X[i] - a.dx; S.y = M.Y[i] - a.dy; }
  }
  scrollToState();
  showParams(h.params);
  // The box speaks of the generation it was filled in, "no problems" included: a new one hides it.
  if (!$('problem').hidden && +$('problem').dataset.gen !== h.gen) { problemShown = null; $('problem').hidden = true; }
  // Asked while this generation was on its way: the answer (of this generation) waited for it.
  const problemsWaited = problemWanted && problemList && problemList.gen === h.gen;
  measureNewGeneration();
  M.problems = null;
  if (S.ov.has('problems')) markProblems();
  draw();
  showInspector();
  // The selection's data and script line as this generation has them (a script edit moves
  // lines): asked again; the inspector shows the last answer until the new one comes.
  if (selected >= 0 && M.KIND[selected] === ITEM) send({ type: 'inspect', index: selected });
  pageTimings = [['decode', decodeMs], ['build', buildMs], ['draw', performance.now() - t2]];
  showStatus();
  if (played) startAnimation(played);
  if (problemsWaited) { problemWanted = false; nextProblem(); }
  reportPaint(h.gen);
}

// ---- Animation: a data save played with --animator. The server sends the timeline's
// samples (as `tessera animate` computes them) just before the generation's frames; the
// player covers the viewport while it plays or stands before the end, then the picture shows.
let anim = null, pendingAnim = null;
const animBox = $('anim');
function startAnimation(msg) {
  animBox.textContent = '';
  anim = timelinePlayer(animBox, msg.timeline, msg.offset,
    { play: $('aplay'), scrubber: $('ascrub'), speed: $('aspeed'), time: $('atime'), onChange: showAnimation });
  anim.gen = msg.gen; anim.offset = msg.offset; anim.fps = msg.fps;
  // A save that moves nothing in view has nothing to play: say so rather than offer a dead Play.
  const still = !(msg.timeline.duration > 0);
  $('alead').hidden = still; $('astill').hidden = !still;
  for (const id of ['aplay', 'ascrub', 'aspeed']) $(id).disabled = still;
  $('animbar').hidden = false;
  anim.play();
}
function stopAnimation() {
  if (anim) anim.pause();
  anim = null;
  animBox.textContent = '';
  $('animbar').hidden = true;
  showAnimation(null);
}
function showAnimation(p) {
  const on = !!p && p === anim && (p.playing || p.time < p.duration);
  animBox.style.display = on ? 'block' : 'none';
  animBox.style.width = S.w + 'px'; animBox.style.height = S.h + 'px';
}

// ---- Problems overlay: exactly what the server's check (tessera check's warnings: overlap,
// outside, covered, pinned) found in this generation, one source of truth with "next problem".
// The items a warning names are red; a warning about elements (a header covering cards, pinned
// elements meeting) is also a red box at its frame. Asked of the server once per generation.
let problemsAsked = -1;
function markProblems() {
  if (problemList && problemList.gen === M.gen) {
    const mark = new Uint8Array(M.m), boxes = [];
    for (const p of problemList.problems) {
      for (const i of p.items) if (i >= 0 && i < M.n) mark[i] = 1;
      if (p.kind === 'covered' || p.kind === 'pinned') boxes.push(p);
    }
    M.problems = { mark, boxes, total: problemList.total };
  } else if (problemsAsked !== M.gen) { problemsAsked = M.gen; send({ type: 'problems' }); }
}
const problemMarks = document.createElement('div');
problemMarks.id = 'problemmarks';
function drawProblemMarks(vx, vy) {
  const boxes = S.ov.has('problems') && M.problems ? M.problems.boxes : [];
  // Nothing to mark and nothing marked, as on most draws (every scroll and frame message): no DOM work.
  if (!boxes.length && !problemMarks.firstChild) return;
  problemMarks.textContent = '';
  for (const p of boxes) {
    const f = p.frame;
    if (!overlaps(f[0], f[1], f[2], f[3], vx, vy, S.w, S.h)) continue;
    const box = document.createElement('div');
    box.className = 'problemmark'; box.dataset.kind = p.kind; box.title = p.message;
    box.style.left = (f[0] - vx) + 'px'; box.style.top = (f[1] - vy) + 'px';
    box.style.width = f[2] + 'px'; box.style.height = f[3] + 'px';
    problemMarks.append(box);
  }
  if (problemMarks.parentNode !== layer) layer.appendChild(problemMarks);
}
// "next problem": the check's warnings of this generation (asked of the server, which runs
// `tessera check`'s checks), top to bottom. From where the page is scrolled: the first at or
// below the viewport's top, or the one after the problem shown last when the page has not
// moved since; after the last, the first again. The problem is scrolled into view, outlined,
// and its sentence shown.
let problemList = null, problemShown = null, problemWanted = false;
$('next').addEventListener('click', () => {
  if (!M) return;
  if (!S.ov.has('problems')) { S.ov.add('problems'); syncOverlays(); }
  if (problemList && problemList.gen === M.gen) nextProblem();
  else { problemWanted = true; send({ type: 'problems' }); }
});
function problemsArrived(msg) {
  problemList = msg;
  if (M && msg.gen === M.gen && S.ov.has('problems')) { markProblems(); draw(); }
  if (problemWanted && M && msg.gen === M.gen) { problemWanted = false; nextProblem(); }
}
function nextProblem() {
  const list = problemList.problems, box = $('problem');
  box.hidden = false;
  box.dataset.gen = M.gen;
  box.classList.toggle('none', !list.length);
  if (!list.length) { box.textContent = 'No problems: tessera check finds no warnings in generation ' + M.gen + '.'; problemShown = null; draw(); return; }
  let k;
  if (problemShown && problemShown.gen === M.gen && problemShown.x === S.x && problemShown.y === S.y) k = (problemShown.k + 1) % list.length;
  else { k = list.findIndex(p => p.frame[1] >= S.y); if (k < 0) k = 0; }
  const p = list[k], f = p.frame;
  // A pinned pair: the visible edge it names goes to `at` (an x for left and right).
  if (p.at !== undefined && (p.edge === 'left' || p.edge === 'right')) {
    S.x = p.edge === 'right' ? p.at - S.w : p.at;
    if (f[1] < S.y || f[1] + f[3] > S.y + S.h) S.y = f[1] - 8;
  } else {
    if (p.at !== undefined) S.y = p.edge === 'bottom' ? p.at - S.h : p.at;
    else S.y = f[1] - 8;
    if (f[0] < S.x || f[0] + f[2] > S.x + S.w) S.x = f[0] - 8;
  }
  S.x = Math.max(0, Math.min(S.x, M.CW - S.w)); S.y = Math.max(0, Math.min(S.y, M.CH - S.h));
  scrollToState();
  if (p.items.length) select(p.items[0]); else draw();
  problemShown = { k, gen: M.gen, x: S.x, y: S.y, frame: f };
  box.textContent = 'Problem ' + (k + 1) + ' of ' + problemList.total + ' (' + p.kind + '): ' + p.message;
  draw();
}
// The outline of the problem shown, over everything in the layer.
const problemBox = document.createElement('div');
problemBox.id = 'problembox';
function drawProblem(vx, vy) {
  const f = problemShown && M && problemShown.gen === M.gen ? problemShown.frame : null;
  if (!f) { problemBox.remove(); return; }
  problemBox.style.left = (f[0] - vx) + 'px'; problemBox.style.top = (f[1] - vy) + 'px';
  problemBox.style.width = f[2] + 'px'; problemBox.style.height = f[3] + 'px';
  if (problemBox.parentNode !== layer) layer.appendChild(problemBox);
}

// ---- Inspector, selection and tooltip.
function select(d) {
  selected = d; deletedSel = null;
  S.sel = d >= 0 && M.KIND[d] === ITEM ? idOf(d) : null;
  inspected = null; origin = null;
  if (d >= 0 && M.KIND[d] === ITEM) send({ type: 'inspect', index: d });
  writeHash(); draw(); showInspector();
}
let inspected = null, origin = null;
const fr = f => '(' + f.map(r2).join(', ') + ')';
function row(k, v) { return '<span class="k">' + esc(k) + ':</span> ' + esc(v) + '\n'; }
function showInspector() {
  if (deletedSel) { inspector.innerHTML = '<span class="gone">' + esc(deletedSel.id) + ' was deleted in generation ' + deletedSel.gen + '.</span>\nClick an element to inspect it.'; return; }
  if (!M || selected < 0 || selected >= M.m) { inspector.textContent = 'Click an element to inspect it.'; return; }
  const g = M, d = selected, [vx, vy] = [S.x, S.y];
  let f = [g.X[d], g.Y[d], g.W[d], g.H[d]];
  if (g.P[d]) f = pinnedFrame(d, vx, vy);
  let html = '';
  const shelf = g.SHELF_OF[d] >= 0 ? g.SHELVES[g.SHELF_OF[d]] : null, so = shelf ? shelfOffset(shelf) : [0, 0];
  if (g.KIND[d] === ITEM) {
    html += row('id', idOf(d)) + row('index', d);
    if (inspected && inspected.index === d) html += row('section', inspected.section + ', item ' + inspected.item);
    html += row('category', 'cell') + row('kind', 'item');
  } else if (g.KIND[d] === SUPPLEMENTARY || g.KIND[d] === DECORATION) {
    const e = g.E[g.REF[d]];
    html += row('category', e.category) + row('kind', e.kind) + row('section', e.section) + (e.index !== undefined ? row('item', e.index) : '');
  } else {
    html += row('element', describe(d)[0]);
  }
  html += row('frame (content)', fr(f));
  html += row('frame (viewport)', fr([f[0] - so[0] - vx, f[1] - so[1] - vy, f[2], f[3]]));
  html += row('zIndex', g.Z[d]) + row('pinned', g.P[d] ? 'yes (stops at ' + r2(g.END[d]) + ')' : 'no');
  html += row('shelf', shelf ? 'section ' + shelf.section + ', offset ' + so.map(r2).join(',') : 'none');
  if (g.KIND[d] === ITEM) {
    let change = 'new in generation ' + g.gen;
    if (PREV) {
      const i = PREV.idsVersion === g.idsVersion ? d : idIndex(PREV.ids, idOf(d));
      if (i >= 0 && i < PREV.X.length) {
        const old = [PREV.X[i], PREV.Y[i], PREV.W[i], PREV.H[i]], now = [g.X[d], g.Y[d], g.W[d], g.H[d]];
        change = old.every((v, k) => v === now[k]) ? 'unchanged since gen ' + PREV.gen : fr(old) + ' -> ' + fr(now) + ' (gen ' + PREV.gen + ' -> ' + g.gen + ')';
      }
    } else change = 'first generation';
    html += row('last reload', change);
    if (origin && origin.index === d) html += row('frame set at', origin.file ? origin.file + ':' + origin.line + ' (' + origin.via + ')' : origin.none);
    else html += row('frame set at', 'finding (the layout runs once more)');
    if (inspected && inspected.index === d) html += '<span class="k">data:</span>\n' + esc(JSON.stringify(inspected.fields, null, 2)) + '\n';
    else html += row('data', 'loading');
  }
  inspector.innerHTML = html;
}
view.addEventListener('click', ev => {
  const node = ev.target.closest('[data-d]');
  if (!node || !M) return;
  select(+node.dataset.d);
});
view.addEventListener('mousemove', ev => {
  const node = ev.target.closest('[data-d]');
  if (!node || !M) { tip.style.display = 'none'; return; }
  const d = +node.dataset.d, [kind, text] = describe(d);
  tip.textContent = kind + (text ? ' ' + text : '') + (M.KIND[d] === ITEM ? ' #' + d : '') + ' ' + fr([M.X[d], M.Y[d], M.W[d], M.H[d]]);
  tip.style.left = (ev.clientX + 12) + 'px'; tip.style.top = (ev.clientY + 12) + 'px'; tip.style.display = 'block';
});
view.addEventListener('mouseleave', () => { tip.style.display = 'none'; });
view.addEventListener('scroll', () => { tip.style.display = 'none'; draw(); if (selected >= 0) showInspector(); });

// ---- Viewport controls: fields, presets, drag-to-resize.
let viewportTimer = 0;
function setViewport(w, h) {
  S.w = Math.max(1, Math.min(100000, Math.round(w))); S.h = Math.max(1, Math.min(100000, Math.round(h)));
  sizeChosen = true;
  sizeView();
  if (M) { spacer.style.width = SW() + 'px'; spacer.style.height = SH() + 'px'; draw(); }
  writeHash();
  if (!viewportTimer) viewportTimer = requestAnimationFrame(() => { viewportTimer = 0; send({ type: 'viewport', w: S.w, h: S.h }); });
}
$('vw').addEventListener('change', () => setViewport(+$('vw').value || S.w, S.h));
$('vh').addEventListener('change', () => setViewport(S.w, +$('vh').value || S.h));
for (const b of document.querySelectorAll('[data-preset]')) b.addEventListener('click', () => { const [w, h] = b.dataset.preset.split('x').map(Number); setViewport(w, h); });
grip.addEventListener('pointerdown', ev => {
  ev.preventDefault();
  const x0 = ev.clientX, y0 = ev.clientY, w0 = S.w, h0 = S.h, k = dragScale = fitScale;
  grip.setPointerCapture(ev.pointerId);
  const move = e => setViewport(w0 + (e.clientX - x0) / k, h0 + (e.clientY - y0) / k);
  const up = () => {
    grip.removeEventListener('pointermove', move); grip.removeEventListener('pointerup', up); grip.removeEventListener('pointercancel', up);
    dragScale = 0; fitFrame();
  };
  grip.addEventListener('pointermove', move); grip.addEventListener('pointerup', up); grip.addEventListener('pointercancel', up);
});
// A window resized or zoomed: the frame fits again, and the view is measured again for its
// scrollbars (a zoom or a phone's overlay scrollbars change their width). The bars above the
// frame wrap to more lines or fewer as the status and the controls change: that moves it too.
window.addEventListener('resize', sizeView);
const barsAbove = new ResizeObserver(fitFrame);
fitNote.addEventListener('click', () => { fitting = !fitting; fitFrame(); });
for (const id of ['bar', 'params', 'status', 'animbar']) barsAbove.observe($(id));

// ---- Overlays.
function syncOverlays() {
  for (const box of document.querySelectorAll('[data-ov]')) {
    box.checked = S.ov.has(box.dataset.ov);
    view.classList.toggle('ov-' + box.dataset.ov, box.checked);
  }
  if (M && S.ov.has('problems') && !M.problems) markProblems();
  writeHash(); draw();
}
for (const box of document.querySelectorAll('[data-ov]')) box.addEventListener('change', () => {
  if (box.checked) S.ov.add(box.dataset.ov); else S.ov.delete(box.dataset.ov);
  syncOverlays();
});

// ---- Params: a control for each param the layout script declares (or the built-in layout
// takes), of its default's type (a menu of its choices when it has some, a number field with a
// slider, a checkbox, a text field; JSON text for a table), as Storybook's controls. A change runs the layout again with the page's values over --param's, without an
// edit of the file; the values the page set stay in its address (`?token=...&p.columns=3`), so
// a reload keeps them. The frame message says what the script declares and the values used.
const PP = {};
for (const [k, v] of new URLSearchParams(location.search)) {
  if (!k.startsWith('p.') || k.length < 3) continue;
  try { PP[k.slice(2)] = JSON.parse(v); } catch (e) { PP[k.slice(2)] = v; }
}
let paramsShown = '';
const paramsBar = $('params');
function writeParams() {
  const q = new URLSearchParams();
  if (token) q.set('token', token);
  for (const [k, v] of Object.entries(PP)) q.set('p.' + k, typeof v === 'string' ? v : JSON.stringify(v));
  history.replaceState(null, '', '?' + q.toString() + location.hash);
}
function setParam(name, value, fallback) {
  if (JSON.stringify(value) === JSON.stringify(fallback)) delete PP[name]; else PP[name] = value;
  writeParams();
  send({ type: 'params', values: PP });
}
// The slider's range: the param's own bounds where it has them (a built-in's columns from 1).
function numberRange(p) {
  const d = p.default, v = p.value;
  let lo = Math.min(0, d * 4, v), hi = Math.max(d > 0 ? d * 4 : 100, v);
  if (p.min !== undefined) lo = Math.max(lo, p.min);
  if (p.max !== undefined) hi = Math.min(hi, p.max);
  return [lo, hi, Number.isInteger(d) ? 1 : (hi - lo) / 200];
}
function showParams(list) {
  // Most layouts declare none: nothing to compare or set on every frame message.
  if ((!list || !list.length) && paramsBar.hidden && !paramsBar.firstChild) return;
  const bar = paramsBar, key = JSON.stringify((list || []).map(p => [p.name, p.default, p.choices]));
  bar.hidden = !list || !list.length;
  if (key !== paramsShown) {
    paramsShown = key;
    bar.textContent = '';
    if (bar.hidden) return;
    bar.append('params:');
    for (const p of list) {
      const label = document.createElement('label'), d = p.default;
      label.dataset.param = p.name;
      label.append(p.name + ' ');
      if (p.choices) {
        const menu = document.createElement('select');
        for (const c of p.choices) {
          const option = document.createElement('option');
          option.value = JSON.stringify(c); option.textContent = String(c);
          menu.append(option);
        }
        menu.onchange = () => setParam(p.name, JSON.parse(menu.value), d);
        label.append(menu);
      } else if (typeof d === 'number') {
        const range = document.createElement('input'), field = document.createElement('input');
        range.type = 'range'; field.type = 'number'; field.step = 'any';
        range.oninput = () => { field.value = range.value; setParam(p.name, +range.value, d); };
        field.onchange = () => { if (field.value !== '' && isFinite(+field.value)) setParam(p.name, +field.value, d); };
        label.append(range, field);
      } else if (typeof d === 'boolean') {
        const box = document.createElement('input');
        box.type = 'checkbox';
        box.onchange = () => setParam(p.name, box.checked, d);
        label.append(box);
      } else {
        const field = document.createElement('input');
        field.type = 'text'; field.size = 10;
        field.onchange = () => {
          if (typeof d === 'string') { setParam(p.name, field.value, d); return; }
          try { setParam(p.name, JSON.parse(field.value), d); } catch (e) { field.setCustomValidity('expected JSON'); field.reportValidity(); }
        };
        label.append(field);
      }
      bar.append(label);
    }
    const reset = document.createElement('button');
    reset.textContent = 'defaults'; reset.title = 'the script\'s defaults and --param\'s values';
    reset.onclick = () => { for (const k of Object.keys(PP)) delete PP[k]; writeParams(); send({ type: 'params', values: PP }); };
    bar.append(reset);
  }
  // The values this generation used, except in the control being edited.
  for (const p of list || []) {
    const label = bar.querySelector('[data-param="' + CSS.escape(p.name) + '"]');
    if (!label) continue;
    label.classList.toggle('set', JSON.stringify(p.value) !== JSON.stringify(p.default));
    for (const input of label.querySelectorAll('input, select')) {
      if (input === document.activeElement && input.type !== 'range') continue;
      if (input.tagName === 'SELECT') input.value = JSON.stringify(p.choices.find(c => c === p.value || +c === +p.value && typeof c === 'number'));
      else if (input.type === 'checkbox') input.checked = !!p.value;
      else if (input.type === 'range') {
        const [lo, hi, step] = numberRange(p);
        input.min = lo; input.max = hi; input.step = step; input.value = p.value;
      } else input.value = typeof p.value === 'string' ? p.value : JSON.stringify(p.value);
    }
  }
}

// ---- Errors.
function showError(e) {
  errorGen = e.gen;
  lastGen = e.gen;
  const place = e.file ? e.file + (e.line ? ':' + e.line + (e.column ? ':' + e.column : '') : '') : '';
  let html = '<div class="head">' + esc(e.kind) + ' error' + (place ? ' at ' + esc(place) : '') + ' (generation ' + e.gen + ')</div>';
  html += esc(e.message) + '\n';
  if (e.source && e.source.length) {
    html += '\n' + e.source.map(([n, text]) => {
      const line = String(n).padStart(5) + (n === e.line ? ' > ' : ' | ') + text;
      return n === e.line ? '<span class="at">' + esc(line) + '</span>' : esc(line);
    }).join('\n') + '\n';
  }
  if (e.traceback) html += '\n' + esc(e.traceback);
  html += '\n\n' + (M ? 'Showing the last good picture (generation ' + M.gen + '), dimmed.' : 'Nothing to show yet: the picture appears on the first good save.');
  errorPanel.innerHTML = html;
  errorPanel.style.display = 'block';
  if (M) view.classList.add('stale');
  showStatus();
  reportPaint(e.gen);
}

// ---- Connection: reconnects with the state the page holds; never reloads the page.
// The paint report also says when the generation's message arrived and how long the two
// animation frames took, so that a latency splits into server, page and frame pacing.
let ws = null, retry = 250, lastPaint = 0;
const arrivals = new Map();
function send(message) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(message)); }
// The longest main-thread task of a generation, from the Long Tasks API (tasks of 50 ms and
// more): the longest task begun after the previous paint and by this one's (its messages,
// decoding, building, drawing and the frames that painted it). The browser records a task
// only once it has ended, after the paint it delayed, so the report goes one task after the
// paint, when every task begun by then has ended and its entry can be taken.
const longTasks = [];
let longTaskObserver = null;
const noteLongTasks = entries => { for (const e of entries) longTasks.push([e.startTime, e.duration]); };
try {
  longTaskObserver = new PerformanceObserver(list => noteLongTasks(list.getEntries()));
  longTaskObserver.observe({ type: 'longtask', buffered: true });
} catch (e) { /* no long-task timing in this browser: reports say 0 */ }
function longestTask(from, to) {
  if (longTaskObserver) noteLongTasks(longTaskObserver.takeRecords());
  let longest = 0;
  for (const [start, duration] of longTasks) if (start > from && start <= to) longest = Math.max(longest, duration);
  const later = longTasks.filter(([start]) => start > to);
  longTasks.length = 0; longTasks.push(...later);
  return longest;
}
function reportPaint(gen) {
  const asked = performance.now();
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const now = performance.now(), from = lastPaint, arrived = arrivals.get(gen) || 0;
    lastPaint = now;
    for (const k of arrivals.keys()) if (k <= gen) arrivals.delete(k);
    document.body.dataset.gen = gen;
    setTimeout(() => send({ type: 'painted', gen, at: performance.timeOrigin + now, longest: longestTask(from, now), arrived, frames: now - asked }), 0);
  }));
}
// The socket lives in a worker (preview-socket.js, which the page holds as text in its element
// socket-worker and starts from a Blob URL: the page stays one file): a message of
// tens of megabytes is received and put together there and handed over as a transferred
// buffer, without a copy, instead of arriving in one long main-thread task. WorkerSocket
// looks like a WebSocket to the page (readyState, send, close, on* handlers and listeners).
// Where no worker can start, the page's own WebSocket.
const socketSource = document.getElementById('socket-worker').textContent;
let socketURL = null, workersFail = typeof Worker === 'undefined';
class WorkerSocket extends EventTarget {
  constructor(url) {
    super();
    this.readyState = 0;
    socketURL = socketURL || URL.createObjectURL(new Blob([socketSource], { type: 'text/javascript' }));
    this.worker = new Worker(socketURL);
    this.worker.onmessage = e => this.deliver(e.data.event, e.data.data);
    // A worker that cannot run (a browser's policy): plain sockets from now on.
    this.worker.onerror = () => { workersFail = true; this.deliver('close'); };
    this.worker.postMessage({ open: url });
  }
  deliver(event, data) {
    if (this.readyState === 3) return;
    this.readyState = event === 'open' ? 1 : event === 'close' ? 3 : this.readyState;
    if (event === 'close') this.worker.terminate();
    const ev = event === 'message' ? new MessageEvent('message', { data }) : new Event(event);
    if (this['on' + event]) this['on' + event](ev);
    this.dispatchEvent(ev);
  }
  send(text) { this.worker.postMessage({ send: text }); }
  close() { this.worker.postMessage({ close: 1 }); }
}
function connect() {
  const url = 'ws://' + location.host + '/ws?token=' + encodeURIComponent(token);
  let socket = null;
  if (!workersFail) try { socket = new WorkerSocket(url); } catch (e) { workersFail = true; }
  if (!socket) { socket = new WebSocket(url); socket.binaryType = 'arraybuffer'; }
  ws = socket;
  ws.onopen = () => { retry = 250; conn.textContent = 'connected'; conn.className = ''; send(sizeChosen ? { type: 'hello', w: S.w, h: S.h, params: PP } : { type: 'hello', params: PP }); reportScroll(); };
  ws.onclose = () => {
    conn.textContent = 'disconnected; reconnecting'; conn.className = 'down';
    setTimeout(connect, retry); retry = Math.min(2000, retry * 2);
  };
  ws.onmessage = ev => {
    const arrived = performance.timeOrigin + performance.now();
    if (typeof ev.data !== 'string') {
      const t0 = performance.now(), { h, body } = readBinary(ev.data);
      if (h.type === 'ids') {
        const offsets = new Uint32Array(ev.data, body, h.count + 1);
        ids = { version: h.version, table: { offsets, text: new Uint8Array(ev.data, body + 4 * (h.count + 1)) } };
        // With --measure: every item's text, a second table of the same shape.
        if (h.texts) ids.table.texts = { offsets: new Uint32Array(ev.data, body + h.texts[0], h.count + 1), text: new Uint8Array(ev.data, body + h.texts[1]) };
        // With --label FIELD: every item's label, one more table.
        if (h.labels) ids.table.labels = { offsets: new Uint32Array(ev.data, body + h.labels[0], h.count + 1), text: new Uint8Array(ev.data, body + h.labels[1]) };
      } else applyFrame(ev.data, h, body, arrived, t0);
      return;
    }
    const msg = JSON.parse(ev.data);
    if (msg.type === 'error') { arrivals.set(msg.gen, arrived); showError(msg); measureAnswered(); }
    else if (msg.type === 'refused') { console.warn('tessera preview refused a message: ' + msg.message); measureAnswered(); }
    else if (msg.type === 'animation') pendingAnim = msg;
    else if (msg.type === 'timings') { lastTimings = msg; showStatus(); }
    else if (msg.type === 'inspect' && !msg.missing && msg.index === selected) { inspected = msg; showInspector(); }
    else if (msg.type === 'origin' && !msg.missing && msg.index === selected) { origin = msg; showInspector(); }
    else if (msg.type === 'problems') problemsArrived(msg);
  };
}
readHash();
sizeView();
syncOverlays();
window.addEventListener('hashchange', () => { readHash(); if (M) { sizeView(); scrollToState(); draw(); } });
connect();
